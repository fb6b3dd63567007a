import type { PaymentProvider } from '@shop/platform';
import { DomainError } from '../../shared/decider.ts';
import type { StreamCommands } from '../../shared/stream-commands.ts';
import { paymentStream } from '../payment/decider.ts';
import type { CheckoutOutcome, CheckoutProcess } from './process.ts';

/** The provider's confirmation of a payment, as the browser passes it on (any field may be missing). */
export interface PaymentConfirmation {
  orderId: string | null;
  paymentId: string | null;
  signature: string | null;
  /** The total the client believes it paid: only compared, never used. */
  amount?: unknown;
}

/**
 * Confirms a payment into an order: the payment must be the caller's, signed by the provider, and
 * for the amount the server opened, and it is captured (a payment only authorised is not paid). Then
 * the checkout process places the order, with the address, fee and promised day recorded when the
 * payment was opened: the confirmation carries no address (what a client sends with it is not
 * read), since the money is taken by then and the webhook places the same order without the
 * browser. Refusals are DomainErrors; a provider failure is its PaymentProviderError.
 */
export async function confirmPayment(
  deps: { streams: StreamCommands; payments: PaymentProvider },
  process: CheckoutProcess,
  userId: string,
  confirmation: PaymentConfirmation,
): Promise<CheckoutOutcome> {
  const { orderId, paymentId, signature, amount } = confirmation;
  if (!orderId || !paymentId || !signature) throw new DomainError('invalid', 'Payment could not be verified');

  const payment = await deps.streams.load(paymentStream.at(orderId));
  // Someone else's payment looks exactly like a missing one.
  if (!payment.opened || payment.opened.userId !== userId) throw new DomainError('not-found', 'Payment not found');
  const opened = payment.opened;
  if (amount !== undefined && amount !== null && Number(amount) !== opened.amount) {
    throw new DomainError('invalid', 'Payment amount does not match the order total');
  }
  const verified = await deps.payments.verifyPayment({ orderId, paymentId, signature }, { amountPaise: opened.amountPaise, currency: opened.currency });
  if (!verified.ok) throw new DomainError('invalid', `Payment could not be verified: ${verified.reason}`);
  // Only a captured payment is paid: an authorised one is voided by the provider if left alone.
  const captured = await deps.payments.capture(paymentId, { amountPaise: opened.amountPaise, currency: opened.currency });
  if (!captured.ok) throw new DomainError('invalid', `Payment could not be captured: ${captured.reason}`);

  return process.run({ providerOrderId: orderId, paymentId });
}
