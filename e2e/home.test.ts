import { afterAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, cardIds, waitForCards, disconnect, gotoHome, reveal, scrollThrough, withTab, snap, type ApiCategory, type ApiProduct } from './support.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

interface Banner {
  id: string;
  catId?: string | null;
  subCatId?: string | null;
}

afterAll(disconnect);

describe('Home', () => {
  it('renders every section from the seed', async () => {
    const [{ categoryList }, homeBanners, middle, side, bottom] = await Promise.all([
      api<{ categoryList: ApiCategory[] }>('/api/category'),
      api<Banner[]>('/api/homeBanner'),
      api<Banner[]>('/api/banners'),
      api<Banner[]>('/api/homeSideBanners'),
      api<Banner[]>('/api/homeBottomBanners'),
    ]);
    await withTab('home-sections', DESKTOP, async ({ page }) => {
      await gotoHome(page);

      // No sale is scheduled in this shop: the strip shows the standing offers only (a sale's part shows while one runs: back-office.test.ts).
      await expect.poll(() => page.getByTestId('sale-strip').textContent()).toContain('Free delivery over Rs');
      expect(await page.getByTestId('sale-strip-sale').count()).toBe(0);
      // Banner slider: one slide per banner, the first links by subcategory, else category.
      const first = homeBanners[0]!;
      const bannerLinks = page.locator('[data-testid="home-banner"] [data-testid="banner-link"]');
      await bannerLinks.first().waitFor();
      const expected = first.subCatId ? `/products/subCat/${first.subCatId}` : `/products/category/${first.catId}`;
      await expect.poll(() => bannerLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toContain(expected);

      // After the first paint the still banner and category row upgrade to Swiper carousels.
      await expect.poll(() => page.getByTestId('home-banner').getAttribute('data-carousel')).toBe(homeBanners.length > 1 ? 'swiper' : 'still');
      await expect.poll(() => page.locator('[data-testid="home-banner"] .swiper-slide').count()).toBe(homeBanners.length > 1 ? homeBanners.length : 0);
      await expect.poll(() => page.getByTestId('category-tile').count()).toBe(categoryList.length);
      // The product rows mount as they come near the viewport.
      await scrollThrough(page);
      await page.locator('[data-testid="side-banners"] img').first().waitFor();
      expect(await page.locator('[data-testid="side-banners"] img').count()).toBe(side.length);

      for (const section of ['popular-products', 'new-products', 'featured-products', 'random-category']) {
        const ids = await waitForCards(page, `[data-testid="${section}"]`);
        expect(ids.length, section).toBeGreaterThan(0);
      }
      await expect.poll(() => page.locator('[data-testid="middle-banners"] img').count()).toBe(Math.min(3, middle.length));
      await expect.poll(() => page.locator('[data-testid="bottom-banners"] img').count()).toBe(Math.min(3, bottom.length));

      // The random category's View All opens that category, whose products the row shows.
      const viewAll = page.locator('[data-testid="random-category"] a', { hasText: 'View All' });
      const href = (await viewAll.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/products\/category\//);
      const catId = href.split('/').pop()!;
      const randomIds = await waitForCards(page, '[data-testid="random-category"]');
      const { products } = await api<{ products: ApiProduct[] }>(`/api/products/catId?catId=${catId}&page=1&perPage=10`);
      expect(randomIds).toEqual(products.map((p) => p.id));

      // New Products: the newest first page of 16.
      const newest = await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=16');
      expect(await waitForCards(page, '[data-testid="new-products"]')).toEqual(newest.products.map((p) => p.id));

      const footer = page.locator('footer');
      await expect.poll(() => footer.getByTestId('feature-strip').textContent()).toMatch(/Free delivery.*On orders over Rs 299.*Rs 20 off/);
      expect(await footer.getByRole('form', { name: 'Newsletter' }).count()).toBe(1);

      await snap(page, 'home', { fullPage: true });
    });
  });

  it('shows featured products in Popular Products, then a tab’s category, and rewinds the carousel', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    await withTab('home-tabs', DESKTOP, async ({ page }) => {
      await gotoHome(page);
      await reveal(page, 'popular-products');
      const section = page.getByTestId('popular-products');
      // First the featured products, with no tab chosen.
      const before = await waitForCards(page, '[data-testid="popular-products"]');
      const featured = await api<ApiProduct[]>('/api/products/featured');
      expect(before).toEqual(featured.map((p) => p.id));
      expect(await section.getByRole('tab', { selected: true }).count()).toBe(0);

      // Move the carousel forward, then pick the third category.
      await section.locator('.swiper-button-next').click();
      await expect.poll(() => section.locator('.swiper-wrapper').getAttribute('style')).not.toContain('translate3d(0px');
      const target = categoryList[2]!;
      await section.getByRole('tab', { name: target.name }).click();
      const expected = await api<{ products: ApiProduct[] }>(`/api/products/catId?catId=${target.id}&page=1&perPage=12`);
      await expect.poll(() => cardIds(page, '[data-testid="popular-products"]'), { timeout: scaledTimeout(15_000) }).toEqual(expected.products.map((p) => p.id));
      await expect.poll(() => section.locator('.swiper-wrapper').getAttribute('style')).toContain('translate3d(0px');
      expect(await section.getByRole('tab', { name: target.name }).getAttribute('aria-selected')).toBe('true');

      await section.scrollIntoViewIfNeeded();
      await snap(page, 'home-popular-tab');
    });
  });
});
