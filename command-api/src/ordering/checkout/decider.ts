import { type CheckoutEventMap, checkoutStreams, checkoutEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';

type Ev<K extends keyof CheckoutEventMap> = DomainEvent<K, CheckoutEventMap[K]>;
export type CheckoutEvent = Ev<'CheckoutStarted'> | Ev<'CheckoutCompleted'> | Ev<'CheckoutFailed'>;

export type CheckoutStarted = CheckoutEventMap['CheckoutStarted'];

/** The process as its own stream tells it: not started, running, or finished one way. */
export interface CheckoutState {
  started: CheckoutStarted | null;
  outcome: { status: 'completed' } | { status: 'failed'; reason: string } | null;
}

export type CheckoutCommand =
  | ({ type: 'StartCheckout' } & CheckoutStarted)
  | { type: 'CompleteCheckout'; paymentId: string }
  | { type: 'FailCheckout'; paymentId: string; reason: string };

export const checkoutDecider: Decider<CheckoutState, CheckoutCommand, CheckoutEvent> = {
  initialState: { started: null, outcome: null },
  evolve(state, event) {
    switch (event.type) {
      case 'CheckoutStarted':
        return { ...state, started: event.data };
      case 'CheckoutCompleted':
        return { ...state, outcome: { status: 'completed' } };
      case 'CheckoutFailed':
        return { ...state, outcome: { status: 'failed', reason: event.data.reason } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartCheckout': {
        // Started once per payment; a second confirmation joins the process already there.
        if (state.started) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'CheckoutStarted', data }];
      }
      case 'CompleteCheckout':
      case 'FailCheckout': {
        if (!state.started) throw new DomainError('not-found', 'Checkout not started');
        if (state.outcome) return [];
        const { paymentId, orderId } = state.started;
        return command.type === 'CompleteCheckout'
          ? [{ type: 'CheckoutCompleted', data: { paymentId, orderId } }]
          : [{ type: 'CheckoutFailed', data: { paymentId, orderId, reason: command.reason } }];
      }
    }
  },
};

/** A checkout process, one per confirmed payment (`checkout-<paymentId>`). */
export const checkoutStream = streamType({ kind: 'checkout', decider: checkoutDecider, streamId: checkoutStreams.process, schemas: checkoutEventSchemas });
