import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COUPON_MESSAGES,
  FIRST_ORDER_RULE,
  NO_USAGE,
  allocate,
  normaliseEmail,
  priceCart,
  salePrice,
  type PipelineInput,
  type PromotionRule,
  type PromotionUsage,
} from './promotion-rules.ts';

const now = new Date('2026-12-31T12:00:00Z');
const line = (lineId: string, price: number, quantity = 1, catId = 'c1') => ({ lineId, productId: `p-${lineId}`, catId, subCatId: 's1', price, quantity });
const rule = (overrides: Partial<PromotionRule>): PromotionRule => ({ id: 'r1', name: 'Rule', type: 'percent', value: 10, state: 'active', ...overrides });
const price = (input: Partial<PipelineInput>) =>
  priceCart({ lines: [], automatic: [], usage: new Map(), customer: { firstOrder: false }, now, ...input });

describe('the price pipeline', () => {
  it('takes a category sale per unit (the listing price is the price charged), then the coupon, then the first-order discount, then the fee', () => {
    const sale = rule({ id: 'sale', name: 'New Year sale', value: 15, categoryIds: ['c1'] });
    const coupon = rule({ id: 'cpn', name: 'WELCOME10', type: 'percent', value: 10, maxDiscount: 50, code: 'WELCOME10' });
    const result = price({
      lines: [line('a', 333, 3), line('b', 200, 1, 'c2')],
      automatic: [sale, FIRST_ORDER_RULE],
      coupon,
      customer: { firstOrder: true },
      deliveryFeeFor: (goods) => (goods < 1000 ? 40 : 0),
    });
    // 333 on sale: 333 - floor(49.95) = 284 a unit, three of them; the other category is not on sale.
    expect(salePrice(333, 15)).toBe(284);
    expect(result.discounts.map((d) => [d.label, d.stage, d.amount])).toEqual([
      ['New Year sale', 'sale', 49 * 3],
      ['WELCOME10', 'coupon', 50], // 10% of 1052 is 105, capped at 50
      ['First order discount', 'first-order', 20],
    ]);
    expect(result.subtotal).toBe(1199);
    expect(result.goods).toBe(1199 - 147 - 50 - 20);
    // The fee is quoted on the goods after the sale (1052: free), not after the coupon.
    expect(result.deliveryFee).toBe(0);
    expect(result.total).toBe(result.goods);
    expect(result.lines.reduce((s, l) => s + l.discountedTotal, 0)).toBe(result.goods);
  });

  it('gives the first-order discount only on a first order and only when something is left to pay', () => {
    expect(price({ lines: [line('a', 450, 2)], automatic: [FIRST_ORDER_RULE], customer: { firstOrder: true } }).total).toBe(880);
    expect(price({ lines: [line('a', 450, 2)], automatic: [FIRST_ORDER_RULE], customer: { firstOrder: false } }).total).toBe(900);
    expect(price({ lines: [line('a', 20)], automatic: [FIRST_ORDER_RULE], customer: { firstOrder: true } }).discounts).toEqual([]);
  });

  it('says why a coupon does not apply', () => {
    const base = { lines: [line('a', 500)], now };
    const refusal = (coupon: Partial<PromotionRule>, extra: Partial<PipelineInput> = {}) => price({ ...base, coupon: rule({ code: 'X', ...coupon }), ...extra }).couponRefused;
    expect(refusal({ endsAt: '2026-12-31T00:00:00Z' })).toBe(COUPON_MESSAGES.expired);
    expect(refusal({ startsAt: '2027-01-01T00:00:00Z' })).toBe(COUPON_MESSAGES.notYet);
    expect(refusal({ state: 'paused' })).toBe(COUPON_MESSAGES.paused);
    expect(refusal({ minCart: 501 })).toBe(COUPON_MESSAGES.minimum(501));
    expect(refusal({ categoryIds: ['other'] })).toBe(COUPON_MESSAGES.products);
    expect(refusal({ firstOrderOnly: true })).toBe(COUPON_MESSAGES.firstOrder);
    expect(refusal({ prepaidOnly: true }, { paymentMethod: 'cod' })).toBe(COUPON_MESSAGES.prepaid);
    expect(refusal({ prepaidOnly: true }, { paymentMethod: 'upi' })).toBeNull();
    const used = (u: Partial<PromotionUsage>) => new Map([['r1', { ...NO_USAGE, ...u }]]);
    expect(refusal({ usageLimit: 3 }, { usage: used({ uses: 3 }) })).toBe(COUPON_MESSAGES.usedUp);
    expect(refusal({ budget: 100 }, { usage: used({ discountGiven: 100 }) })).toBe(COUPON_MESSAGES.usedUp);
    expect(refusal({ perCustomerLimit: 1 }, { usage: used({ byCustomer: 1 }) })).toBe(COUPON_MESSAGES.alreadyUsed);
    expect(refusal({ type: 'flat', value: 500 })).toBe(COUPON_MESSAGES.moreThan(500));
  });

  it('caps a coupon at what is left of its budget', () => {
    const coupon = rule({ code: 'B', type: 'flat', value: 100, budget: 250 });
    const result = price({ lines: [line('a', 500)], coupon, usage: new Map([['r1', { ...NO_USAGE, discountGiven: 180 }]]) });
    expect(result.discounts[0]!.amount).toBe(70);
  });

  it('buy 2 get 1: the cheapest of every three eligible units is free', () => {
    const b2g1 = rule({ id: 'b', name: 'Buy 2 get 1', type: 'buyXgetY', value: 2, getQuantity: 1 });
    const result = price({ lines: [line('a', 300, 2), line('b', 100, 2)], automatic: [b2g1] });
    expect(result.discounts.map((d) => d.amount)).toEqual([100]);
  });

  it('free delivery over an amount waives the fee as a discount of its own, under it the fee stays', () => {
    const free = rule({ id: 'f', name: 'Free delivery weekend', type: 'freeDelivery', value: 300 });
    const fee = () => 49;
    expect(price({ lines: [line('a', 300)], automatic: [free], deliveryFeeFor: fee })).toMatchObject({ total: 300, fees: [{ amount: 0 }], discounts: [{ stage: 'delivery', amount: 49 }] });
    expect(price({ lines: [line('a', 299)], automatic: [free], deliveryFeeFor: fee })).toMatchObject({ total: 348, fees: [{ amount: 49 }], discounts: [] });
  });

  it('never charges less than nothing, and the lines always add up to the goods (any cart, any rules)', () => {
    const arbLine = fc.record({ price: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: 20 }), cat: fc.constantFrom('c1', 'c2') });
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 5000 }), (lines, pct, flat) => {
        const result = price({
          lines: lines.map((l, i) => line(`l${i}`, l.price, l.quantity, l.cat)),
          automatic: [rule({ id: 's', value: pct, categoryIds: ['c1'] }), rule({ id: 'b', type: 'buyXgetY', value: 1, getQuantity: 1 }), FIRST_ORDER_RULE],
          coupon: rule({ id: 'c', code: 'C', type: 'flat', value: flat }),
          customer: { firstOrder: true },
        });
        for (const l of result.lines) expect(l.discountedTotal).toBeGreaterThanOrEqual(0);
        expect(result.goods).toBe(result.subtotal - result.discounts.reduce((s, d) => s + d.amount, 0));
        expect(result.goods).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('allocates whole rupees in proportion, summing exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 10_000 }), (amounts, off) => {
        const lines = amounts.map((amount, i) => ({ lineId: `l${i}`, amount }));
        const total = amounts.reduce((a, b) => a + b, 0);
        const split = allocate(Math.min(off, total), lines);
        expect(split.reduce((s, l) => s + l.amount, 0)).toBe(total === 0 ? 0 : Math.min(off, total));
        for (const s of split) expect(s.amount).toBeLessThanOrEqual(lines.find((l) => l.lineId === s.lineId)!.amount);
      }),
    );
  });
});

describe('normalised e-mail for per-person limits', () => {
  it('drops plus tags everywhere, and dots for Gmail addresses', () => {
    expect(normaliseEmail('Bob+a@Example.in')).toBe('bob@example.in');
    expect(normaliseEmail('bob+b@example.in')).toBe('bob@example.in');
    expect(normaliseEmail('b.o.b+x@googlemail.com')).toBe('bob@gmail.com');
    expect(normaliseEmail('b.o.b@example.in')).toBe('b.o.b@example.in');
  });
});
