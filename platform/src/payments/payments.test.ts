import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, TEST_CARDS } from './port.ts';
import { RazorpayPaymentProvider } from './razorpay.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../../test-support/razorpay-stand-in.ts';
import { checkoutSignature, hmacHex, signaturesMatch } from './signature.ts';
import { TestPaymentProvider } from './test-provider.ts';

describe('signatures', () => {
  it('match the example in Razorpay\'s payment-verification docs', () => {
    expect(checkoutSignature('EnLs21M47BllR3X8PSFtjtbd', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l')).toBe(
      '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f',
    );
  });
  it('compare in constant time and reject anything malformed', () => {
    const good = hmacHex('s', 'x');
    expect(signaturesMatch(good, good.toUpperCase())).toBe(true);
    expect(signaturesMatch(good, good.slice(2))).toBe(false);
    expect(signaturesMatch(good, 'zz' + good.slice(2))).toBe(false);
    expect(signaturesMatch(good, undefined as unknown as string)).toBe(false);
  });
});

describe('test provider', () => {
  const provider = new TestPaymentProvider('t'.repeat(40));
  it('opens a payment and signs a test-card payment the way Razorpay does', async () => {
    const opened = await provider.openPayment({ amountPaise: 49900, currency: 'INR', receipt: 'r', notes: {} });
    expect(opened).toMatchObject({ provider: 'test', amountPaise: 49900, currency: 'INR', keyId: 'rzp_test_shop' });
    const paid = provider.pay(opened.providerOrderId, { method: 'card', card: TEST_CARDS.success });
    expect(paid.signature).toBe(checkoutSignature('t'.repeat(40), paid.order_id, paid.payment_id));
    const confirmation = { orderId: paid.order_id, paymentId: paid.payment_id, signature: paid.signature };
    expect(await provider.verifyPayment(confirmation)).toEqual({ ok: true });
    expect((await provider.verifyPayment({ ...confirmation, orderId: 'order_other' })).ok).toBe(false);
  });
  it('declines the declined card and refuses other numbers and tiny amounts', async () => {
    expect(() => provider.pay('order_1', { method: 'card', card: TEST_CARDS.declined })).toThrow(new PaymentProviderError('Your card was declined', 402));
    expect(() => provider.pay('order_1', { method: 'card', card: '1234' })).toThrow(PaymentProviderError);
    await expect(provider.openPayment({ amountPaise: 50, currency: 'INR', receipt: 'r', notes: {} })).rejects.toThrow(PaymentProviderError);
  });
  it('pays by net banking at a listed bank and by UPI when the app approves; declines the declining bank and the UPI app\'s "decline"', () => {
    for (const attempt of [{ method: 'netbanking', bank: 'HDFC' }, { method: 'upi', approve: true }] as const) {
      const paid = provider.pay('order_m', attempt);
      expect(paid.signature).toBe(checkoutSignature('t'.repeat(40), 'order_m', paid.payment_id));
    }
    expect(() => provider.pay('order_m', { method: 'netbanking', bank: 'DECLINE' })).toThrow(new PaymentProviderError('Your bank declined the payment', 402));
    expect(() => provider.pay('order_m', { method: 'netbanking', bank: 'NOPE' })).toThrow(/Choose one of the banks/);
    expect(() => provider.pay('order_m', { method: 'upi', approve: false })).toThrow(new PaymentProviderError('The UPI payment was declined in your UPI app', 402));
  });
  it('refunds a payment once per idempotency key, even when asked again by another instance', async () => {
    const paid = provider.pay('order_1', { method: 'card', card: TEST_CARDS.success });
    const request = { paymentId: paid.payment_id, amountPaise: 49900, idempotencyKey: 'refund-order_1', notes: {} };
    const refund = await provider.refund(request);
    expect(refund).toMatchObject({ amountPaise: 49900, status: 'processed' });
    expect(refund.refundId).toMatch(/^rfnd_/);
    expect(await new TestPaymentProvider('t'.repeat(40)).refund(request)).toEqual(refund);
    expect((await provider.refund({ ...request, idempotencyKey: 'refund-order_2' })).refundId).not.toBe(refund.refundId);
    await expect(provider.refund({ ...request, paymentId: 'pay_unknown' })).rejects.toThrow('The id provided does not exist');
  });
});

describe('Razorpay adapter against a local stand-in', () => {
  const keys = { keyId: 'rzp_test_standin', keySecret: 'standin-secret', webhookSecret: 'hook-secret' };
  let standIn: RazorpayStandIn;
  let provider: RazorpayPaymentProvider;
  beforeAll(async () => {
    standIn = await startRazorpayStandIn(keys);
    provider = new RazorpayPaymentProvider({ ...keys, apiUrl: standIn.url });
  });
  afterAll(() => standIn?.close());

  it('creates an order with basic auth and the documented body', async () => {
    const opened = await provider.openPayment({ amountPaise: 111800, currency: 'INR', receipt: 'rcpt-1', notes: { userId: 'u1' } });
    expect(opened).toMatchObject({ provider: 'razorpay', keyId: keys.keyId, amountPaise: 111800, currency: 'INR' });
    expect(opened.providerOrderId).toMatch(/^order_/);
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/orders', body: { amount: 111800, currency: 'INR', receipt: 'rcpt-1', notes: { userId: 'u1' } } });
    expect(request.auth).toBe('Basic ' + Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64'));
  });

  it('verifies the checkout signature, then the payment\'s order, amount and status', async () => {
    const opened = await provider.openPayment({ amountPaise: 50000, currency: 'INR', receipt: 'r', notes: {} });
    const paid = standIn.pay(opened.providerOrderId);
    const confirmation = { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };
    const expected = { amountPaise: 50000, currency: 'INR' };
    expect(await provider.verifyPayment(confirmation, expected)).toEqual({ ok: true });
    expect(await provider.verifyPayment({ ...confirmation, signature: 'ab'.repeat(32) }, expected)).toEqual({ ok: false, reason: 'Payment signature is invalid' });
    expect((await provider.verifyPayment(confirmation, { amountPaise: 1, currency: 'INR' })).ok).toBe(false);

    const short = await provider.openPayment({ amountPaise: 90000, currency: 'INR', receipt: 'r', notes: {} });
    const underpaid = standIn.pay(short.providerOrderId, { amount: 100 });
    const result = await provider.verifyPayment(
      { orderId: underpaid.razorpay_order_id, paymentId: underpaid.razorpay_payment_id, signature: underpaid.razorpay_signature },
      { amountPaise: 90000, currency: 'INR' },
    );
    expect(result).toEqual({ ok: false, reason: 'Payment amount does not match the order total' });
  });

  it('captures an authorised payment with the documented request, and leaves a captured one as it is', async () => {
    const opened = await provider.openPayment({ amountPaise: 70000, currency: 'INR', receipt: 'r', notes: {} });
    const paid = standIn.pay(opened.providerOrderId);
    const paymentId = paid.razorpay_payment_id;
    expect(standIn.payments.get(paymentId)!.status).toBe('authorized');
    expect(await provider.capture(paymentId, { amountPaise: 70000, currency: 'INR' })).toEqual({ ok: true });
    expect(standIn.payments.get(paymentId)!.status).toBe('captured');
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payments/${paymentId}/capture`, body: { amount: 70000, currency: 'INR' } });
    // Again (a retry, the webhook after the browser): no second capture asked, still paid.
    const asked = standIn.requests.length;
    expect(await provider.capture(paymentId, { amountPaise: 70000, currency: 'INR' })).toEqual({ ok: true });
    expect(standIn.requests.slice(asked).map((r) => r.method)).toEqual(['GET']);
    // A failed payment is not paid.
    const failed = standIn.fail(opened.providerOrderId);
    expect(await provider.capture(failed, { amountPaise: 70000, currency: 'INR' })).toEqual({ ok: false, reason: 'Payment is failed' });
  });

  it('checks webhook bodies against X-Razorpay-Signature', () => {
    const body = '{"event":"payment.captured"}';
    expect(provider.verifyWebhook(body, hmacHex(keys.webhookSecret, body))).toBe(true);
    expect(provider.verifyWebhook(body + ' ', hmacHex(keys.webhookSecret, body))).toBe(false);
    expect(provider.verifyWebhook(body, hmacHex('other', body))).toBe(false);
  });

  it('refunds a captured payment with the documented request, once per idempotency key', async () => {
    const opened = await provider.openPayment({ amountPaise: 64900, currency: 'INR', receipt: 'r', notes: {} });
    const paid = standIn.pay(opened.providerOrderId, { status: 'captured' });
    const request = { paymentId: paid.razorpay_payment_id, amountPaise: 64900, idempotencyKey: `refund-${opened.providerOrderId}`, notes: { reason: 'out of stock' } };

    const refund = await provider.refund(request);
    expect(refund).toMatchObject({ amountPaise: 64900, status: 'processed' });
    expect(refund.refundId).toMatch(/^rfnd_/);
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: `/v1/payments/${paid.razorpay_payment_id}/refund`, body: { amount: 64900, speed: 'normal', notes: { reason: 'out of stock' } } });

    // A retry (the answer was lost, the server restarted) gets the same refund, not a second one.
    expect(await provider.refund(request)).toEqual(refund);
    expect([...standIn.refunds.values()].filter((r) => r.payment_id === paid.razorpay_payment_id)).toHaveLength(1);
    // Without the key it would have been a second refund; Razorpay refuses more than was paid.
    await expect(provider.refund({ ...request, idempotencyKey: 'another-refund-key' })).rejects.toThrow(PaymentProviderError);
  });

  it('passes on Razorpay\'s error description, and says so when it cannot be reached', async () => {
    const wrongKey = new RazorpayPaymentProvider({ ...keys, keySecret: 'nope', apiUrl: standIn.url });
    await expect(wrongKey.openPayment({ amountPaise: 100, currency: 'INR', receipt: 'r', notes: {} })).rejects.toThrow('Authentication failed');
    const unreachable = new RazorpayPaymentProvider({ ...keys, apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(unreachable.openPayment({ amountPaise: 100, currency: 'INR', receipt: 'r', notes: {} })).rejects.toMatchObject({ status: 503 });
  });
});
