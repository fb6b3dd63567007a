import type { PaymentConfirmation } from './checkoutApi.ts';
import type { CheckoutSession } from '../api/types.ts';
import { brand } from '../shared/theme.ts';
import { loadScript } from '../shared/loadScript.ts';

export const RAZORPAY_CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (reply: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

/**
 * Razorpay's checkout for a payment the server opened (`PAYMENTS=razorpay`). Its script loads on
 * first use only. Resolves when the shopper paid or closed the window; a failed attempt is told
 * through `onFailed` while the window stays open for another try.
 */
export async function payWithRazorpay(
  session: CheckoutSession,
  onFailed: (message: string) => void,
): Promise<{ outcome: 'paid'; confirmation: PaymentConfirmation } | { outcome: 'dismissed' }> {
  await loadScript(RAZORPAY_CHECKOUT_SRC);
  const Razorpay = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (!Razorpay) throw new Error('The payment window could not be opened. Please try again.');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Parameters<typeof resolve>[0]) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const checkout = new Razorpay({
      key: session.keyId,
      amount: session.amount,
      currency: session.currency,
      name: session.name,
      description: session.description,
      order_id: session.orderId,
      // Opens on the shopper's chosen method, prefilled from the billing form; `config` hides UPI
      // Collect (UPI stays as Intent on a phone and a QR code on a desktop).
      prefill: session.prefill,
      ...(session.config ? { config: session.config } : {}),
      theme: { color: brand.indigo },
      handler: (confirmation: PaymentConfirmation) => settle({ outcome: 'paid', confirmation }),
      modal: { ondismiss: () => settle({ outcome: 'dismissed' }) },
    });
    checkout.on('payment.failed', (reply) => onFailed(reply.error?.description || 'The payment failed.'));
    checkout.open();
  });
}
