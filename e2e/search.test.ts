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
      // The filter is in the address: a reload keeps it.
      await page.waitForURL((url) => url.searchParams.get('rating') === '5');
      await page.reload();
      await expect.poll(() => page.locator('[data-testid="product-grid"] [data-testid="product-card"]').count()).toBe(all.filter((p) => p.rating >= 5).length);
      expect(await page.getByTestId('rating-filter-5').getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Three columns' }).click();
      expect(await page.getByTestId('product-grid').getAttribute('data-columns')).toBe('3');
      await snap(page, 'search-results');

      // An empty query does nothing.
      await box.fill('   ');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).search).toBe('?q=kisan&rating=5');
    });
  });
});

interface ResultsReply {
  products: ApiProduct[];
  total: number;
  didYouMean: string[];
  fallback: { catName: string | null; products: ApiProduct[] } | null;
}

describe('Search that forgives', () => {
  it('says "Did you mean" and shows popular products of the nearest category instead of nothing', async () => {
    await withTab('search-did-you-mean', DESKTOP, async ({ page }) => {
      const dropdown = await api<ResultsReply>('/api/search/results?q=jeenz&perPage=8');
      expect(dropdown.products).toEqual([]);
      expect(dropdown.didYouMean[0]).toBe('jeans');
      expect(dropdown.fallback?.catName).toBe('Fashion');

      await gotoHome(page);
      const box = page.getByRole('searchbox', { name: 'Search for products' });
      await box.pressSequentially('jeenz', { delay: 60 });
      const panel = page.getByTestId('search-suggestions');
      // While the answer for the whole word is on its way, the panel may still offer what it had for
      // "jee" or "jeen" (a loaded machine answers a keystroke late): wait for the word typed.
      await expect.poll(() => panel.getByTestId('did-you-mean').textContent()).toMatch(/^Did you mean jeans/);
      expect(await panel.getByTestId('fallback-heading').textContent()).toContain('Popular in Fashion');
      const links = panel.locator('a[href^="/product/"]');
      await expect.poll(() => links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(dropdown.fallback!.products.slice(0, 8).map((p) => `/product/${p.id}`));
      await snap(page, 'search-did-you-mean');

      // The results page: the same offer, and the fallback products instead of an empty page.
      await box.fill('jeenz');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.search === '?q=jeenz');
      const full = await api<ResultsReply>('/api/search/results?q=jeenz');
      await page.getByTestId('fallback-products').waitFor();
      expect(await page.getByTestId('did-you-mean').textContent()).toMatch(/^Did you mean jeans/);
      const cards = page.locator('[data-testid="fallback-products"] [data-testid="product-card"]');
      await expect.poll(() => cards.count()).toBe(full.fallback!.products.length);
      await snap(page, 'search-fallback');

      // Taking the offer searches for the real word.
      await page.getByTestId('did-you-mean').getByRole('link', { name: 'jeans' }).click();
      await page.waitForURL((url) => url.search === '?q=jeans');
      const jeans = await api<ApiProduct[]>('/api/search?q=jeans');
      expect(jeans.length).toBeGreaterThan(0);
      await expect.poll(() => page.locator('[data-testid="product-grid"] [data-testid="product-card"]').count()).toBe(jeans.length);
    });
  });

  it('loads more results past the first 60', async () => {
    await withTab('search-load-more', DESKTOP, async ({ page }) => {
      // Two words, so products either finds count (one word alone keeps to its own matches: see search.md).
      const first = await api<ResultsReply>('/api/search/results?q=gift%20pack');
      expect(first.total).toBeGreaterThan(60);
      const second = await api<ResultsReply>('/api/search/results?q=gift%20pack&page=2');
      await gotoHome(page);
      const box = page.getByRole('searchbox', { name: 'Search for products' });
      await box.fill('gift pack');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'gift pack');
      const cards = page.locator('[data-testid="product-grid"] [data-testid="product-card"]');
      const shownIds = () => cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-product-id')));
      await expect.poll(() => cards.count()).toBe(60);
      await page.getByTestId('load-more').click();
      await expect.poll(() => cards.count()).toBe(first.total);
      // The next results in their order, after the first 60.
      expect(await shownIds()).toEqual([...first.products, ...second.products].map((p) => p.id));
      expect(await page.getByTestId('load-more').count()).toBe(0);
      await snap(page, 'search-load-more');
    });
  });

  it('finds a misspelt product and offers the right spelling', async () => {
    await withTab('search-typo', DESKTOP, async ({ page }) => {
      const reply = await api<ResultsReply>('/api/search/results?q=lipstik');
      expect(reply.products.length).toBeGreaterThan(0);
      expect(reply.products[0]!.name).toMatch(/Lipstick/);
      await gotoHome(page);
      const box = page.getByRole('searchbox', { name: 'Search for products' });
      await box.fill('lipstik');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      await expect.poll(() => page.locator('[data-testid="product-grid"] [data-testid="product-card"]').count()).toBe(reply.products.length);
      expect(await page.getByTestId('did-you-mean').textContent()).toMatch(/^Did you mean lipstick/);
    });
  });
});
