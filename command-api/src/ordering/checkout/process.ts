import { randomInt } from 'node:crypto';
import {
  isGiftCardLine,
  orderDocFrom,
  orderIdForPayment,
  type OrderDoc,
  type OrderEventMap,
} from '@shop/contracts';
import { DomainError, type DomainEvent } from '../../shared/decider.ts';
import type { CartCommands } from '../../cart/commands.ts';
import { derivedEventId, type CommandContext, type StreamCommands } from '../../shared/stream-commands.ts';
import { orderStream, type OrderState } from '../order/decider.ts';
import { paymentStream, type PaymentState } from '../payment/decider.ts';
import { claimFirstOrderDiscount } from '../discount/first-order-discount.ts';
import { claimPromotionUses, withdrawnPromotion } from '../../promotions/claims.ts';
import { cartCouponStream } from '../../promotions/decider.ts';
import { checkoutStream, type CheckoutStarted } from './decider.ts';
import { stockLeft, stockStream } from '../stock/decider.ts';
import { openingStock } from '../stock/opening-stock.ts';
import { releaseAndRefund, stockHolds, type StockHold } from '../give-back.ts';
import type { GstInvoicing } from '../tax/gst-invoicing.ts';
import { GIFT_CARD_DEBIT_GIVEN_BACK, giftCardDebitStands } from '../../gifting/gift-cards.ts';
import type { GiftCardCodes } from '../../gifting/codes.ts';
import { issuePurchasedGiftCard } from '../../gifting/purchase.ts';

/** Events written once per payment whatever happens: a retry re-appends the same ids (a no-op). */
const onceFor = (paymentId: string) => ({
  eventIds: (event: DomainEvent) => derivedEventId('checkout', paymentId, event.type),
});

/** How long an opened payment may be paid unless PAYMENT_OPEN_MINUTES says otherwise. */
export const DEFAULT_PAYMENT_OPEN_MS = 30 * 60_000;

/** A payment confirmed after PAYMENT_OPEN_MINUTES: its prices were decided too long ago. */
export const PAYMENT_EXPIRED = 'This payment was not completed in time, so your order was not placed and anything paid is given back. Please check out again.';

export interface PaymentTerms {
  /** How long an opened payment may be paid (PAYMENT_OPEN_MINUTES). */
  openForMs: number;
  /** The clock payments and promotions' windows are judged by (tests set their own). */
  now: () => Date;
}

export type CheckoutOutcome =
  | { ok: true; order: OrderDoc; position: bigint; replayed: boolean }
  | { ok: false; msg: string; position: bigint };

/**
 * Checkout after a verified payment, a process over several streams. Its own stream
 * (`checkout-<paymentId>`) is written first; then stock is reserved product by product with
 * expected-revision appends, the order (id derived from the payment id) is placed, the paid lines
 * leave the cart and the process completes. Every step is idempotent, so running it again (a
 * second confirmation, the startup recovery) finishes what is missing; a reservation that fails
 * is compensated by events: stock released, payment marked for refund, process failed.
 */
export class CheckoutProcess {
  constructor(
    private readonly streams: StreamCommands,
    private readonly cart: CartCommands,
    /** How long a cash-on-delivery order waits for the shopper's confirmation (COD_CONFIRM_WITHIN_MINUTES). */
    private readonly codConfirmWithinMs = 24 * 60 * 60_000,
    /** GST: the tax split (and, invoiced on payment, the invoice) the order is placed with. */
    private readonly gst?: Pick<GstInvoicing, 'atPlacement'>,
    /** The gift card key: a gift card bought in the order is issued under it once the order is placed. */
    private readonly giftCards?: GiftCardCodes,
    /** How long an opened payment may be paid (PAYMENT_OPEN_MINUTES), and the clock it and the promotions' windows are judged by. */
    private readonly paying: PaymentTerms = { openForMs: DEFAULT_PAYMENT_OPEN_MS, now: () => new Date() },
  ) {}

  /** How long an opened payment may be paid: a checkout repeated later opens a new one. */
  get paymentOpenForMs(): number {
    return this.paying.openForMs;
  }

