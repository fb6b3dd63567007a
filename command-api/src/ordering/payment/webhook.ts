import { paymentWebhookHandled } from '@shop/contracts';
import type { Logger, PaymentProvider } from '@shop/platform';
import { derivedEventId, type StreamCommands } from '../../shared/stream-commands.ts';
import { paymentStream, webhookDeliveryStream } from './decider.ts';
import type { CheckoutOutcome, CheckoutProcess } from '../checkout/process.ts';

/**
 * Razorpay events that mean the money was taken for one of our orders. `payment.authorized` is
 * not one: an authorised payment is voided unless captured, so it is captured first (below).
 */
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);

interface PaymentEntity {
  id?: string;
  order_id?: string;
  amount?: number;
  currency?: string;
  error_description?: string | null;
}

interface RazorpayWebhook {
  event?: string;
  payload?: {
    payment?: { entity?: PaymentEntity };
    refund?: { entity?: { id?: string; payment_id?: string; notes?: Record<string, unknown> } };
  };
}

export type WebhookResult = { status: 'duplicate' | 'ignored' | 'handled'; outcome?: CheckoutOutcome };

/**
 * Records that one attempt to pay failed (idempotent per attempt id), leaving the payment open for
 * another try. Returns the log position written (0n when it was known already).
 */
export async function recordPaymentFailure(streams: StreamCommands, providerOrderId: string, paymentId: string, reason: string): Promise<bigint> {
  const command = { type: 'RecordFailure', providerOrderId, paymentId, reason, at: new Date().toISOString() } as const;
  const result = await streams.handle(paymentStream.at(providerOrderId), command, { correlationId: paymentId }, {
    eventIds: (event) => derivedEventId('payment-failed', `${providerOrderId}:${paymentId}`, event.type),
  });
  return result.position;
}

/**
 * A Razorpay webhook, already checked against `X-Razorpay-Signature`. A captured payment runs the
 * same checkout process as the browser's confirmation, so an order is placed even when the
 * shopper closed the tab after paying; an authorised one is captured first. `payment.failed`
 * records the failed attempt; `refund.processed` records a refund the refund desk asked for (when a
 * crash lost its answer). Deliveries are de-duplicated by `x-razorpay-event-id`: one stream per
 * delivery id, written after the work (which is idempotent, so a redelivery under another id or a
 * concurrent one counts once too) so a failed attempt can be redelivered.
 */
export async function handleRazorpayWebhook(
  deps: { streams: StreamCommands; logger: Logger; payments: PaymentProvider },
  process: CheckoutProcess,
  eventId: string,
  body: RazorpayWebhook,
): Promise<WebhookResult> {
  const { streams } = deps;
  const stream = webhookDeliveryStream.at('razorpay', eventId);
  if (await streams.exists(stream.id)) return { status: 'duplicate' };
  const event = String(body.event ?? '');
  let result: WebhookResult = { status: 'ignored' };
  if (event === 'refund.processed') {
    result = await refundProcessed(deps, body.payload?.refund?.entity);
  } else {
    const entity = body.payload?.payment?.entity;
    if (entity?.id && entity.order_id) result = await paymentEvent(deps, process, eventId, event, { ...entity, id: entity.id, order_id: entity.order_id });
  }
  // Not claimed: a concurrent delivery of the same event recorded it first; the work is idempotent, so fine.
  const data = paymentWebhookHandled.parse({ provider: 'razorpay', eventId, event });
  await streams.claim(stream, { type: 'PaymentWebhookHandled', data });
  return result;
}

async function paymentEvent(
  deps: { streams: StreamCommands; logger: Logger; payments: PaymentProvider },
  process: CheckoutProcess,
  eventId: string,
  event: string,
  entity: PaymentEntity & { id: string; order_id: string },
): Promise<WebhookResult> {
  if (!PAID_EVENTS.has(event) && event !== 'payment.authorized' && event !== 'payment.failed') return { status: 'ignored' };
  const payment = await deps.streams.load(paymentStream.at(entity.order_id));
  if (!payment.opened) {
    deps.logger.warn({ eventId, orderId: entity.order_id }, 'webhook for a payment we did not open');
    return { status: 'ignored' };
  }
  if (event === 'payment.failed') {
    const reason = entity.error_description?.slice(0, 300) || 'The payment failed';
    await recordPaymentFailure(deps.streams, entity.order_id, entity.id, reason);
    return { status: 'handled' };
  }
  const expected = { amountPaise: payment.opened.amountPaise, currency: payment.opened.currency };
  if (entity.amount !== expected.amountPaise || entity.currency !== expected.currency) {
    deps.logger.error({ eventId, orderId: entity.order_id, amount: entity.amount }, 'webhook amount differs from the order total');
    return { status: 'ignored' };
  }
  if (event === 'payment.authorized') {
    const captured = await deps.payments.capture(entity.id, expected);
    if (!captured.ok) {
      deps.logger.warn({ eventId, orderId: entity.order_id, reason: captured.reason }, 'authorised payment not captured');
      return { status: 'ignored' };
    }
  }
  return { status: 'handled', outcome: await process.run({ providerOrderId: entity.order_id, paymentId: entity.id }) };
}

/** A refund the provider paid out: recorded on its payment unless the refund desk recorded it already. */
async function refundProcessed(
  deps: { streams: StreamCommands; logger: Logger },
  refund: { id?: string; payment_id?: string; notes?: Record<string, unknown> } | undefined,
): Promise<WebhookResult> {
  // The refund desk names the provider order in the refund's notes; a refund made elsewhere is not ours.
  const providerOrderId = refund?.notes?.providerOrderId;
  if (!refund?.id || typeof providerOrderId !== 'string' || !providerOrderId) return { status: 'ignored' };
  const stream = paymentStream.at(providerOrderId);
  const payment = await deps.streams.load(stream);
  if (!payment.refundRequested || payment.refundRequested.paymentId !== refund.payment_id) {
    deps.logger.warn({ refundId: refund.id, providerOrderId }, 'refund.processed for a refund we did not ask for');
    return { status: 'ignored' };
  }
  const record = { type: 'RecordRefund', refundId: refund.id.slice(0, 100), at: new Date().toISOString() } as const;
  // The same event id as the refund desk's record: whichever comes first, the refund is recorded once.
  await deps.streams.handle(stream, record, { correlationId: payment.refundRequested.paymentId }, {
    eventIds: (event) => derivedEventId('refund', providerOrderId, event.type),
  });
  return { status: 'handled' };
}
