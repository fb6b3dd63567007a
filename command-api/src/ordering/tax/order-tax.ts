import { apportion, giftCardLinesValue, isGiftCardLine, taxLines, variantLabel, type AppliedPromotionData, type GstRate, type OrderEventMap, type OrderTaxDecided, type TaxableLine, type TaxClass } from '@shop/contracts';

/** The seller as the tax invoice names it (the shop's settings). */
export interface GstSeller {
  legalName: string;
  address: string;
  state: string;
  gstin: string;
}

/** The tax class of the fees an order may charge: delivery and cash handling are courier services (SAC 996812). */
export interface FeeTaxClasses {
  delivery: TaxClass;
  cod: TaxClass;
  wrap: TaxClass;
}

/** A goods line as priced at checkout, with its tax class: what its quantity costs, in paise, before any order-level discount. */
export interface PricedGoods {
  description: string;
  quantity: number;
  hsn: string;
  ratePercent: GstRate;
  amountPaise: number;
}

/**
 * Goods lines after an order-level discount (today the first-order discount), shared over them in
 * proportion to their amounts (largest remainder, so the paise add up). A price pipeline with
 * per-line discounts passes its discounted lines to `decideOrderTax` directly instead.
 */
export function goodsAfterOrderDiscount(goods: readonly PricedGoods[], discountPaise: number): TaxableLine[] {
  const shares = apportion(goods.map((line) => line.amountPaise), discountPaise);
  return goods.map((line, index) => ({
    kind: 'goods',
    description: line.description,
    hsn: line.hsn,
    quantity: line.quantity,
    ratePercent: line.ratePercent,
    inclusivePaise: line.amountPaise - shares[index]!,
  }));
}

/** The fees an order charges, each a line of its own with its own tax class (none for a fee of 0). */
export function feeLines(fees: { deliveryPaise: number; codPaise: number; wrapPaise?: number }, classes: FeeTaxClasses): TaxableLine[] {
  const lines: TaxableLine[] = [];
  if (fees.deliveryPaise > 0) lines.push({ kind: 'delivery', description: 'Delivery', quantity: 1, ...classes.delivery, inclusivePaise: fees.deliveryPaise });
  if (fees.codPaise > 0) lines.push({ kind: 'cod', description: 'Cash on delivery fee', quantity: 1, ...classes.cod, inclusivePaise: fees.codPaise });
  if ((fees.wrapPaise ?? 0) > 0) lines.push({ kind: 'wrap', description: 'Gift wrap', quantity: 1, ...classes.wrap, inclusivePaise: fees.wrapPaise! });
  return lines;
}

/**
 * An order's tax, decided once: every line (goods already discounted, fees) split into taxable
 * value and tax, CGST + SGST when the goods go to the seller's own state, IGST otherwise (the
 * place of supply of goods sold to a consumer is where they are delivered). The lines add up to
 * `totalPaise` exactly, which the caller checks against what the order charges.
 */
export function decideOrderTax(input: { orderId: string; seller: Pick<GstSeller, 'gstin' | 'state'>; placeOfSupply: string; lines: readonly TaxableLine[] }): OrderTaxDecided {
  const intraState = input.placeOfSupply.trim().toLowerCase() === input.seller.state.toLowerCase();
  const lines = taxLines(input.lines, intraState);
  return {
    orderId: input.orderId,
    sellerGstin: input.seller.gstin,
    sellerState: input.seller.state,
    placeOfSupply: input.placeOfSupply,
    intraState,
    lines,
    totalPaise: lines.reduce((sum, line) => sum + line.inclusivePaise, 0),
  };
}

/**
 * The lines an order is taxed on, following the price pipeline: each goods line at what it sold
 * for after the promotions that took something off it (sales, coupons, order discounts, each kept
 * per line), then the first-order discount shared over the goods, then the fees (delivery less a
 * free-delivery offer, cash on delivery, wrap). A bought gift card is no line here: selling a card
 * supplies no goods or services (it is a voucher, a way to pay), so the goods it pays for are
 * taxed when it is spent, at their full price, and taxing the card too would tax them twice.
 * `classes` holds each goods line's tax class by product id.
 */
export function orderTaxableLines(
  order: Pick<OrderEventMap['OrderPlaced'], 'products' | 'promotions' | 'discount' | 'deliveryFee' | 'codFee' | 'gift'>,
  classes: ReadonlyMap<string, TaxClass>,
  feeClass: TaxClass,
): TaxableLine[] {
  const { lineDiscounts, deliveryDiscount } = promotionDiscounts(order.promotions ?? []);
  const goods: PricedGoods[] = [];
  for (const line of order.products) {
    if (isGiftCardLine(line)) continue;
    const taxClass = classes.get(line.productId);
    if (!taxClass) throw new Error(`No tax class for product ${line.productId}`);
    const variant = variantLabel(line);
    const soldFor = line.subTotal - (lineDiscounts.get(line.lineId) ?? 0);
    goods.push({ description: variant ? `${line.productTitle} (${variant})` : line.productTitle, quantity: line.quantity, ...taxClass, amountPaise: soldFor * 100 });
  }
  return [
    ...goodsAfterOrderDiscount(goods, (order.discount?.amount ?? 0) * 100),
    ...feeLines(
      { deliveryPaise: (order.deliveryFee - deliveryDiscount) * 100, codPaise: order.codFee * 100, wrapPaise: (order.gift?.wrapFee ?? 0) * 100 },
      { delivery: feeClass, cod: feeClass, wrap: feeClass },
    ),
  ];
}

/** Whole rupees of an order's amount that bought gift cards (untaxed at sale). */
export function giftCardsSold(lines: readonly { productId: string; subTotal: number }[]): number {
  return giftCardLinesValue(lines);
}

/** What an order's promotions took off each goods line (rupees, by line id) and off its delivery fee. */
export function promotionDiscounts(promotions: readonly AppliedPromotionData[]): { lineDiscounts: Map<string, number>; deliveryDiscount: number } {
  const lineDiscounts = new Map<string, number>();
  let deliveryDiscount = 0;
  for (const promotion of promotions) {
    if (promotion.stage === 'delivery') {
      deliveryDiscount += promotion.amount;
      continue;
    }
    for (const line of promotion.lines) lineDiscounts.set(line.lineId, (lineDiscounts.get(line.lineId) ?? 0) + line.amount);
  }
  return { lineDiscounts, deliveryDiscount };
}
