import { ORDER_TRANSITIONS, type OrderEventMap, type OrderStatus, orderStreams, orderEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';

type Ev<K extends keyof OrderEventMap> = DomainEvent<K, OrderEventMap[K]>;
export type OrderEvent = Ev<'OrderPlaced'> | Ev<'OrderStatusChanged'> | Ev<'OrderMailRefused'>;

export interface OrderState {
  placed: OrderEventMap['OrderPlaced'] | null;
  status: OrderStatus | null;
  trackingNumber: string | null;
  /** The events whose mail was recorded as refused, so a repeat after a crash records nothing. */
  refusedMailsFor: readonly string[];
}

export type OrderCommand =
  | ({ type: 'PlaceOrder' } & OrderEventMap['OrderPlaced'])
  | { type: 'ChangeStatus'; orderId: string; status: OrderStatus; changedBy: string; trackingNumber?: string }
  /** The mail desk could not deliver one of the order's e-mails (mail-desk.ts). */
  | ({ type: 'RecordMailRefused' } & OrderEventMap['OrderMailRefused']);

/** A transition the order's status does not allow: the refusal names where it may go instead. */
export class TransitionRefused extends DomainError {
  constructor(
    readonly current: OrderStatus,
    readonly allowed: readonly OrderStatus[],
    wanted: OrderStatus,
  ) {
    super('conflict', `An order that is ${current} cannot become ${wanted}`);
  }
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { placed: null, status: null, trackingNumber: null, refusedMailsFor: [] },
  evolve(state, event) {
    if (event.type === 'OrderPlaced') return { ...state, placed: event.data, status: 'pending', trackingNumber: null };
    // A refused mail changes nothing else the order's commands decide on; the back office shows it.
    if (event.type === 'OrderMailRefused') return { ...state, refusedMailsFor: [...state.refusedMailsFor, event.data.eventId] };
    return { ...state, status: event.data.to, trackingNumber: event.data.trackingNumber ?? state.trackingNumber };
  },
  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder': {
        if (state.placed) return []; // one order per payment: placing it again changes nothing
        const { type: _type, ...data } = command;
        return [{ type: 'OrderPlaced', data }];
      }
      case 'ChangeStatus': {
        if (!state.placed || !state.status) throw new DomainError('not-found', 'Order not found');
        if (command.trackingNumber !== undefined && command.status !== 'shipped') {
          throw new DomainError('invalid', 'A tracking number is given only when shipping');
        }
        if (state.status === command.status) return [];
        const allowed = ORDER_TRANSITIONS[state.status];
        if (!allowed.includes(command.status)) throw new TransitionRefused(state.status, allowed, command.status);
        const data = {
          orderId: command.orderId,
          from: state.status,
          to: command.status,
          changedBy: command.changedBy,
          ...(command.trackingNumber !== undefined ? { trackingNumber: command.trackingNumber } : {}),
        };
        return [{ type: 'OrderStatusChanged', data }];
      }
      case 'RecordMailRefused': {
        if (!state.placed) throw new DomainError('not-found', 'Order not found');
        if (state.refusedMailsFor.includes(command.eventId)) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'OrderMailRefused', data }];
      }
    }
  },
};

/** An order (`order-<orderId>`). */
export const orderStream = streamType({ kind: 'order', decider: orderDecider, streamId: orderStreams.order, schemas: orderEventSchemas });
