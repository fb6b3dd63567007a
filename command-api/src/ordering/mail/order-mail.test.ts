import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDateTime, type OrderDoc } from '@shop/contracts';
import type { Mailer, MailMessage } from '@shop/platform';
import { addToCart, api, checkoutAndPay, listProduct, shopper, startTestShop, verifiedShopper, type TestShop } from '../../../../test-support/shop-fixtures.ts';
import { ORDER_MAIL_CHECKPOINT, OrderMailDesk } from './mail-desk.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop({ seed: true });
});
afterAll(() => t?.close());

const silent = { info() {}, warn() {}, error() {} };
/** The outbox's mails about one order: file name and decoded text (quoted-printable undone). */
function mailsAbout(orderId: string): { file: string; subject: string; text: string }[] {
  const folder = join(t.dataDir, 'outbox');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(folder, file), 'utf8').replace(/=\r?\n/g, '');
      const text = Buffer.from(raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
      const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' '); // unfolded
      return { file, subject: /^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? '', text };
    })
    .filter((m) => m.subject.includes(orderId));
}

let buyerEmail = '';
/** A paid order by a verified account (billed, as the fixture's form says, to asha@example.in). */
async function placeOrder(): Promise<OrderDoc> {
  const { token, email } = await verifiedShopper(t);
  buyerEmail = email;
  await addToCart(t, token, await listProduct(t, { name: 'Copper Bottle', price: 640, countInStock: 9 }), 2);
  const { paid } = await checkoutAndPay(t, token);
  const created = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });
  expect(created.status).toBe(201);
  return created.body;
}

describe('order e-mails', () => {
  let order: OrderDoc;

  it('a placed order gets one confirmation: id, lines, discount, amount paid and address', async () => {
    order = await placeOrder();
    await t.shop.orderMail.drain();
    const mails = mailsAbout(order.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Your Gift & Gear Shop order ${order.id} is placed`);
    // To the account's verified e-mail, not the one typed on the billing form.
    expect(mail!.text).toMatch(new RegExp(`^To: ${buyerEmail.replace(/\./g, '\\.')}$`, 'm'));
    expect(mail!.text).not.toContain('asha@example.in');
    expect(mail!.text).toContain('- Copper Bottle × 2: Rs 1,280');
    // The order statement's rows, each adjustment on its own, adding up to what was paid.
    expect(mail!.text).toContain('Items: Rs 1,280\nFirst order discount: −Rs 20\nDelivery: Free\nAmount paid: Rs 1,260');
    // When, in the shop's time zone (India by default), not UTC.
    expect(mail!.text).toContain(`Placed on ${shopDateTime(order.date, 'Asia/Kolkata')}`);
    expect(mail!.text).toMatch(/^Placed on .+ IST$/m);
    expect(mail!.text).toContain('Delivering to: Asha Rao, 12 MG Road, Indiranagar, Bengaluru, Karnataka 560038, India');
  });

  it('a status change gets its own e-mail, once', async () => {
    const admin = shopper(t, { isAdmin: true });
    const moved = await api(t.url, `/api/orders/${order.id}/status`, { method: 'PUT', token: admin.token, body: { status: 'shipped' } });
    expect(moved.status).toBe(409); // pending cannot skip to shipped
    await api(t.url, `/api/orders/${order.id}/status`, { method: 'PUT', token: admin.token, body: { status: 'confirmed' } });
    await t.shop.orderMail.drain();
    await t.shop.orderMail.drain();
    const mails = mailsAbout(order.id);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Gift & Gear Shop order ${order.id} is placed`,
      `Your Gift & Gear Shop order ${order.id} is now confirmed`,
    ]);
    expect(mails[1]!.text).toContain(`Your order ${order.id} (Rs 1,260) is confirmed and being packed.`);
  });

  it('a restart that lost the checkpoint (a crash after sending) sends nothing twice', async () => {
    await t.shop.orderMail.drain();
    const before = readdirSync(join(t.dataDir, 'outbox')).length;
    // As if the process died after every send and before any checkpoint: a new desk starts from 0.
    await t.shop.docs.commit({ writes: [], checkpoints: [{ name: ORDER_MAIL_CHECKPOINT, position: 0n }] });
    const restarted = new OrderMailDesk(t.shop.events, t.shop.docs, t.shop.streams, t.shop.mailer, silent, t.url);
    await restarted.start();
    await restarted.drain();
    await restarted.stop();
    expect(readdirSync(join(t.dataDir, 'outbox')).length).toBe(before);
    expect(mailsAbout(order.id)).toHaveLength(2);
    expect(await t.shop.docs.getCheckpoint(ORDER_MAIL_CHECKPOINT)).toBe(await t.shop.events.headPosition());
  });

  it('a mail the mailer refuses is kept and sent at the next try, and the checkpoint waits for it', async () => {
    const sent: MailMessage[] = [];
    let refuse = true;
    const flaky: Mailer = {
      async send(message) {
        if (refuse) throw new Error('mail server down');
        sent.push(message);
      },
      async close() {},
    };
    const head = await t.shop.events.headPosition();
    const next = await placeOrder();
    await t.shop.orderMail.drain(); // the shop's own desk is done before this one takes over
    await t.shop.docs.commit({ writes: [], checkpoints: [{ name: ORDER_MAIL_CHECKPOINT, position: head }] });
    const desk = new OrderMailDesk(t.shop.events, t.shop.docs, t.shop.streams, flaky, silent, t.url, { retryMs: 60_000 });
    await desk.start();
    await expect(desk.drain()).rejects.toThrow('mail server down');
    expect(await t.shop.docs.getCheckpoint(ORDER_MAIL_CHECKPOINT)).toBeLessThan(await t.shop.events.headPosition());
    refuse = false;
    await desk.drain();
    await desk.stop();
    expect(sent.map((m) => m.subject)).toEqual([`Your Gift & Gear Shop order ${next.id} is placed`]);
    expect(sent[0]!.dedupeKey).toMatch(/-order-mail-[0-9a-f-]{36}$/);
  });
});
