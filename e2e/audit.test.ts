import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFor, expectSnackbar, grantAdmin } from './journey-support.ts';
import { api, baseURL, DESKTOP, disconnect, PHONE, SCREENSHOTS, snap, withTab, type ApiProduct } from './support.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

afterAll(disconnect);

const stamp = Date.now().toString(36);
const PASSWORD = 'Audit-pass-2468';
const shopperEmail = `shopper.audit.${stamp}@example.in`;
const adminEmail = `auditor.${stamp}@example.in`;

/** JSON over HTTP to the running shop, failing loudly on an error status. */
async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(baseURL + path, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Sign-up → code from DATA_DIR/outbox → verify → sign-in, through the API. */
async function verifiedAccount(email: string, name: string): Promise<{ token: string; userId: string }> {
  await call('/api/user/signup', { method: 'POST', body: { name, email, phone: '9876543210', password: PASSWORD } });
  const otp = await codeFor(email, /Verify/);
  await call('/api/user/verifyemail', { method: 'POST', body: { otp, email } });
  return signIn(email);
}

async function signIn(email: string): Promise<{ token: string; userId: string }> {
  const reply = await call<{ token: string; user: { id: string } }>('/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } });
  return { token: reply.token, userId: reply.user.id };
}

/** Drags the slider's thumb with the mouse to `step` of 0…`max`. */
async function dragTo(page: Page, step: number, max: number): Promise<void> {
  await scrollToTop(page, 'audit-moment', 160);
  const rail = await page.getByTestId('audit-slider').boundingBox();
  const thumb = await page.locator('[data-testid="audit-slider"] .MuiSlider-thumb').boundingBox();
  if (!rail || !thumb) throw new Error('the slider is not on screen');
  const from = { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(rail.x + (rail.width * step) / max, from.y, { steps: 8 });
  await page.mouse.up();
}

/** The state panel once it shows the moment after `applied` events: its cart lines and total. */
async function stateAfter(page: Page, applied: number): Promise<{ lines: [string, string, string][]; total: string }> {
  const panel = page.locator(`[data-testid="audit-state"][data-events-applied="${applied}"]`);
  await panel.waitFor();
  await expect.poll(() => panel.getAttribute('aria-busy').catch(() => null)).not.toBe('true');
  const lines = await panel.getByTestId('audit-cart-line').evaluateAll((rows) =>
    rows.map((row) => [
      row.getAttribute('data-product-id') ?? '',
      row.querySelector('[data-testid="audit-line-quantity"]')?.textContent ?? '',
      row.querySelector('[data-testid="audit-line-subtotal"]')?.textContent ?? '',
    ]),
  );
  const total = (await panel.getByTestId('audit-cart-total').count()) ? ((await panel.getByTestId('audit-cart-total').textContent()) ?? '') : '';
  return { lines: lines as [string, string, string][], total };
}

/** Scrolls so that the element's top sits `offset` px below the viewport's (clear of the fixed header). */
async function scrollToTop(page: Page, testId: string, offset: number): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  await page.evaluate(`window.scrollBy(0, ${Math.round((box?.y ?? 0) - offset)})`);
}

/**
 * screenshots/{name}-1366.png and -390.png: the slider, the state and the timeline in view at
 * each width (like support.ts `snap`, scrolled to the Moment panel for each layout).
 */
async function snapMoment(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await scrollToTop(page, 'audit-moment', viewport.width < 992 ? 80 : 140);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${viewport.width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(original);
}

const rupees = (n: number) => `Rs ${n.toLocaleString('en-IN')}`;
const afterMoment = (page: Page) => page.getByTestId('audit-event').evaluateAll((items) => items.map((li) => li.getAttribute('data-after-moment')));

describe.sequential('Auditor page', () => {
  let shopper: { token: string; userId: string };
  let first: ApiProduct;
  let second: ApiProduct;

  it('a shopper fills a cart, changes a quantity and removes a line (through the API)', async () => {
    const { products } = await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=100');
    const plain = products.filter((p) => p.productRam.length === 0 && p.size.length === 0 && p.productWeight.length === 0 && p.countInStock >= 5);
    const [found1, found2] = plain;
    if (!found1 || !found2) throw new Error('the seed has no two products without choosers and with stock');
    [first, second] = [found1, found2];

    // The shopper's cart: add two lines, change a quantity, remove a line.
    shopper = await verifiedAccount(shopperEmail, 'Meera Shopper');
    const a = await call<{ id: string }>('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId: first.id, quantity: 1 } });
    const b = await call<{ id: string }>('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId: second.id, quantity: 2 } });
    await call(`/api/cart/${a.id}`, { method: 'PUT', token: shopper.token, body: { quantity: 3 } });
    await call(`/api/cart/${b.id}`, { method: 'DELETE', token: shopper.token });

    await verifiedAccount(adminEmail, 'Ira Auditor');
  });

  it('admin:grant refuses an unknown e-mail and makes a verified account an admin', async () => {
    const [unknown, granted] = await Promise.all([grantAdmin(`nobody.${stamp}@example.in`), grantAdmin(adminEmail)]);
    expect(unknown.code, unknown.output).toBe(1);
    expect(unknown.output).toMatch(/no account has the e-mail nobody\./);
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output).toContain(`Granted admin rights to ${adminEmail}`);
    // The running server's projection loop follows the other process's append.
    const { userId, token } = await signIn(adminEmail);
    await expect.poll(async () => (await call<{ isAdmin: boolean }>(`/api/user/${userId}`, { token })).isAdmin, { timeout: scaledTimeout(5000) }).toBe(true);
  });

  it('keeps visitors and shoppers out', async () => {
    await withTab('audit-visitor', DESKTOP, async ({ page }) => {
      await page.goto('/admin/audit');
      await page.waitForURL((url) => url.pathname === '/signIn');
    });
    const user = JSON.stringify({ userId: shopper.userId, name: 'Meera Shopper', email: shopperEmail });
    await withTab(
      'audit-shopper',
      DESKTOP,
      async ({ page }) => {
        await page.goto('/admin/audit');
        // The back office (one chunk for all of /admin/*) answers "Not allowed" to a shopper.
        await expect.poll(() => page.getByTestId('admin-not-allowed').textContent()).toContain('Not allowed');
        await snap(page, 'admin-not-allowed');
        await page.getByRole('link', { name: 'Back to the shop' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: 'Orders' }).waitFor();
        expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
      },
      { token: shopper.token, user },
    );
  });

  it('an admin signs in, opens the back office and its Audit, loads the cart and drags through time', async () => {
    await withTab('audit', DESKTOP, async ({ page }) => {
      await page.goto('/signIn');
      await page.locator('main [name="email"]').fill(adminEmail);
      await page.locator('main [name="password"]').fill(PASSWORD);
      await page.getByTestId('sign-in-submit').click();
      await expectSnackbar(page, 'User Login Successfully!', 'success');
      await page.waitForURL((url) => url.pathname === '/', { timeout: scaledTimeout(10_000) });

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Admin' }).click();
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/audit');

      await page.getByRole('radio', { name: 'Cart (by customer e-mail)' }).check();
      await page.getByTestId('audit-id').fill(shopper.userId);
      await page.getByTestId('audit-id').press('Enter');

      const events = page.getByTestId('audit-event');
      await expect.poll(() => events.evaluateAll((items) => items.map((li) => li.getAttribute('data-type')))).toEqual([
        'CartItemAdded',
        'CartItemAdded',
        'CartItemQuantityChanged',
        'CartItemRemoved',
      ]);
      // Named as people, not raw ids.
      expect(await page.getByTestId('audit-event-actor').allTextContents()).toEqual(Array(4).fill(`Meera Shopper (${shopperEmail})`));

      // It opens at the latest moment: three of the first product.
      expect(await stateAfter(page, 4)).toEqual({ lines: [[first.id, '3', rupees(3 * first.price)]], total: rupees(3 * first.price) });

      await dragTo(page, 2, 4);
      expect(await stateAfter(page, 2)).toEqual({
        lines: [
          [first.id, '1', rupees(first.price)],
          [second.id, '2', rupees(2 * second.price)],
        ],
        total: rupees(first.price + 2 * second.price),
      });
      expect(await afterMoment(page)).toEqual(['false', 'false', 'true', 'true']);

      await dragTo(page, 3, 4);
      expect(await stateAfter(page, 3)).toEqual({
        lines: [
          [first.id, '3', rupees(3 * first.price)],
          [second.id, '2', rupees(2 * second.price)],
        ],
        total: rupees(3 * first.price + 2 * second.price),
      });
      expect(await afterMoment(page)).toEqual(['false', 'false', 'false', 'true']);
      await snapMoment(page, 'admin-audit');

      await dragTo(page, 0, 4);
      expect(await stateAfter(page, 0)).toEqual({ lines: [], total: '' });
      await page.getByTestId('audit-cart-empty').waitFor();
      expect(await afterMoment(page)).toEqual(['true', 'true', 'true', 'true']);

      // The keyboard moves the same thumb one event at a time.
      await page.getByTestId('audit-slider').locator('input').press('ArrowRight');
      expect((await stateAfter(page, 1)).lines).toEqual([[first.id, '1', rupees(first.price)]]);

      // A server refusal reads in the red snackbar.
      await page.getByRole('radio', { name: 'Order (by id or e-mail)' }).check();
      await page.getByTestId('audit-id').fill('no-such-order');
      await page.getByTestId('audit-load').click();
      await expectSnackbar(page, 'No order events for no-such-order', 'error');
    });
  });

  it('the back office fits 1366 and 390 px: nav, dashboard and orders, without sideways scrolling', async () => {
    const admin = await signIn(adminEmail);
    const user = JSON.stringify({ userId: admin.userId, name: 'Ira Auditor', email: adminEmail });
    await withTab(
      'admin-screens',
      DESKTOP,
      async ({ page }) => {
        /** At each width: the nav in view, nothing wider than the window; then the screenshots. */
        const fitsBoth = async (name: string) => {
          for (const viewport of [DESKTOP, PHONE]) {
            await page.setViewportSize(viewport);
            await page.waitForTimeout(200);
            expect(await page.getByRole('navigation', { name: 'Back office' }).isVisible()).toBe(true);
            expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
          }
          await page.setViewportSize(DESKTOP);
          await snap(page, name);
        };

        await page.goto('/admin');
        await page.getByTestId('dash-week-orders-value').waitFor();
        expect(await page.title()).toBe('Dashboard · Back office · Gift & Gear');
        // The storefront's header and footer stay out of the back office.
        expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
        await fitsBoth('admin-dashboard');

        await page.getByTestId('dash-status').first().click();
        await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('status') === 'pending');
        await page.locator('[data-testid="admin-orders-table"], [data-testid="admin-orders-empty"]').first().waitFor();
        expect(await page.title()).toBe('Orders · Back office · Gift & Gear');
        await fitsBoth('admin-orders');

        await page.getByRole('link', { name: 'Back to the shop' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByRole('button', { name: 'Account menu' }).waitFor();
      },
      { token: admin.token, user },
    );
  });
});
