import {
  CART_MESSAGES,
  CURRENCY,
  cartQuantityFits,
  newId,
  offerFor,
  variantLabel,
  VARIANT_OPTION_KINDS,
  type Billing,
  type OptionChoice,
  type ProductVariant,
  type OrderDiscount,
  type OrderDoc,
  type PaymentMethod,
  type PaymentProviderName,
  type PricedLine,
  type GiftCardPayment,
  type GiftOrder,
  type GiftOrderRequest,
  type GiftCardPurchase,
} from '@shop/contracts';
import { LRUCache } from 'lru-cache';
import { TEST_BANKS, TEST_CARDS, type DocumentStore, type PaymentProvider } from '@shop/platform';
import type { CartCommands } from '../../cart/commands.ts';
import type { CatalogProducts } from '../../shared/catalog-products.ts';
import type { StreamCommands } from '../../shared/stream-commands.ts';
import { DomainError } from '../../shared/decider.ts';
import { pricedWith, pricingContext } from '../../promotions/pricing.ts';
import { checkoutDiscounts, type CheckoutDiscounts } from '../../promotions/checkout-discounts.ts';
import type { CheckoutKeys, MailboxKeys } from '../../account/emails.ts';
import { accountStream } from '../../account/decider.ts';
import { paymentStream } from '../payment/decider.ts';
import { quoteDelivery, type DeliverySettings } from '../delivery/quote.ts';
import { codAddressOf, decideCod, type CodAvailability, type CodSettings } from '../cod/cod-rules.ts';
import { releaseCodHolds, takeCodHolds } from '../cod/cod-holds.ts';
import type { CheckoutProcess } from './process.ts';
import { deliveryDestination, giftOrderTerms, priceCheckoutGiftCard, takeGiftCardPart, undoGiftCardPart, type CheckoutGifting } from '../../gifting/checkout-gifting.ts';
import { GIFT_CARD_MESSAGES } from '../../gifting/decider.ts';
import { giftCardLine } from '../../gifting/purchase.ts';

export const SHOP_NAME = 'Gift & Gear Shop';

/** What the browser needs to open the provider's checkout (Razorpay's options, or our test dialog's). */
export interface CheckoutReply {
  /** `cod`: no provider payment; the order is placed at once, with payment due (`order`). */
  provider: 'test' | 'razorpay' | 'cod' | 'gift-card';
  keyId: string;
  /** The provider's order id the checkout is bound to. */
  orderId: string;
  /** Paise left to pay, as the provider's checkout takes it: `total` less a gift card's part (0 when a card paid it all). */
  amount: number;
  currency: string;
  /** Whole rupees: the order total the server computed (the lines' subtotals less `discount`, plus `deliveryFee` and `codFee`). */
  total: number;
  /** Whole rupees: the sum of the lines' subtotals. */
  subtotal: number;
  /** The first-order discount taken off, or null. */
  discount: OrderDiscount | null;
  /** Every discount taken, by name, in the order the price pipeline took them (the first-order one included). */
  discounts: { label: string; amount: number }[];
  /** How the shopper chose to pay. */
  paymentMethod: PaymentMethod;
  /** Whole rupees of delivery inside `total`: charged under the free-delivery threshold, else 0. */
  deliveryFee: number;
  /** ISO date: the latest delivery day promised for the billing pincode (none for a gift card: it is mailed once paid). */
  deliverBy?: string;
  /** Whole rupees of the cash-on-delivery fee included in `total` (0 when paying online). */
  codFee: number;
  /** The gift card that paid part (`applied` rupees) of `total`, and what it holds now; `amount` is what is left to pay. */
  giftCard?: { code: string; applied: number; balance: number };
  /** A gift order: message, wrap (its fee inside `total`) and recipient. */
  gift?: GiftOrder;
  /** Cash on delivery: the order as placed, awaiting the shopper's confirmation from its e-mail. */
  order?: OrderDoc;
  name: string;
  description: string;
  /** From the billing form; `method` opens Razorpay's Standard Checkout on the chosen way of paying. */
  prefill: { name: string; email: string; contact: string; method?: RazorpayMethod };
  /** Razorpay Standard Checkout's `config` option: what its payment screen shows and hides. */
  config: StandardCheckoutConfig;
  products: PricedLine[];
  testCards?: typeof TEST_CARDS;
  /** The offline provider's net-banking page: the banks it offers (the last one declines). */
  testBanks?: typeof TEST_BANKS;
}

