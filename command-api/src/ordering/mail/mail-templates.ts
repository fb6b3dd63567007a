import { DEFAULT_SHOP_TIME_ZONE, deliveryPartyOf, formatRupees, orderStatement, partyLines, printedRows, shopDateTime, statementFigure, titleWithVariant, type OrderEventMap, type OrderStatus } from '@shop/contracts';
import type { MailMessage } from '@shop/platform';
import { SHOP_NAME } from '../../account/mail-templates.ts';

type Placed = OrderEventMap['OrderPlaced'];

const rupees = formatRupees;
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a shopper reads about each status an admin moves an order to. */
const STATUS_NEWS: Record<OrderStatus, string> = {
  pending: 'is waiting to be confirmed',
  confirmed: 'is confirmed and being packed',
  shipped: 'has been shipped',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled; the amount paid will be refunded the way you paid',
  returned: 'came back to us undelivered; any amount paid online will be refunded',
};

/** What changes for an order paid in cash at the door: nothing was paid, so nothing is refunded. */
const COD_STATUS_NEWS: Partial<Record<OrderStatus, string>> = {
  cancelled: 'has been cancelled; nothing was paid, so nothing is due',
  returned: 'came back to us undelivered; nothing is due',
};

/**
 * Where a cash-on-delivery order is confirmed: the shop's page for it, with the code. The page asks
 * before it confirms (a mail scanner opening the link confirms nothing).
 */
export function codConfirmLink(order: Placed, shopUrl: string): string | null {
  if (!order.cod) return null;
  return `${shopUrl}/orders/${encodeURIComponent(order.orderId)}/confirm-cod?code=${encodeURIComponent(order.cod.code)}`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px">
<h2 style="color:#2bbef9;margin:0 0 16px">${escapeHtml(SHOP_NAME)}</h2>
<h3 style="margin:0 0 16px">${escapeHtml(title)}</h3>
${body}
<p style="color:#888;font-size:12px;margin-top:32px">${escapeHtml(SHOP_NAME)}, gifts and gear delivered across India.</p>
</body></html>`;
}

/**
 * A name or message a shopper typed, as a mail quotes it: one line, at most `max` characters, so it
 * can never pass for a paragraph of the shop's own.
 */
export function quoted(text: string, max = 60): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
  const line = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The confirmation sent when an order is placed, to `to` (the account's verified e-mail): its id,
 * when (in the shop's time zone), lines, then the order statement's rows (every discount,
 * delivery, wrap and fee on its own row, the total, a gift card's part and what is left to pay:
 * the same rows the order page shows), and where the parcel goes (a gift's recipient when it goes
 * to another address). The subject and the first line are the shop's own words; what the shopper
 * typed (the name, the address) comes after, as the delivery details.
 */
export function orderPlacedMail(order: Placed, to: string, shopUrl: string, timeZone = DEFAULT_SHOP_TIME_ZONE): MailMessage {
  const subject = `Your ${SHOP_NAME} order ${order.orderId} is placed`;
  const placedOn = `Placed on ${shopDateTime(order.date, timeZone)}`;
  const statement = orderStatement(order);
  const figures: [string, string, boolean][] = [
    ...printedRows(statement).map((row): [string, string, boolean] => [row.label, statementFigure(row), false]),
    // With a gift card: the total, the card's part, and what was left; otherwise the total is what is paid.
    ...(statement.giftCard
      ? ([
          ['Total', formatRupees(statement.total), true],
          [statement.giftCard.label, formatRupees(-statement.giftCard.amount), false],
          [statement.due.label, formatRupees(statement.due.amount), true],
        ] as [string, string, boolean][])
      : ([[statement.due.label, formatRupees(statement.due.amount), true]] as [string, string, boolean][])),
  ];
  const deliverTo = deliveryPartyOf(order);
  // The typed name quoted on one line (it can never pass for a paragraph of the shop's own).
  const [deliverToName = '', ...deliverToPlace] = partyLines(deliverTo);
  const deliverToLine = `${[quoted(deliverToName, 100), ...deliverToPlace].join(', ')}, ${order.country}`;
  const lines = order.products.map((line) => `- ${titleWithVariant(line)} × ${line.quantity}: ${rupees(line.subTotal)}`);
  const text = [
    `Thank you for your order ${order.orderId} at ${SHOP_NAME}.`,
    placedOn,
    '',
    ...lines,
    '',
    ...figures.map(([label, figure]) => `${label}: ${figure}`),
    '',
    ...(order.cod ? codConfirmText(order, shopUrl, timeZone) : []),
    `Delivering to: ${deliverToLine}`,
    `Phone: ${deliverTo.phoneNumber}`,
    '',
    `Your orders: ${shopUrl}/orders`,
    '',
    SHOP_NAME,
  ].join('\n');
  const rows = order.products
    .map((line) => `<tr><td>${escapeHtml(titleWithVariant(line))} × ${line.quantity}</td><td align="right">${rupees(line.subTotal)}</td></tr>`)
    .join('');
  const figureRows = figures
    .map(([label, figure, strong]) => (strong ? `<tr><td><strong>${escapeHtml(label)}</strong></td><td align="right"><strong>${escapeHtml(figure)}</strong></td></tr>` : `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(figure)}</td></tr>`))
    .join('\n');
  const html = page(
    subject,
    `<p>Thank you for your order <strong>${escapeHtml(order.orderId)}</strong>.<br>${escapeHtml(placedOn)}</p>
