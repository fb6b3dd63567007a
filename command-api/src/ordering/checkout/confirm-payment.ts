import { billingSchema, type Billing } from '@shop/contracts';
import { HttpError, PaymentProviderError, validate, type PaymentProvider } from '@shop/platform';
import type { StreamCommands } from '../../shared/stream-commands.ts';
import { paymentStream } from '../payment/decider.ts';
import type { CheckoutOutcome, CheckoutProcess } from './process.ts';

const refused = (msg: string, status = 400) => new HttpError(status, { error: true, msg });
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * `POST /api/orders/create`: the body carries the provider's confirmation (Razorpay's
 * `razorpay_*` names or the test provider's `order_id`/`payment_id`/`signature`). The payment
 * must be the caller's, signed by the provider, and for the amount the server opened; an
 * `amount` sent by the client is only compared, never used.
 */
export async function confirmCheckout(
  deps: { streams: StreamCommands; payments: PaymentProvider },
  process: CheckoutProcess,
  userId: string,
  body: Record<string, unknown>,
): Promise<CheckoutOutcome> {
  const orderId = text(body.razorpay_order_id ?? body.order_id ?? body.providerOrderId);
  const paymentId = text(body.razorpay_payment_id ?? body.payment_id ?? body.paymentId);
  const signature = text(body.razorpay_signature ?? body.signature);
  if (!orderId || !paymentId || !signature) throw refused('Payment could not be verified');

  const payment = await deps.streams.load(paymentStream.at(orderId));
  // Someone else's payment looks exactly like a missing one.
  if (!payment.opened || payment.opened.userId !== userId) throw refused('Payment not found', 404);
  const opened = payment.opened;
  if (body.amount !== undefined && body.amount !== null && Number(body.amount) !== opened.amount) {
    throw refused('Payment amount does not match the order total');
  }
  let verified;
  try {
    verified = await deps.payments.verifyPayment({ orderId, paymentId, signature }, { amountPaise: opened.amountPaise, currency: opened.currency });
  } catch (error) {
    if (error instanceof PaymentProviderError) throw refused(error.message, error.status);
    throw error;
  }
  if (!verified.ok) throw refused(`Payment could not be verified: ${verified.reason}`);

  const billing: Billing | undefined = body.fullName !== undefined ? validate(billingSchema, body) : undefined;
  return process.run({ providerOrderId: orderId, paymentId }, billing);
}