/** Razorpay's names for the ways of paying its Standard Checkout offers. */
type RazorpayMethod = 'upi' | 'netbanking' | 'card';

export interface StandardCheckoutConfig {
  display: { hide: { method: 'upi'; flows: ['collect'] }[]; preferences: { show_default_blocks: true } };
}

/**
 * Standard Checkout's `config` for every payment: UPI Collect (typing a UPI id) is hidden, since NPCI
 * switched it off for Android and desktop; UPI stays as Intent (the app opens on a phone) and as a
 * QR code (shown on a desktop instead of Intent), and every other method keeps its default blocks.
 */
export function standardCheckoutConfig(): StandardCheckoutConfig {
  return { display: { hide: [{ method: 'upi', flows: ['collect'] }], preferences: { show_default_blocks: true } } };
}

/** How long an unpaid payment is handed back for the same checkout again. */
const REUSE_FOR_MS = 30 * 60_000;

/**
 * The payment each shopper opened last in this process, handed back when the same checkout comes
 * again (a double click, a retried request, a script) instead of opening and recording another:
 * the same lines at the same prices, the same discount and billing, still unpaid, opened less
 * than 30 minutes ago. In memory only: after a restart, or on another API process, a repeat
 * opens a new payment, as every checkout did before; the per-user budget bounds those.
 */
export class RecentCheckouts {
  private readonly last = new LRUCache<string, { checkout: string; reply: CheckoutReply; openedAt: number }>({ max: 10_000 });

  constructor(
    private readonly now: () => number = Date.now,
    /** At most as long as a payment may be paid (PAYMENT_OPEN_MINUTES). */
    private readonly reuseForMs: number = REUSE_FOR_MS,
  ) {}

  reusable(userId: string, checkout: string): CheckoutReply | null {
    const last = this.last.get(userId);
    return last && last.checkout === checkout && this.now() - last.openedAt < Math.min(REUSE_FOR_MS, this.reuseForMs) ? last.reply : null;
  }

  opened(userId: string, checkout: string, reply: CheckoutReply): void {
    this.last.set(userId, { checkout, reply, openedAt: this.now() });
  }
}

type OpenPaymentDeps = {
  streams: StreamCommands;
  cart: CartCommands;
  docs: DocumentStore;
  products: CatalogProducts;
  payments: PaymentProvider;
  /** Zones, days and fee: the pincode is checked and the fee and promised day decided from them. */
  delivery: DeliverySettings;
  /** The clock the promised day counts from (tests pass their own). */
  now?: () => Date;
  checkout: CheckoutProcess;
  cod: { settings: CodSettings; availability: CodAvailability };
  /** Whose per-person promotion limits and first-order discount the shopper counts against; a delivery address's key for cash on delivery. */
  emails: CheckoutKeys;
  gifting: CheckoutGifting;
};

/**
 * Prices the caller's cart from the catalog read model, opens a payment for exactly that total
 * with the provider, and records it (`payment-<providerOrderId>`) with the lines and billing it
 * is for. The client's idea of the amount is never asked. The same checkout again, while its
 * payment is open and unpaid, gets that payment back (`recent`); one user's checkouts run one
 * at a time, so a burst of repeats finds the first one's.
 */
export function openCheckoutPayment(deps: OpenPaymentDeps, request: CheckoutRequest, recent?: RecentCheckouts): Promise<{ reply: CheckoutReply; position: bigint }> {
  return deps.streams.exclusive(`open-payment:${request.userId}`, () => openPayment(deps, request, recent));
}

/** What a shopper asks to pay for: their own cart, with this billing form and way of paying. */
export interface CheckoutRequest {
  userId: string;
  /** The account's e-mail (the token's): per-person promotion limits count against its mailbox. */
  email: string;
  billing: Billing;
  /** The shopper's choice (`gift-card` is what the server records when a card paid it all). */
  paymentMethod: Exclude<PaymentMethod, 'gift-card'>;
  /** A gift card to pay part (or all) of the order with. */
  giftCardCode?: string;
  /** Gift message, wrap and recipient, as sent (validated). */
  gift?: GiftOrderRequest;
}

