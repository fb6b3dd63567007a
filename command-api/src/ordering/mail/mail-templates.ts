import { titleWithVariant, type OrderEventMap, type OrderStatus } from '@shop/contracts';
import type { MailMessage } from '@shop/platform';
import { SHOP_NAME } from '../../account/mail-templates.ts';

type Placed = OrderEventMap['OrderPlaced'];

const rupees = (amount: number) => `Rs ${amount.toLocaleString('en-IN')}`;
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a shopper reads about each status an admin moves an order to. */
const STATUS_NEWS: Record<OrderStatus, string> = {
  pending: 'is waiting to be confirmed',
  confirmed: 'is confirmed and being packed',
  shipped: 'has been shipped',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled; the amount paid will be refunded to your card',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px">
<h2 style="color:#2bbef9;margin:0 0 16px">${escapeHtml(SHOP_NAME)}</h2>
<h3 style="margin:0 0 16px">${escapeHtml(title)}</h3>
${body}
<p style="color:#888;font-size:12px;margin-top:32px">${escapeHtml(SHOP_NAME)}, gifts and gear delivered across India.</p>
</body></html>`;
}

/** The confirmation sent when an order is placed: its id, lines, discount, amount paid and address. */
export function orderPlacedMail(order: Placed, shopUrl: string): MailMessage {
  const subject = `Your ${SHOP_NAME} order ${order.orderId} is placed`;
  const address = `${order.address}, ${order.city}, ${order.state} ${order.pincode}, ${order.country}`;
  const lines = order.products.map((line) => `- ${titleWithVariant(line)} × ${line.quantity}: ${rupees(line.subTotal)}`);
  const text = [
    `Hello ${order.name},`,
    '',
    `Thank you for your order ${order.orderId}.`,
    '',
    ...lines,
    ...(order.discount ? [`- ${order.discount.label}: −${rupees(order.discount.amount)}`] : []),
    'Shipping: Free',
    `Amount paid: ${rupees(order.amount)}`,
    '',
    `Delivering to: ${order.name}, ${address}`,
    `Phone: ${order.phoneNumber}`,
    '',
    `Your orders: ${shopUrl}/orders`,
    '',
    SHOP_NAME,
  ].join('\n');
  const rows = order.products
    .map((line) => `<tr><td>${escapeHtml(titleWithVariant(line))} × ${line.quantity}</td><td align="right">${rupees(line.subTotal)}</td></tr>`)
    .join('');
  const discount = order.discount
    ? `<tr><td>${escapeHtml(order.discount.label)}</td><td align="right">−${rupees(order.discount.amount)}</td></tr>`
    : '';
  const html = page(
    subject,
    `<p>Hello ${escapeHtml(order.name)}, thank you for your order <strong>${escapeHtml(order.orderId)}</strong>.</p>
<table style="width:100%;border-collapse:collapse">${rows}${discount}<tr><td>Shipping</td><td align="right">Free</td></tr>
<tr><td><strong>Amount paid</strong></td><td align="right"><strong>${rupees(order.amount)}</strong></td></tr></table>
<p>Delivering to: ${escapeHtml(`${order.name}, ${address}`)}<br>Phone: ${escapeHtml(order.phoneNumber)}</p>
<p><a href="${escapeHtml(shopUrl)}/orders">Your orders</a></p>`,
  );
  return { to: order.email, subject, text, html };
}

/** Sent when an admin moves the order on (confirmed, shipped, delivered, cancelled). */
export function orderStatusMail(order: Placed, status: OrderStatus, shopUrl: string): MailMessage {
  const subject = `Your ${SHOP_NAME} order ${order.orderId} is now ${status}`;
  const news = `Your order ${order.orderId} (${rupees(order.amount)}) ${STATUS_NEWS[status]}.`;
  const text = [`Hello ${order.name},`, '', news, '', `Your orders: ${shopUrl}/orders`, '', SHOP_NAME].join('\n');
  const html = page(subject, `<p>Hello ${escapeHtml(order.name)},</p><p>${escapeHtml(news)}</p><p><a href="${escapeHtml(shopUrl)}/orders">Your orders</a></p>`);
  return { to: order.email, subject, text, html };
}
