import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOPPER } from '../test/render.tsx';
import { mockApi } from '../test/testApi.ts';
import { createStore } from '../store/store.ts';
import { cartApi } from './cartApi.ts';
import { STILL_UPDATING_REFETCH_MS } from './shopApi.ts';

const STILL_UPDATING = { error: false, status: true, updating: true, msg: 'Saved. The shop is still updating: it will show in a moment.' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a change the server saved before its views caught up (202 "still updating")', () => {
  it('is answered with the server’s message instead of a result the reply does not have, and the views refetch a moment later', async () => {
    let cartReads = 0;
    const seen = mockApi({
      'POST /api/cart/add': { status: 202, body: STILL_UPDATING },
      'GET /api/cart': () => {
        cartReads += 1;
        return { body: [] };
      },
    });
    const store = createStore({ session: SHOPPER });
    const cart = store.dispatch(cartApi.endpoints.getCart.initiate('u1'));
    await cart;
    expect(cartReads).toBe(1);

    const added = await store.dispatch(
      cartApi.endpoints.addToCart.initiate({ productId: 'p1', productTitle: 'Lamp', image: '', rating: 0, price: 499, quantity: 1, subTotal: 499, countInStock: 3, userId: 'u1' } as never),
    );
    expect(added.error).toEqual({ status: 202, data: STILL_UPDATING });
    // Sent once: the client knows the change was made and does not send it again.
    expect(seen.filter((request) => request.path === '/api/cart/add')).toHaveLength(1);

    // Read again at once (the mutation's own tags), and once more when the views had time to catch up.
    const readsRightAfter = cartReads;
    await vi.waitFor(() => expect(cartReads).toBe(readsRightAfter + 1), { timeout: STILL_UPDATING_REFETCH_MS + 2000 });
    cart.unsubscribe();
  });
});
