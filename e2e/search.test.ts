import { afterAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, disconnect, gotoHome, withTab, snap, type ApiProduct } from './support.ts';

afterAll(disconnect);

describe('Search', () => {
  it('suggests products while typing: name cut to 50, price, link to the product', async () => {
    await withTab('search', DESKTOP, async ({ page }) => {
      await gotoHome(page);
      const box = page.getByRole('searchbox', { name: 'Search for products' });
      await box.pressSequentially('kisan', { delay: 60 });
      const panel = page.getByTestId('search-suggestions');
      await panel.locator('a[href^="/product/"]').first().waitFor();

      const expected = (await api<ApiProduct[]>('/api/search?q=kisan')).slice(0, 8);
      const links = panel.locator('a[href^="/product/"]');
      await expect.poll(() => links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(expected.map((p) => `/product/${p.id}`));
      const names = await panel.locator('.suggestion-name').allTextContents();
      names.forEach((shown, i) => {
        const full = expected[i]!.name;
        expect(shown).toBe(full.length > 50 ? `${full.slice(0, 50)}...` : full);
      });
      expect(names.some((n) => n.endsWith('...'))).toBe(true);
      expect(await panel.textContent()).toMatch(/Rs \d/);
      await snap(page, 'search-suggestions');

      // Enter opens the results page; filters apply on the result set. (The snapshot at 390 px
      // remounted the header, so type again.)
      await box.fill('kisan');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.search === '?q=kisan');
      const all = await api<ApiProduct[]>('/api/search?q=kisan');
      await expect.poll(() => page.locator('[data-testid="product-grid"] [data-testid="product-card"]').count()).toBe(all.length);
      await page.getByTestId('rating-filter-5').click();
      await expect.poll(() => page.locator('[data-testid="product-grid"] [data-testid="product-card"]').count()).toBe(all.filter((p) => p.rating >= 5).length);
      await page.getByRole('button', { name: 'Three columns' }).click();
      expect(await page.getByTestId('product-grid').getAttribute('data-columns')).toBe('3');
      await snap(page, 'search-results');

      // An empty query does nothing.
      await box.fill('   ');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).search).toBe('?q=kisan');
    });
  });
});
