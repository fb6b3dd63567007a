import { type PaymentEventMap, paymentStreams, paymentEventSchemas, paymentWebhookHandled } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { claimStreamType, streamType } from '../../shared/stream-type.ts';

type Ev<K extends keyof PaymentEventMap> = DomainEvent<K, PaymentEventMap[K]>;
export type PaymentEvent =
  | Ev<'PaymentOpened'>
  | Ev<'PaymentConfirmed'>
  | Ev<'PaymentRefundRequested'>
  | Ev<'PaymentRefunded'>
  | Ev<'PaymentFailed'>;

/**
 * One provider order (`payment-<providerOrderId>`): opened by the server, confirmed once, and
 * when it did not stay an order, refunded once.
 */
export interface PaymentState {
  opened: PaymentEventMap['PaymentOpened'] | null;
  paymentId: string | null;
  refundRequested: PaymentEventMap['PaymentRefundRequested'] | null;
  refunded: PaymentEventMap['PaymentRefunded'] | null;
  /** Attempts that failed, oldest first: the last one is what the shopper is shown. */
  failures: readonly PaymentEventMap['PaymentFailed'][];
}

export type PaymentCommand =
  | ({ type: 'OpenPayment' } & PaymentEventMap['PaymentOpened'])
  | { type: 'ConfirmPayment'; providerOrderId: string; paymentId: string }
  | { type: 'RequestRefund'; providerOrderId: string; paymentId: string; reason: string }
  /** The provider took the refund asked for (refunds.ts). */
  | { type: 'RecordRefund'; refundId: string; at: string }
  /** An attempt to pay was declined or abandoned (the offline provider's pages, a `payment.failed` webhook). */
  | { type: 'RecordFailure'; providerOrderId: string; paymentId: string; reason: string; at: string };

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: { opened: null, paymentId: null, refundRequested: null, refunded: null, failures: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentOpened':
        return { ...state, opened: event.data };
      case 'PaymentConfirmed':
        return { ...state, paymentId: event.data.paymentId };
      case 'PaymentRefundRequested':
        return { ...state, refundRequested: event.data };
      case 'PaymentRefunded':
        return { ...state, refunded: event.data };
      case 'PaymentFailed':
        return { ...state, failures: [...state.failures, event.data] };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'OpenPayment': {
        if (state.opened) throw new DomainError('conflict', 'Payment already opened');
        const { type: _type, ...data } = command;
        return [{ type: 'PaymentOpened', data }];
      }
      case 'ConfirmPayment': {
        if (!state.opened) throw new DomainError('not-found', 'Payment not found');
        if (state.paymentId === command.paymentId) return [];
        // Razorpay takes one successful payment per order; a second one is not ours to use.
        if (state.paymentId) throw new DomainError('conflict', 'This payment was already completed');
        return [{ type: 'PaymentConfirmed', data: { providerOrderId: command.providerOrderId, paymentId: command.paymentId } }];
      }
      case 'RequestRefund': {
        if (!state.opened) throw new DomainError('not-found', 'Payment not found');
        if (state.refundRequested) return [];
        const data = {
          providerOrderId: command.providerOrderId,
          paymentId: command.paymentId,
          // What the provider took: a gift card's part goes back to the card instead.
          amount: state.opened.amount - (state.opened.giftCard?.applied ?? 0),
          reason: command.reason,
        };
        return [{ type: 'PaymentRefundRequested', data }];
      }
      case 'RecordRefund': {
        const requested = state.refundRequested;
        if (!requested) throw new DomainError('conflict', 'No refund was asked for this payment');
        if (state.refunded) return [];
        const { providerOrderId, paymentId, amount } = requested;
        return [{ type: 'PaymentRefunded', data: { providerOrderId, paymentId, refundId: command.refundId, amount, refundedAt: command.at } }];
      }
      case 'RecordFailure': {
        if (!state.opened) throw new DomainError('not-found', 'Payment not found');
        // Paid after all (a retry succeeded), or this attempt's failure already known: nothing to add.
        if (state.paymentId || state.failures.some((f) => f.paymentId === command.paymentId)) return [];
        const data = { providerOrderId: command.providerOrderId, paymentId: command.paymentId, reason: command.reason.slice(0, 300), failedAt: command.at };
        return [{ type: 'PaymentFailed', data }];
      }
    }
  },
};

/** A payment opened with the provider (`payment-<providerOrderId>`). */
export const paymentStream = streamType({ kind: 'payment', decider: paymentDecider, streamId: paymentStreams.payment, schemas: paymentEventSchemas });

/** One provider webhook delivery, recorded once so a redelivery is answered without being redone (`webhook-<provider>-<eventId>`). */
export const webhookDeliveryStream = claimStreamType({
  kind: 'payment-webhook',
  streamId: paymentStreams.webhook,
  schemas: { PaymentWebhookHandled: paymentWebhookHandled },
});
