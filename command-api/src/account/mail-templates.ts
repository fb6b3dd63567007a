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
 * outbox and shown in phone notifications, so it stays code-free. It goes to an address typed at
 * sign-up, perhaps somebody else's, so it is the shop's words only: the name typed with it is not
 * in it (a name such as "URGENT KYC… call 1800…" would open a mail from the shop).
 */
export function codeMail(to: string, code: string, purpose: CodePurpose): MailMessage {
  const minutes = Math.round(CODE_TTL_MS / 60_000);
  const subject = purpose === 'verify' ? `Verify your e-mail for ${SHOP_NAME}` : `Reset your ${SHOP_NAME} password`;
  const why = purpose === 'verify' ? 'to verify your e-mail address' : 'to choose a new password';
  const text = [
    'Hello,',
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
    'Hello,',
    `Use this code ${why}:`,
    `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
    `It is valid for ${minutes} minutes and can be tried 5 times. If you did not ask for it, you can ignore this e-mail.`,
  ]);
  return { to, subject, text, html };
}

/** Confirmed opt-in: the link that gives consent (single use, expiring), and the purpose it is for. */
export function newsletterConfirmMail(to: string, confirmUrl: string, hoursValid: number): MailMessage {
  const subject = `Please confirm your ${SHOP_NAME} newsletter subscription`;
  const purpose = 'We will write about new gifts, offers and sales, and nothing else.';
  const text = [
    'Hello,',
    '',
    `Someone (we hope you) asked to subscribe this address to the ${SHOP_NAME} newsletter. ${purpose}`,
    `To confirm, open this link within ${hoursValid} hours: ${confirmUrl}`,
    'If it was not you, ignore this mail: you will not be subscribed.',
    '',
    SHOP_NAME,
  ].join('\n');
  const html = layout(subject, [
    'Hello,',
    `Someone (we hope you) asked to subscribe this address to the ${escapeHtml(SHOP_NAME)} newsletter. ${escapeHtml(purpose)}`,
    `<a href="${escapeHtml(confirmUrl)}">Confirm my subscription</a> (valid for ${hoursValid} hours)`,
    'If it was not you, ignore this mail: you will not be subscribed.',
  ]);
  return { to, subject, text, html };
}

/**
 * Every newsletter mail carries its way out: a link in the text, and the List-Unsubscribe headers
 * a mail client turns into one unsubscribe button (RFC 8058: its POST unsubscribes, no page).
 */
export function withUnsubscribe(message: MailMessage, unsubscribeUrl: string): MailMessage {
  return {
    ...message,
    text: `${message.text}\n\nUnsubscribe in one click: ${unsubscribeUrl}`,
    html: message.html.replace('</body>', `<p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></body>`),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Sent when the subscription is confirmed: the first newsletter mail, with its unsubscribe link. */
export function newsletterWelcomeMail(to: string, shopUrl: string, unsubscribeUrl: string): MailMessage {
  const subject = `You are subscribed to the ${SHOP_NAME} newsletter`;
  const text = ['Hello,', '', `Thank you for confirming. We will write about new gifts, offers and sales.`, `Visit us at ${shopUrl}`, '', SHOP_NAME].join('\n');
  const html = layout(subject, ['Hello,', 'Thank you for confirming. We will write about new gifts, offers and sales.', `<a href="${escapeHtml(shopUrl)}">Visit the shop</a>`]);
  return withUnsubscribe({ to, subject, text, html }, unsubscribeUrl);
}
