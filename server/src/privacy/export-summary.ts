/**
 * A person's copy of their data, in words they can read: the raw events name internal streams
 * and types, so the export also says what they amount to (profile, addresses, orders, reviews,
 * consents), as JSON and as plain sentences. Pure: made from the exported events alone.
 */

/** The exported events this reads (the raw export's own entries). */
export interface SummarisedEvent {
  type: string;
  recordedAt: string;
  data: Record<string, unknown>;
}

export interface ExportSummary {
  profile: { name: string; email: string; phone: string; registeredAt: string } | null;
  /** Each distinct address the person gave at a checkout, in one line. */
  addresses: string[];
  orders: { orderId: string; placedAt: string; amount: number; items: string[]; status: string }[];
  reviews: { productId: string; rating: number; review: string; writtenAt: string }[];
  /** What the person agreed to (the newsletter), and where that stands now. */
  consents: { purpose: string; state: 'asked, not confirmed' | 'given' | 'withdrawn'; since: string }[];
  /** The same, in plain sentences. */
  inWords: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const amount = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** A billing form in one line (the parts filled in, in the order a letter has them). */
function addressLine(billing: unknown): string {
  if (!billing || typeof billing !== 'object') return '';
  const form = billing as Record<string, unknown>;
  return ['fullName', 'streetAddressLine1', 'streetAddressLine2', 'city', 'state', 'zipCode', 'country'].map((field) => text(form[field]).trim()).filter(Boolean).join(', ');
}

export function summariseExport(events: readonly SummarisedEvent[]): ExportSummary {
  let profile = null as ExportSummary['profile'];
  const addresses = new Set<string>();
  const orders = new Map<string, ExportSummary['orders'][number]>();
  const reviews = new Map<string, ExportSummary['reviews'][number]>();
  const consents = new Map<string, ExportSummary['consents'][number]>();
  for (const { type, data, recordedAt } of events) {
    if (type === 'AccountRegistered') profile = { name: text(data.name), email: text(data.email), phone: text(data.phone), registeredAt: text(data.registeredAt) || recordedAt };
    else if (type === 'ProfileUpdated' && profile) profile = { ...profile, name: text(data.name), phone: text(data.phone) };
    else if (type === 'PaymentOpened' || type === 'OrderPlaced') {
      const line = addressLine(data.billing);
      if (line) addresses.add(line);
      if (type === 'OrderPlaced') {
        const items = Array.isArray(data.products) ? data.products.map((line: Record<string, unknown>) => `${amount(line.quantity)} × ${text(line.productTitle)}`) : [];
        orders.set(text(data.orderId), { orderId: text(data.orderId), placedAt: text(data.date) || recordedAt, amount: amount(data.amount), items, status: 'placed' });
      }
    } else if (type === 'OrderStatusChanged') {
      const order = orders.get(text(data.orderId));
      if (order) order.status = text(data.to);
    } else if (type === 'ProductReviewed' || type === 'ProductReviewEdited') {
      reviews.set(text(data.reviewId), { productId: text(data.productId), rating: amount(data.customerRating), review: text(data.review), writtenAt: text(data.dateCreated) || recordedAt });
    } else if (type === 'NewsletterConsentRequested' || type === 'NewsletterConsentGiven' || type === 'NewsletterConsentWithdrawn') {
      const state = type === 'NewsletterConsentGiven' ? 'given' : type === 'NewsletterConsentWithdrawn' ? 'withdrawn' : 'asked, not confirmed';
      const purpose = text(data.purpose);
      // A new request while consent stands does not undo it.
      if (!(state === 'asked, not confirmed' && consents.get(purpose)?.state === 'given')) consents.set(purpose, { purpose, state, since: recordedAt });
    }
  }
  const summary = { profile, addresses: [...addresses], orders: [...orders.values()], reviews: [...reviews.values()], consents: [...consents.values()] };
  return { ...summary, inWords: inWords(summary) };
}

const day = (iso: string) => iso.slice(0, 10);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function inWords({ profile, addresses, orders, reviews, consents }: Omit<ExportSummary, 'inWords'>): string[] {
  const words: string[] = [];
  if (profile) words.push(`Your account: ${profile.name}, ${profile.email}${profile.phone ? `, phone ${profile.phone}` : ''}, since ${day(profile.registeredAt)}.`);
  words.push(addresses.length ? `Addresses you gave at checkout: ${addresses.join('; ')}.` : 'You gave no address at checkout.');
  words.push(`You placed ${count(orders.length, 'order', 'orders')}.`);
  for (const order of orders) words.push(`Order ${order.orderId} of ${day(order.placedAt)}: Rs ${order.amount} for ${order.items.join(', ') || 'its items'}; now ${order.status}.`);
  words.push(`You wrote ${count(reviews.length, 'review', 'reviews')}.`);
  for (const review of reviews) words.push(`Review of product ${review.productId} (${review.rating} of 5) on ${day(review.writtenAt)}: "${review.review}"`);
  for (const consent of consents) words.push(`Consent to ${consent.purpose}: ${consent.state} since ${day(consent.since)}.`);
  if (consents.length === 0) words.push('You gave no consent to marketing e-mails.');
  return words;
}
