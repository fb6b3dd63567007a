import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, disconnect, reveal, waitForCards, withTab, snap, type ApiProduct } from './support.ts';
import { callShop, expectSnackbar, verifiedShopper } from './journey-support.ts';

afterAll(disconnect);

let products: ApiProduct[] = [];
beforeAll(async () => {
  products = (await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=100')).products;
});

describe('Product detail', () => {
  it('shows the gallery, choosers, quantity bounds and the three tabs', async () => {
    // Sold per RAM: the first RAM's variant sets the price and the quantity bound once chosen.
    const firstRam = (p: ApiProduct) => p.variants?.find((v) => v.options.productRam === p.productRam[0]);
    const product = products.find((p) => p.productRam.length > 0 && p.images.length > 1 && (firstRam(p)?.countInStock ?? 0) > 1 && (firstRam(p)?.countInStock ?? 0) < 8)
      ?? products.find((p) => p.productRam.length > 0 && (firstRam(p)?.countInStock ?? 0) > 1)!;
    const chosen = firstRam(product)!;
    await withTab('product-detail', DESKTOP, async ({ page }) => {
      await page.goto(`/product/${product.id}`);
      await expect.poll(() => page.getByTestId('product-name').textContent()).toBe(product.name);

      // Gallery: every picture as a thumbnail, five to a row, hover zoom, thumbnails switch the picture.
      const thumbs = page.getByTestId('gallery-thumb');
      expect(await thumbs.count()).toBe(product.images.length);
      // Measured on every try: the gallery paints a still picture first and swaps in its slider
      // right after, so for a moment the thumbnails are new elements with no box yet.
      await expect
        .poll(async () => {
          const gallery = await page.getByTestId('gallery').boundingBox();
          const thumb = await thumbs.first().boundingBox();
          if (!gallery || !thumb) return 'not laid out yet';
          return thumb.width > gallery.width / 5 - 12 && thumb.width < gallery.width / 5 ? 'five to a row' : `thumbnail ${thumb.width}px in a ${gallery.width}px gallery`;
        })
        .toBe('five to a row');
      const zoom = page.getByTestId('hover-zoom').first();
      // Keep moving over the picture until it zooms: a single move can land before the page's
      // handlers are attached on a slow machine, and the gallery may still be laying out its
      // slides (no box yet, or a box that moves), so the picture is found again on every try.
      let step = 0;
      await expect
        .poll(async () => {
          step += 1;
          const box = await zoom.boundingBox();
          if (!box) return 'not laid out yet';
          await page.mouse.move(box.x + box.width * (0.3 + (step % 5) * 0.05), box.y + box.height * 0.3);
          return zoom.getAttribute('data-zoomed');
        })
        .toBe('true');
      await page.mouse.move(0, 0);
      await thumbs.nth(1).click();
      expect(await thumbs.nth(1).getAttribute('aria-current')).toBe('true');
      expect(await page.locator('[data-testid="gallery"] [data-testid="discount-badge"]').textContent()).toMatch(/^\d+%$/);
      expect(await page.locator('[data-testid="product-detail"] [data-testid="stock-badge"]').textContent()).toBe('IN STOCK');

      // RAM chooser: required before Add to cart (error look and "Choose the RAM"), then the login check.
      const chooser = page.getByTestId('chooser-productRam');
      await page.getByTestId('add-to-cart').click();
      expect(await chooser.getAttribute('data-error')).toBe('true');
      expect(await page.getByTestId('chooser-error').textContent()).toBe('Choose the RAM');
      expect(await page.getByTestId('snackbar').count()).toBe(0);
      await chooser.getByRole('radio', { name: product.productRam[0]! }).click();
      expect(await chooser.getAttribute('data-error')).toBe('false');
      await page.getByTestId('add-to-cart').click();
      await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('Please login first');
      expect(await page.getByTestId('chooser-size').count()).toBe(product.size.length ? 1 : 0);

      // Each RAM button says what that variant costs and has left.
      expect(await chooser.getByTestId('chooser-offer').first().textContent()).toContain(`${chosen.countInStock} left`);

      // Quantity: minus stops at 1, plus at the chosen variant's countInStock.
      const plus = page.getByRole('button', { name: 'Increase quantity' });
      for (let i = 0; i < chosen.countInStock + 1 && (await plus.isEnabled()); i++) await plus.click();
      expect(await page.getByTestId('quantity').textContent()).toBe(String(chosen.countInStock));
      expect(await plus.isDisabled()).toBe(true);

      // Price with "MRP incl. of all taxes", and the delivery date for a pincode, remembered for the next page.
      expect(await page.getByTestId('mrp-note').textContent()).toBe('MRP incl. of all taxes');
      const estimate = await api<{ by: string }>(`/api/delivery/estimate?pincode=110001&productId=${product.id}`);
      const day = new Date(`${estimate.by}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
      await page.getByLabel('Delivery Pincode').fill('110001');
      await page.getByTestId('delivery-check').getByRole('button', { name: 'Check' }).click();
      await expect.poll(() => page.getByTestId('delivery-line').textContent()).toBe(`Deliver to 110001 — by ${day}`);
      expect(await page.evaluate<string | null>('localStorage.getItem("deliveryPincode")')).toBe('110001');

      // Wish list needs a login.
      await page.getByTestId('wishlist-button').click();
      await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('Please Login to continue');

      // Tabs: Description, Additional info (fixed table), Reviews via the review count.
      await reveal(page, 'product-tabs');
      const tabs = page.getByTestId('product-tabs');
      expect(await tabs.getByRole('tabpanel').textContent()).toBe(product.description);
      await tabs.getByRole('tab', { name: 'Additional info' }).click();
      // The fixed table states only what the shop does (no gift wrap or returns rows).
      expect(await tabs.locator('table tr').count()).toBe(4);
      await page.getByTestId('review-count').click();
      await expect.poll(() => tabs.getByRole('tab', { name: /Reviews/ }).getAttribute('aria-selected')).toBe('true');
      await tabs.getByRole('button', { name: 'Submit Review' }).click();
      await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('Please Login first');

      // Related products: same subcategory, never this one.
      await reveal(page, 'related-products');
      const related = await waitForCards(page, '[data-testid="related-products"]');
      const sameSub = (await api<{ products: ApiProduct[] }>(`/api/products?subCatId=${(await api<ApiProduct>(`/api/products/${product.id}`)).subCatId}&page=1&perPage=12`)).products.map((p) => p.id);
      expect(related.length).toBeGreaterThan(0);
      expect(related).not.toContain(product.id);
      for (const id of related) expect(sameSub).toContain(id);

      await page.evaluate('window.scrollTo(0, 0)');
      await snap(page, 'product');
      await tabs.scrollIntoViewIfNeeded();
      await snap(page, 'product-reviews');

      // Recently viewed: the next product page lists this one.
      const next = products.find((p) => p.id !== product.id)!;
      await page.goto(`/product/${next.id}`);
      await reveal(page, 'recently-viewed');
      expect(await waitForCards(page, '[data-testid="recently-viewed"]')).toContain(product.id);
    });
  });

  it('sends a guest who adds to cart to sign in and back to the product with it added; an untouched review is not posted as one star', async () => {
    const product = products.find((p) => !p.productRam.length && !p.size.length && !p.productWeight.length && p.countInStock > 1)!;
    const email = `guest.${Date.now()}@example.in`;
    const password = 'Guest-pass-123';
    const { token, userId } = await verifiedShopper(email, 'Meera', password);
    await withTab('product-guest-sign-in', DESKTOP, async ({ page }) => {
      await page.goto(`/product/${product.id}`);
      await expect.poll(() => page.getByTestId('product-name').textContent()).toBe(product.name);
      await page.getByTestId('add-to-cart').click();
      await expectSnackbar(page, 'Please login first', 'error');
      await page.getByTestId('snackbar-sign-in').click();
      await page.locator('[name="email"]').fill(email);
      await page.locator('[name="password"]').fill(password);
      await page.getByTestId('sign-in-submit').click();
      await page.waitForURL((url) => url.pathname === `/product/${product.id}`);
      const cart = await callShop<{ productId: string }[]>(`/api/cart?userId=${userId}`, { token });
      expect(cart.map((line) => line.productId)).toEqual([product.id]);

      // The review form starts with no stars: a review left untouched is refused, not posted as one star.
      await reveal(page, 'product-tabs');
      const tabs = page.getByTestId('product-tabs');
      await page.getByTestId('review-count').click();
      await tabs.getByLabel('Write a Review').fill('Glowing, would buy again');
      await tabs.getByRole('button', { name: 'Submit Review' }).click();
      await expectSnackbar(page, 'Please choose a rating', 'error');
      const theirs = async () => (await callShop<{ customerId: string; customerRating: number; verifiedBuyer: boolean }[]>(`/api/productReviews?productId=${product.id}`)).filter((r) => r.customerId === userId);
      expect(await theirs()).toEqual([]);
      // Chosen as a shopper does: a click on the right edge of the fifth star.
      const stars = tabs.getByRole('form', { name: 'Add a review' }).locator('.MuiRating-root');
      const box = (await stars.boundingBox())!;
      await stars.click({ position: { x: box.width - 3, y: box.height / 2 } });
      await tabs.getByRole('button', { name: 'Submit Review' }).click();
      await expect.poll(() => tabs.getByTestId('review-list').textContent()).toContain('Glowing, would buy again');
      expect(await theirs()).toMatchObject([{ customerRating: 5, verifiedBuyer: false }]);
    });
  });

  it('opens the quick view from a product card', async () => {
    await withTab('product-quick-view', DESKTOP, async ({ page }) => {
      const category = products[0]!.catId;
      await page.goto(`/products/category/${category}`);
      const card = page.locator('[data-testid="product-grid"] [data-testid="product-card"][data-ready="true"]').first();
      await card.waitFor();
      const id = (await card.getAttribute('data-product-id'))!;
      await card.hover();
      await card.getByRole('button', { name: /^Quick view/ }).click();
      const dialog = page.getByTestId('quick-view');
      await dialog.getByTestId('gallery').waitFor();
      const product = await api<ApiProduct>(`/api/products/${id}`);
      expect(await dialog.getByTestId('product-name').textContent()).toBe(product.name);
      expect(await dialog.getByTestId('add-to-cart').isVisible()).toBe(true);
      expect(await dialog.getByTestId('wishlist-button').isVisible()).toBe(true);
      await snap(page, 'quick-view');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(() => page.getByTestId('quick-view').count()).toBe(0);
    });
  });
});
