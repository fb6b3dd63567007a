import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupees } from './money.ts';
import { billingPartyOf, deliveryPartyOf, orderStatement, printedRows, statementFigure, type StatementSource } from './order-statement.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A placed order as checkout builds one: its amount is the lines less every discount plus every fee. */
const placedOrder = fc
  .record({
    lines: fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 6 }),
    sale: fc.nat(500),
    coupon: fc.option(fc.record({ amount: fc.nat(300), code: fc.constantFrom('DIWALI', 'SAVE10') }), { nil: undefined }),
    firstOrder: fc.boolean(),
    deliveryFee: fc.constantFrom(0, 40),
    freeDelivery: fc.boolean(),
    wrap: fc.boolean(),
    codFee: fc.constantFrom(0, 49),
    giftCardShare: fc.double({ min: 0, max: 1, noNaN: true }),
    paymentMethod: fc.constantFrom('upi' as const, 'netbanking' as const, 'card' as const, 'cod' as const),
  })
  .map((o): StatementSource => {
    const items = sum(o.lines);
    const promotions = [
      ...(o.sale > 0 ? [{ label: 'Festive sale', amount: Math.min(o.sale, items), stage: 'sale' }] : []),
      ...(o.coupon ? [{ label: 'Coupon', amount: o.coupon.amount, stage: 'coupon', code: o.coupon.code }] : []),
      ...(o.freeDelivery && o.deliveryFee ? [{ label: 'Free delivery', amount: o.deliveryFee, stage: 'delivery' }] : []),
    ];
    const discount = o.firstOrder ? { label: 'First order discount', amount: 20 } : undefined;
    const wrapFee = o.wrap ? 30 : 0;
    const codFee = o.paymentMethod === 'cod' ? o.codFee : 0;
    const amount = items - sum(promotions.map((p) => p.amount)) - (discount?.amount ?? 0) + o.deliveryFee + wrapFee + codFee;
    const applied = o.paymentMethod === 'cod' ? 0 : Math.floor(amount * o.giftCardShare);
    return {
      products: o.lines.map((subTotal) => ({ subTotal })),
      amount,
      promotions,
      ...(discount ? { discount } : {}),
      deliveryFee: o.deliveryFee,
      codFee,
      gift: { wrap: o.wrap, wrapFee },
      ...(applied > 0 ? { giftCard: { codeLast4: 'AB12', applied } } : {}),
      paymentMethod: o.paymentMethod,
    };
  });

describe('the order statement', () => {
  it('gives rows that add up to the total, and a gift card part plus what is left that add up to it too', () => {
    fc.assert(
      fc.property(placedOrder, (order) => {
        const statement = orderStatement(order);
        expect(statement.unexplained).toBe(0);
        expect(sum(statement.rows.map((row) => row.amount))).toBe(order.amount);
        expect(statement.due.amount + (statement.giftCard?.amount ?? 0)).toBe(order.amount);
        // Every adjustment the order had is a row of its own.
        expect(statement.rows.filter((row) => row.amount < 0)).toHaveLength((order.promotions ?? []).filter((p) => p.amount > 0).length + (order.discount ? 1 : 0));
        if (order.gift?.wrap) expect(statement.rows.map((row) => row.label)).toContain('Gift wrap');
      }),
    );
  });

  it('prints a paid delivery fee as its amount, a free one as Free, a coupon with its code, cash on delivery as due at the door', () => {
    const statement = orderStatement({
      products: [{ subTotal: 1599 }],
      amount: 1599 - 240 - 100 + 40 + 30 + 49,
      promotions: [
        { label: 'Diwali sale', amount: 240, stage: 'sale' },
        { label: 'Coupon', amount: 100, stage: 'coupon', code: 'DIWALI' },
      ],
      deliveryFee: 40,
      codFee: 49,
      gift: { wrap: true, wrapFee: 30 },
      paymentMethod: 'cod',
    });
    expect(statement.rows.map((row) => `${row.label}: ${statementFigure(row)}`)).toEqual([
      'Items: Rs 1,599',
      'Diwali sale: −Rs 240',
      'Coupon (DIWALI): −Rs 100',
      'Delivery: Rs 40',
      'Gift wrap: Rs 30',
      'Cash on delivery fee: Rs 49',
    ]);
    expect(statement.due).toEqual({ label: 'To pay in cash on delivery', amount: 1378 });
    expect(statementFigure({ kind: 'delivery', label: 'Delivery', amount: 0 })).toBe('Free');
  });

  it('shows what an old order\'s rows do not explain as other charges, so its rows still add up', () => {
    const statement = orderStatement({ products: [{ subTotal: 500 }], amount: 540 });
    expect(printedRows(statement).at(-1)).toEqual({ kind: 'other', label: 'Other charges', amount: 40 });
  });

  it('formats rupees with Indian grouping', () => {
    expect(formatRupees(149999)).toBe('Rs 1,49,999');
    expect(formatRupees(12345678)).toBe('Rs 1,23,45,678');
    expect(formatRupees(-300)).toBe('−Rs 300');
    expect(formatRupees(999)).toBe('Rs 999');
  });
});

describe('an order\'s parties', () => {
  const billing = { fullName: 'Asha Rao', phoneNumber: '9876543210', streetAddressLine1: '12 Janpath', streetAddressLine2: '', city: 'New Delhi', state: 'Delhi', zipCode: '110001' };
  const order = { name: 'Asha Rao', phoneNumber: '9876543210', address: '12 Janpath, ', pincode: '110001', city: 'New Delhi', state: 'Delhi', billing };

  it('delivers to the billing address unless the gift goes to its recipient', () => {
    expect(deliveryPartyOf(order)).toEqual(billingPartyOf(order));
    const recipient = { name: 'Meera Iyer', phoneNumber: '9812345678', streetAddressLine1: '4 Marina Road', streetAddressLine2: '', city: 'Chennai', state: 'Tamil Nadu', zipCode: '600001' };
    const gift = { ...order, gift: { recipient } };
    expect(deliveryPartyOf(gift)).toEqual({ name: 'Meera Iyer', phoneNumber: '9812345678', street: ['4 Marina Road'], city: 'Chennai', state: 'Tamil Nadu', pincode: '600001' });
    expect(billingPartyOf(gift).state).toBe('Delhi');
  });
});
