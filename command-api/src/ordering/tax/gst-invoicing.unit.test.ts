import { describe, expect, it } from 'vitest';
import type { GstEventMap, OrderEventMap } from '@shop/contracts';
import { placedOrderData } from '../../../../test-support/order-fixtures.ts';
import { fold } from '../../shared/decider.ts';
import { orderDecider, type OrderEvent } from '../order/decider.ts';
import { creditNoteDue, invoiceDue } from './gst-invoicing.ts';
import { decideOrderTax, goodsAfterOrderDiscount } from './order-tax.ts';

const orderId = 'a'.repeat(24);
const placed = (paymentMethod: OrderEventMap['OrderPlaced']['paymentMethod']): OrderEvent => ({ type: 'OrderPlaced', data: placedOrderData({ orderId, paymentMethod }) });
const tax: OrderEvent = {
  type: 'OrderTaxDecided',
  data: decideOrderTax({ orderId, seller: { gstin: '29AAACG1234A1ZA', state: 'Karnataka' }, placeOfSupply: 'Karnataka', lines: goodsAfterOrderDiscount([{ description: 'Diya', quantity: 2, hsn: '6913', ratePercent: 12, amountPaise: 20_000 }], 0) }),
};
const invoice: GstEventMap['TaxInvoiceIssued'] = { orderId, number: 'GG/26-27/000001', financialYear: '26-27', issuedAt: '2026-01-01T00:00:00.000Z' };
const moved = (from: OrderEventMap['OrderStatusChanged']['from'], to: OrderEventMap['OrderStatusChanged']['to']): OrderEvent => ({ type: 'OrderStatusChanged', data: { orderId, from, to, changedBy: 'admin' } });
const state = (...events: OrderEvent[]) => fold(orderDecider, events);

describe('when an order owes its GST documents', () => {
  it('invoices an order paid online on payment, and a cash-on-delivery one only when it ships (its cash comes after the goods leave)', () => {
    expect(invoiceDue(state(placed('upi'), tax), 'payment')).toBe(true);
    expect(invoiceDue(state(placed('upi'), tax), 'dispatch')).toBe(false);
    expect(invoiceDue(state(placed('cod'), tax), 'payment')).toBe(false);
    expect(invoiceDue(state(placed('cod'), tax, moved('pending', 'confirmed'), moved('confirmed', 'shipped')), 'payment')).toBe(true);
    expect(invoiceDue(state(placed('card'), tax, moved('pending', 'confirmed'), moved('confirmed', 'shipped')), 'dispatch')).toBe(true);
  });

  it('never invoices an order placed before GST (no tax decided), nor twice', () => {
    expect(invoiceDue(state(placed('card')), 'payment')).toBe(false);
    expect(invoiceDue(state(placed('card'), tax, { type: 'TaxInvoiceIssued', data: invoice }), 'payment')).toBe(false);
  });

  it('credits an invoiced order cancelled or returned, once; an order cancelled before its invoice owes none', () => {
    const issued: OrderEvent = { type: 'TaxInvoiceIssued', data: invoice };
    expect(creditNoteDue(state(placed('card'), tax, issued, moved('pending', 'cancelled')))).toBe(true);
    expect(creditNoteDue(state(placed('cod'), tax, moved('pending', 'cancelled')))).toBe(false);
    const noted: OrderEvent = { type: 'CreditNoteIssued', data: { orderId, number: 'GC/26-27/000001', financialYear: '26-27', invoiceNumber: invoice.number, reason: 'cancelled', issuedAt: invoice.issuedAt } };
    expect(creditNoteDue(state(placed('card'), tax, issued, moved('pending', 'cancelled'), noted))).toBe(false);
  });
});
