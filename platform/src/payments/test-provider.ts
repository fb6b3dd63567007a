import { createHmac, randomBytes } from 'node:crypto';
import {
  PaymentProviderError,
  TEST_BANKS,
  TEST_CARDS,
  type TestPaymentAttempt,
  type OpenPaymentRequest,
  type OpenedPayment,
  type PaymentConfirmation,
  type PaymentProvider,
  type Refund,
  type RefundRequest,
  type TestCardPayment,
  type VerifyResult,
} from './port.ts';
import { checkoutSignature, hmacHex, signaturesMatch } from './signature.ts';


const digits = (card: string) => card.replace(/[\s-]/g, '');
/** Razorpay-style ids (`order_…`, `pay_…`): 14 base62-ish characters. */
const providerId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

/**
 * The embedded default: an offline provider that behaves like Razorpay's test mode. It opens
 * payments, "pays" them with a test card, and signs the confirmation exactly as Razorpay does
 * (HMAC-SHA256 of `order_id|payment_id`), so the server verifies both providers the same way.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly keySecret: string,
    readonly keyId = 'rzp_test_shop',
  ) {
    if (keySecret.length < 32) throw new Error('The test payment secret must be at least 32 characters');
  }

  async openPayment(request: OpenPaymentRequest): Promise<OpenedPayment> {
    if (!Number.isInteger(request.amountPaise) || request.amountPaise < 100) {
      throw new PaymentProviderError('The amount must be at least INR 1.00', 400);
    }
    return {
      provider: this.name,
      providerOrderId: providerId('order'),
      keyId: this.keyId,
      amountPaise: request.amountPaise,
      currency: request.currency,
    };
  }

  /**
   * The test pages' "Pay": by card, one number succeeds and one is declined; by net banking, every
   * listed bank but the declining one succeeds; by UPI, the "pay from app" page approves or declines.
   */
  pay(providerOrderId: string, attempt: TestPaymentAttempt): TestCardPayment {
    if (attempt.method === 'card') {
      const number = digits(attempt.card);
      if (number === digits(TEST_CARDS.declined)) throw new PaymentProviderError('Your card was declined', 402);
      if (number !== digits(TEST_CARDS.success)) throw new PaymentProviderError(`Use the test card ${TEST_CARDS.success}`, 400);
    } else if (attempt.method === 'netbanking') {
      const bank = TEST_BANKS.find((b) => b.code === attempt.bank);
      if (!bank) throw new PaymentProviderError(`Choose one of the banks: ${TEST_BANKS.map((b) => b.code).join(', ')}`, 400);
      if (bank.code === 'DECLINE') throw new PaymentProviderError('Your bank declined the payment', 402);
    } else if (!attempt.approve) {
      throw new PaymentProviderError('The UPI payment was declined in your UPI app', 402);
    }
    const paymentId = providerId('pay');
    return { order_id: providerOrderId, payment_id: paymentId, signature: checkoutSignature(this.keySecret, providerOrderId, paymentId) };
  }

  async verifyPayment(confirmation: PaymentConfirmation): Promise<VerifyResult> {
    const expected = checkoutSignature(this.keySecret, confirmation.orderId, confirmation.paymentId);
    return signaturesMatch(expected, confirmation.signature) ? { ok: true } : { ok: false, reason: 'Payment signature is invalid' };
  }

  /** Test payments are captured when they are made: nothing is left to take. */
  async capture(): Promise<VerifyResult> {
    return { ok: true };
  }

  verifyWebhook(rawBody: string, signature: string): boolean {
    return signaturesMatch(hmacHex(this.keySecret, rawBody), signature);
  }

  /**
   * Refunds at once. The refund id is derived from the idempotency key, so asking again (even
   * after a restart) gives the same refund, as the real provider's idempotency does.
   */
  async refund(request: RefundRequest): Promise<Refund> {
    if (!/^pay_[A-Za-z0-9]{14}$/.test(request.paymentId)) throw new PaymentProviderError('The id provided does not exist', 400);
    if (!Number.isInteger(request.amountPaise) || request.amountPaise < 100) {
      throw new PaymentProviderError('The amount must be at least INR 1.00', 400);
    }
    const digest = createHmac('sha256', this.keySecret).update(`refund|${request.idempotencyKey}`).digest('hex');
    return { refundId: `rfnd_${digest.slice(0, 14)}`, amountPaise: request.amountPaise, status: 'processed' };
  }
}
