import { ORDER_TRANSITIONS, type OrderEventMap, type OrderStatus } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';

type Ev<K extends keyof OrderEventMap> = DomainEvent<K, OrderEventMap[K]>;
export type OrderEvent = Ev<'OrderPlaced'> | Ev<'OrderStatusChanged'>;

export interface OrderState {
  placed: OrderEventMap['OrderPlaced'] | null;
  status: OrderStatus | null;
}

export type OrderCommand =
  | ({ type: 'PlaceOrder' } & OrderEventMap['OrderPlaced'])
  | { type: 'ChangeStatus'; orderId: string; status: OrderStatus; changedBy: string };

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { placed: null, status: null },
  evolve(state, event) {
    return event.type === 'OrderPlaced' ? { placed: event.data, status: 'pending' } : { ...state, status: event.data.to };
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
        if (state.status === command.status) return [];
        if (!ORDER_TRANSITIONS[state.status].includes(command.status)) {
          throw new DomainError('conflict', `An order that is ${state.status} cannot become ${command.status}`);
        }
        const data = { orderId: command.orderId, from: state.status, to: command.status, changedBy: command.changedBy };
        return [{ type: 'OrderStatusChanged', data }];
      }
    }
  },
};
