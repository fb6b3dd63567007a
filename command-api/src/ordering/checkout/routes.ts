import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { billingForm, checkoutPaymentChoice } from '@shop/contracts';
import { checkoutGiftChoices, type CheckoutGifting } from '../../gifting/checkout-gifting.ts';
import {
  HttpError,
  PaymentProviderError,
  assertSelf,
  currentUser,
  requireUser,
  validate,
  type PaymentProvider,
} from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../../shared/http.ts';
import { answerRefusals, refusalReply } from '../../shared/refusals.ts';
import { confirmPayment } from './confirm-payment.ts';
import { RecentCheckouts, openCheckoutPayment } from './start-checkout.ts';
import { paymentStream } from '../payment/decider.ts';
import type { CheckoutProcess } from './process.ts';
import type { DeliverySettings } from '../delivery/quote.ts';
import type { CodAvailability, CodSettings } from '../cod/cod-rules.ts';
import type { CartCommands } from '../../cart/commands.ts';
import type { CheckoutKeys } from '../../account/emails.ts';
import { handleRazorpayWebhook, recordPaymentFailure } from '../payment/webhook.ts';

export interface CheckoutDeps extends CommandDeps {
  payments: PaymentProvider;
  cart: CartCommands;
  /** The checkout process, built once by the composition root (the startup recovery runs it too). */
  checkout: CheckoutProcess;
  /** Delivery zones, days and fee (the checkout checks the pincode and charges the fee from them). */
  delivery: DeliverySettings;
  /** Cash on delivery's settings and the zone rule (whether the courier takes cash at a pincode). */
  cod: { settings: CodSettings; availability: CodAvailability };
  /** Gift cards as part-payment and gift orders' wrap fee. */
  gifting: CheckoutGifting;
  /** The mailbox key, and a delivery address's key (cash on delivery's holds per address). */
  emails: CheckoutKeys;
}

/** Read models a shopper sees right after an order: the cart (now empty), orders, stock. */
const AFTER_ORDER = [READ_MODELS.cart, READ_MODELS.orders, READ_MODELS.catalog, READ_MODELS.checkouts];

/**
 * Checkout's refusals (a payment's, a process's) in the original API's order shape: `error: true` +
 * `msg`.
 */
export const checkoutRefusal = refusalReply((msg) => ({ error: true, msg }));

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Refusals of the checkout's use cases, and the payment provider's (its status and its message,
 * which is safe to show), as replies.
 */
function answerCheckoutRefusals(): Middleware {
  const refusals = answerRefusals(checkoutRefusal);
  return async (ctx, next) => {
    try {
      await refusals(ctx, next);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(error.status, { error: true, msg: error.message });
      throw error;
    }
  };
}

const providerOrderIdField = z.string({ error: 'providerOrderId is required' }).min(1, 'providerOrderId is required').max(100);

/** The offline provider's pages: the card form (the default, as before), a bank, or the UPI app's answer. */
const testPayBody = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('card'), providerOrderId: providerOrderIdField, card: z.string({ error: 'Please enter a card number' }).min(1, 'Please enter a card number').max(40) }),
    z.object({ method: z.literal('netbanking'), providerOrderId: providerOrderIdField, bank: z.string({ error: 'Please choose a bank' }).min(1, 'Please choose a bank').max(20) }),
    z.object({ method: z.literal('upi'), providerOrderId: providerOrderIdField, approve: z.boolean({ error: 'approve must be true or false' }) }),
  ],
  { error: 'method must be card, netbanking or upi' },
);

const abandonBody = z.object({ providerOrderId: providerOrderIdField });

/** What a payment left without paying is recorded as (and shown). */
export const PAYMENT_ABANDONED = 'The payment was not completed; you can try again';

/** The caller's own open payment; someone else's looks exactly like a missing one. */
async function ownPayment(deps: CheckoutDeps, userId: string, providerOrderId: string) {
  const payment = await deps.streams.load(paymentStream.at(providerOrderId));
  if (!payment.opened || payment.opened.userId !== userId) throw new HttpError(404, { error: true, msg: 'Payment not found' });
  return payment;
}

