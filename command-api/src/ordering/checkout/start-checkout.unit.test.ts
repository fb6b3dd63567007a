import { describe, expect, it } from 'vitest';
import { RecentCheckouts, type CheckoutReply } from './start-checkout.ts';

describe('a repeated checkout', () => {
  it('is handed its open payment back only while that payment may still be paid (PAYMENT_OPEN_MINUTES)', () => {
    let now = 1_000_000;
    const recent = new RecentCheckouts(() => now, 10 * 60_000);
    const reply = { orderId: 'order_1' } as CheckoutReply;
    recent.opened('u1', 'the same lines and billing', reply);
    now += 10 * 60_000 - 1;
    expect(recent.reusable('u1', 'the same lines and billing')).toBe(reply);
    expect(recent.reusable('u1', 'other lines')).toBeNull();
    now += 1;
    expect(recent.reusable('u1', 'the same lines and billing')).toBeNull();
  });
});
