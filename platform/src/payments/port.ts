/**
 * The payments port: the server asks a provider for a payment of an amount it computed itself,
 * and later accepts only a confirmation the provider signed. Business code sees only this.
 */

import type { PaymentProviderName } from '@shop/contracts';

export type { PaymentProviderName };

export interface OpenPaymentRequest {
  /** Smallest currency unit (paise): the server's total × 100. */
  amountPaise: number;
  currency: 'INR';
  /** Our reference for the payment (≤ 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

/** What the browser's checkout needs to take the payment. */
export interface OpenedPayment {
  provider: PaymentProviderName;
  /** The provider's order id: the checkout is bound to it. */
  providerOrderId: string;
  /** Public key the browser's checkout is opened with. */
  keyId: string;
  amountPaise: number;
  currency: string;
}

/** What the provider's checkout hands the browser after a successful payment. */
export interface PaymentConfirmation {
  orderId: string;
  paymentId: string;
  signature: string;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export interface RefundRequest {
  paymentId: string;
  /** Smallest currency unit (paise). */
  amountPaise: number;
  /**
   * The same for every try of one refund (at least 10 of A-Z a-z 0-9 - _): however often it is
   * asked (a retry after a timeout, a crash before the answer was recorded), the provider
   * refunds once.
   */
  idempotencyKey: string;
  notes: Record<string, string>;
}

export interface Refund {
  /** The provider's refund id. */
  refundId: string;
  amountPaise: number;
  /** The provider's word for where the refund stands (`pending`, `processed`, ...). */
  status: string;
}

/** The banks the offline provider's net-banking page offers; the last one declines every payment. */
export const TEST_BANKS = [
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'DECLINE', name: 'Test bank (declines)' },
] as const;

/** What the offline provider's pages send to pay: a card number, a bank, or the UPI app's answer. */
export type TestPaymentAttempt =
  | { method: 'card'; card: string }
  | { method: 'netbanking'; bank: string }
  | { method: 'upi'; approve: boolean };

/** Card numbers the test dialog accepts, as the test modes of card providers document them. */
export const TEST_CARDS = { success: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' } as const;

/** The confirmation a test card payment gives, under the names the provider's checkout uses. */
export interface TestCardPayment {
  order_id: string;
  payment_id: string;
  signature: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Only a provider with test pages (the embedded test provider) has it: pays an open payment by
   * card (one of `TEST_CARDS`), net banking (one of `TEST_BANKS`) or UPI (the app approves or
   * declines), or throws `PaymentProviderError` (402 for a decline).
   */
  pay?(providerOrderId: string, attempt: TestPaymentAttempt): TestCardPayment;
  openPayment(request: OpenPaymentRequest): Promise<OpenedPayment>;
  /**
   * True only when the provider signed this confirmation and (where it can be asked) the
   * payment is for this order, amount and currency.
   */
  verifyPayment(confirmation: PaymentConfirmation, expected: { amountPaise: number; currency: string }): Promise<VerifyResult>;
  /** Checks a webhook body (raw, as received) against its signature header. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /**
   * Takes the money of a verified payment. A payment only authorised is not paid: the provider
   * voids it after its capture window, so it counts as paid once this returns. Idempotent: a
   * payment already captured (by an earlier call, a webhook, auto-capture) is simply confirmed.
   */
  capture(paymentId: string, expected: { amountPaise: number; currency: string }): Promise<VerifyResult>;
  /** Gives a confirmed payment's money back (idempotent by `idempotencyKey`). */
  refund(request: RefundRequest): Promise<Refund>;
}

/** The provider refused or could not be reached; the message is safe to show. */
export class PaymentProviderError extends Error {
  constructor(message: string, readonly status = 502) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
