import { describe, expect, it } from 'vitest';
import { EVENT_UPCASTERS, EventVersionError, currentEventVersion, upcastEventData, type UpcasterChain } from './event-versions.ts';
import { paymentEventSchemas } from './payment-events.ts';
import { withNoGiftCardOrGift } from './gift-order.ts';
import { withNoGiftCardPurchase } from './gift-card-events.ts';
import { reviewEventSchemas } from './review-events.ts';
import { orderEventSchemas } from './order-events.ts';
import { checkoutEventSchemas } from './order-checkout-events.ts';
import { catalogEventSchemas } from './catalog-events.ts';

/** A PaymentOpened as the release before payment methods wrote it (version 1, no `paymentMethod`). */
const paymentOpenedV1 = {
  providerOrderId: 'order_test_1',
  provider: 'test',
  userId: 'u1',
  amount: 499,
  amountPaise: 49_900,
  currency: 'INR',
  receipt: 'r1',
  lines: [{ lineId: '6745a1b2c3d4e5f6a7b8c9d0', productId: '6745a1b2c3d4e5f6a7b8c9d1', productTitle: 'Brass Diya Set', image: '', price: 499, quantity: 1, subTotal: 499 }],
  billing: {
    fullName: 'Asha Rao',
    country: 'India',
    streetAddressLine1: '12 MG Road',
    streetAddressLine2: 'Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    zipCode: '560038',
    phoneNumber: '9876543210',
    email: 'asha@example.in',
  },
};

describe('OrderPlaced from version 1', () => {
  it('reads an order placed before payment methods as a card order with no COD fee, which the current schema accepts', async () => {
    const { orderEventSchemas } = await import('./order-events.ts');
    const v1 = {
      orderId: '6745a1b2c3d4e5f6a7b8c9d2',
      paymentId: 'pay_1',
      providerOrderId: 'order_test_1',
      userid: 'u1',
      name: 'Asha Rao',
      phoneNumber: '9876543210',
      address: '12 MG Road, Indiranagar',
      pincode: '560038',
      email: 'asha@example.in',
      country: 'India',
      city: 'Bengaluru',
      state: 'Karnataka',
      amount: 499,
      products: paymentOpenedV1.lines,
      date: '2026-01-02T03:04:05.000Z',
    };
    expect(() => orderEventSchemas.OrderPlaced.parse(v1)).toThrow();
    const read = upcastEventData('OrderPlaced', 1, structuredClone(v1));
    expect(orderEventSchemas.OrderPlaced.parse(read)).toEqual({ ...v1, deliveryFee: 0, paymentMethod: 'card', codFee: 0 });
    expect(currentEventVersion('OrderPlaced')).toBe(6);
  });
});

describe('gift cards and gift orders on payments, checkouts and orders', () => {
  it('reads a payment opened before gift cards as one with no card part and no gift, which the current schema accepts', () => {
    const v4 = { ...paymentOpenedV1, paymentMethod: 'card', deliveryFee: 0 };
    const read = upcastEventData('PaymentOpened', 4, structuredClone(v4));
    expect(paymentEventSchemas.PaymentOpened.parse(read)).toEqual(v4);
    expect(read).not.toHaveProperty('giftCard');
    expect(read).not.toHaveProperty('gift');
    expect(EVENT_UPCASTERS.PaymentOpened).toContain(withNoGiftCardOrGift);
    expect(EVENT_UPCASTERS.CheckoutStarted).toContain(withNoGiftCardOrGift);
  });

  it('reads a payment opened before gift cards were bought as buying none; one that buys a card keeps whom it goes to', () => {
    const before = currentEventVersion('PaymentOpened') - 1;
    expect(EVENT_UPCASTERS.PaymentOpened![before - 1]).toBe(withNoGiftCardPurchase);
    const earlier = { ...paymentOpenedV1, paymentMethod: 'card', deliveryFee: 0 };
    const read = upcastEventData('PaymentOpened', before, structuredClone(earlier));
    expect(paymentEventSchemas.PaymentOpened.parse(read)).toEqual(earlier);
    expect(read).not.toHaveProperty('giftCardPurchase');
    const giftCardPurchase = { recipientEmail: 'meera@example.in', message: 'Happy birthday!' };
    expect(paymentEventSchemas.PaymentOpened.parse({ ...earlier, giftCardPurchase })).toMatchObject({ giftCardPurchase });
  });

  it('reads a refused order mail from before gift cards as it was, and accepts a refused gift card mail', () => {
    const refused = { orderId: 'a'.repeat(24), mail: 'status', status: 'shipped', eventId: 'e1', reason: '550 no such mailbox', refusedAt: '2026-11-27T02:00:00.000Z' };
    expect(orderEventSchemas.OrderMailRefused.parse(upcastEventData('OrderMailRefused', 1, structuredClone(refused)))).toEqual(refused);
    expect(orderEventSchemas.OrderMailRefused.parse({ ...refused, mail: 'gift-card', status: undefined })).toMatchObject({ mail: 'gift-card' });
  });

  it('a payment with a gift card part and a gift keeps both', () => {
    const giftCard = { cardId: 'c'.repeat(32), debitId: 'order_test_1', codeLast4: 'AB23', applied: 300 };
    const gift = { message: 'Happy birthday!', wrap: true, wrapFee: 50 };
    const current = { ...paymentOpenedV1, paymentMethod: 'card', deliveryFee: 0, giftCard, gift };
    expect(paymentEventSchemas.PaymentOpened.parse(current)).toMatchObject({ giftCard, gift });
  });
});