  /**
   * Why an open payment may not be paid now, or null: it was opened too long ago, or a promotion
   * it was priced with is no longer given. Asked before the offline provider takes the money (the
   * shopper is told, and checks out again at the new price); the checkout asks again when the
   * payment is confirmed, since a provider's own window (Razorpay's) takes money without asking.
   */
  async refusalBeforePaying(providerOrderId: string): Promise<string | null> {
    const payment = await this.streams.load(paymentStream.at(providerOrderId));
    if (!payment.opened) return null;
    return (await this.expiry(providerOrderId, payment)) ?? (await withdrawnPromotion(this.streams, payment.opened, this.paying.now()));
  }

  /** PAYMENT_EXPIRED when the payment, not yet confirmed, was opened longer ago than PAYMENT_OPEN_MINUTES; else null. */
  private async expiry(providerOrderId: string, payment: PaymentState): Promise<string | null> {
    // A cash or whole-gift-card payment is confirmed the moment it is opened; a confirmed one was judged then.
    if (payment.paymentId || !payment.opened || payment.opened.provider === 'cod' || payment.opened.provider === 'gift-card') return null;
    // When it was opened is when its event was recorded (payments opened before this rule included).
    const opened = await this.streams.first(paymentStream.at(providerOrderId).id);
    const openedAt = opened ? Date.parse(opened.metadata.timestamp) : Number.NaN;
    return this.paying.now().getTime() - openedAt > this.paying.openForMs ? PAYMENT_EXPIRED : null;
  }

  /**
   * Confirms the payment and runs its checkout; one run at a time per payment in this process.
   * The order is the payment as opened: its lines, amount, billing address, fee and promised day.
   */
  run(confirmed: { providerOrderId: string; paymentId: string }): Promise<CheckoutOutcome> {
    const { providerOrderId, paymentId } = confirmed;
    return this.streams.exclusive(`checkout:${paymentId}`, async () => {
      const payment$ = paymentStream.at(providerOrderId);
      const payment = await this.streams.load(payment$);
      if (!payment.opened) throw new DomainError('not-found', 'Payment not found');
      // Judged before this confirmation is recorded: paid too late, it is refused (and refunded).
      const expired = await this.expiry(providerOrderId, payment);
      const ctx: CommandContext = { userId: payment.opened.userId, correlationId: paymentId };
      const confirm = { type: 'ConfirmPayment', providerOrderId, paymentId } as const;
      const confirmedAt = await this.streams.handle(payment$, confirm, ctx, onceFor(paymentId));
      const { userId, amount, lines, provider, discount, deliveryFee, deliverBy, promotions, customerKey, giftCard, gift } = payment.opened;
      const start = {
        type: 'StartCheckout',
        paymentId,
        providerOrderId,
        provider,
        orderId: orderIdForPayment(paymentId),
        userId,
        amount,
        lines,
        billing: payment.opened.billing,
        ...(discount ? { discount } : {}),
        deliveryFee,
        ...(deliverBy ? { deliverBy } : {}),
        ...(promotions?.length ? { promotions } : {}),
        ...(customerKey ? { customerKey } : {}),
        ...(giftCard ? { giftCard } : {}),
        ...(gift ? { gift } : {}),
      } as const;
      const started = await this.streams.handle(checkoutStream.at(paymentId), start, ctx, onceFor(paymentId));
      const outcome = await this.proceed(paymentId, expired);
      return { ...outcome, position: max(outcome.position, started.position, confirmedAt.position) };
    });
  }

  /** Finishes a process that was started and never finished (startup recovery). */
  resume(paymentId: string): Promise<CheckoutOutcome> {
    return this.streams.exclusive(`checkout:${paymentId}`, () => this.proceed(paymentId));
  }

