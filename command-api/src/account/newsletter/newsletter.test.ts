/**
 * The newsletter's confirmed opt-in over real HTTP and SMTP: nothing counts until the mailed link
 * is followed, the link works once, every newsletter mail can unsubscribe in one click (also from
 * the mail client, RFC 8058), and each consent and withdrawal is an event with its terms.
 */
import { NEWSLETTER_NOTICE_VERSION, NEWSLETTER_PURPOSE, accountStreams } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountShop, uniqueEmail, type AccountShop, type CapturedMail } from '../../../../test-support/account-kit.ts';

const linkIn = (mail: CapturedMail, action: 'confirm' | 'unsubscribe') => {
  const match = new RegExp(`https?://[^\\s"<>]+/api/newsletter/${action}\\?token=[\\w.-]+`).exec(mail.raw.replace(/=3D/gi, "="));
  if (!match) throw new Error(`no ${action} link in:\n${mail.raw}`);
  return new URL(match[0]);
};

describe('newsletter: confirmed opt-in and one-click unsubscribe', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const consentEvents = async (email: string) =>
    (await shop.t.shop.events.readStream(accountStreams.newsletter(shop.t.shop.emails.digest(email)))).map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
  const open = (url: URL, method = 'GET', headers: Record<string, string> = {}) => fetch(new URL(url.pathname + url.search, shop.t.url), { method, headers });

  it('counts a subscription only once its mailed link is followed, and the link only once', async () => {
    const email = uniqueEmail('optin');
    expect((await shop.call('/api/newsletter', { method: 'POST', body: { email } })).status).toBe(200);
    const confirmation = await shop.mail.next(email);
    expect(confirmation.subject).toContain('confirm');
    expect((await consentEvents(email)).map((event) => event.type)).toEqual(['NewsletterConsentRequested']);

    const link = linkIn(confirmation, 'confirm');
    const confirmed = await open(link);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Subscription confirmed');
    expect((await consentEvents(email)).at(-1)).toEqual({ type: 'NewsletterConsentGiven', data: { purpose: NEWSLETTER_PURPOSE, noticeVersion: NEWSLETTER_NOTICE_VERSION, givenAt: expect.any(String) } });
    const again = await open(link);
    expect(again.status).toBe(400);
    expect((await consentEvents(email)).filter((event) => event.type === 'NewsletterConsentGiven')).toHaveLength(1);
  });

  it('refuses a forged or altered link, and counts nothing', async () => {
    const email = uniqueEmail('forged');
    await shop.call('/api/newsletter', { method: 'POST', body: { email } });
    const link = linkIn(await shop.mail.next(email), 'confirm');
    const forged = new URL(link);
    forged.searchParams.set('token', `${link.searchParams.get('token')!.split('.')[0]}.${'A'.repeat(43)}`);
    for (const url of [forged, new URL('/api/newsletter/confirm?token=x', shop.t.url), new URL(`/api/newsletter/confirm?token=${'a'.repeat(500)}`, shop.t.url)]) {
      expect((await open(url)).status).toBe(400);
    }
    expect((await consentEvents(email)).map((event) => event.type)).toEqual(['NewsletterConsentRequested']);
  });

  it('puts a one-click unsubscribe in every newsletter mail, and records the withdrawal', async () => {
    const email = uniqueEmail('leaver');
    await shop.call('/api/newsletter', { method: 'POST', body: { email } });
    await open(linkIn(await shop.mail.next(email), 'confirm'));
    const welcome = await shop.mail.next(email);
    const unsubscribe = linkIn(welcome, 'unsubscribe');
    const headers = welcome.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: +<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: +List-Unsubscribe=One-Click/m);
    // Opening the link (a person, or a scanner) unsubscribes no one; the mail client's POST does.
    expect((await open(unsubscribe)).status).toBe(200);
    expect((await consentEvents(email)).at(-1)!.type).toBe('NewsletterConsentGiven');
    const posted = await open(unsubscribe, 'POST', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(posted.status).toBe(200);
    expect((await consentEvents(email)).at(-1)).toEqual({ type: 'NewsletterConsentWithdrawn', data: { purpose: NEWSLETTER_PURPOSE, noticeVersion: NEWSLETTER_NOTICE_VERSION, how: 'one-click', withdrawnAt: expect.any(String) } });
    // Someone else's unsubscribe token does not open this one.
    const other = new URL(unsubscribe);
    other.searchParams.set('token', `${shop.t.shop.emails.digest(uniqueEmail('x'))}.${unsubscribe.searchParams.get('token')!.split('.')[1]}`);
    expect((await open(other, 'POST')).status).toBe(400);
  });
});