async function openPayment(
  deps: OpenPaymentDeps,
  { userId, email, billing, paymentMethod, giftCardCode, gift: giftRequest }: CheckoutRequest,
  recent?: RecentCheckouts,
): Promise<{ reply: CheckoutReply; position: bigint }> {
  const cart = await deps.cart.state(userId);
  if (cart.lines.size === 0) throw new DomainError('invalid', 'Your cart is empty');
  const lines: PricedLine[] = [];
  const catalogPlaces = new Map<string, { catId: string; subCatId: string }>();
  for (const line of cart.lines.values()) {
    const product = await deps.products.get(line.productId);
    if (!product) throw new DomainError('not-found', `${line.productTitle} is no longer available`);
    // Priced as the catalog sells the line's variant now (or the product, without variants).
    const offer = offerFor(product, line);
    if (!offer) throw new DomainError('not-found', `${line.productTitle} (${variantLabel(line)}) is no longer available`);
    if (!cartQuantityFits(line.quantity, offer.countInStock)) throw new DomainError('conflict', `${product.name}: ${CART_MESSAGES.overStock}`);
    const { price } = offer;
    catalogPlaces.set(line.lineId, { catId: product.catId, subCatId: product.subCatId });
    lines.push({
      lineId: line.lineId,
      productId: product.id,
      productTitle: product.name,
      image: product.images[0] ?? line.image,
      price,
      quantity: line.quantity,
      subTotal: price * line.quantity,
      ...lineVariant(offer.variant, line),
    });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.subTotal, 0);
  // An address whose pincode India Post does not list, or that lies in another state, would
  // never arrive: refused before any payment is opened.
  const now = (deps.now ?? (() => new Date()))();
  // A gift goes to its recipient's address: the fee and promised day are the recipient's.
  const gift = giftOrderTerms(giftRequest, deps.gifting.wrapFee);
  const destination = deliveryDestination(billing, gift);
  const quoted = quoteDelivery(destination.zipCode, destination.state, deps.delivery, now, subtotal);
  if (!quoted.ok) throw new DomainError('invalid', quoted.message);
  const { by: deliverBy } = quoted.quote;
  // The one price pipeline: sales, the coupon, the first-order discount, the delivery fee (quoted
  // on the goods after the sales, since a sale price is the price).
  const context = await pricingContext(deps, { userId, email });
  const feeFor = (goods: number) => {
    const quote = quoteDelivery(destination.zipCode, destination.state, deps.delivery, now, goods);
    return quote.ok ? quote.quote.fee : 0;
  };
  const pipelineLines = lines.map((line) => ({ ...line, ...catalogPlaces.get(line.lineId) }));
  const priced = pricedWith(context, pipelineLines, { paymentMethod, deliveryFeeFor: feeFor, now });
  const terms = checkoutDiscounts(priced, context.customerKey);
  const { deliveryFee } = terms;
  const codFee = paymentMethod === 'cod' ? deps.cod.settings.fee : 0;
  // Gift wrap is a fee of its own; a gift card is a way to pay (it comes off what the provider is asked for).
  const amount = priced.total + codFee + (gift?.wrapFee ?? 0);
  const giftCard = await priceCheckoutGiftCard(deps.streams, deps.gifting, { giftCardCode, paymentMethod, amount });
  if (paymentMethod === 'cod') return placeCodOrder(deps, { userId, billing, destination, now, lines, subtotal, terms, amount, codFee, deliveryFee, deliverBy, gift });
  const checkout = JSON.stringify({ lines, terms, amount, billing, paymentMethod, deliveryFee, deliverBy, gift, giftCard: giftCard?.code });
  const earlier = recent?.reusable(userId, checkout);
  if (earlier) {
    const payment = await deps.streams.load(paymentStream.at(earlier.orderId), { fresh: true });
    if (payment.opened && !payment.paymentId && !payment.refundRequested) return { reply: earlier, position: 0n };
  }
  const receipt = newId();
  const payment = { userId, amount, receipt, lines, billing, terms, deliverBy, gift };
  if (giftCard && giftCard.applied === amount) return placeGiftCardOrder(deps, { ...payment, subtotal, giftCard }, recent, checkout);
  const due = amount - (giftCard?.applied ?? 0);
  // A provider's refusal (PaymentProviderError) goes up as it is: the route answers it.
  const opened = await deps.payments.openPayment({ amountPaise: due * 100, currency: CURRENCY, receipt, notes: { receipt, userId } });
  const card = giftCard ? await takeGiftCardPart(deps.streams, giftCard, opened.providerOrderId, userId) : null;
  const result = await recordOrUndo(deps, card?.payment, { ...payment, providerOrderId: opened.providerOrderId, provider: opened.provider, paymentMethod, giftCard: card?.payment });
  const reply: CheckoutReply = {
    ...providerReply(opened, { billing, subtotal, terms, paymentMethod, deliverBy, lines, amount, codFee }),
    ...(card && giftCard ? { giftCard: { code: giftCard.code, applied: giftCard.applied, balance: card.balance } } : {}),
    ...(gift ? { gift } : {}),
  };
  recent?.opened(userId, checkout, reply);
  return { reply, position: result.position };
}

