import { paymentWebhookHandled } from '@shop/contracts';
import type { Logger, PaymentProvider } from '@shop/platform';
import type { StreamCommands } from '../../shared/stream-commands.ts';
import { paymentStream, webhookDeliveryStream } from './decider.ts';
import type { CheckoutOutcome, CheckoutProcess } from '../checkout/process.ts';

/** Razorpay events that mean the money was taken for one of our orders. */
const PAID_EVENTS = new Set(['payment.authorized', 'payment.captured', 'order.paid']);

interface RazorpayWebhook {
  event?: string;
  payload?: { payment?: { entity?: { id?: string; order_id?: string; amount?: number; currency?: string } } };
}

export type WebhookResult = { status: 'duplicate' | 'ignored' | 'handled'; outcome?: CheckoutOutcome };

/**
 * A Razorpay webhook, already checked against `X-Razorpay-Signature`. A paid payment runs the
 * same checkout process as the browser's confirmation, so an order is placed even when the
 * shopper closed the tab after paying. Deliveries are de-duplicated by `x-razorpay-event-id`:
 * one stream per delivery id, written after the work (which is idempotent) so a failed attempt
 * can be redelivered.
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
  const entity = body.payload?.payment?.entity;
  let result: WebhookResult = { status: 'ignored' };
  if (PAID_EVENTS.has(event) && entity?.id && entity.order_id) {
    const payment = await streams.load(paymentStream.at(entity.order_id));
    if (!payment.opened) {
      deps.logger.warn({ eventId, orderId: entity.order_id }, 'webhook for a payment we did not open');
    } else if (entity.amount !== payment.opened.amountPaise || entity.currency !== payment.opened.currency) {
      deps.logger.error({ eventId, orderId: entity.order_id, amount: entity.amount }, 'webhook amount differs from the order total');
    } else {
      result = { status: 'handled', outcome: await process.run({ providerOrderId: entity.order_id, paymentId: entity.id }) };
    }
  }
  // Not claimed: a concurrent delivery of the same event recorded it first; the work is idempotent, so fine.
  const data = paymentWebhookHandled.parse({ provider: 'razorpay', eventId, event });
  await streams.claim(stream, { type: 'PaymentWebhookHandled', data });
  return result;
}
