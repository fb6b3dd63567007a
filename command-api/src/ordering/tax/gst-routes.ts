import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { CATALOG, GST, b2csCsv, hsnCode, gstRate, hsnCsv, isId, shopDay, summarizeGstMonth, type GstDocumentDoc } from '@shop/contracts';
import { HttpError, currentUser, requireAdmin, requireUser, validate } from '@shop/platform';
import { bodyOf, type CommandDeps } from '../../shared/http.ts';
import { orderStream, type OrderState } from '../order/decider.ts';
import { taxClassStream } from './gst-streams.ts';
import type { GstInvoicing } from './gst-invoicing.ts';
import { billedOrder, renderGstDocument } from './gst-pdf.ts';

export interface GstRouteDeps extends Pick<CommandDeps, 'streams' | 'docs' | 'tokens' | 'products'> {
  gst: Pick<GstInvoicing, 'settings'>;
}

const NOT_FOUND = { error: true, msg: 'Order not found' } as const;
const MONTH_MESSAGE = 'month is a calendar month such as 2026-11';
const monthQuery = z.object({ month: z.string({ error: MONTH_MESSAGE }).max(7, MONTH_MESSAGE).regex(/^20\d{2}-(?:0[1-9]|1[0-2])$/, MONTH_MESSAGE) });
const csvQuery = monthQuery.extend({ table: z.enum(['b2cs', 'hsn'], { error: 'table is b2cs or hsn' }).default('b2cs') });
const TAX_CLASS_MESSAGE = 'An HSN code is 4, 6 or 8 digits and the GST rate one of 0, 5, 12, 18 or 28';
const taxClassBody = z.object({ hsn: hsnCode, ratePercent: gstRate }, { error: TAX_CLASS_MESSAGE });

/** The first instant of a calendar month in the shop's time zone (ISO, UTC): the first 15-minute step whose day there is the 1st. */
export function monthStart(month: string, timeZone: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // Every zone's offset lies within ±14 hours and is a whole number of 15 minutes.
  let instant = Date.UTC(year, monthNumber - 1, 1) - 14 * 3_600_000;
  while (shopDay(new Date(instant), timeZone) < `${month}-01`) instant += 15 * 60_000;
  return new Date(instant).toISOString();
}

function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/**
 * GST documents and data: a shopper downloads their order's invoice and credit note (the owner
 * only: anyone else gets the same 404 as for an order that does not exist); the back office
 * downloads any order's, sets products' and categories' tax classes, and reads a month's summary
 * (JSON, or CSV in the return's B2C-small and HSN shapes).
 */
export function gstRoutes(deps: GstRouteDeps): Router {
  const router = new Router();
  const auth = requireUser(deps.tokens);
  const { settings } = deps.gst;

  async function orderFor(ctx: Context, ownerOnly: boolean): Promise<OrderState> {
    const orderId = ctx.params.id;
    if (!isId(orderId)) throw new HttpError(404, NOT_FOUND);
    const order = await deps.streams.load(orderStream.at(orderId), { fresh: true });
    if (!order.placed || (ownerOnly && order.placed.userid !== currentUser(ctx).userId)) throw new HttpError(404, NOT_FOUND);
    return order;
  }

  async function sendDocument(ctx: Context, order: OrderState, kind: 'invoice' | 'credit-note'): Promise<void> {
    const { tax, invoice, creditNote } = order.gst;
    if (!order.placed || !tax || !invoice || (kind === 'credit-note' && !creditNote)) {
      throw new HttpError(404, { error: true, msg: kind === 'invoice' ? 'This order has no tax invoice yet' : 'This order has no credit note' });
    }
    const pdf = await renderGstDocument({ kind, seller: settings.seller, order: billedOrder(order.placed, order.gst.recipient), tax, invoice, ...(creditNote ? { creditNote } : {}), timeZone: settings.timeZone });
    const number = kind === 'invoice' ? invoice.number : creditNote!.number;
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${number.replaceAll('/', '-')}.pdf"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf;
  }

  router.get('/orders/:id/invoice', auth, async (ctx) => sendDocument(ctx, await orderFor(ctx, true), 'invoice'));
  router.get('/orders/:id/credit-note', auth, async (ctx) => sendDocument(ctx, await orderFor(ctx, true), 'credit-note'));
  router.get('/admin/orders/:id/invoice', auth, async (ctx) => {
    requireAdmin(ctx);
    await sendDocument(ctx, await orderFor(ctx, false), 'invoice');
  });
  router.get('/admin/orders/:id/credit-note', auth, async (ctx) => {
    requireAdmin(ctx);
    await sendDocument(ctx, await orderFor(ctx, false), 'credit-note');
  });

  async function monthSummary(month: string) {
    const from = monthStart(month, settings.timeZone);
    const to = monthStart(nextMonth(month), settings.timeZone);
    const documents = await deps.docs.find<GstDocumentDoc>(GST.documents, { issuedAt: { $gte: from, $lt: to } }, { sort: [['issuedAt', 1]] });
    return summarizeGstMonth(month, documents);
  }

  router.get('/admin/gst/summary', auth, async (ctx) => {
    requireAdmin(ctx);
    const { month } = validate(monthQuery, ctx.query, (message) => new HttpError(400, { error: true, msg: message }));
    ctx.body = { seller: { legalName: settings.seller.legalName, gstin: settings.seller.gstin, state: settings.seller.state }, ...(await monthSummary(month)) };
  });

  router.get('/admin/gst/summary.csv', auth, async (ctx) => {
    requireAdmin(ctx);
    const { month, table } = validate(csvQuery, ctx.query, (message) => new HttpError(400, { error: true, msg: message }));
    const summary = await monthSummary(month);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="gst-${table}-${month}.csv"`);
    ctx.body = table === 'b2cs' ? b2csCsv(summary) : hsnCsv(summary);
  });

  for (const owner of ['product', 'category'] as const) {
    const path = owner === 'product' ? '/admin/products/:id/tax-class' : '/admin/categories/:id/tax-class';
    router.get(path, auth, async (ctx) => {
      requireAdmin(ctx);
      if (!isId(ctx.params.id)) throw new HttpError(404, { error: true, msg: 'Not found' });
      const own = await deps.streams.load(taxClassStream.at(owner, ctx.params.id));
      ctx.body = { taxClass: own, default: settings.defaultClass };
    });
    router.put(path, auth, async (ctx) => {
      const admin = requireAdmin(ctx);
      if (!isId(ctx.params.id)) throw new HttpError(404, { error: true, msg: 'Not found' });
      const exists = owner === 'product' ? await deps.products.get(ctx.params.id) : await deps.docs.get(CATALOG.categories, ctx.params.id);
      if (!exists) throw new HttpError(404, { error: true, msg: owner === 'product' ? 'Product not found' : 'Category not found' });
      const body = validate(taxClassBody, bodyOf(ctx), () => new HttpError(400, { error: true, msg: TAX_CLASS_MESSAGE }));
      const command = { type: 'SetTaxClass', hsn: body.hsn, ratePercent: body.ratePercent, setBy: admin.userId } as const;
      const { state } = await deps.streams.handle(taxClassStream.at(owner, ctx.params.id), command, { userId: admin.userId });
      ctx.body = { taxClass: state };
    });
  }

  return router;
}