  /** `refusal`: why this confirmation may not become an order (decided by `run`): compensated like a stock refusal. */
  private async proceed(paymentId: string, refusal: string | null = null): Promise<CheckoutOutcome> {
    // Read fresh: the process stream is short, and recovery must not trust a cache.
    const state = await this.streams.load(checkoutStream.at(paymentId), { fresh: true });
    const started = state.started;
    if (!started) throw new DomainError('not-found', 'Checkout not started');
    if (state.outcome?.status === 'failed') return { ok: false, msg: state.outcome.reason, position: 0n };
    if (state.outcome?.status === 'completed') {
      const order = await this.streams.load(orderStream.at(started.orderId), { fresh: true });
      return placedOrder(started, order, true, 0n);
    }

    const ctx: CommandContext = { userId: started.userId, correlationId: paymentId };
    let position = 0n;
    try {
      if (refusal) throw new DomainError('conflict', refusal);
      // The price the payment was opened at must still be one the shop gives. An order already
      // placed (a run that stopped before completing) was checked before it was placed.
      if (!(await this.streams.load(orderStream.at(started.orderId))).placed) {
        const withdrawn = await withdrawnPromotion(this.streams, started, this.paying.now());
        if (withdrawn) throw new DomainError('conflict', withdrawn);
      }
      for (const hold of stockHolds(started.lines)) position = max(position, await this.reserve(started, hold, ctx));
      // Claimed only once the stock is there, so a checkout that fails for stock never takes it.
      // A claim refused (another order of the shopper's got it first) is compensated like stock.
      if (started.discount) {
        const { userId, orderId, discount } = started;
        const claim = { userId, paymentId, orderId, amount: discount.amount, ...(started.customerKey ? { customerKey: started.customerKey } : {}) };
        position = max(position, await claimFirstOrderDiscount(this.streams, claim, ctx, onceFor(paymentId)));
      }
      // Each promotion's use, limits decided on its own stream (a refusal gives back the others).
      if (started.promotions?.length) {
        const use = { paymentId, orderId: started.orderId, customerKey: started.customerKey ?? started.userId, promotions: started.promotions };
        position = max(position, await claimPromotionUses(this.streams, use, ctx));
      }
      // The card's part must still be held: a payment made after the sweep gave it back cannot keep it.
      if (started.giftCard && !(await giftCardDebitStands(this.streams, started.giftCard))) throw new DomainError('conflict', GIFT_CARD_DEBIT_GIVEN_BACK);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error; // infrastructure: leave it for a retry or the recovery
      return { ok: false, msg: error.message, position: max(position, await this.compensate(started, error.message, ctx)) };
    }
    const payment = await this.streams.load(paymentStream.at(started.providerOrderId));
    const paymentMethod = payment.opened?.paymentMethod ?? 'card';
    const cod = paymentMethod === 'cod' ? { code: codConfirmationCode(), confirmBy: new Date(Date.now() + this.codConfirmWithinMs).toISOString() } : undefined;
    const placing = orderPlacedData(started, paymentMethod, cod);
    // Decided before the append and written with the order in it: an order never lacks its tax.
    const gst = this.gst && !(await this.streams.load(orderStream.at(started.orderId))).placed ? await this.gst.atPlacement(placing) : {};
    const place = { type: 'PlaceOrder', ...placing, ...gst } as const;
    const placed = await this.streams.handle(orderStream.at(started.orderId), place, ctx, onceFor(paymentId));
    // A card bought in the order is issued once it is placed (and not if it was cancelled before a resumed run got here).
    const purchase = payment.opened?.giftCardPurchase;
    if (purchase && !isEnded(placed.state)) {
      if (!this.giftCards) throw new Error('A gift card was bought, but the checkout has no gift card key');
      position = max(position, await issuePurchasedGiftCard(this.streams, this.giftCards, { orderId: started.orderId, userId: started.userId, lines: started.lines }, purchase, ctx));
    }
    // A bought gift card was never in the cart.
    const lineIds = started.lines.filter((line) => !isGiftCardLine(line)).map((line) => line.lineId);
    const cleared = lineIds.length > 0 ? await this.cart.checkOut(started.userId, started.orderId, lineIds, ctx) : { position: 0n };
    // The coupon went with the cart it was applied to.
    if (started.promotions?.some((p) => p.code)) await this.streams.handle(cartCouponStream.at(started.userId), { type: 'RemoveCartCoupon', userId: started.userId }, ctx);
    const complete = { type: 'CompleteCheckout', paymentId } as const;
    const done = await this.streams.handle(checkoutStream.at(paymentId), complete, ctx, onceFor(paymentId));
    // The order as placed (or as found, when a retry placed it before): no need to read it back.
    return placedOrder(started, placed.state, false, max(position, placed.position, cleared.position, done.position));
  }

