import { timingSafeEqual } from 'node:crypto';
import { INVOICE_NAMES_RECIPIENT_FROM_PAISE, ORDER_TRANSITIONS, gstEventSchemas, type CodProgress, type GstEventMap, type OrderEventMap, type OrderStatus, orderStreams, orderEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';

type Ev<K extends keyof OrderEventMap> = DomainEvent<K, OrderEventMap[K]>;
type GstEv<K extends keyof GstEventMap> = DomainEvent<K, GstEventMap[K]>;
export type OrderEvent =
  | Ev<'OrderPlaced'>
  | Ev<'OrderStatusChanged'>
  | Ev<'OrderMailRefused'>
  | Ev<'CodOrderConfirmed'>
  | Ev<'CodCashCollected'>
  | GstEv<'OrderTaxDecided'>
  | GstEv<'TaxInvoiceIssued'>
  | GstEv<'InvoiceRecipientKept'>
  | GstEv<'CreditNoteIssued'>;

/** An order's GST documents: its tax as decided when placed (none on orders placed before GST), its invoice and credit note. */
export interface OrderGst {
  tax: GstEventMap['OrderTaxDecided'] | null;
  invoice: GstEventMap['TaxInvoiceIssued'] | null;
  creditNote: GstEventMap['CreditNoteIssued'] | null;
  /** The recipient its invoice names, kept for the law's years even once the shopper is forgotten (a large invoice only). */
  recipient: GstEventMap['InvoiceRecipientKept'] | null;
  /** It has shipped (the moment goods are invoiced at the latest). */
  dispatched: boolean;
}

export interface OrderState {
  placed: OrderEventMap['OrderPlaced'] | null;
  status: OrderStatus | null;
  trackingNumber: string | null;
  /** The events whose mail was recorded as refused, so a repeat after a crash records nothing. */
  refusedMailsFor: readonly string[];
  /** Cash on delivery: confirmed by the shopper, cash collected (nothing happens to an order paid online). */
  cod: CodProgress;
  gst: OrderGst;
}

/** The refusals of cash on delivery's commands, word for word as the shopper or admin reads them. */
export const COD_ORDER_MESSAGES = {
  notCod: 'This order is not cash on delivery',
  wrongCode: 'That confirmation code is not the one in your order e-mail',
  cancelled: 'This order was cancelled; please place it again',
  unconfirmed: 'The shopper has not confirmed this cash-on-delivery order yet, so it cannot be fulfilled',
  notDelivered: 'Cash is collected once the order is delivered',
} as const;

const sameCode = (expected: string, given: string) =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

export type OrderCommand =
  /** Placed with its tax split and, when invoiced as it is placed, its invoice: one append, so neither is ever missing. */
  | ({ type: 'PlaceOrder'; tax?: GstEventMap['OrderTaxDecided']; invoice?: GstEventMap['TaxInvoiceIssued'] } & OrderEventMap['OrderPlaced'])
  /** The invoice desk issues the invoice (a number taken in the series) or the credit note. */
  | ({ type: 'IssueInvoice' } & GstEventMap['TaxInvoiceIssued'])
  | ({ type: 'IssueCreditNote' } & GstEventMap['CreditNoteIssued'])
  | { type: 'ChangeStatus'; orderId: string; status: OrderStatus; changedBy: string; trackingNumber?: string }
  /** The mail desk could not deliver one of the order's e-mails (mail-desk.ts). */
  | ({ type: 'RecordMailRefused' } & OrderEventMap['OrderMailRefused'])
  /** The shopper confirms a cash-on-delivery order with the code from its e-mail. */
  | { type: 'ConfirmCodOrder'; orderId: string; code: string; at: string }
  /** An admin marks a delivered cash-on-delivery order's cash as collected. */
  | { type: 'CollectCash'; orderId: string; adminId: string; at: string }
  /** The COD desk cancels a cash-on-delivery order left unconfirmed past its time. */
  | { type: 'CancelUnconfirmedCod'; orderId: string; at: string };

/** Who the order history names for a cancellation of an unconfirmed cash-on-delivery order. */
export const COD_UNCONFIRMED_CANCELLER = 'system: cash on delivery not confirmed in time';

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

/**
 * The recipient a large invoice must name, kept apart from the order's own (sealed with the
 * shopper's key) so an erasure of the shopper leaves the invoice complete for the law's years.
 */
function recipientKept(placed: OrderEventMap['OrderPlaced'], tax: GstEventMap['OrderTaxDecided'], invoice: GstEventMap['TaxInvoiceIssued']): OrderEvent[] {
  const taxablePaise = tax.lines.reduce((sum, line) => sum + line.taxablePaise, 0);
  if (taxablePaise < INVOICE_NAMES_RECIPIENT_FROM_PAISE) return [];
  return [{ type: 'InvoiceRecipientKept', data: { orderId: placed.orderId, financialYear: invoice.financialYear, name: placed.name, address: placed.address } }];
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { placed: null, status: null, trackingNumber: null, refusedMailsFor: [], cod: { confirmedAt: null, cashCollected: false }, gst: { tax: null, invoice: null, creditNote: null, recipient: null, dispatched: false } },
  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return { ...state, placed: event.data, status: 'pending', trackingNumber: null };
      // A refused mail changes nothing else the order's commands decide on; the back office shows it.
      case 'OrderMailRefused':
        return { ...state, refusedMailsFor: [...state.refusedMailsFor, event.data.eventId] };
      case 'CodOrderConfirmed':
        return { ...state, cod: { ...state.cod, confirmedAt: event.data.confirmedAt } };
      case 'CodCashCollected':
        return { ...state, cod: { ...state.cod, cashCollected: true } };
      case 'OrderStatusChanged': {
        const gst = event.data.to === 'shipped' ? { ...state.gst, dispatched: true } : state.gst;
        return { ...state, status: event.data.to, trackingNumber: event.data.trackingNumber ?? state.trackingNumber, gst };
      }
      case 'OrderTaxDecided':
        return { ...state, gst: { ...state.gst, tax: event.data } };
      case 'TaxInvoiceIssued':
        return { ...state, gst: { ...state.gst, invoice: event.data } };
      case 'CreditNoteIssued':
        return { ...state, gst: { ...state.gst, creditNote: event.data } };
      case 'InvoiceRecipientKept':
        return { ...state, gst: { ...state.gst, recipient: event.data } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder': {
        if (state.placed) return []; // one order per payment: placing it again changes nothing
        const { type: _type, tax, invoice, ...data } = command;
        const placed: OrderEvent[] = [{ type: 'OrderPlaced', data }];
        if (tax) placed.push({ type: 'OrderTaxDecided', data: tax });
        if (tax && invoice) placed.push({ type: 'TaxInvoiceIssued', data: invoice }, ...recipientKept(data, tax, invoice));
        return placed;
      }
      case 'IssueInvoice': {
        // Only an order whose tax was decided is invoiced, once.
        if (!state.placed || !state.gst.tax || state.gst.invoice) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'TaxInvoiceIssued', data }, ...recipientKept(state.placed, state.gst.tax, data)];
      }
      case 'IssueCreditNote': {
        if (!state.gst.invoice || state.gst.creditNote) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'CreditNoteIssued', data }];
      }
      case 'ChangeStatus': {
        if (!state.placed || !state.status) throw new DomainError('not-found', 'Order not found');
        if (command.trackingNumber !== undefined && command.status !== 'shipped') {
          throw new DomainError('invalid', 'A tracking number is given only when shipping');
        }
        if (state.status === command.status) return [];
        const allowed = ORDER_TRANSITIONS[state.status];
        if (!allowed.includes(command.status)) throw new TransitionRefused(state.status, allowed, command.status);
        // An unconfirmed cash-on-delivery order is not released to fulfilment (it may still be cancelled).
        if (state.placed.paymentMethod === 'cod' && !state.cod.confirmedAt && command.status !== 'cancelled') {
          throw new DomainError('conflict', COD_ORDER_MESSAGES.unconfirmed);
        }
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
      case 'ConfirmCodOrder': {
        const placed = state.placed;
        // Without the right code an order looks the same whether it exists or not.
        if (!placed?.cod || !sameCode(placed.cod.code, command.code.toUpperCase())) throw new DomainError('invalid', COD_ORDER_MESSAGES.wrongCode);
        if (state.cod.confirmedAt) return [];
        if (state.status === 'cancelled') throw new DomainError('conflict', COD_ORDER_MESSAGES.cancelled);
        return [{ type: 'CodOrderConfirmed', data: { orderId: command.orderId, confirmedAt: command.at } }];
      }
      case 'CancelUnconfirmedCod': {
        const placed = state.placed;
        // Confirmed (perhaps a moment ago), already ended, or not yet due: the order stays as it is.
        if (!placed?.cod || state.cod.confirmedAt || state.status !== 'pending' || command.at < placed.cod.confirmBy) return [];
        const data = { orderId: command.orderId, from: state.status, to: 'cancelled' as const, changedBy: COD_UNCONFIRMED_CANCELLER };
        return [{ type: 'OrderStatusChanged', data }];
      }
      case 'CollectCash': {
        if (!state.placed || !state.status) throw new DomainError('not-found', 'Order not found');
        if (state.placed.paymentMethod !== 'cod') throw new DomainError('conflict', COD_ORDER_MESSAGES.notCod);
        if (state.cod.cashCollected) return [];
        if (state.status !== 'delivered') throw new DomainError('conflict', COD_ORDER_MESSAGES.notDelivered);
        const data = { orderId: command.orderId, amount: state.placed.amount, collectedBy: command.adminId, collectedAt: command.at };
        return [{ type: 'CodCashCollected', data }];
      }
    }
  },
};

/** An order (`order-<orderId>`). */
export const orderStream = streamType({
  kind: 'order',
  decider: orderDecider,
  streamId: orderStreams.order,
  schemas: { ...orderEventSchemas, OrderTaxDecided: gstEventSchemas.OrderTaxDecided, TaxInvoiceIssued: gstEventSchemas.TaxInvoiceIssued, InvoiceRecipientKept: gstEventSchemas.InvoiceRecipientKept, CreditNoteIssued: gstEventSchemas.CreditNoteIssued },
});
