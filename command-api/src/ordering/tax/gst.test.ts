import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GstMonthSummary, OrderDoc } from '@shop/contracts';
import { StreamCommands } from '../../shared/stream-commands.ts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, verifiedShopper, type TestShop } from '../../../../test-support/shop-fixtures.ts';
import { downloadDocument } from '../../../../test-support/pdf-text.ts';
import { GstInvoicing } from './gst-invoicing.ts';
import { seriesStream } from './gst-streams.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop();
});
afterAll(() => t?.close());

const admin = () => shopper(t, { isAdmin: true });

const download = (path: string, token: string) => downloadDocument(`${t.url}${path}`, token);

/** A shopper's paid order of `quantity` × a new product at `price`, shipped to `state`. */
async function paidOrder(options: { price: number; quantity?: number; state?: string; zipCode?: string; hsn?: string; ratePercent?: number }) {
  // A verified account: the order e-mails (which carry the invoice) go to its address.
  const { token } = await verifiedShopper(t);
  const productId = await listProduct(t, { price: options.price, countInStock: 50, name: 'Trail backpack' });
  if (options.hsn) {
    const set = await api(t.url, `/api/admin/products/${productId}/tax-class`, { method: 'PUT', token: admin().token, body: { hsn: options.hsn, ratePercent: options.ratePercent } });
    expect(set.status).toBe(200);
  }
  await addToCart(t, token, productId, options.quantity ?? 1);
  const billedTo = { ...billing, state: options.state ?? billing.state, zipCode: options.zipCode ?? billing.zipCode };
  const { paid } = await checkoutAndPay(t, token, billedTo);
  const created = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });
  expect(created.status).toBe(201);
  return { token, order: created.body };
}

