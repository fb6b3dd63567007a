import type Router from '@koa/router';
import type { Context } from 'koa';
import { validate } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { SHOP_NAME } from '../mail-templates.ts';
import { clientOf, invalid, replyAs } from '../reply-shapes.ts';
import { newsletterRequest } from '../requests.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The links in the mails open in a browser: a small page, no script. */
function page(ctx: Context, status: number, title: string, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,sans-serif;max-width:520px;margin:40px auto;padding:0 16px"><h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}` +
    `<p><a href="/">Back to ${escapeHtml(SHOP_NAME)}</a></p></body></html>`;
}

/** The token from the query: one string, bounded (the commands check its shape). */
function tokenOf(ctx: Context): string {
  const token = ctx.query.token;
  return typeof token === 'string' && token.length <= 200 ? token : '';
}

/**
 * The newsletter: the footer form asks for consent (a confirmation mail), the mailed link gives
 * it, and every newsletter mail's unsubscribe link withdraws it: in a browser (a page with one
 * button, so link scanners that open mails unsubscribe no one) or from the mail client's
 * unsubscribe button (RFC 8058: a POST, answered without a page to click).
 */
export function newsletterRoutes(router: Router, deps: AccountRouteDeps): void {
  router.post('/newsletter', replyAs('otp'), async (ctx) => {
    const { email } = validate(newsletterRequest, ctx.request.body ?? {}, invalid('otp'));
    await deps.accounts.newsletter.subscribe(email, clientOf(ctx).address);
    // The same reply whether new or repeated, so the form does not tell who is subscribed.
    ctx.body = { success: true, message: 'Thank you! Please confirm your subscription with the link we sent to your e-mail.' };
  });

  // A refused link is answered like every refusal of the API (JSON, in the form's reply shape).
  router.get('/newsletter/confirm', replyAs('otp'), async (ctx) => {
    await deps.accounts.newsletter.confirm(tokenOf(ctx));
    page(ctx, 200, 'Subscription confirmed', '<p>Thank you: you will get our newsletter. Every newsletter mail has a link to unsubscribe in one click.</p>');
  });

  router.get('/newsletter/unsubscribe', async (ctx) => {
    const token = escapeHtml(tokenOf(ctx));
    page(ctx, 200, 'Unsubscribe from the newsletter', `<form method="post" action="/api/newsletter/unsubscribe?token=${token}&amp;from=page"><button type="submit" style="font-size:16px;padding:8px 16px">Unsubscribe</button></form>`);
  });

  router.post('/newsletter/unsubscribe', replyAs('otp'), async (ctx) => {
    // The page's button says it came from the page; anything else is a mail client's one-click POST.
    const how = ctx.query.from === 'page' ? 'link' : 'one-click';
    await deps.accounts.newsletter.unsubscribe(tokenOf(ctx), how);
    page(ctx, 200, 'You are unsubscribed', '<p>You will get no more newsletter mails from us.</p>');
  });
}