describe('event versions', () => {
  it('reads a version 1 PaymentOpened as a card payment that the current schema accepts, leaving the stored data as it was', () => {
    const stored = structuredClone(paymentOpenedV1);
    const upcast = upcastEventData('PaymentOpened', 1, stored);
    expect(paymentEventSchemas.PaymentOpened.parse(upcast)).toEqual({ ...paymentOpenedV1, paymentMethod: 'card', deliveryFee: 0 });
    expect(stored).toEqual(paymentOpenedV1);
    // Without the upcaster the old event is not a PaymentOpened of today.
    expect(paymentEventSchemas.PaymentOpened.safeParse(paymentOpenedV1).success).toBe(false);
  });

  it('reads version 1 reviews (written before orders were checked) as unverified ones the current schemas accept', () => {
    const reviewedV1 = {
      reviewId: '6745a1b2c3d4e5f6a7b8c9d2',
      productId: '6745a1b2c3d4e5f6a7b8c9d1',
      customerId: 'u1',
      customerName: 'Asha',
      review: 'Lovely',
      customerRating: 5,
      dateCreated: '2026-01-01T00:00:00.000Z',
      numReviews: 1,
      ratingSum: 5,
    };
    const editedV1 = { ...reviewedV1, customerRating: 4, ratingSum: 4, editedAt: '2026-01-02T00:00:00.000Z' };
    expect(reviewEventSchemas.ProductReviewed.parse(upcastEventData('ProductReviewed', 1, reviewedV1))).toEqual({ ...reviewedV1, verifiedBuyer: false });
    expect(reviewEventSchemas.ProductReviewEdited.parse(upcastEventData('ProductReviewEdited', 1, editedV1))).toEqual({ ...editedV1, verifiedBuyer: false });
    expect(reviewEventSchemas.ProductReviewed.safeParse(reviewedV1).success).toBe(false);
    // A version 2 review keeps what was decided when it was written.
    const verified = { ...reviewedV1, verifiedBuyer: true };
    expect(upcastEventData('ProductReviewed', 2, verified)).toBe(verified);
  });

  it('reads payments, checkouts and orders from before the delivery fee as delivered free, their amounts unchanged', () => {
    const v2 = { ...paymentOpenedV1, paymentMethod: 'upi' };
    expect(paymentEventSchemas.PaymentOpened.parse(upcastEventData('PaymentOpened', 2, v2))).toEqual({ ...v2, deliveryFee: 0 });
    const { billing, lines, amount, userId, provider, providerOrderId } = paymentOpenedV1;
    const orderId = '6745a1b2c3d4e5f6a7b8c9d2';
    const started = { paymentId: 'pay_1', providerOrderId, provider, orderId, userId, amount, lines, billing };
    expect(checkoutEventSchemas.CheckoutStarted.parse(upcastEventData('CheckoutStarted', 1, started))).toEqual({ ...started, deliveryFee: 0 });
    const placed = {
      orderId, paymentId: 'pay_1', providerOrderId, userid: userId, name: billing.fullName, phoneNumber: billing.phoneNumber, address: '12 MG Road, Indiranagar',
      pincode: billing.zipCode, email: billing.email, country: 'India', city: billing.city, state: billing.state, amount, products: lines, date: '2026-01-01T00:00:00.000Z',
    };
    expect(orderEventSchemas.OrderPlaced.parse(upcastEventData('OrderPlaced', 1, placed))).toEqual({ ...placed, deliveryFee: 0, paymentMethod: 'card', codFee: 0 });
    expect(orderEventSchemas.OrderPlaced.safeParse(placed).success).toBe(false);
  });

  it('reads products listed before variants as having none, and old order lines as naming no variant', () => {
    const listed = {
      productId: '6745a1b2c3d4e5f6a7b8c9d1', listedAt: '2026-11-24T10:00:00.000Z', name: 'Zen Laptop', brand: 'Zen', description: 'A laptop.',
      images: ['/images/x.svg'], price: 50_000, oldPrice: 0, discount: 0, countInStock: 7, rating: 4, isFeatured: false,
      catId: '6745a1b2c3d4e5f6a7b8c9d2', subCatId: '6745a1b2c3d4e5f6a7b8c9d3', productRam: ['8GB', '16GB'], size: [], productWeight: [],
      location: [{ value: 'All', label: 'All' }],
    };
    const product = catalogEventSchemas.ProductListed.parse(upcastEventData('ProductListed', 1, listed));
    // Its stock stays the product's one count (7): no variant is made up that could count it twice.
    expect([product.variants, product.countInStock, product.productRam]).toEqual([[], 7, ['8GB', '16GB']]);
    const line = paymentOpenedV1.lines[0]!;
    const opened = paymentEventSchemas.PaymentOpened.parse(upcastEventData('PaymentOpened', 1, paymentOpenedV1));
    expect(opened.lines).toEqual([line]);
    const placed = { orderId: line.productId, paymentId: 'pay_1', providerOrderId: 'order_1', userid: 'u1', name: 'A', phoneNumber: '1', address: 'x', pincode: '560038', email: 'a@b.in', country: 'India', city: 'B', state: 'K', amount: 499, products: [line], date: '2026-11-24T10:00:00.000Z' };
    const order = orderEventSchemas.OrderPlaced.parse(upcastEventData('OrderPlaced', 1, placed));
    expect(order.products[0]).not.toHaveProperty('sku');
    expect(currentEventVersion('ProductListed')).toBe(2);
  });

  it('leaves an event at the current version as it is', () => {
    const current = { ...paymentOpenedV1, paymentMethod: 'upi', deliveryFee: 40 };
    expect(upcastEventData('PaymentOpened', currentEventVersion('PaymentOpened'), current)).toBe(current);
    expect(upcastEventData('CartItemAdded', 1, current)).toBe(current);
  });

  it('runs a chain in order from the version an event was written with', () => {
    const chains: Record<string, UpcasterChain> = {
      Renamed: [
        (data) => ({ ...(data as object), v2: true }),
        (data) => {
          const { v2, ...rest } = data as { v2: boolean };
          return { ...rest, fromV2: v2 };
        },
      ],
    };
    expect(currentEventVersion('Renamed', chains)).toBe(3);
    expect(upcastEventData('Renamed', 1, { a: 1 }, chains)).toEqual({ a: 1, fromV2: true });
    expect(upcastEventData('Renamed', 2, { a: 1, v2: false }, chains)).toEqual({ a: 1, fromV2: false });
  });

  it('refuses an event newer than this code, saying a newer release wrote the log', () => {
    const newer = currentEventVersion('PaymentOpened') + 1;
    expect(() => upcastEventData('PaymentOpened', newer, paymentOpenedV1)).toThrow(EventVersionError);
    expect(() => upcastEventData('PaymentOpened', newer, paymentOpenedV1)).toThrow(
      new RegExp(`version ${newer}, but this release reads PaymentOpened up to version ${newer - 1}: the log was written by a newer release`),
    );
    expect(() => upcastEventData('CartItemAdded', 2, {})).toThrow(/newer release/);
  });

  it('refuses a version that is not a whole number from 1', () => {
    for (const version of [0, -1, 1.5, Number.NaN, '2' as unknown as number]) {
      expect(() => upcastEventData('PaymentOpened', version, paymentOpenedV1)).toThrow(EventVersionError);
    }
  });

  it('names only event types with a chain, every link a function', () => {
    for (const [type, chain] of Object.entries(EVENT_UPCASTERS)) {
      expect(chain.length, type).toBeGreaterThan(0);
      for (const upcaster of chain) expect(typeof upcaster, type).toBe('function');
    }
  });
});
