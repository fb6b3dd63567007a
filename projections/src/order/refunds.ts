import { REFUNDS, paymentEventSchemas, type RefundDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/**
 * Refunds owed and made, per provider order. The refund desk (command-api/src/ordering/payment/refunds.ts)
 * works through the ones still `requested`.
 */
export const refundProjection: Projection = {
  name: 'refunds',
  version: 1,
  collections: [{ name: REFUNDS.refunds, indexes: [['status', 'requestedAt']] }],
  handles: new Set(['PaymentRefundRequested', 'PaymentRefunded']),
  async apply(event, view) {
    if (event.type === 'PaymentRefundRequested') {
      const { providerOrderId, paymentId, amount, reason } = paymentEventSchemas.PaymentRefundRequested.parse(event.data);
      if (await view.get<RefundDoc>(REFUNDS.refunds, providerOrderId)) return;
      const doc: RefundDoc = {
        _id: providerOrderId,
        id: providerOrderId,
        providerOrderId,
        paymentId,
        amount,
        reason,
        status: 'requested',
        requestedAt: event.metadata.timestamp,
        refundId: null,
        refundedAt: null,
      };
      view.put(REFUNDS.refunds, doc);
      return;
    }
    const { providerOrderId, refundId, refundedAt } = paymentEventSchemas.PaymentRefunded.parse(event.data);
    const current = await view.get<RefundDoc>(REFUNDS.refunds, providerOrderId);
    if (current) view.put(REFUNDS.refunds, { ...current, status: 'refunded', refundId, refundedAt });
  },
};