  private async reserve(started: CheckoutStarted, hold: StockHold, ctx: CommandContext): Promise<bigint> {
    const stream = stockStream.at(hold.productId);
    const stock = await this.streams.load(stream);
    const initialStock = stockLeft(stock, hold.sku) ?? (await openingStock(this.streams, hold.productId, hold.sku, () => new DomainError('conflict', `Sorry, ${hold.productTitle} is no longer available`)));
    const command = {
      type: 'ReserveStock',
      productId: hold.productId,
      ...(hold.sku ? { sku: hold.sku } : {}),
      productTitle: hold.productTitle,
      reservationId: started.paymentId,
      quantity: hold.quantity,
      initialStock,
    } as const;
    return (await this.streams.handle(stream, command, ctx, { maxAttempts: 20 })).position;
  }

  /** Undo by new events: give back every reservation, ask for the refund, record the failure. */
  private async compensate(started: CheckoutStarted, reason: string, ctx: CommandContext): Promise<bigint> {
    const paid = { ...started, moneyTaken: started.provider !== 'cod' && started.provider !== 'gift-card' };
    const given = await releaseAndRefund(this.streams, paid, reason, ctx, onceFor(started.paymentId).eventIds);
    const fail = { type: 'FailCheckout', paymentId: started.paymentId, reason } as const;
    const failed = await this.streams.handle(checkoutStream.at(started.paymentId), fail, ctx, onceFor(started.paymentId));
    return max(given, failed.position);
  }
}

/** An order cancelled or returned: whatever it bought is not handed over any more. */
function isEnded(order: OrderState): boolean {
  return order.status === 'cancelled' || order.status === 'returned';
}

function placedOrder(started: CheckoutStarted, order: OrderState, replayed: boolean, position: bigint): CheckoutOutcome {
  if (!order.placed || !order.status) throw new Error(`Checkout ${started.paymentId} completed without its order`);
  return { ok: true, order: orderDocFrom(order.placed, order.status, order.trackingNumber, order.cod), position, replayed };
}

/** Letters and digits that cannot be mistaken for one another when typed from an e-mail. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters of 32: 40 random bits, so guessing one order's code is hopeless. */
function codConfirmationCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * The order exactly as paid (or, cash on delivery, as it will be paid): lines and amount from the
 * payment the server opened. A cash-on-delivery fee is what the amount holds beyond the lines less
 * the discount and the delivery fee.
 */
function orderPlacedData(
  started: CheckoutStarted,
  paymentMethod: OrderEventMap['OrderPlaced']['paymentMethod'],
  cod: OrderEventMap['OrderPlaced']['cod'],
): OrderEventMap['OrderPlaced'] {
  const { billing } = started;
  const promotions = started.promotions ?? [];
  const goods = started.lines.reduce((sum, line) => sum + line.subTotal, 0) - (started.discount?.amount ?? 0) - promotions.reduce((sum, p) => sum + p.amount, 0);
  return {
    orderId: started.orderId,
    paymentId: started.paymentId,
    providerOrderId: started.providerOrderId,
    userid: started.userId,
    name: billing.fullName,
    phoneNumber: billing.phoneNumber,
    address: `${billing.streetAddressLine1}, ${billing.streetAddressLine2}`,
    pincode: billing.zipCode,
    email: billing.email,
    country: billing.country,
    city: billing.city,
    state: billing.state,
    amount: started.amount,
    products: started.lines,
    date: new Date().toISOString(),
    ...(started.discount ? { discount: started.discount } : {}),
    billing,
    deliveryFee: started.deliveryFee,
    ...(started.deliverBy ? { deliverBy: started.deliverBy } : {}),
    paymentMethod,
    codFee: paymentMethod === 'cod' ? Math.max(0, started.amount - goods - started.deliveryFee - (started.gift?.wrapFee ?? 0)) : 0,
    ...(cod ? { cod } : {}),
    ...(promotions.length ? { promotions } : {}),
    ...(started.giftCard ? { giftCard: started.giftCard } : {}),
    ...(started.gift ? { gift: started.gift } : {}),
  };
}

function max(...values: bigint[]): bigint {
  return values.reduce((a, b) => (b > a ? b : a), 0n);
}