/** The reply that opens the provider's checkout for a payment opened online. */
function providerReply(
  opened: OpenedProviderPayment,
  order: { billing: Billing; subtotal: number; terms: CheckoutDiscounts; paymentMethod: Exclude<PaymentMethod, 'gift-card' | 'cod'>; deliverBy: string | undefined; lines: PricedLine[]; amount: number; codFee: number },
): CheckoutReply {
  const { billing, terms, paymentMethod } = order;
  return {
    provider: opened.provider,
    keyId: opened.keyId,
    orderId: opened.providerOrderId,
    amount: opened.amountPaise,
    currency: opened.currency,
    total: order.amount,
    subtotal: order.subtotal,
    discount: terms.discount,
    discounts: terms.discounts,
    paymentMethod,
    deliveryFee: terms.deliveryFee,
    ...(order.deliverBy ? { deliverBy: order.deliverBy } : {}),
    codFee: order.codFee,
    name: SHOP_NAME,
    description: 'for testing purpose',
    prefill: { name: billing.fullName, email: billing.email, contact: billing.phoneNumber, method: paymentMethod },
    config: standardCheckoutConfig(),
    products: order.lines,
    ...(opened.provider === 'test' ? { testCards: TEST_CARDS, testBanks: TEST_BANKS } : {}),
  };
}

type OpenedProviderPayment = Awaited<ReturnType<PaymentProvider['openPayment']>>;

/** A shopper buying a gift card: the amount (one the shop sells), whom it goes to, billing and how to pay. */
export interface GiftCardPurchaseRequest {
  userId: string;
  /** The account's e-mail (the token's). */
  email: string;
  billing: Billing;
  paymentMethod: Exclude<PaymentMethod, 'gift-card'>;
  amount: number;
  purchase: GiftCardPurchase;
}

/**
 * Opens the payment of a gift card purchase: one line, the card at the amount picked, nothing
 * else (no delivery, no promotion), paid online only and never with another gift card. The
 * payment records whom the card goes to; the checkout issues it once the payment is confirmed.
 */
export function openGiftCardPurchase(
  deps: Pick<OpenPaymentDeps, 'streams' | 'payments'> & { emails: MailboxKeys },
  request: GiftCardPurchaseRequest,
): Promise<{ reply: CheckoutReply; position: bigint }> {
  return deps.streams.exclusive(`open-payment:${request.userId}`, async () => {
    const { userId, email, billing, paymentMethod, amount, purchase } = request;
    // Paid online only (a card bought with cash never collected would still be spendable); the
    // request takes no gift card code, so a card never buys a card.
    if (paymentMethod === 'cod') throw new DomainError('invalid', GIFT_CARD_MESSAGES.giftCardCod);
    const lines = [giftCardLine(amount)];
    const terms: CheckoutDiscounts = { discount: null, promotions: [], discounts: [], deliveryFee: 0, customerKey: deps.emails.mailbox(email) };
    const receipt = newId();
    const opened = await deps.payments.openPayment({ amountPaise: amount * 100, currency: CURRENCY, receipt, notes: { receipt, userId } });
    const payment = { providerOrderId: opened.providerOrderId, provider: opened.provider, userId, amount, receipt, lines, billing, terms, paymentMethod, giftCardPurchase: purchase };
    const result = await recordOpenedPayment(deps, payment);
    const reply = providerReply(opened, { billing, subtotal: amount, terms, paymentMethod, deliverBy: undefined, lines, amount, codFee: 0 });
    // The provider's page names the card, not whom it is for (the recipient's address is the buyer's to give, not the provider's to keep).
    return { reply: { ...reply, description: lines[0]!.productTitle }, position: result.position };
  });
}

