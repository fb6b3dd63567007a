import { deliveryPartyOf, financialYearOf, isGiftCardLine, type GstEventMap, type OrderEventMap, type TaxClass } from '@shop/contracts';
import type { CatalogProducts } from '../../shared/catalog-products.ts';
import { derivedEventId, type StreamCommands } from '../../shared/stream-commands.ts';
import { orderStream, type OrderState } from '../order/decider.ts';
import { seriesStream, taxClassStream } from './gst-streams.ts';
import { decideOrderTax, giftCardsSold, orderTaxableLines, type GstSeller } from './order-tax.ts';

/** The shop's GST settings (GST_* and GSTIN in the configuration). */
export interface GstSettings {
  seller: GstSeller;
  /** `payment`: an order paid online is invoiced as it is placed; `dispatch`: when it ships. Cash on delivery is invoiced when it ships either way. */
  invoiceAt: 'payment' | 'dispatch';
  invoicePrefix: string;
  creditNotePrefix: string;
  /** A product whose product and category have no tax class set. */
  defaultClass: TaxClass;
  /** The delivery and cash-on-delivery fees (courier services). */
  feeClass: TaxClass;
  /** Financial years and invoice dates are this zone's (SHOP_TIME_ZONE). */
  timeZone: string;
}

/** The statuses that end an invoiced sale: its invoice is reversed by a credit note. */
const REVERSED = new Set(['cancelled', 'returned']);

/** Whether an order is owed its invoice now: its tax was decided, and it was paid online (invoicing on payment) or has shipped. */
export function invoiceDue(order: OrderState, invoiceAt: GstSettings['invoiceAt']): boolean {
  const { tax, invoice, dispatched } = order.gst;
  if (!order.placed || !tax || invoice) return false;
  return dispatched || (invoiceAt === 'payment' && order.placed.paymentMethod !== 'cod');
}

/** Whether an order is owed a credit note now: invoiced, then cancelled or returned. */
export function creditNoteDue(order: OrderState): boolean {
  return !!order.gst.invoice && !order.gst.creditNote && !!order.status && REVERSED.has(order.status);
}

/**
 * GST for the order streams: the tax an order is placed with, and its invoice and credit note
 * numbers taken from the log (one series per kind and financial year, seriesStream).
 */
export class GstInvoicing {
  constructor(
    private readonly streams: StreamCommands,
    private readonly products: Pick<CatalogProducts, 'get'>,
    readonly settings: GstSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A product's tax class: its own, else its category's, else the shop's default. */
  async taxClassOf(productId: string): Promise<TaxClass> {
    const own = await this.streams.load(taxClassStream.at('product', productId));
    if (own) return own;
    const product = await this.products.get(productId);
    const category = product ? await this.streams.load(taxClassStream.at('category', product.catId)) : null;
    return category ?? this.settings.defaultClass;
  }

  /**
   * What an order is placed with: its tax split (from the lines, the first-order discount shared
   * over them, the fees) and, when it is invoiced on payment and paid online, its invoice.
   */
  async atPlacement(order: OrderEventMap['OrderPlaced']): Promise<{ tax?: GstEventMap['OrderTaxDecided']; invoice?: GstEventMap['TaxInvoiceIssued'] }> {
    const classes = new Map<string, TaxClass>();
    for (const line of order.products) if (!isGiftCardLine(line) && !classes.has(line.productId)) classes.set(line.productId, await this.taxClassOf(line.productId));
    const lines = orderTaxableLines(order, classes, this.settings.feeClass);
    // An order that only bought a gift card sold nothing taxable: no tax record and no invoice.
    if (lines.length === 0) return {};
    // Goods sold to a consumer are supplied where they are delivered: a gift sent to another state
    // is taxed for the recipient's state (IGST Act s. 10(1)(ca), CBIC circular 209/3/2024-GST).
    const tax = decideOrderTax({ orderId: order.orderId, seller: this.settings.seller, placeOfSupply: deliveryPartyOf(order).state, lines });
    const taxedPaise = (order.amount - giftCardsSold(order.products)) * 100;
    if (tax.totalPaise !== taxedPaise) throw new Error(`Order ${order.orderId}: its tax lines come to ${tax.totalPaise} paise, its amount less gift cards to ${taxedPaise}`);
    if (this.settings.invoiceAt !== 'payment' || order.paymentMethod === 'cod') return { tax };
    return { tax, invoice: await this.takeNumber('invoice', order.orderId) };
  }

  /**
   * Issues what an order is owed now (its invoice, then a credit note against it), each once:
   * the number an order took is kept for it in the series, and the order's events have ids
   * derived from it, so a retry after a crash anywhere issues nothing twice and skips no number.
   * Resolves with how many documents it issued.
   */
  async settle(orderId: string): Promise<number> {
    const order$ = orderStream.at(orderId);
    let order = await this.streams.load(order$, { fresh: true });
    let issued = 0;
    const ctx = { correlationId: `gst:${orderId}` };
    const once = (what: string) => ({ eventIds: () => derivedEventId('gst', orderId, what) });
    if (invoiceDue(order, this.settings.invoiceAt)) {
      const invoice = await this.takeNumber('invoice', orderId);
      order = (await this.streams.handle(order$, { type: 'IssueInvoice', ...invoice }, ctx, once('invoice'))).state;
      issued++;
    }
    if (creditNoteDue(order) && order.gst.invoice && order.status) {
      const note = await this.takeNumber('credit-note', orderId);
      const reason = order.status === 'returned' ? 'returned' : 'cancelled';
      await this.streams.handle(order$, { type: 'IssueCreditNote', ...note, invoiceNumber: order.gst.invoice.number, reason }, ctx, once('credit-note'));
      issued++;
    }
    return issued;
  }

  /** Takes (or finds, on a retry) the order's number in this financial year's series of `kind`. */
  async takeNumber(kind: 'invoice' | 'credit-note', orderId: string): Promise<{ orderId: string; number: string; financialYear: string; issuedAt: string }> {
    const at = this.now();
    const financialYear = financialYearOf(at, this.settings.timeZone);
    const prefix = kind === 'invoice' ? this.settings.invoicePrefix : this.settings.creditNotePrefix;
    const command = { type: 'TakeNumber', orderId, prefix, financialYear } as const;
    // Many processes may take numbers at once: each conflict is decided again on a fresh read.
    const { state } = await this.streams.handle(seriesStream.at(kind, financialYear), command, { correlationId: `gst:${orderId}` }, { maxAttempts: 100 });
    const number = state.byOrder.get(orderId);
    if (!number) throw new Error(`No ${kind} number for order ${orderId}`);
    return { orderId, number, financialYear, issuedAt: at.toISOString() };
  }
}