describe('GST invoices', () => {
  it('invoices a paid order to Karnataka with CGST and SGST, its owner only, and the PDF holds every rule-46 field', async () => {
    const { token, order } = await paidOrder({ price: 1180, hsn: '4202', ratePercent: 18 });
    const invoice = await download(`/api/orders/${order.id}/invoice`, token);
    expect(invoice.status).toBe(200);
    expect(invoice.type).toBe('application/pdf');
    expect(invoice.text).toContain('TAX INVOICE');
    expect(invoice.text).toContain('GSTIN: 29AAACG1234A1ZA');
    expect(invoice.text).toMatch(/Invoice No\.: GG\/\d{2}-\d{2}\/\d{6}/);
    expect(invoice.text).toContain('Place of supply: Karnataka (State code 29)');
    expect(invoice.text).toContain('4202');
    // 1,180 less the first-order Rs 20: 1,160 at 18% inclusive is 983.05 taxable, 88.47 + 88.48.
    expect(invoice.text).toContain('CGST: Rs. 88.47\nSGST: Rs. 88.48');
    expect(invoice.text).toContain('Rupees One Thousand One Hundred Sixty Only');
    expect(invoice.text).not.toContain('IGST');

    // Another shopper, or nobody, learns nothing: the same 404 as an order that does not exist.
    const stranger = await download(`/api/orders/${order.id}/invoice`, shopper(t).token);
    const missing = await download(`/api/orders/${'f'.repeat(24)}/invoice`, shopper(t).token);
    expect(stranger).toMatchObject({ status: 404 });
    expect(stranger.text).toBe(missing.text);
    expect((await fetch(`${t.url}/api/orders/${order.id}/invoice`)).status).toBe(401);
    expect((await download(`/api/admin/orders/${order.id}/invoice`, admin().token)).status).toBe(200);

    // The order e-mail carries the invoice.
    await t.shop.orderMail.drain();
    const folder = join(t.dataDir, 'outbox');
    const mail = readdirSync(folder).map((file) => readFileSync(join(folder, file), 'utf8')).find((text) => text.includes(`order ${order.id} is placed`));
    const number = /Invoice No\.: (\S+)/.exec(invoice.text)![1]!;
    expect(mail).toContain(`filename=${number.replaceAll('/', '-')}.pdf`);
    expect(mail).toContain('Content-Type: application/pdf');
  });

  it('charges IGST to Maharashtra, and a cancelled invoiced order gets a credit note naming its invoice', async () => {
    const { token, order } = await paidOrder({ price: 1050, quantity: 2, state: 'Maharashtra', zipCode: '400001', hsn: '6109', ratePercent: 5 });
    const invoice = await download(`/api/orders/${order.id}/invoice`, token);
    expect(invoice.text).toContain('Place of supply: Maharashtra (State code 27)');
    expect(invoice.text).toContain('IGST');
    expect(invoice.text).not.toContain('CGST');
    const invoiceNumber = /Invoice No\.: (\S+)/.exec(invoice.text)![1]!;

    expect((await download(`/api/orders/${order.id}/credit-note`, token)).status).toBe(404);
    const cancelled = await api(t.url, `/api/orders/${order.id}/status`, { method: 'PUT', token: admin().token, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    await t.shop.gst.desk.drain();
    const note = await download(`/api/orders/${order.id}/credit-note`, token);
    expect(note.status).toBe(200);
    expect(note.text).toContain('CREDIT NOTE');
    expect(note.text).toMatch(/Credit Note No\.: GC\/\d{2}-\d{2}\/\d{6}/);
    expect(note.text).toContain(`Against invoice: ${invoiceNumber}`);
    // Seen again (a restart, a second pass), the desk issues nothing more.
    expect(await t.shop.gst.invoicing.settle(order.id)).toBe(0);
  });

  it('sums the month as issued: taxable value and tax by rate and place of supply, invoices and credit notes counted, CSV for the return', async () => {
    const { token } = admin();
    const month = new Date().toISOString().slice(0, 7);
    const before = (await api<GstMonthSummary>(t.url, `/api/admin/gst/summary?month=${month}`, { token })).body;
    const { order } = await paidOrder({ price: 2240, hsn: '6403', ratePercent: 12 });
    await t.shop.awaitProjections(await t.shop.events.headPosition(), ['gst']);
    const after = (await api<GstMonthSummary>(t.url, `/api/admin/gst/summary?month=${month}`, { token })).body;
    expect(after.invoices).toBe(before.invoices + 1);
    // 2,240 less Rs 20 at 12%: 1,982.14 taxable, 237.86 tax; delivery is free from Rs 299.
    const rate12 = (summary: GstMonthSummary) => summary.byRate.find((row) => row.ratePercent === 12) ?? { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 };
    expect(rate12(after).taxablePaise - rate12(before).taxablePaise).toBe(198_214);
    expect(rate12(after).cgstPaise + rate12(after).sgstPaise - rate12(before).cgstPaise - rate12(before).sgstPaise).toBe(23_786);
    expect(after.byPlaceOfSupply.find((row) => row.stateCode === '29' && row.ratePercent === 12)).toBeTruthy();
    expect(order.amount).toBe(2220);

    const csv = await download(`/api/admin/gst/summary.csv?month=${month}&table=b2cs`, token);
    expect(csv.text.split('\r\n')[0]).toBe('Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN');
    expect(csv.text).toContain('OE,29-Karnataka,12,');
    const hsn = await download(`/api/admin/gst/summary.csv?month=${month}&table=hsn`, token);
    expect(hsn.text).toMatch(/^6403,/m);

    expect((await api(t.url, '/api/admin/gst/summary?month=2026-13', { token })).status).toBe(400);
    expect((await api(t.url, `/api/admin/gst/summary?month=${'9'.repeat(5000)}`, { token })).status).toBe(400);
    expect((await api(t.url, `/api/admin/gst/summary?month=${month}`, { token: shopper(t).token })).status).toBe(403);
  });
});

describe('invoice numbers', () => {
  it('are consecutive and unique when many orders take them at once from two processes, and restart on 1 April', async () => {
    // Two command pipelines over one log, as two API processes have: neither's lock or cache helps the other.
    const settings = t.shop.gst.invoicing.settings;
    const lastOfMarch = () => new Date('2031-03-31T18:29:59.000Z'); // 23:59:59 IST
    const firstOfApril = () => new Date('2031-03-31T18:30:00.000Z'); // 00:00 IST
    const processes = [new StreamCommands(t.shop.events), new StreamCommands(t.shop.events)];
    const take = (index: number, now: () => Date) =>
      new GstInvoicing(processes[index % 2]!, t.shop.products, settings, now).takeNumber('invoice', index.toString(16).padStart(24, '0'));
    const march = await Promise.all(Array.from({ length: 40 }, (_, i) => take(i, lastOfMarch)));
    expect(march.map((taken) => taken.number).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `GG/30-31/${String(i + 1).padStart(6, '0')}`));
    // A retry for an order that holds a number gets that number again, never a new one.
    expect((await take(7, lastOfMarch)).number).toBe(march[7]!.number);

    const april = await Promise.all(Array.from({ length: 5 }, (_, i) => take(100 + i, firstOfApril)));
    expect(april.map((taken) => taken.number).sort()).toEqual(['GG/31-32/000001', 'GG/31-32/000002', 'GG/31-32/000003', 'GG/31-32/000004', 'GG/31-32/000005']);
    expect((await t.shop.streams.load(seriesStream.at('invoice', '30-31'), { fresh: true })).taken).toBe(40);
  });
});
