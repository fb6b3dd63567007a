import { afterAll, describe, expect, it } from 'vitest';
import { api, cardIds, disconnect, gotoHome, withTab, PHONE, SCREENSHOTS, snap, type ApiCategory, type ApiProduct } from './support.ts';
import { callShop, verifiedShopper } from './journey-support.ts';

afterAll(disconnect);

describe('Below 992 px', () => {
  it('checks out in India: India chosen, a list of states, a Pincode field and the delivery date for it', async () => {
    const { token, storage } = await verifiedShopper(`mobile-checkout-${Date.now()}@example.in`, 'Meera Iyer', 'mobile-pass-123');
    const { products } = await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=30');
    const plain = products.find((p) => p.countInStock > 0 && !p.productRam.length && !p.size.length && !p.productWeight.length)!;
    await callShop('/api/cart/add', { method: 'POST', token, body: { productId: plain.id, quantity: 1 } });
    await withTab(
      'mobile-checkout',
      PHONE,
      async ({ page }) => {
        await page.goto('/checkout');
        const country = page.locator('main select[name="country"]');
        await country.waitFor();
        expect(await country.inputValue()).toBe('India');
        const states = await page.locator('main select[name="state"] option').allTextContents();
        expect(states).toHaveLength(37);
        expect(states).toContain('Tamil Nadu');
        await page.locator('main select[name="state"]').selectOption('Karnataka');
        await page.getByRole('textbox', { name: 'Pincode' }).fill('560038');
        await expect.poll(() => page.getByTestId('checkout-delivery').textContent()).toMatch(/^Deliver to 560038 — by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2}$/);
        await snap(page, 'mobile-checkout');
      },
      storage,
    );
  });

  it('has the bottom bar, and its Filters opens the Filter Products drawer on listings', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    const category = categoryList[1]!;
    await withTab('mobile-filters', PHONE, async ({ page }) => {
      await page.goto(`/products/category/${category.id}`);
      const bar = page.getByTestId('bottom-bar');
      await bar.waitFor();
      expect(await bar.locator('a, button').allTextContents()).toEqual(['Home', 'Filters', 'Search', 'Wishlist', 'Orders', 'Account']);
      expect(await page.getByTestId('filter-sidebar').count()).toBe(0);

      await bar.getByRole('button', { name: 'Filters' }).click();
      const drawer = page.getByTestId('filter-drawer');
      await drawer.getByRole('heading', { name: 'Filter Products' }).waitFor();
      await snap(page, 'mobile-filter-drawer');
      // The whole sidebar: filters, then the featured products carousel and the side banners.
      await drawer.getByTestId('filter-sidebar').waitFor();
      for (let i = 0; i < 20 && (await drawer.getByTestId('sidebar-banners').count()) === 0; i++) {
        await drawer.evaluate((el) => el.scrollBy(0, 600));
        await page.waitForTimeout(100);
      }
      await drawer.getByTestId('sidebar-featured').locator('[data-testid="product-card"]').first().waitFor({ state: 'attached' });
      await expect.poll(() => drawer.getByTestId('sidebar-banners').locator('img').count()).toBeGreaterThan(0);
      await drawer.evaluate((el) => el.scrollTo(0, 0));
      await drawer.getByTestId('rating-filter-5').click();
      const expected = await api<{ products: ApiProduct[] }>(`/api/products?catId=${category.id}&rating=5&page=1&perPage=10`);
      await drawer.getByRole('button', { name: 'Close filters' }).click();
      await expect.poll(() => page.getByTestId('filter-drawer').isVisible()).toBe(false);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(expected.products.map((p) => p.id));

      // Two columns of cards on a phone.
      const boxes = await page.locator('[data-testid="product-grid"] [data-testid="product-card"]').evaluateAll((cards) => cards.slice(0, 2).map((c) => c.getBoundingClientRect().top));
      expect(boxes[0]).toBe(boxes[1]);
      await snap(page, 'mobile-listing');
    });
  });

  it('opens the hamburger navigation and the search row from the bottom bar; no Filters on home', async () => {
    await withTab('mobile-navigation', PHONE, async ({ page }) => {
      await gotoHome(page);
      const bar = page.getByTestId('bottom-bar');
      await bar.waitFor();
      expect(await bar.getByRole('button', { name: 'Filters' }).count()).toBe(0);

      await bar.getByRole('button', { name: 'Search' }).click();
      const search = page.getByTestId('mobile-search');
      await search.getByRole('searchbox').pressSequentially('lumio', { delay: 40 });
      await page.getByTestId('search-suggestions').locator('a[href^="/product/"]').first().waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/mobile-search-390.png` });
      await search.getByRole('searchbox').press('Escape');

      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('dialog');
      await nav.getByText('My Account').waitFor();
      expect(await nav.getByRole('link', { name: /Fashion/ }).count()).toBeGreaterThan(0);
      await snap(page, 'mobile-navigation');
      await page.keyboard.press('Escape');
    });
  });
});
