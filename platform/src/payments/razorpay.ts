import {
  PaymentProviderError,
  type OpenPaymentRequest,
  type OpenedPayment,
  type PaymentConfirmation,
  type PaymentProvider,
  type Refund,
  type RefundRequest,
  type VerifyResult,
} from './port.ts';
import { checkoutSignature, hmacHex, signaturesMatch } from './signature.ts';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

interface RazorpayRefund {
  id: string;
  amount: number;
  status: string;
}

interface RazorpayPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
}

/**
 * Razorpay: orders through its Orders API (basic auth key_id:key_secret), checkout signatures
 * checked as its docs say, and the payment fetched back so its order, amount and status are
 * the ones we asked for.
 */
export class RazorpayPaymentProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  private readonly auth: string;

  constructor(private readonly options: RazorpayOptions) {
    this.auth = 'Basic ' + Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64');
  }

  async openPayment(request: OpenPaymentRequest): Promise<OpenedPayment> {
    const order = await this.call<RazorpayOrder>('POST', '/v1/orders', {
      amount: request.amountPaise,
      currency: request.currency,
      receipt: request.receipt,
      notes: request.notes,
    });
    if (order.amount !== request.amountPaise || order.currency !== request.currency) {
      throw new PaymentProviderError('The payment provider opened a payment for a different amount');
    }
    return {
      provider: this.name,
      providerOrderId: order.id,
      keyId: this.options.keyId,
      amountPaise: order.amount,
      currency: order.currency,
    };
  }

  async verifyPayment(confirmation: PaymentConfirmation, expected: { amountPaise: number; currency: string }): Promise<VerifyResult> {
    const signature = checkoutSignature(this.options.keySecret, confirmation.orderId, confirmation.paymentId);
    if (!signaturesMatch(signature, confirmation.signature)) return { ok: false, reason: 'Payment signature is invalid' };
    const payment = await this.call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(confirmation.paymentId)}`);
    if (payment.order_id !== confirmation.orderId) return { ok: false, reason: 'Payment belongs to another order' };
    if (payment.amount !== expected.amountPaise || payment.currency !== expected.currency) {
      return { ok: false, reason: 'Payment amount does not match the order total' };
    }
    if (payment.status !== 'captured' && payment.status !== 'authorized') {
      return { ok: false, reason: `Payment is ${payment.status}` };
    }
    return { ok: true };
  }

  /**
   * `POST /v1/payments/:id/capture` with the amount and currency, for a payment still only
   * `authorized`; one already `captured` is left as it is (Razorpay refuses a second capture).
   */
  async capture(paymentId: string, expected: { amountPaise: number; currency: string }): Promise<VerifyResult> {
    const path = `/v1/payments/${encodeURIComponent(paymentId)}`;
    let payment = await this.call<RazorpayPayment>('GET', path);
    if (payment.status === 'authorized') {
      payment = await this.call<RazorpayPayment>('POST', `${path}/capture`, { amount: expected.amountPaise, currency: expected.currency });
    }
    if (payment.amount !== expected.amountPaise || payment.currency !== expected.currency) {
      return { ok: false, reason: 'Payment amount does not match the order total' };
    }
    return payment.status === 'captured' ? { ok: true } : { ok: false, reason: `Payment is ${payment.status}` };
  }

  /** `X-Razorpay-Signature`: HMAC-SHA256 of the raw request body with the webhook secret. */
  verifyWebhook(rawBody: string, signature: string): boolean {
    if (!this.options.webhookSecret) return false;
    return signaturesMatch(hmacHex(this.options.webhookSecret, rawBody), signature);
  }

  /**
   * A normal refund (`POST /v1/payments/:id/refund`), made idempotent with Razorpay's
   * `X-Refund-Idempotency` header: a retry with the same key and body never refunds twice.
   */
  async refund(request: RefundRequest): Promise<Refund> {
    const refund = await this.call<RazorpayRefund>(
      'POST',
      `/v1/payments/${encodeURIComponent(request.paymentId)}/refund`,
      { amount: request.amountPaise, speed: 'normal', notes: request.notes },
      { 'X-Refund-Idempotency': request.idempotencyKey },
    );
    return { refundId: refund.id, amountPaise: refund.amount, status: refund.status };
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.apiUrl), {
        method,
        headers: { Authorization: this.auth, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new PaymentProviderError('The payment provider could not be reached, please try again', 503);
    }
    const reply = (await response.json().catch(() => null)) as (T & { error?: { description?: string } }) | null;
    if (!response.ok || !reply) {
      // Razorpay's errors are `{ error: { code, description, ... } }`; the description is safe to show.
      throw new PaymentProviderError(reply?.error?.description ?? `The payment provider answered ${response.status}`);
    }
    return reply;
  }
}