/**
 * Cash on delivery: no provider is asked. If the account may pay in cash (its own e-mail verified:
 * the confirmation code goes there), the delivery pincode's zone takes cash, and the cap and the
 * units per line allow it, the checkout takes its place among the account's and the delivery
 * address's unconfirmed orders (refused when either has its cap open), the payment is recorded as
 * a cash one (`cod_<receipt>`, provider `cod`) and the same checkout process as a paid one places
 * the order at once (stock reserved, cart cleared), with payment due and a confirmation code for
 * the order e-mail. Refusals say why, and leave the stock and the cart as they were.
 */
async function placeCodOrder(
  deps: OpenPaymentDeps,
  order: {
    userId: string;
    billing: Billing;
    /** Where the parcel goes (a gift's recipient, else the billing address): it decides whether cash is taken. */
    destination: { zipCode: string; streetAddressLine1: string };
    now: Date;
    lines: PricedLine[];
    subtotal: number;
    terms: CheckoutDiscounts;
    amount: number;
    codFee: number;
    deliveryFee: number;
    deliverBy: string;
    gift: GiftOrder | undefined;
  },
): Promise<{ reply: CheckoutReply; position: bigint }> {
  const { userId, billing, destination, lines, subtotal, terms, amount, codFee, deliveryFee, deliverBy, gift } = order;
  const { settings } = deps.cod;
  const account = await deps.streams.load(accountStream.at(userId), { fresh: true });
  const verifiedAccount = account.registered && account.verified && !account.forgotten;
  const pincode = destination.zipCode;
  const codAllowedHere = await deps.cod.availability.codAllowedHere(pincode);
  const decision = decideCod({ amount, pincode, codAllowedHere, verifiedAccount, quantities: lines.map((line) => line.quantity) }, settings);
  if (!decision.ok) throw new DomainError(decision.reason, decision.msg);
  const receipt = newId();
  const providerOrderId = `cod_${receipt}`;
  // Held per mailbox, not per account id: one mailbox's plus-addresses are many accounts, one person.
  const hold = { holdId: providerOrderId, mailboxKey: deps.emails.mailbox(account.email), addressKey: deps.emails.deliveryAddress(codAddressOf(destination)) };
  const { confirmWithinMs, maxOpenPerAccount, maxOpenPerAddress } = settings;
  await takeCodHolds(deps.streams, { ...hold, at: order.now, confirmWithinMs, maxOpenPerAccount, maxOpenPerAddress }, { userId });
  const opened = await recordOpenedPayment(deps, { providerOrderId, provider: 'cod', userId, amount, receipt, lines, billing, terms, paymentMethod: 'cod', deliverBy, gift });
  // The cash payment's id is its own: one cash payment, one order.
  const outcome = await deps.checkout.run({ providerOrderId, paymentId: providerOrderId });
  if (!outcome.ok) {
    // No order holds the places taken (a failure half-way keeps them until their time runs out).
    await releaseCodHolds(deps.streams, hold, outcome.msg, { userId });
    throw new DomainError('conflict', outcome.msg);
  }
  const reply: CheckoutReply = {
    provider: 'cod',
    keyId: '',
    orderId: providerOrderId,
    amount: amount * 100,
    currency: CURRENCY,
    total: amount,
    subtotal,
    discount: terms.discount,
    discounts: terms.discounts,
    paymentMethod: 'cod',
    deliveryFee,
    deliverBy,
    codFee,
    name: SHOP_NAME,
    description: 'Cash on delivery',
    prefill: { name: billing.fullName, email: billing.email, contact: billing.phoneNumber },
    config: standardCheckoutConfig(),
    products: lines,
    ...(gift ? { gift } : {}),
    order: outcome.order,
  };
  return { reply, position: outcome.position > opened.position ? outcome.position : opened.position };
}

/**
 * A gift card that pays the whole amount: no provider is asked. The card is debited for the
 * payment `gift_<receipt>` (provider and method `gift-card`), which the checkout process turns
 * into an order at once, as a paid one; a refusal gives the card's part back.
 */
