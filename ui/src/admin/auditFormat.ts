import { rupees } from '../shared/format.ts';
import type { AuditEntry } from '../api/types.ts';
import type { AuditKind } from './auditApi.ts';

/** A stop of the time slider: 0 is "before the first event", k is "right after the k-th event". */
export interface Moment {
  step: number;
  /** The `at` asked for: the k-th event's own time (inclusive), or 1 ms before the first. */
  at: string;
  /** The event the moment follows (null before the first). */
  after: AuditEntry | null;
}

export function momentsOf(timeline: readonly AuditEntry[]): Moment[] {
  const first = timeline[0];
  if (!first) return [];
  const before: Moment = { step: 0, at: new Date(Date.parse(first.time) - 1).toISOString(), after: null };
  return [before, ...timeline.map((entry, i) => ({ step: i + 1, at: new Date(entry.time).toISOString(), after: entry }))];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-01-05 15:50:30.123` in the browser's time zone (events a few ms apart stay apart). */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** The browser's offset from UTC, e.g. "UTC+05:30". */
export function zoneLabel(at = new Date()): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** `CartItemQuantityChanged` → "Cart item quantity changed". */
export function humanType(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MONEY_FIELDS = new Set(['price', 'amount', 'subTotal', 'total']);

/** One key field of a timeline entry as short text: money in rupees, lists joined. */
export function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && MONEY_FIELDS.has(key)) return rupees(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Field names as people read them: `productTitle` → "product title". */
export function fieldLabel(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** What the slider says at a stop (also the thumb's value text for screen readers). */
export function momentText(moment: Moment | undefined, total: number): string {
  if (!moment) return '';
  if (!moment.after) return 'Before the first event';
  return `After event ${moment.step} of ${total}: ${humanType(moment.after.type)}, ${localTime(moment.after.time)}`;
}

export const KIND_LABELS: Record<AuditKind, { name: string; idLabel: string; choice: string }> = {
  cart: { name: 'Cart', idLabel: 'Customer e-mail or user id', choice: 'Cart (by customer e-mail)' },
  order: { name: 'Order', idLabel: 'Order id or customer e-mail', choice: 'Order (by id or e-mail)' },
};

/** What the auditor typed is an e-mail (looked up) rather than an id (ids never hold an @). */
export const isEmailLike = (value: string) => value.includes('@');

export const isAuditKind = (value: string | null): value is AuditKind => value === 'cart' || value === 'order';

// ---- states as the audit presents them (projections/src/audit/kinds.ts) ----------------------

export interface CartAuditLine {
  lineId: string;
  productId: string;
  productTitle: string;
  price: number;
  quantity: number;
  subTotal: number;
}
export interface CartAuditState {
  lines: CartAuditLine[];
  items: number;
  total: number;
}

export interface OrderAuditProduct {
  productId: string;
  productTitle: string;
  quantity: number;
  price: number;
  subTotal: number;
}
export interface OrderAuditState {
  status: string | null;
  order: { orderId: string; userid: string; amount: number; date: string; paymentId: string; products: OrderAuditProduct[] } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isCartState(state: unknown): state is CartAuditState {
  return isObject(state) && Array.isArray(state.lines) && typeof state.total === 'number' && state.lines.every((l) => isObject(l) && typeof l.quantity === 'number');
}

export function isOrderState(state: unknown): state is OrderAuditState {
  if (!isObject(state) || !('status' in state) || !('order' in state)) return false;
  const { order } = state;
  return order === null || (isObject(order) && Array.isArray(order.products) && typeof order.amount === 'number');
}

/** An account as the back office names it: name and e-mail (ids stay for the audit's details). */
export function personLabel(person: { name: string; email: string }): string {
  return `${person.name} (${person.email})`;
}
