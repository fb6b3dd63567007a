import type { CodePurpose } from '@shop/contracts';
import type { MailMessage } from '@shop/platform';
import { CODE_TTL_MS } from './codes.ts';

export const SHOP_NAME = 'Gift & Gear Shop';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#222;max-width:520px;margin:auto;padding:24px">
<h2 style="color:#2bbef9;margin:0 0 16px">${escapeHtml(SHOP_NAME)}</h2>
<h3 style="margin:0 0 16px">${escapeHtml(title)}</h3>
${body}
<p style="color:#888;font-size:12px;margin-top:32px">${escapeHtml(SHOP_NAME)}, gifts and gear delivered across India.</p>
</body></html>`;
}

/**
 * The one-time code e-mail. The code appears in the body only: the subject is logged by the
 * outbox and shown in phone notifications, so it stays code-free.
 */
export function codeMail(to: string, name: string, code: string, purpose: CodePurpose): MailMessage {
  const minutes = Math.round(CODE_TTL_MS / 60_000);
  const subject = purpose === 'verify' ? `Verify your e-mail for ${SHOP_NAME}` : `Reset your ${SHOP_NAME} password`;
  const why = purpose === 'verify' ? 'to verify your e-mail address' : 'to choose a new password';
  const text = [
    `Hello ${name},`,
    '',
    `Use this code ${why}:`,
    '',
    `Your code: ${code}`,
    '',
    `It is valid for ${minutes} minutes and can be tried 5 times.`,
    'If you did not ask for it, you can ignore this e-mail.',
    '',
    SHOP_NAME,
  ].join('\n');
  const html = layout(subject, [
    `Hello ${escapeHtml(name)},`,
    `Use this code ${why}:`,
    `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
    `It is valid for ${minutes} minutes and can be tried 5 times. If you did not ask for it, you can ignore this e-mail.`,
  ]);
  return { to, subject, text, html };
}

export function newsletterMail(to: string, shopUrl: string): MailMessage {
  const subject = `You are subscribed to the ${SHOP_NAME} newsletter`;
  const text = [
    'Hello,',
    '',
    `Thank you for subscribing to the ${SHOP_NAME} newsletter. We will write about new gifts, offers and sales.`,
    `Visit us at ${shopUrl}`,
    '',
    SHOP_NAME,
  ].join('\n');
  const html = layout(subject, [
    'Hello,',
    `Thank you for subscribing to the ${escapeHtml(SHOP_NAME)} newsletter. We will write about new gifts, offers and sales.`,
    `<a href="${escapeHtml(shopUrl)}">Visit the shop</a>`,
  ]);
  return { to, subject, text, html };
}