<table style="width:100%;border-collapse:collapse">${rows}
${figureRows}</table>
${order.cod ? codConfirmHtml(order, shopUrl, timeZone) : ''}<p>Delivering to: ${escapeHtml(deliverToLine)}<br>Phone: ${escapeHtml(deliverTo.phoneNumber)}</p>
<p><a href="${escapeHtml(shopUrl)}/orders">Your orders</a></p>`,
  );
  return { to, subject, text, html };
}

function codConfirmText(order: Placed, shopUrl: string, timeZone: string): string[] {
  return [
    `Please confirm this cash-on-delivery order by ${shopDateTime(order.cod!.confirmBy, timeZone)}, or it is cancelled:`,
    `${codConfirmLink(order, shopUrl)}`,
    `(or enter the code ${order.cod!.code} on the order page)`,
    '',
  ];
}

function codConfirmHtml(order: Placed, shopUrl: string, timeZone: string): string {
  const link = escapeHtml(codConfirmLink(order, shopUrl)!);
  return `<p><strong>Please confirm this cash-on-delivery order</strong> by ${escapeHtml(shopDateTime(order.cod!.confirmBy, timeZone))}, or it is cancelled:
<a href="${link}">Confirm my order</a> (code <strong>${escapeHtml(order.cod!.code)}</strong>).</p>`;
}

/** The parcel a shipped order went out as: the carrier's number and, when the shop has one, its tracking page. */
export interface ShippedParcel {
  trackingNumber: string;
  trackingUrl?: string;
}

/** Where a cancelled order's money goes back: the way it was paid (a card, a UPI app, the bank account, the gift card). */
function refundWay(order: Placed, status: OrderStatus): string {
  if (status !== 'cancelled' || order.paymentMethod === 'cod') return '';
  const online: Record<string, string> = { upi: ' (to the UPI account you paid from)', netbanking: ' (to the bank account you paid from)', card: ' (to your card)' };
  const card = order.giftCard && order.giftCard.applied > 0 ? `; ${rupees(order.giftCard.applied)} goes back to your gift card` : '';
  return `${online[order.paymentMethod] ?? ''}${card}`;
}

/**
 * Sent when an admin moves the order on (confirmed, shipped, delivered, cancelled). A shipped
 * order's mail names the tracking number and links to the carrier's page, so the shopper can
 * follow the parcel without signing in.
 */
export function orderStatusMail(order: Placed, status: OrderStatus, to: string, shopUrl: string, parcel?: ShippedParcel): MailMessage {
  const subject = `Your ${SHOP_NAME} order ${order.orderId} is now ${status}`;
  const news = `Your order ${order.orderId} (${rupees(order.amount)}) ${(order.paymentMethod === 'cod' ? COD_STATUS_NEWS[status] : undefined) ?? STATUS_NEWS[status]}${refundWay(order, status)}.`;
  const orderUrl = `${shopUrl}/orders/${encodeURIComponent(order.orderId)}`;
  const tracking = parcel ? [`Tracking number: ${parcel.trackingNumber}`, ...(parcel.trackingUrl ? [`Track your parcel: ${parcel.trackingUrl}`] : []), ''] : [];
  const text = [news, '', ...tracking, `Your order: ${orderUrl}`, '', SHOP_NAME].join('\n');
  const trackingHtml = parcel
    ? `<p>Tracking number: <strong>${escapeHtml(parcel.trackingNumber)}</strong>${
        parcel.trackingUrl ? `<br><a href="${escapeHtml(parcel.trackingUrl)}">Track your parcel</a>` : ''
      }</p>`
    : '';
  const html = page(
    subject,
    `<p>${escapeHtml(news)}</p>${trackingHtml}<p><a href="${escapeHtml(orderUrl)}">Your order</a></p>`,
  );
  return { to, subject, text, html };
}

/** A bought gift card as its recipient's mail tells of it. */
export interface GiftCardGift {
  /** The code, formatted `XXXX-XXXX-XXXX-XXXX`: this mail is the only place it is ever written. */
  code: string;
  amount: number;
  recipientEmail: string;
  /** Who bought it (their account's name), so the recipient knows whom it is from; null when unknown. */
  from: string | null;
  message?: string | undefined;
}

/**
 * The mail that carries a bought gift card to its recipient: how much, from whom, the buyer's
 * message and the code, with how to spend it. The code is in no other mail, reply or record. It
 * goes to an address the buyer typed, so it is a fixed text of the shop's: the subject and the
 * first line name no one, the buyer's name is quoted on one short line, and the message is set
 * apart as the buyer's ("Their message:").
 */
export function giftCardMail(gift: GiftCardGift, shopUrl: string): MailMessage {
  const subject = `A ${SHOP_NAME} gift card of ${rupees(gift.amount)} for you`;
  const from = gift.from ? `It was bought for you by a ${SHOP_NAME} customer named "${quoted(gift.from)}".` : `It was bought for you by a ${SHOP_NAME} customer.`;
  const howTo = `Spend it on ${shopUrl}: at checkout, enter the code under "Gift card" to pay all or part of an order.`;
  const keepSafe = 'Keep this code safe: whoever has it can spend the card.';
  const text = [
    `You have received a gift card of ${rupees(gift.amount)} for ${SHOP_NAME}.`,
    from,
    ...(gift.message ? ['', 'Their message:', ...gift.message.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    `Gift card code: ${gift.code}`,
    '',
    howTo,
    keepSafe,
    '',
    SHOP_NAME,
  ].join('\n');
  const message = gift.message ? `<p>Their message:</p><blockquote style="border-left:3px solid #2bbef9;margin:16px 0;padding:4px 12px;white-space:pre-line">${escapeHtml(gift.message)}</blockquote>` : '';
  const html = page(
    subject,
    `<p>You have received a gift card of <strong>${rupees(gift.amount)}</strong> for ${escapeHtml(SHOP_NAME)}.<br>${escapeHtml(from)}</p>${message}
<p style="font-size:20px;letter-spacing:2px">Gift card code: <strong>${escapeHtml(gift.code)}</strong></p>
<p>${escapeHtml(howTo)}<br>${escapeHtml(keepSafe)}</p>`,
  );
  return { to: gift.recipientEmail, subject, text, html };
}