async function placeGiftCardOrder(
  deps: OpenPaymentDeps,
  order: Omit<Parameters<typeof recordOpenedPayment>[1], 'providerOrderId' | 'provider' | 'paymentMethod' | 'giftCard'> & {
    subtotal: number;
    giftCard: Omit<GiftCardPayment, 'debitId'> & { code: string };
  },
  recent: RecentCheckouts | undefined,
  checkout: string,
): Promise<{ reply: CheckoutReply; position: bigint }> {
  const { subtotal, giftCard, ...payment } = order;
  const providerOrderId = `gift_${payment.receipt}`;
  const card = await takeGiftCardPart(deps.streams, giftCard, providerOrderId, payment.userId);
  const opened = await recordOrUndo(deps, card.payment, { ...payment, providerOrderId, provider: 'gift-card', paymentMethod: 'gift-card', giftCard: card.payment });
  const outcome = await deps.checkout.run({ providerOrderId, paymentId: providerOrderId });
  if (!outcome.ok) throw new DomainError('conflict', outcome.msg);
  const { billing, amount, terms, deliverBy, lines, gift } = payment;
  const { discount, discounts, deliveryFee } = terms;
  const reply: CheckoutReply = {
    provider: 'gift-card',
    keyId: '',
    orderId: providerOrderId,
    amount: 0,
    currency: CURRENCY,
    total: amount,
    subtotal,
    discount,
    discounts,
    paymentMethod: 'gift-card',
    deliveryFee,
    deliverBy,
    codFee: 0,
    name: SHOP_NAME,
    description: 'Paid by gift card',
    prefill: { name: billing.fullName, email: billing.email, contact: billing.phoneNumber },
    config: standardCheckoutConfig(),
    products: lines,
    giftCard: { code: giftCard.code, applied: giftCard.applied, balance: card.balance },
    ...(gift ? { gift } : {}),
    order: outcome.order,
  };
  recent?.opened(payment.userId, checkout, reply);
  return { reply, position: outcome.position > opened.position ? outcome.position : opened.position };
}

/** Records the payment; if that fails after the card was debited, the card's part goes back first. */
async function recordOrUndo(deps: Pick<OpenPaymentDeps, 'streams'>, card: GiftCardPayment | undefined, payment: Parameters<typeof recordOpenedPayment>[1]) {
  try {
    return await recordOpenedPayment(deps, payment);
  } catch (error) {
    if (card) await undoGiftCardPart(deps.streams, card, 'payment not recorded', { userId: payment.userId, correlationId: card.debitId });
    throw error;
  }
}

/**
 * The variant a priced line names, so the order says what to pack: its SKU and options, or the
 * option labels the shopper chose on a product without variants (kept as they were on the cart).
 */
function lineVariant(variant: ProductVariant | null, choice: OptionChoice): Pick<PricedLine, 'sku' | 'size' | 'productRam' | 'productWeight'> {
  const named: Pick<PricedLine, 'sku' | 'size' | 'productRam' | 'productWeight'> = variant ? { sku: variant.sku } : {};
  for (const kind of VARIANT_OPTION_KINDS) {
    const value = variant ? variant.options[kind] : choice[kind];
    if (value) named[kind] = value;
  }
  return named;
}

/** Records a payment as opened (`payment-<providerOrderId>`), with the lines, billing and terms it is for. */
function recordOpenedPayment(
  deps: Pick<OpenPaymentDeps, 'streams'>,
  payment: {
    providerOrderId: string;
    provider: PaymentProviderName;
    userId: string;
    amount: number;
    receipt: string;
    lines: PricedLine[];
    billing: Billing;
    terms: CheckoutDiscounts;
    paymentMethod: PaymentMethod;
    deliverBy?: string;
    gift?: GiftOrder | undefined;
    giftCard?: GiftCardPayment | undefined;
    giftCardPurchase?: GiftCardPurchase;
  },
) {
  const { terms, gift, giftCard, giftCardPurchase, ...opened } = payment;
  const { discount, promotions, customerKey, deliveryFee } = terms;
  const command = {
    type: 'OpenPayment',
    ...opened,
    deliveryFee,
    // The provider is asked for what the gift card leaves to pay.
    amountPaise: (payment.amount - (giftCard?.applied ?? 0)) * 100,
    currency: CURRENCY,
    ...(discount ? { discount } : {}),
    ...(promotions.length ? { promotions } : {}),
    customerKey,
    ...(gift ? { gift } : {}),
    ...(giftCard ? { giftCard } : {}),
    ...(giftCardPurchase ? { giftCardPurchase } : {}),
  } as const;
  return deps.streams.handle(paymentStream.at(payment.providerOrderId), command, { userId: payment.userId });
}
