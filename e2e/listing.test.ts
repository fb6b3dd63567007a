import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, baseURL, DESKTOP, cardIds, disconnect, nextFrames, reveal, withTab, snap, type ApiCategory, type ApiProduct } from './support.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

afterAll(disconnect);

interface Page_ {
  products: ApiProduct[];
  totalPages: number;
}

const idsOf = (page: Page_) => page.products.map((p) => p.id);

/** How many cards share the grid's first row, as laid out. */
function cardsInFirstRow(page: Page): Promise<number> {
  return page.locator('[data-testid="product-grid"] [data-testid="product-card"]').evaluateAll((cards) => {
    const tops = cards.map((c) => Math.round(c.getBoundingClientRect().top));
    return tops.filter((top) => top === tops[0]).length;
  });
}

describe('Product listing', () => {
  it('lays out four columns by default at every width from 992 px, and the 3/4 toggle changes it', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    for (const width of [992, 1100, 1366]) {
      await withTab(`listing-columns-${width}`, { width, height: 900 }, async ({ page }) => {
        await page.goto(`/products/category/${categoryList[0]!.id}`);
        await expect.poll(async () => (await cardIds(page, '[data-testid="product-grid"]')).length).toBeGreaterThan(4);
        expect(await cardsInFirstRow(page), `four by default at ${width} px`).toBe(4);
        await page.getByRole('button', { name: 'Three columns' }).click();
        await expect.poll(() => cardsInFirstRow(page), { message: `three at ${width} px` }).toBe(3);
        await page.getByRole('button', { name: 'Four columns' }).click();
        await expect.poll(() => cardsInFirstRow(page), { message: `four again at ${width} px` }).toBe(4);
      });
    }
  });

  it('filters by subcategory, price and rating, pages, and toggles the grid', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    const category = categoryList.find((c) => c.name === 'Electronics') ?? categoryList[0]!;
    await withTab('listing-filters', DESKTOP, async ({ page }) => {
      await page.goto(`/products/category/${category.id}`);
      const grid = page.getByTestId('product-grid');

      // Defaults: 10 per page, newest first, four columns, page 1.
      const first = await api<Page_>(`/api/products?catId=${category.id}&page=1&perPage=10`);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(first));
      expect(await grid.getAttribute('data-columns')).toBe('4');
      expect(await page.getByTestId('per-page').textContent()).toContain('10');

      // Grid toggle: 3 then 1 column, back to 4.
      await page.getByRole('button', { name: 'Three columns' }).click();
      expect(await grid.getAttribute('data-columns')).toBe('3');
      await page.getByRole('button', { name: 'One column' }).click();
      expect(await grid.getAttribute('data-columns')).toBe('1');
      await page.getByRole('button', { name: 'Four columns' }).click();

      // Per page 20, then page 2.
      await page.getByTestId('per-page').click();
      await page.getByRole('menuitem', { name: '20' }).click();
      const twenty = await api<Page_>(`/api/products?catId=${category.id}&page=1&perPage=20`);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(twenty));
      if (twenty.totalPages > 1) {
        await page.getByTestId('pagination').getByRole('button', { name: 'Go to page 2' }).click();
        const second = await api<Page_>(`/api/products?catId=${category.id}&page=2&perPage=20`);
        await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(second));
      }

      // Subcategory radio: opens that subcategory's listing.
      const sub = category.children[1] ?? category.children[0]!;
      await page.getByTestId('filter-sidebar').getByRole('radio', { name: sub.name }).click();
      await page.waitForURL(`**/products/subCat/${sub.id}`);
      const bySub = await api<Page_>(`/api/products?subCatId=${sub.id}&page=1&perPage=10`);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(bySub));
      expect(await page.locator('h1').textContent()).toBe(sub.name);

      // Price: click the slider rail at 12 %: the low thumb jumps there and the range applies.
      const slider = page.getByTestId('price-slider');
      const box = (await slider.boundingBox())!;
      await slider.click({ position: { x: box.width * 0.12, y: box.height / 2 } });
      const min = Number(await page.getByRole('slider', { name: 'Minimum price' }).getAttribute('aria-valuenow'));
      const max = Number(await page.getByRole('slider', { name: 'Maximum price' }).getAttribute('aria-valuenow'));
      expect(min).toBeGreaterThan(100);
      expect(min % 5).toBe(0);
      expect(max).toBe(60000);
      const byPrice = await api<Page_>(`/api/products?subCatId=${sub.id}&minPrice=${min}&maxPrice=${max}&page=1&perPage=10`);
      if (byPrice.products.length) {
        await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(byPrice));
      } else {
        await page.getByTestId('no-products').waitFor();
      }
      for (const p of byPrice.products) expect(p.price).toBeGreaterThanOrEqual(min);

      // Rating: 4 stars and up, combined with the subcategory and price.
      await page.getByTestId('rating-filter-4').click();
      const byRating = await api<Page_>(`/api/products?subCatId=${sub.id}&minPrice=${min}&maxPrice=${max}&rating=4&page=1&perPage=10`);
      if (byRating.products.length) {
        await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(byRating));
      } else {
        await page.getByTestId('no-products').waitFor();
      }
      for (const p of byRating.products) expect(p.rating).toBeGreaterThanOrEqual(4);

      await snap(page, 'listing-filtered');
    });
  });

  it('sorts by price from the sort menu, and keeps sort, typed price range and rating across back, refresh and subcategories', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    const category = categoryList.find((c) => c.name === 'Electronics') ?? categoryList[0]!;
    await withTab('listing-sort', DESKTOP, async ({ page }) => {
      await page.goto(`/products/category/${category.id}`);
      const newest = await api<Page_>(`/api/products?catId=${category.id}&page=1&perPage=10`);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(newest));
      expect(await page.getByTestId('sort-menu').textContent()).toBe('Sort: Newest');

      await page.getByTestId('sort-menu').click();
      await page.getByRole('menuitem', { name: 'Price: low to high' }).waitFor();
      await snap(page, 'listing-sort-menu');
      await page.getByRole('menuitem', { name: 'Price: low to high' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
      const cheapest = await api<Page_>(`/api/products?catId=${category.id}&page=1&perPage=10&sort=price-asc`);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(cheapest));
      // The cards as the shopper reads them: each price no higher than the next.
      const prices = cheapest.products.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const shown = (await page.locator('[data-testid="product-grid"] [data-testid="product-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id'))));
      expect(shown.map((id) => cheapest.products.find((p) => p.id === id)!.price)).toEqual(prices);

      // A reload (or a shared link) keeps the order; high to low reverses it.
      await page.reload();
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(cheapest));
      expect(await page.getByTestId('sort-menu').textContent()).toBe('Sort: Price: low to high');
      await page.getByTestId('sort-menu').click();
      await page.getByRole('menuitem', { name: 'Price: high to low' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
      const dearest = await api<Page_>(`/api/products?catId=${category.id}&page=1&perPage=10&sort=price-desc`);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(dearest));
      const high = dearest.products.map((p) => p.price);
      expect(high).toEqual([...high].sort((a, b) => b - a));
      await snap(page, 'listing-sorted');

      // A typed price range and a rating: in the address with the sort, so leaving and coming
      // back, or reloading, shows the same products with the same filters.
      await page.getByTestId('price-min-box').fill('1000');
      await page.getByTestId('price-max-box').fill('50000');
      await page.getByTestId('price-max-box').press('Enter');
      await page.getByTestId('rating-filter-1').click();
      await page.waitForURL((url) => url.searchParams.get('minPrice') === '1000' && url.searchParams.get('maxPrice') === '50000' && url.searchParams.get('rating') === '1');
      const filtered = await api<Page_>(`/api/products?catId=${category.id}&page=1&perPage=10&sort=price-desc&minPrice=1000&maxPrice=50000&rating=1`);
      const shows = async () => {
        if (filtered.products.length) await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(idsOf(filtered));
        else await page.getByTestId('no-products').waitFor();
        expect(await page.getByTestId('price-min-box').inputValue()).toBe('1000');
        expect(await page.getByTestId('price-max-box').inputValue()).toBe('50000');
        expect(await page.getByTestId('rating-filter-1').getAttribute('aria-pressed')).toBe('true');
        expect(await page.getByTestId('sort-menu').textContent()).toBe('Sort: Price: high to low');
      };
      await shows();
      for (const p of filtered.products) expect(p.price).toBeGreaterThanOrEqual(1000);
      await page.goto('/');
      await page.goBack();
      await shows();
      await page.reload();
      await shows();

      // Another subcategory keeps the sort.
      const sub = category.children[0]!;
      await page.getByTestId('filter-sidebar').getByRole('radio', { name: sub.name }).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/products/subCat/${sub.id}`) && url.searchParams.get('sort') === 'price-desc');
      expect(await page.getByTestId('sort-menu').textContent()).toBe('Sort: Price: high to low');
    });
  });

  it("takes over a filtered listing's served first screen without showing other products or moving anything", async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    const catId = categoryList[0]!.id;
    // A price range that leaves out the category's dearest products: a filtered page 1 of 20.
    const all = await api<Page_>(`/api/products?catId=${catId}&page=1&perPage=60`);
    const prices = all.products.map((p) => p.price).sort((a, b) => a - b);
    const maxPrice = Math.min(60000, Math.ceil(prices[Math.floor(prices.length / 2)]! / 5) * 5);
    const path = `/products/category/${catId}?minPrice=100&maxPrice=${maxPrice}&perPage=20`;
    const expected = idsOf(await api<Page_>(`/api/products?catId=${catId}&page=1&perPage=20&minPrice=100&maxPrice=${maxPrice}`));
    expect(expected.length).toBeGreaterThan(0);
    // Not the unfiltered page 1, nor its start: a copy that ignored the address would show other products.
    const unfiltered = idsOf(await api<Page_>(`/api/products?catId=${catId}&page=1&perPage=10`));
    expect(expected.join(',').startsWith(unfiltered.join(','))).toBe(false);
    // The server renders a page's first screen for its next visitor: ask until the HTML has it.
    await expect.poll(async () => (await (await fetch(baseURL + path)).text()).includes('<div id="root" data-first-screen>'), { timeout: scaledTimeout(30_000) }).toBe(true);

    await withTab('listing-first-screen', DESKTOP, async ({ page, context }) => {
      // From the first byte: every state of the grid the shopper could see (copy or app), and layout shifts.
      await context.addInitScript(`(() => {
        const seen = (window.__gridStates = []);
        window.__shift = 0;
        new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });
        const record = () => {
          const root = document.getElementById('root');
          if (!root || getComputedStyle(root).visibility === 'hidden') return;
          const grid = root.querySelector('[data-testid="product-grid"]');
          if (!grid) return;
          const ids = [...grid.querySelectorAll('[data-testid="product-card"]')].map((c) => c.getAttribute('data-product-id'));
          const state = (root.hasAttribute('data-first-screen') ? 'copy:' : 'app:') + (grid.querySelector('[data-testid="card-loading"]') ? 'loading' : ids.join(','));
          if (seen[seen.length - 1] !== state) seen.push(state);
        };
        // Sampled before every frame the browser paints: what the shopper sees.
        const frame = () => { record(); requestAnimationFrame(frame); };
        requestAnimationFrame(frame);
      })()`);
      await page.goto(path);
      await expect.poll(() => cardIds(page, '[data-testid="product-grid"]')).toEqual(expected);
      await nextFrames(page);
      const states = (await page.evaluate('window.__gridStates')) as string[];
      // The served copy showed the address's products (the browser may paint it before the parser
      // has reached its last cards), then the app the same ones, with no other products or loading grid between.
      const copies = states.filter((state) => state.startsWith('copy:'));
      expect(copies.length, states.join(' | ')).toBeGreaterThan(0);
      for (const copy of copies) expect(expected.join(',').startsWith(copy.slice('copy:'.length)), copy).toBe(true);
      expect(states.slice(copies.length)).toEqual([`app:${expected.join(',')}`]);
      expect(states.slice(0, copies.length)).toEqual(copies);
      expect(await page.evaluate('window.__shift')).toBeLessThan(0.01);
    });
  });

  it('starts the app on a served first screen whose first pictures never arrive, so the page takes clicks', async () => {
    // The app starts once the copy's first pictures have painted (ui/vite.config.ts), and at the
    // latest a moment later: a picture stalled on a slow phone's network must not leave the shopper
    // a page that takes no clicks.
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    const path = `/products/category/${categoryList[0]!.id}`;
    await expect.poll(async () => (await (await fetch(baseURL + path)).text()).includes('<div id="root" data-first-screen>'), { timeout: scaledTimeout(30_000) }).toBe(true);
    await withTab('listing-pictures-stalled', DESKTOP, async ({ page }) => {
      const stalled: Route[] = [];
      await page.route((url) => /\.(svg|png|jpe?g|webp|avif)$/.test(url.pathname), (route) => void stalled.push(route));
      try {
        // Not to the load event, which waits for the pictures; goto then waits for the app to take the copy over.
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        expect(stalled.length, 'the first pictures were asked for and held').toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Three columns' }).click();
        await expect.poll(() => cardsInFirstRow(page)).toBe(3);
      } finally {
        await Promise.all(stalled.map((route) => route.abort().catch(() => undefined)));
      }
    });
  });

  it('opens a product clicked while its hover slider is still loading (the press and the release land on different pictures)', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    const category = categoryList.find((c) => c.name === 'Electronics') ?? categoryList[0]!;
    const listing = await api<Page_>(`/api/products?catId=${category.id}&page=1&perPage=8`);
    const withSlider = listing.products.find((p) => p.images.length > 1)!;
    await withTab('listing-click-while-slider-loads', DESKTOP, async ({ page }) => {
      // The slider's code arrives late, as on a slow phone: after the press, before the release.
      let releaseSlider = () => {};
      const sliderHeld = new Promise<void>((resolve) => (releaseSlider = resolve));
      await page.route(/HoverSlider[^/]*\.js$/, async (route) => {
        await sliderHeld;
        await route.continue();
      });
      await page.goto(`/products/category/${category.id}`);
      await expect.poll(async () => (await cardIds(page, '[data-testid="product-grid"]')).includes(withSlider.id)).toBe(true);
      const link = page.locator(`[data-testid="product-grid"] a[href="/product/${withSlider.id}"]`).first();
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      releaseSlider();
      await page.locator(`[data-testid="product-grid"] [data-product-id="${withSlider.id}"] .swiper`).waitFor({ state: 'attached' });
      await page.mouse.up();
      await page.waitForURL((url) => url.pathname === `/product/${withSlider.id}`, { timeout: scaledTimeout(5000) });
    });
  });

  it('shows the sidebar extras: featured products and side banners', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    await withTab('listing-sidebar', DESKTOP, async ({ page }) => {
      await page.goto(`/products/category/${categoryList[0]!.id}`);
      await reveal(page, 'sidebar-featured');
      await expect.poll(() => page.locator('[data-testid="sidebar-banners"] img').count()).toBeGreaterThan(0);
      await snap(page, 'listing');
    });
  });
});
