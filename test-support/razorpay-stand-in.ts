import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutSignature, hmacHex } from '@shop/platform/payments/signature';

/**
 * A local stand-in for Razorpay's API, for tests: it follows the documented formats of
 * `POST /v1/orders` (basic auth, `{ amount, currency, receipt, notes }` → the order entity),
 * `GET /v1/payments/:id` (the payment entity), `POST /v1/payments/:id/capture` (`{ amount, currency }`
 * of an `authorized` payment; a captured one is refused), `POST /v1/payments/:id/refund` (a normal
 * refund, idempotent by its `X-Refund-Idempotency` header), errors as `{ error: { code, description } }`,
 * and plays the browser checkout (`pay`, `fail`) and the webhook sender (`webhook`, `refundWebhook`).
 * Like an account without automatic capture, a payment is `authorized` until captured.
 */
export interface StandInRefund {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  status: string;
}

export interface RazorpayStandIn {
  url: string;
  orders: Map<string, { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string>; status: string }>;
  payments: Map<string, { id: string; order_id: string; amount: number; currency: string; status: string; error_description?: string }>;
  refunds: Map<string, StandInRefund>;
  requests: { method: string; path: string; auth: string | undefined; body: unknown }[];
  /** What checkout.js hands the page after a successful payment (optionally for another amount). */
  pay(orderId: string, options?: { amount?: number; status?: 'authorized' | 'captured' }): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** A failed attempt (a UPI payment declined in the app): its payment id. */
  fail(orderId: string, description?: string): string;
  /** A signed `refund.processed` delivery for a refund made here. */
  refundWebhook(refundId: string, options?: { eventId?: string }): { body: string; headers: Record<string, string> };
  /** A signed webhook delivery for a payment: body, headers. */
  webhook(event: string, paymentId: string, options?: { eventId?: string; secret?: string }): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex').slice(0, 14)}`;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startRazorpayStandIn(keys: { keyId: string; keySecret: string; webhookSecret: string }): Promise<RazorpayStandIn> {
  const orders: RazorpayStandIn['orders'] = new Map();
  const payments: RazorpayStandIn['payments'] = new Map();
  const refunds: RazorpayStandIn['refunds'] = new Map();
  /** Idempotency key → the request body it was first used with and the refund it made. */
  const refundKeys = new Map<string, { body: string; refundId: string }>();
  const requests: RazorpayStandIn['requests'] = [];
  const expectedAuth = 'Basic ' + Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64');

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, description: string, code = 'BAD_REQUEST_ERROR') =>
        reply(status, { error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } });

      if (req.headers.authorization !== expectedAuth) return error(401, 'Authentication failed', 'BAD_REQUEST_ERROR');
      if (req.method === 'POST' && path === '/v1/orders') {
        const { amount, currency, receipt, notes } = (body ?? {}) as { amount?: number; currency?: string; receipt?: string; notes?: Record<string, string> };
        if (!Number.isInteger(amount) || (amount ?? 0) < 100) return error(400, 'The amount must be at least INR 1.00');
        if (currency !== 'INR') return error(400, 'Currency is not supported');
        const order = { id: id('order'), amount: amount!, currency, receipt: receipt ?? '', notes: notes ?? {}, status: 'created' };
        orders.set(order.id, order);
        return reply(200, { ...order, entity: 'order', amount_paid: 0, amount_due: order.amount, offer_id: null, attempts: 0, created_at: Math.floor(Date.now() / 1000) });
      }
      const refundOf = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refundOf) {
        const paymentId = decodeURIComponent(refundOf[1]!);
        const { amount, notes } = (body ?? {}) as { amount?: number; notes?: Record<string, string> };
        const key = req.headers['x-refund-idempotency'];
        const entity = (refund: StandInRefund) => ({
          ...refund,
          entity: 'refund',
          receipt: null,
          acquirer_data: { arn: null },
          created_at: Math.floor(Date.now() / 1000),
          batch_id: null,
          speed_processed: 'normal',
          speed_requested: 'normal',
        });
        if (typeof key === 'string') {
          const earlier = refundKeys.get(key);
          if (earlier && earlier.body !== JSON.stringify(body)) return error(400, 'Different request body sent for the same idempotency key');
          if (earlier) return reply(200, entity(refunds.get(earlier.refundId)!));
        }
        const found = payments.get(paymentId);
        if (!found) return error(400, 'The id provided does not exist');
        if (found.status !== 'captured') return error(400, 'Refund can be initiated only on captured payments');
        const refunded = [...refunds.values()].filter((r) => r.payment_id === paymentId).reduce((sum, r) => sum + r.amount, 0);
        const wanted = amount ?? found.amount - refunded;
        if (!Number.isInteger(wanted) || wanted < 100) return error(400, 'The amount must be at least INR 1.00');
        if (wanted > found.amount - refunded) return error(400, 'The refund amount provided is greater than amount captured');
        const refund = { id: id('rfnd'), payment_id: paymentId, amount: wanted, currency: found.currency, notes: notes ?? {}, status: 'processed' };
        refunds.set(refund.id, refund);
        if (typeof key === 'string') refundKeys.set(key, { body: JSON.stringify(body), refundId: refund.id });
        if (found.amount - refunded - wanted === 0) found.status = 'refunded';
        return reply(200, entity(refund));
      }
      const captureOf = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
      if (req.method === 'POST' && captureOf) {
        const found = payments.get(decodeURIComponent(captureOf[1]!));
        if (!found) return error(400, 'The id provided does not exist');
        const { amount, currency } = (body ?? {}) as { amount?: number; currency?: string };
        if (found.status === 'captured') return error(400, 'This payment has already been captured');
        if (found.status !== 'authorized') return error(400, 'Only payments which have been authorized and not yet captured can be captured');
        if (amount !== found.amount) return error(400, 'Capture amount must be equal to the amount authorized');
        if (currency !== found.currency) return error(400, 'Currency should be same as that of payment currency');
        found.status = 'captured';
        return reply(200, { ...found, entity: 'payment', method: 'upi', captured: true, created_at: Math.floor(Date.now() / 1000) });
      }
      const payment = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && payment) {
        const found = payments.get(decodeURIComponent(payment[1]!));
        if (!found) return error(400, 'The id provided does not exist');
        return reply(200, { ...found, entity: 'payment', method: 'card', captured: found.status === 'captured', created_at: Math.floor(Date.now() / 1000) });
      }
      return error(404, 'The requested URL was not found on the server.');
    })();
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  /** A webhook delivery as Razorpay sends it: the event envelope, signed with the webhook secret. */
  const delivery = (event: string, contains: string[], payload: unknown, options: { eventId?: string; secret?: string }) => {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_standin', event, contains, payload, created_at: Math.floor(Date.now() / 1000) });
    return {
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': hmacHex(options.secret ?? keys.webhookSecret, body),
        'x-razorpay-event-id': options.eventId ?? id('evt'),
      },
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    refunds,
    requests,
    pay(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const paymentId = id('pay');
      payments.set(paymentId, { id: paymentId, order_id: orderId, amount: options.amount ?? order.amount, currency: order.currency, status: options.status ?? 'authorized' });
      order.status = 'attempted';
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(keys.keySecret, orderId, paymentId) };
    },
    fail(orderId, description = 'Payment was declined by the customer in the UPI app') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const paymentId = id('pay');
      payments.set(paymentId, { id: paymentId, order_id: orderId, amount: order.amount, currency: order.currency, status: 'failed', error_description: description });
      order.status = 'attempted';
      return paymentId;
    },
    webhook(event, paymentId, options = {}) {
      const payment = payments.get(paymentId);
      return delivery(event, ['payment'], { payment: { entity: { ...payment, entity: 'payment' } } }, options);
    },
    refundWebhook(refundId, options = {}) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      const payment = payments.get(refund.payment_id);
      return delivery('refund.processed', ['refund', 'payment'], { refund: { entity: { ...refund, entity: 'refund' } }, payment: { entity: { ...payment, entity: 'payment' } } }, options);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
