/**
 * Promotions and the one price pipeline, zod-free so the storefront can import it too
 * (`@shop/contracts/promotion-rules`) to show a sale price; the server alone decides what is charged,
 * with these same functions. Money is whole rupees, as everywhere in the shop.
 *
 * The pipeline runs in one order and only here:
 *   catalog price → automatic line promotions (a sale, buy X get Y) → the coupon → automatic order
 *   discounts (the first-order discount) → delivery fee (and free delivery over an amount).
 * Tax is added after it, from each line's discounted amount and the fee lines it returns.
 */

export const PROMOTION_TYPES = ['percent', 'flat', 'freeDelivery', 'buyXgetY'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export const PROMOTION_STATES = ['active', 'paused', 'ended'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/**
 * A promotion as the pipeline reads it. Without `code` it applies by itself (automatic); with one,
 * only to a cart the shopper applied the code to.
 * - `percent`: `value` % off the eligible lines (a sale: per unit, so the listing's sale price is
 *   the price charged), at most `maxDiscount` rupees for a coupon;
 * - `flat`: `value` rupees off a cart of more than `value` (something is always left to pay);
 * - `freeDelivery`: the delivery fee waived on a cart of at least `value` rupees;
 * - `buyXgetY`: of every `value` + `getQuantity` eligible units, the `getQuantity` cheapest are free.
 */
export interface PromotionRule {
  id: string;
  /** What shoppers read on the cart, the checkout and the order. */
  name: string;
  type: PromotionType;
  value: number;
  code?: string;
  maxDiscount?: number;
  minCart?: number;
  /** ISO instants: applies from `startsAt` (inclusive) until `endsAt` (exclusive). */
  startsAt?: string;
  endsAt?: string;
  /** Uses in all (a use is one order), and rupees in all, the promotion may give. */
  usageLimit?: number;
  budget?: number;
  perCustomerLimit?: number;
  firstOrderOnly?: boolean;
  /** Not for cash on delivery. */
  prepaidOnly?: boolean;
  /** Limited to lines of these categories (or subcategories) or these products; none: every line. */
  categoryIds?: string[];
  productIds?: string[];
  /** buyXgetY: the free units per `value` bought. */
  getQuantity?: number;
  state: PromotionState;
}

/** How much of a promotion has been used so far (the claims counted), and by this shopper. */
export interface PromotionUsage {
  uses: number;
  discountGiven: number;
  byCustomer: number;
}
export const NO_USAGE: PromotionUsage = { uses: 0, discountGiven: 0, byCustomer: 0 };

/** The id of the built-in first-order discount rule. */
export const FIRST_ORDER_PROMOTION_ID = 'first-order';

/**
 * The Rs 20 first-order discount as a rule: what a fresh shop starts with (and what prices a cart
 * until the shop's own copy of the rule is in the read model).
 */
export const FIRST_ORDER_RULE: PromotionRule = {
  id: FIRST_ORDER_PROMOTION_ID,
  name: 'First order discount',
  type: 'flat',
  value: 20,
  firstOrderOnly: true,
  perCustomerLimit: 1,
  state: 'active',
};

/** Why a coupon does not apply, word for word as the shopper reads it. */
export const COUPON_MESSAGES = {
  unknown: 'This coupon code is not valid',
  paused: 'This coupon is not available at the moment',
  ended: 'This coupon has ended',
  notYet: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  minimum: (minCart: number) => `This coupon needs a cart of at least Rs ${minCart.toLocaleString('en-IN')}`,
  moreThan: (amount: number) => `This coupon needs a cart of more than Rs ${amount.toLocaleString('en-IN')}`,
  firstOrder: 'This coupon is for your first order only',
  prepaid: 'This coupon is for prepaid orders only, not cash on delivery',
  products: 'This coupon is not for these products',
  usedUp: 'This coupon has been fully used',
  alreadyUsed: 'You have already used this coupon',
  noCoupon: 'No coupon is applied to your cart',
  nothingOff: 'This coupon takes nothing off this cart',
} as const;

/** A cart line as the pipeline prices it: the catalog's unit price and where the product is filed. */
export interface PipelineLine {
  lineId: string;
  productId: string;
  catId?: string | null;
  subCatId?: string | null;
  price: number;
  quantity: number;
}

/** Where a discount came from in the pipeline (the first-order discount keeps its own kind). */
export type DiscountStage = 'sale' | 'coupon' | 'order' | 'delivery' | 'first-order';

/** One discount taken, by name, with the rupees it took off each line (none for a delivery discount). */
export interface AppliedPromotion {
  promotionId: string;
  label: string;
  stage: DiscountStage;
  amount: number;
  code?: string;
  lines: { lineId: string; amount: number }[];
}

export interface PricedCartLine {
  lineId: string;
  /** Catalog price × quantity. */
  catalogTotal: number;
  /** What the line costs after every discount taken off it (the amount tax is computed from). */
  discountedTotal: number;
}

export interface PipelineInput {
  lines: PipelineLine[];
  /** The shop's promotions that are not coupons (any state: only active ones in their window apply). */
  automatic: PromotionRule[];
  /** The coupon applied to the cart, if any. */
  coupon?: PromotionRule | null;
  /** Usage so far per promotion id (limits, budgets, this shopper's uses). */
  usage: ReadonlyMap<string, PromotionUsage>;
  customer: { firstOrder: boolean };
  /** Unknown until the checkout: then a coupon's prepaid-only condition is not checked yet. */
  paymentMethod?: 'upi' | 'netbanking' | 'card' | 'cod';
  now: Date;
  /** The delivery fee for goods of this many rupees (after the line promotions); absent: no fee (the cart, before an address). */
  deliveryFeeFor?: (goods: number) => number;
}

export interface PipelineResult {
  lines: PricedCartLine[];
  /** In pipeline order. */
  discounts: AppliedPromotion[];
  /** The catalog subtotal. */
  subtotal: number;
  /** The lines after every discount. */
  goods: number;
  /** The delivery fee as quoted, and the fee lines after any delivery discount (for tax). */
  deliveryFee: number;
  fees: { kind: 'delivery'; amount: number }[];
  /** goods + the delivery fee less its discount. */
  total: number;
  /** Why the applied coupon took nothing off (null: it applied, or none was applied). */
  couponRefused: string | null;
}

/** Whether a rule is running at `now`: active and inside its window. */
export function promotionRunning(rule: Pick<PromotionRule, 'state' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return rule.state === 'active' && windowRefusal(rule, now) === null;
}

function windowRefusal(rule: Pick<PromotionRule, 'startsAt' | 'endsAt'>, now: Date): string | null {
  const t = now.getTime();
  if (rule.startsAt && t < Date.parse(rule.startsAt)) return COUPON_MESSAGES.notYet;
  if (rule.endsAt && t >= Date.parse(rule.endsAt)) return COUPON_MESSAGES.expired;
  return null;
}

/** Whether the rule covers a line (its product, or its category or subcategory). */
export function promotionCovers(rule: Pick<PromotionRule, 'categoryIds' | 'productIds'>, line: Pick<PipelineLine, 'productId' | 'catId' | 'subCatId'>): boolean {
  const byCategory = rule.categoryIds ?? [];
  const byProduct = rule.productIds ?? [];
  if (byCategory.length === 0 && byProduct.length === 0) return true;
  if (byProduct.includes(line.productId)) return true;
  return byCategory.some((id) => id === line.catId || id === line.subCatId);
}

/** Rupees a sale of `percent` % takes off one unit of `price` (rounded down: the shop never gives more than it says). */
export function saleUnitDiscount(price: number, percent: number): number {
  return Math.floor((price * percent) / 100);
}

/** The price a unit sells at during a sale of `percent` %: what the listing shows is what is charged. */
export function salePrice(price: number, percent: number): number {
  return price - saleUnitDiscount(price, percent);
}

/**
 * The running automatic sale (percent off, no code) that takes the most off a product, or null.
 * The storefront shows this price; the pipeline charges it.
 */
export function bestSaleFor(
  rules: readonly PromotionRule[],
  product: Pick<PipelineLine, 'productId' | 'catId' | 'subCatId' | 'price'>,
  now: Date,
): { rule: PromotionRule; unitOff: number } | null {
  let best: { rule: PromotionRule; unitOff: number } | null = null;
  for (const rule of rules) {
    if (rule.code || rule.type !== 'percent' || !promotionRunning(rule, now) || !promotionCovers(rule, product)) continue;
    const unitOff = saleUnitDiscount(product.price, rule.value);
    if (unitOff > 0 && (!best || unitOff > best.unitOff)) best = { rule, unitOff };
  }
  return best;
}

/** Why a rule does not apply to this cart for this shopper now, or null when it does. */
function conditionRefusal(rule: PromotionRule, amounts: ReadonlyMap<string, number>, input: PipelineInput): string | null {
  if (rule.state === 'paused') return COUPON_MESSAGES.paused;
  if (rule.state === 'ended') return COUPON_MESSAGES.ended;
  const window = windowRefusal(rule, input.now);
  if (window) return window;
  if (rule.firstOrderOnly && !input.customer.firstOrder) return COUPON_MESSAGES.firstOrder;
  if (rule.prepaidOnly && input.paymentMethod === 'cod') return COUPON_MESSAGES.prepaid;
  const usage = input.usage.get(rule.id) ?? NO_USAGE;
  if (rule.usageLimit !== undefined && usage.uses >= rule.usageLimit) return COUPON_MESSAGES.usedUp;
  if (rule.budget !== undefined && usage.discountGiven >= rule.budget) return COUPON_MESSAGES.usedUp;
  if (rule.perCustomerLimit !== undefined && usage.byCustomer >= rule.perCustomerLimit) return COUPON_MESSAGES.alreadyUsed;
  const goods = sum(amounts.values());
  if (rule.minCart !== undefined && goods < rule.minCart) return COUPON_MESSAGES.minimum(rule.minCart);
  if (rule.type !== 'freeDelivery' && !input.lines.some((line) => promotionCovers(rule, line))) return COUPON_MESSAGES.products;
  return null;
}

/** Splits `amount` over lines in proportion to what each costs now, whole rupees (largest remainders), never more than a line costs. */
export function allocate(amount: number, lines: readonly { lineId: string; amount: number }[]): { lineId: string; amount: number }[] {
  const total = sum(lines.map((line) => line.amount));
  if (total <= 0 || amount <= 0) return [];
  const shares = lines.map((line) => {
    const exact = (amount * line.amount) / total;
    return { lineId: line.lineId, amount: Math.floor(exact), rest: exact - Math.floor(exact), cap: line.amount };
  });
  let left = amount - sum(shares.map((s) => s.amount));
  for (const share of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (left <= 0) break;
    if (share.amount < share.cap) {
      share.amount += 1;
      left -= 1;
    }
  }
  return shares.filter((s) => s.amount > 0).map(({ lineId, amount: a }) => ({ lineId, amount: a }));
}

/** Rupees a line-level or order-level rule takes off the covered lines as they cost now, before caps. */
function ruleDiscount(rule: PromotionRule, input: PipelineInput, amounts: Map<string, number>): { lineId: string; amount: number }[] | string {
  const covered = input.lines.filter((line) => promotionCovers(rule, line)).map((line) => ({ line, amount: amounts.get(line.lineId) ?? 0 }));
  const coveredTotal = sum(covered.map((c) => c.amount));
  if (rule.type === 'percent') {
    let off = Math.floor((coveredTotal * rule.value) / 100);
    if (rule.maxDiscount !== undefined) off = Math.min(off, rule.maxDiscount);
    return allocate(off, covered.map((c) => ({ lineId: c.line.lineId, amount: c.amount })));
  }
  if (rule.type === 'flat') {
    if (coveredTotal <= rule.value) return COUPON_MESSAGES.moreThan(rule.value);
    return allocate(rule.value, covered.map((c) => ({ lineId: c.line.lineId, amount: c.amount })));
  }
  if (rule.type === 'buyXgetY') {
    const get = rule.getQuantity ?? 1;
    const units = sum(covered.map((c) => c.line.quantity));
    let free = Math.floor(units / (rule.value + get)) * get;
    const taken: { lineId: string; amount: number }[] = [];
    // The cheapest units go free: priced as they cost now (after a sale), per unit.
    for (const c of [...covered].sort((a, b) => a.amount / a.line.quantity - b.amount / b.line.quantity)) {
      if (free <= 0) break;
      const n = Math.min(free, c.line.quantity);
      const off = Math.floor((c.amount * n) / c.line.quantity);
      if (off > 0) taken.push({ lineId: c.line.lineId, amount: off });
      free -= n;
    }
    return taken;
  }
  return [];
}

/** Caps a discount at what is left of the rule's budget. */
function withinBudget(rule: PromotionRule, lines: { lineId: string; amount: number }[], usage: PromotionUsage): { lineId: string; amount: number }[] {
  if (rule.budget === undefined) return lines;
  const left = Math.max(0, rule.budget - usage.discountGiven);
  const off = sum(lines.map((l) => l.amount));
  return off <= left ? lines : allocate(left, lines);
}

/**
 * Prices a cart: every stage in order, each working on what the lines cost after the stages
 * before it. Pure: the caller brings the rules, the usage counts, the clock and the fee rule.
 */
export function priceCart(input: PipelineInput): PipelineResult {
  const amounts = new Map(input.lines.map((line) => [line.lineId, line.price * line.quantity]));
  const discounts: AppliedPromotion[] = [];
  const take = (rule: PromotionRule, stage: DiscountStage, lines: { lineId: string; amount: number }[]) => {
    const amount = sum(lines.map((l) => l.amount));
    if (amount <= 0) return;
    for (const l of lines) amounts.set(l.lineId, (amounts.get(l.lineId) ?? 0) - l.amount);
    discounts.push({ promotionId: rule.id, label: rule.name, stage, amount, ...(rule.code ? { code: rule.code } : {}), lines });
  };
  const usageOf = (rule: PromotionRule) => input.usage.get(rule.id) ?? NO_USAGE;
  const applies = (rule: PromotionRule) => conditionRefusal(rule, amounts, input) === null;

  // 1. Automatic line promotions. A sale: per line, the one that takes the most off (sales do not stack).
  const sales = input.automatic.filter((rule) => rule.type === 'percent' && applies(rule));
  const saleLines = new Map<string, { lineId: string; amount: number }[]>();
  for (const line of input.lines) {
    const best = bestSaleFor(sales, line, input.now);
    if (best) saleLines.set(best.rule.id, [...(saleLines.get(best.rule.id) ?? []), { lineId: line.lineId, amount: best.unitOff * line.quantity }]);
  }
  for (const rule of sales) {
    const lines = saleLines.get(rule.id);
    if (lines) take(rule, 'sale', withinBudget(rule, lines, usageOf(rule)));
  }
  for (const rule of input.automatic.filter((r) => r.type === 'buyXgetY')) {
    if (!applies(rule)) continue;
    const lines = ruleDiscount(rule, input, amounts);
    if (typeof lines !== 'string') take(rule, 'sale', withinBudget(rule, lines, usageOf(rule)));
  }
  const afterLinePromotions = sum(amounts.values());

  // 2. The coupon.
  let couponRefused: string | null = null;
  const coupon = input.coupon ?? null;
  let couponWaivesDelivery = false;
  if (coupon) {
    couponRefused = conditionRefusal(coupon, amounts, input);
    if (!couponRefused && coupon.type === 'freeDelivery') {
      if (afterLinePromotions >= coupon.value) couponWaivesDelivery = true;
      else couponRefused = COUPON_MESSAGES.minimum(coupon.value);
    } else if (!couponRefused) {
      const lines = ruleDiscount(coupon, input, amounts);
      if (typeof lines === 'string') couponRefused = lines;
      else {
        const capped = withinBudget(coupon, lines, usageOf(coupon));
        if (sum(capped.map((l) => l.amount)) <= 0) couponRefused = COUPON_MESSAGES.nothingOff;
        else take(coupon, 'coupon', capped);
      }
    }
  }

  // 3. Automatic order discounts (flat amounts off the cart, the first-order discount among them).
  for (const rule of input.automatic.filter((r) => r.type === 'flat')) {
    if (!applies(rule)) continue;
    const lines = ruleDiscount(rule, input, amounts);
    if (typeof lines !== 'string') take(rule, rule.id === FIRST_ORDER_PROMOTION_ID ? 'first-order' : 'order', withinBudget(rule, lines, usageOf(rule)));
  }

  // 4. The delivery fee, and free delivery over an amount (the coupon's, or an automatic one).
  const deliveryFee = input.deliveryFeeFor ? input.deliveryFeeFor(afterLinePromotions) : 0;
  let feeLeft = deliveryFee;
  if (feeLeft > 0) {
    const waivers = input.automatic.filter((r) => r.type === 'freeDelivery' && applies(r) && afterLinePromotions >= r.value);
    const waiver = couponWaivesDelivery && coupon ? coupon : waivers[0];
    if (waiver) {
      discounts.push({ promotionId: waiver.id, label: waiver.name, stage: 'delivery', amount: feeLeft, ...(waiver.code ? { code: waiver.code } : {}), lines: [] });
      feeLeft = 0;
    }
  }

  const lines = input.lines.map((line) => ({ lineId: line.lineId, catalogTotal: line.price * line.quantity, discountedTotal: amounts.get(line.lineId) ?? 0 }));
  const goods = sum(lines.map((l) => l.discountedTotal));
  return {
    lines,
    discounts,
    subtotal: sum(lines.map((l) => l.catalogTotal)),
    goods,
    deliveryFee,
    fees: deliveryFee > 0 ? [{ kind: 'delivery', amount: feeLeft }] : [],
    total: goods + feeLeft,
    couponRefused,
  };
}

/**
 * One person's e-mail for per-person limits: lower case, `+tag` removed from the local part, and
 * for Gmail (gmail.com, googlemail.com, which ignore dots and are one mailbox) dots removed and
 * the domain made gmail.com. So bob+a@x.in and bob+b@x.in, or b.o.b@gmail.com and
 * bob@googlemail.com, count as one shopper.
 */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
