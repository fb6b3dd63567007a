import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 as lower-case hex, the form Razorpay uses for checkout and webhook signatures. */
export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function checkoutSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

/** Constant-time comparison of two hex signatures, so timing does not leak how much matched. */
export function signaturesMatch(expected: string, actual: string): boolean {
  if (typeof actual !== 'string' || !/^[0-9a-f]+$/i.test(actual)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(actual.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
