import { apportion, taxLines, type GstRate, type OrderTaxDecided, type TaxableLine, type TaxClass } from '@shop/contracts';

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