/** Checkout: open a payment for the server's total, confirm it into an order, provider callbacks. */
export function checkoutCommandRoutes(deps: CheckoutDeps): Router {
  const router = new Router();
  const auth = requireUser(deps.tokens);
  const process = deps.checkout;
  // A payment is handed back for a repeated checkout only while it may still be paid.
  const recentCheckouts = new RecentCheckouts(Date.now, process.paymentOpenForMs);

  router.post('/orders/checkout', auth, answerCheckoutRefusals(), deps.writes.guard('checkout'), async (ctx) => {
    const body = bodyOf(ctx);
    const { userId, email } = assertSelf(ctx, body.userId ?? body.userid);
    const billing = validate(billingForm, body);
    const { paymentMethod } = validate(checkoutPaymentChoice, body);
    const { giftCardCode, gift } = validate(checkoutGiftChoices, body);
    // Every try at a code counts before it is looked up, so codes cannot be guessed by checking out.
    if (giftCardCode !== undefined) await deps.writes.takeFor(ctx, 'giftCardCode', userId);
    const { reply, position } = await openCheckoutPayment(deps, { userId, email, billing, paymentMethod, giftCardCode, gift }, recentCheckouts);
    // Cash on delivery placed the order: what the shopper reads next shows it.
    if (reply.order) await deps.awaitProjections(position, AFTER_ORDER);
    ctx.status = 201;
    ctx.body = deps.publicUrls.withLineImages(reply);
  });

  router.post('/orders/create', auth, answerCheckoutRefusals(), async (ctx) => {
    const body = bodyOf(ctx);
    const { userId } = assertSelf(ctx, body.userid ?? body.userId);
    // The provider's confirmation under Razorpay checkout's names or the test provider's.
    const confirmation = {
      orderId: text(body.razorpay_order_id ?? body.order_id ?? body.providerOrderId),
      paymentId: text(body.razorpay_payment_id ?? body.payment_id ?? body.paymentId),
      signature: text(body.razorpay_signature ?? body.signature),
      amount: body.amount,
    };
    // The original client sends its billing form again here: not read, the order goes where the checkout checked.
    const outcome = await confirmPayment(deps, process, userId, confirmation);
    await deps.awaitProjections(outcome.ok && outcome.replayed ? await deps.events.headPosition() : outcome.position, AFTER_ORDER);
    if (!outcome.ok) throw new HttpError(409, { error: true, msg: outcome.msg });
    ctx.status = outcome.replayed ? 200 : 201;
    ctx.body = deps.publicUrls.withLineImages(outcome.order);
  });

  // The embedded test provider's pages (card form, net banking, UPI app): pay an open payment.
  router.post('/payments/test/pay', auth, answerRefusals(checkoutRefusal), async (ctx) => {
    const provider = deps.payments;
    if (!provider.pay) throw new HttpError(404, { error: true, msg: 'Not found' });
    const { userId } = currentUser(ctx);
    const raw = bodyOf(ctx);
    const { providerOrderId, ...attempt } = validate(testPayBody, { method: 'card', ...raw });
    const payment = await ownPayment(deps, userId, providerOrderId);
    if (payment.paymentId) throw new HttpError(409, { error: true, msg: 'This payment was already completed' });
    // Opened too long ago, or priced with a promotion the shop no longer gives: said before any money is taken.
    const refusal = await process.refusalBeforePaying(providerOrderId);
    if (refusal) throw new HttpError(409, { error: true, msg: refusal });
    try {
      const paid = provider.pay(providerOrderId, attempt);
      ctx.body = {
        ...paid,
        // The same confirmation under Razorpay checkout's names, so one client handler fits both.
        razorpay_order_id: paid.order_id,
        razorpay_payment_id: paid.payment_id,
        razorpay_signature: paid.signature,
      };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // A decline is a fact about this payment (the shopper sees it and may try again); a typo is not.
      if (error.status === 402) await recordPaymentFailure(deps.streams, providerOrderId, `attempt-${payment.failures.length + 1}`, error.message);
      throw new HttpError(error.status, { error: true, msg: error.message });
    }
  });

  // The shopper closed the provider's checkout without paying: recorded so the page can say so.
  router.post('/payments/abandon', auth, answerRefusals(checkoutRefusal), async (ctx) => {
    const { userId } = currentUser(ctx);
    const { providerOrderId } = validate(abandonBody, bodyOf(ctx));
    const payment = await ownPayment(deps, userId, providerOrderId);
    await recordPaymentFailure(deps.streams, providerOrderId, `attempt-${payment.failures.length + 1}`, PAYMENT_ABANDONED);
    ctx.body = { providerOrderId, paymentState: payment.paymentId ? 'paid' : 'failed', msg: PAYMENT_ABANDONED };
  });

  router.post('/payments/razorpay/webhook', answerRefusals(checkoutRefusal), async (ctx) => {
    if (deps.payments.name !== 'razorpay') throw new HttpError(404, { error: true, msg: 'Not found' });
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    if (!deps.payments.verifyWebhook(raw, ctx.get('x-razorpay-signature'))) {
      throw new HttpError(400, { error: true, msg: 'Invalid webhook signature' });
    }
    const eventId = ctx.get('x-razorpay-event-id');
    if (!eventId) throw new HttpError(400, { error: true, msg: 'x-razorpay-event-id is required' });
    const result = await handleRazorpayWebhook(deps, process, eventId, bodyOf(ctx));
    ctx.body = { status: result.status };
  });

  return router;
}
