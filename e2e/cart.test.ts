import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callShop, verifiedShopper } from './journey-support.ts';
import { api, DESKTOP, disconnect, withTab, type ApiProduct } from './support.ts';

afterAll(disconnect);

const stamp = Date.now().toString(36);
let product: ApiProduct;
beforeAll(async () => {
  const { products } = await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=60');
  product = products.find((p) => p.productRam.length + p.size.length + p.productWeight.length === 0 && p.countInStock >= 3)!;
});

/** "METHOD /api/path" of every API call the page makes from now on. */
function apiCalls(requests: Request[]): string[] {
  return requests.map((r) => new URL(r.url())).filter((url) => url.pathname.startsWith('/api/')).map((url, i) => `${requests[i]!.method()} ${url.pathname}`);
}

describe('Cart round trip', () => {
  it('a quantity change costs the change itself and the server\'s pricing of the cart, with no refetch of the cart', async () => {
    const shopper = await verifiedShopper(`cart.${stamp}@example.in`, 'Meera Cart', 'Cart-check-2468');
    const line = await callShop<{ id: string }>('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId: product.id, quantity: 1 } });

    await withTab('cart-round-trip', DESKTOP, async ({ page }) => {
      await page.goto('/cart');
      const row = page.locator(`[data-testid="cart-line"][data-product-id="${product.id}"]`);
      await row.waitFor();
      // Everything the page loads on its own is done before the click.
      await page.waitForLoadState('networkidle');

      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();

      // The line, the totals and the header show the new quantity...
      await expect.poll(() => row.getByTestId('cart-quantity').textContent()).toBe('2');
      await expect.poll(() => row.getByTestId('line-subtotal').textContent()).toContain((product.price * 2).toLocaleString('en-IN'));
      // ...and the overlay is gone, which it only is once the page is done with the change
      // (a refetch of the cart, if the page made one, has been answered by then).
      await expect.poll(() => page.locator('[data-testid="busy-overlay"][aria-busy="true"]').count()).toBe(0);

      // The discounts (a sale's, a coupon's minimum, the first order's) depend on the quantities, and only the server prices them.
      await expect.poll(() => apiCalls(requests)).toEqual([`PUT /api/cart/${line.id}`, 'GET /api/cart/discounts']);
      // The server has the change the page shows.
      const cart = await callShop<{ id: string; quantity: number }[]>('/api/cart', { token: shopper.token });
      expect(cart.map((l) => [l.id, l.quantity])).toEqual([[line.id, 2]]);
    }, shopper.storage);
  });
});
