import { afterAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, cardIds, disconnect, reveal, withTab, snap, type ApiProduct } from './support.ts';

afterAll(disconnect);

describe('Location picker', () => {
  it('searches countries case-insensitively, stores the code and reloads home for it', async () => {
    await withTab('location-picker', DESKTOP, async ({ page }) => {
      await page.goto('/search?q=lumio');
      await page.getByTestId('location-button').click();
      const list = page.getByTestId('country-list');
      await list.getByText('United States', { exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Search your area' }).fill('iNDi');
      await expect.poll(() => list.getByText('United States', { exact: true }).count()).toBe(0);
      const shown = await list.locator('[data-code]').evaluateAll((items) => items.map((i) => i.getAttribute('data-code')));
      expect(shown).toContain('IN');
      for (const code of shown) expect(['IN', 'IO']).toContain(code);
      await snap(page, 'location-picker');

      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/products')) requests.push(r.url());
      });
      await list.locator('[data-code="IN"]').click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => page.getByTestId('location-label').textContent()).toBe('India');
      expect(await page.evaluate<string | null>("localStorage.getItem('location')")).toBe('IN');

      const expected = await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=16&location=IN');
      await reveal(page, 'new-products');
      await expect.poll(() => cardIds(page, '[data-testid="new-products"]')).toEqual(expected.products.map((p) => p.id));
      for (const p of expected.products) expect(p.location.some((l) => l.value === 'IN' || l.value === 'All')).toBe(true);
      expect(requests.length).toBeGreaterThan(0);
      for (const url of requests) expect(new URL(url).searchParams.get('location')).toBe('IN');

      // Back to All: the filter is dropped.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.getByTestId('location-button').click();
      await page.getByText('All countries').click();
      expect(await page.evaluate<string | null>("localStorage.getItem('location')")).toBe('All');
      await expect.poll(() => page.getByTestId('location-label').textContent()).toBe('All');
    });
  });
});
