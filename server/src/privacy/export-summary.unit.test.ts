import { describe, expect, it } from 'vitest';
import { summariseExport, type SummarisedEvent } from './export-summary.ts';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const billing = { fullName: 'Asha Verma', streetAddressLine1: '12 Lake Road', streetAddressLine2: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', zipCode: '560038', country: 'India', phoneNumber: '9876543210', email: 'asha@example.in' };
const purpose = 'newsletter: e-mails about new gifts, offers and sales';

const history: SummarisedEvent[] = [
  { type: 'AccountRegistered', recordedAt: at(1), data: { userId: 'u1', name: 'Asha', email: 'asha@example.in', phone: '9876543210', passwordHash: '(kept by the shop, never shown)', registeredAt: at(1) } },
  { type: 'ProfileUpdated', recordedAt: at(2), data: { userId: 'u1', name: 'Asha Verma', phone: '9123456780' } },
  { type: 'PaymentOpened', recordedAt: at(3), data: { userId: 'u1', billing } },
  { type: 'OrderPlaced', recordedAt: at(3), data: { orderId: 'o1', userid: 'u1', amount: 840, date: at(3), billing, products: [{ productTitle: 'Brass lamp', quantity: 2 }] } },
  { type: 'OrderStatusChanged', recordedAt: at(5), data: { orderId: 'o1', from: 'confirmed', to: 'delivered' } },
  { type: 'ProductReviewed', recordedAt: at(6), data: { reviewId: 'r1', productId: 'p1', customerId: 'u1', review: 'Bright', customerRating: 4, dateCreated: at(6) } },
  { type: 'ProductReviewEdited', recordedAt: at(7), data: { reviewId: 'r1', productId: 'p1', customerId: 'u1', review: 'Bright and sturdy', customerRating: 5, dateCreated: at(7) } },
  { type: 'NewsletterConsentRequested', recordedAt: at(8), data: { purpose } },
  { type: 'NewsletterConsentGiven', recordedAt: at(8), data: { purpose } },
];

describe('the summary of a personal data export', () => {
  it('says what the events amount to: the profile as now, each address once, orders with their status, reviews as last edited, consent as it stands', () => {
    const summary = summariseExport(history);
    expect(summary.profile).toEqual({ name: 'Asha Verma', email: 'asha@example.in', phone: '9123456780', registeredAt: at(1) });
    expect(summary.addresses).toEqual(['Asha Verma, 12 Lake Road, Indiranagar, Bengaluru, Karnataka, 560038, India']);
    expect(summary.orders).toEqual([{ orderId: 'o1', placedAt: at(3), amount: 840, items: ['2 × Brass lamp'], status: 'delivered' }]);
    expect(summary.reviews).toEqual([{ productId: 'p1', rating: 5, review: 'Bright and sturdy', writtenAt: at(7) }]);
    expect(summary.consents).toEqual([{ purpose, state: 'given', since: at(8) }]);
    expect(summary.inWords).toEqual([
      'Your account: Asha Verma, asha@example.in, phone 9123456780, since 2026-11-01.',
      'Addresses you gave at checkout: Asha Verma, 12 Lake Road, Indiranagar, Bengaluru, Karnataka, 560038, India.',
      'You placed 1 order.',
      'Order o1 of 2026-11-03: Rs 840 for 2 × Brass lamp; now delivered.',
      'You wrote 1 review.',
      'Review of product p1 (5 of 5) on 2026-11-07: "Bright and sturdy"',
      `Consent to ${purpose}: given since 2026-11-08.`,
    ]);
  });

  it('says plainly when there is nothing of a kind, and a withdrawal stands over the consent before it', () => {
    const summary = summariseExport([...history.slice(0, 2), { type: 'NewsletterConsentGiven', recordedAt: at(3), data: { purpose } }, { type: 'NewsletterConsentWithdrawn', recordedAt: at(4), data: { purpose, how: 'link' } }]);
    expect(summary.inWords).toContain('You gave no address at checkout.');
    expect(summary.inWords).toContain('You placed 0 orders.');
    expect(summary.consents).toEqual([{ purpose, state: 'withdrawn', since: at(4) }]);
  });
});
