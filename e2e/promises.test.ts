import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSnackbar } from './journey-support.ts';
import { api, DESKTOP, disconnect, PHONE, snap, withTab, type ApiProduct } from './support.ts';

afterAll(disconnect);

let products: ApiProduct[] = [];
beforeAll(async () => {
  products = (await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=60')).products;
});

interface ApiProductDetail extends ApiProduct {
  brand: string;
}

describe('Compare', () => {
  it('adds two products from their pages to the tray, and shows them side by side', async () => {
    const [first, second] = [products.find((p) => p.productRam.length > 0)!, products.find((p) => p.productRam.length === 0 && p.productWeight.length > 0) ?? products[1]!];
    const details = await Promise.all([first, second].map((p) => api<ApiProductDetail>(`/api/products/${p.id}`)));
    await withTab('compare', DESKTOP, async ({ page }) => {
      for (const product of [first, second]) {
        await page.goto(`/product/${product.id}`);
        await expect.poll(() => page.getByTestId('product-name').textContent()).toBe(product.name);
        await page.getByRole('button', { name: 'Add to Compare' }).click();
        await expectSnackbar(page, 'Product added to compare', 'success');
        await page.getByRole('link', { name: 'ADDED TO COMPARE' }).waitFor();
      }
      // The tray follows the shopper around the shop, and leads to the table.
      await page.goto('/');
      const tray = page.getByRole('complementary', { name: 'Compare tray' });
      await expect.poll(() => tray.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual([first.name, second.name]);
      await snap(page, 'compare-tray');
      await tray.getByRole('link', { name: /Compare \(2\/4\)/ }).click();
      await page.waitForURL((url) => url.pathname === '/compare');

      const table = page.getByTestId('compare-table');
      await expect.poll(() => table.getByTestId('compare-name').allTextContents()).toEqual([first.name, second.name]);
      const row = (name: string) => table.getByTestId(`compare-row-${name}`).locator('td').allTextContents();
      await expect.poll(() => row('brand')).toEqual(details.map((p) => p.brand));
      expect(await row('ram')).toEqual(details.map((p) => (p.productRam.length ? p.productRam.join(', ') : '—')));
      expect(await row('weight')).toEqual(details.map((p) => (p.productWeight.length ? p.productWeight.join(', ') : '—')));
      expect(await row('stock')).toEqual(details.map((p) => (p.countInStock > 0 ? 'In Stock' : 'Out of Stock')));
      const prices = await row('price');
      details.forEach((p, i) => expect(prices[i]).toContain(`Rs ${p.price.toLocaleString('en-IN')}`));
      expect(await page.getByTestId('compare-tray').count()).toBe(0);
      await snap(page, 'compare-table');

      // Remove buttons, and the list survives a reload (local storage).
      await page.getByRole('button', { name: `Remove ${first.name} from compare` }).click();
      await expect.poll(() => table.getByTestId('compare-name').allTextContents()).toEqual([second.name]);
      await page.reload();
      await expect.poll(() => page.getByTestId('compare-table').getByTestId('compare-name').allTextContents()).toEqual([second.name]);
    });
  });
});

describe('Copy that tells the truth', () => {
  it('promises no gift wrap or returns on product pages; free delivery stays', async () => {
    const product = products[0]!;
    await withTab('product-copy', DESKTOP, async ({ page }) => {
      await page.goto(`/product/${product.id}`);
      const detail = page.getByTestId('product-detail');
      await expect.poll(() => detail.textContent()).toContain('Free delivery on orders over Rs 299');
      await page.getByRole('tab', { name: 'Additional info' }).click();
      const info = page.locator('#tabpanel-1');
      await info.waitFor();
      expect(await info.textContent()).toContain('Free on orders over Rs 299');
      const shown = `${await detail.textContent()} ${await info.textContent()}`;
      expect(shown).not.toMatch(/gift wrap/i);
      expect(shown).not.toMatch(/returns/i);
      await snap(page, 'product-additional-info');
    });
  });

  it('offers no Google sign-in when the server has it off', async () => {
    expect((await api<{ googleClientId: string | null }>('/api/config/public')).googleClientId).toBeNull();
    for (const viewport of [DESKTOP, PHONE]) {
      await withTab(`no-google-${viewport.width}`, viewport, async ({ page }) => {
        for (const path of ['/signIn', '/signUp']) {
          await page.goto(path);
          await page.locator('main h1').waitFor();
          await page.getByRole('link', { name: path === '/signIn' ? 'Sign Up' : 'Sign In', exact: true }).waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.getByText(/Sign in with Google/i).count(), path).toBe(0);
          expect(await page.getByTestId('google-signin').count(), path).toBe(0);
          expect(await page.getByText('Or continue with social account').count(), path).toBe(0);
        }
      });
    }
  });
});
