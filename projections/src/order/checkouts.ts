import { CHECKOUTS, checkoutEventSchemas, type CheckoutProcessDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/**
 * Checkout processes and where they stand; the startup recovery reads the ones still `started`
 * (command-api/src/ordering/checkout/recovery.ts).
 */
export const checkoutProjection: Projection = {
  name: 'checkouts',
  version: 1,
  collections: [{ name: CHECKOUTS.processes, indexes: [['status', 'startedAt']] }],
  handles: new Set(Object.keys(checkoutEventSchemas)),
  async apply(event, view) {
    const { paymentId } = event.data as { paymentId: string };
    if (event.type === 'CheckoutStarted') {
      checkoutEventSchemas.CheckoutStarted.parse(event.data);
      const current = await view.get<CheckoutProcessDoc>(CHECKOUTS.processes, paymentId);
      if (current) return;
      const doc: CheckoutProcessDoc = { _id: paymentId, id: paymentId, paymentId, status: 'started', startedAt: event.metadata.timestamp };
      view.put(CHECKOUTS.processes, doc);
      return;
    }
    const current = await view.get<CheckoutProcessDoc>(CHECKOUTS.processes, paymentId);
    if (!current) return;
    const finished: CheckoutProcessDoc = { ...current, status: event.type === 'CheckoutCompleted' ? 'completed' : 'failed' };
    view.put(CHECKOUTS.processes, finished);
  },
};
