import { afterAll, describe, expect, it } from 'vitest';
import { api, DESKTOP, disconnect, gotoHome, withTab, snap, type ApiCategory } from './support.ts';

afterAll(disconnect);

describe('Application shell', () => {
  it('fixes the header after 100 px, shows scroll-to-top after 500 px, and has category submenus', async () => {
    const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
    await withTab('shell-header', DESKTOP, async ({ page }) => {
      await gotoHome(page);
      const header = page.getByTestId('site-header');
      await header.waitFor();
      expect(await header.getAttribute('data-fixed')).toBe('false');

      // The bar lists the first seven categories; hovering one shows its subcategories.
      const nav = page.getByRole('navigation', { name: 'Categories' });
      for (const cat of categoryList.slice(0, 7)) expect(await nav.getByRole('link', { name: cat.name, exact: true }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: categoryList[7]!.name, exact: true }).count()).toBe(0);
      await nav.getByRole('link', { name: categoryList[0]!.name, exact: true }).hover();
      await nav.getByRole('link', { name: categoryList[0]!.children[0]!.name, exact: true }).waitFor({ state: 'visible' });
      await snap(page, 'shell-submenu');

      await page.mouse.wheel(0, 150);
      await expect.poll(() => header.getAttribute('data-fixed')).toBe('true');
      expect(await page.getByRole('button', { name: 'Scroll to top' }).isVisible()).toBe(false);
      await page.mouse.wheel(0, 600);
      const toTop = page.getByRole('button', { name: 'Scroll to top' });
      await toTop.waitFor({ state: 'visible' });
      await snap(page, 'shell-fixed-header');
      await toTop.click();
      await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(0);

      // All Categories opens the sidebar with every category.
      await page.getByRole('button', { name: 'All Categories' }).click();
      const sidebar = page.getByRole('dialog');
      await sidebar.getByText(categoryList.at(-1)!.name).waitFor();
      await page.keyboard.press('Escape');
    });
  });

  it('hides header and footer on the sign-in screens; account pages need a login', async () => {
    await withTab('shell-bare-routes', DESKTOP, async ({ page }) => {
      for (const path of ['/signIn', '/signUp', '/verifyOTP', '/changePassword']) {
        await page.goto(path);
        await page.locator('main > *').first().waitFor();
        expect(await page.getByTestId('site-header').count(), path).toBe(0);
        expect(await page.locator('footer').count(), path).toBe(0);
      }
      await snap(page, 'bare-route');
      // Pages that need a token send a visitor to /signIn, which leads back there.
      for (const path of ['/cart', '/my-list', '/checkout', '/orders', '/my-account']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/signIn' && url.searchParams.get('next') === path);
      }
    });
  });

  it('posts the footer newsletter form', async () => {
    await withTab('shell-newsletter', DESKTOP, async ({ page }) => {
      await gotoHome(page);
      const posted: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/newsletter') && r.method() === 'POST') posted.push(r.postData() ?? '');
      });
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      const form = page.getByRole('form', { name: 'Newsletter' });
      await form.getByRole('textbox', { name: 'Your email address' }).fill('not-an-email');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('valid email');
      await form.getByRole('textbox', { name: 'Your email address' }).fill('asha@example.in');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect.poll(() => posted).toEqual([JSON.stringify({ email: 'asha@example.in' })]);
      await form.scrollIntoViewIfNeeded();
      await snap(page, 'footer-newsletter');
    });
  });
});
