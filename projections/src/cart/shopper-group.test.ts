import { afterEach, describe, expect, it } from 'vitest';
import { newId, orderIdForPayment, type CartLineDoc, type OrderDoc, type ProductDoc } from '@shop/contracts';
import { type RecordedEvent } from '@shop/platform';
import { SqliteDocumentStore } from '@shop/platform/adapters';
import { applyBatch } from '../apply-batch.ts';
import { catalogProjection } from '../catalog/projection.ts';
import type { Projection } from '../projection.ts';
import { shopperProjection } from './shopper-group.ts';

let docs: SqliteDocumentStore;
afterEach(() => docs?.close());

let position = 0n;
const recorded = (type: string, data: unknown): RecordedEvent => {
  position += 1n;
  return { id: newId(), streamId: 's', type, data, metadata: { timestamp: new Date(Number(position) * 1000).toISOString() }, revision: 0n, position };
};

async function open(projections: Projection[]) {
  docs = new SqliteDocumentStore(':memory:');
  for (const projection of projections) for (const spec of projection.collections) await docs.defineCollection(spec);
}

const userId = newId();
const lineId = newId();
const productId = newId();
const line = { lineId, productId, productTitle: 'Diya', image: '/d.svg', rating: 4, price: 250, productRam: null, size: null, productWeight: null };

describe('shopper projection', () => {
  it('keeps cart lines with their subtotal, and replaying the same events changes nothing', async () => {
    await open([shopperProjection]);
    const events = [
      recorded('CartItemAdded', { ...line, userId, quantity: 1 }),
      recorded('CartItemQuantityChanged', { userId, lineId, productId, quantity: 3 }),
    ];
    await applyBatch(shopperProjection, events, 0n, { store: docs });
    const once = await docs.get<CartLineDoc>('cart', lineId);
    expect(once).toMatchObject({ quantity: 3, subTotal: 750, userId });
    // A redelivered batch (same positions) is skipped; re-applying from scratch gives the same document.
    await applyBatch(shopperProjection, events, 0n, { store: docs });
    expect(await docs.get('cart', lineId)).toEqual(once);
  });

  it('places an order, moves its status, and clears the paid lines from the cart', async () => {
    await open([shopperProjection]);
    const orderId = orderIdForPayment('pay_1');
    const product = { lineId, productId, productTitle: 'Diya', image: '', price: 250, quantity: 2, subTotal: 500 };
    const events = [
      recorded('CartItemAdded', { ...line, userId, quantity: 2 }),
      recorded('OrderPlaced', {
        orderId, paymentId: 'pay_1', providerOrderId: 'order_1', userid: userId, name: 'A', phoneNumber: '9', address: '1, 2',
        pincode: '5', email: 'a@b.in', country: 'India', city: 'C', state: 'S', amount: 500, products: [product], date: new Date().toISOString(), deliveryFee: 0, paymentMethod: 'card', codFee: 0,
      }),
      recorded('CartCheckedOut', { userId, orderId, lineIds: [lineId] }),
      recorded('OrderStatusChanged', { orderId, from: 'pending', to: 'confirmed', changedBy: 'admin' }),
    ];
    await applyBatch(shopperProjection, events, 0n, { store: docs });
    expect(await docs.get('cart', lineId)).toBeNull();
    expect(await docs.get<OrderDoc>('orders', orderId)).toMatchObject({ _id: orderId, id: orderId, status: 'confirmed', amount: 500, userid: userId });
  });
});

describe('catalog handlers for reviews and stock', () => {
  it('sets rating, review count and stock left from the events, so a replay gives the same product', async () => {
    await open([catalogProjection]);
    const product: ProductDoc = {
      _id: productId, id: productId, prodId: productId, name: 'Diya', brand: 'B', description: 'd', images: [], price: 250, oldPrice: 300,
      discount: 10, rating: 2, numReviews: 0, countInStock: 7, isFeatured: false, catId: newId(), catName: 'C', subCatId: newId(),
      subCatName: 'S', subCat: 'S', productRam: [], size: [], productWeight: [], location: [], locationCodes: [], dateCreated: new Date().toISOString(),
    };
    await docs.commit({ writes: [{ kind: 'put', collection: 'products', doc: product }] });
    const review = { productId, customerId: 'u1', customerName: 'A', review: 'ok', dateCreated: new Date().toISOString(), verifiedBuyer: false };
    const events = [
      recorded('ProductReviewed', { ...review, reviewId: newId(), customerRating: 5, numReviews: 1, ratingSum: 5 }),
      recorded('ProductReviewed', { ...review, reviewId: newId(), customerRating: 3.5, numReviews: 2, ratingSum: 8.5 }),
      recorded('StockReserved', { productId, reservationId: 'pay_1', quantity: 3, remaining: 4 }),
    ];
    await applyBatch(catalogProjection, events, 0n, { store: docs });
    const after = await docs.get<ProductDoc>('products', productId);
    expect(after).toMatchObject({ rating: 4.5, numReviews: 2, countInStock: 4 }); // 8.5 / 2 = 4.25 → 4.5
    await applyBatch(catalogProjection, events, 0n, { store: docs });
    expect(await docs.get('products', productId)).toEqual(after);
  });
});
