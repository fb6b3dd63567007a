import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTE_INPUTS } from '../hostile/routes.ts';
import { callShop, expectSnackbar, grantAdmin, mailsTo, makePng, verifiedShopper } from './journey-support.ts';
import { api, baseURL, DESKTOP, disconnect, PHONE, snap, waitForCards, withTab, type ApiProduct } from './support.ts';

afterAll(disconnect);

/**
 * The back office end to end (issue #18's "Done when"): an admin creates a product through the
 * editor with an uploaded picture, receives stock, fulfils one order and cancels another; a
 * shopper sees the result; shoppers and visitors are kept out of every /api/admin route. Every
 * admin screen is photographed at 1366 and 390 px and must not scroll sideways on a phone.
 *
 * The shopper's orders are placed through the API (cart → checkout → test card → create): the
 * storefront's checkout UI is covered by journey.test.ts; here the shopper's side that matters is
 * the Orders page (UI) showing what the admin did.
 */

const stamp = Date.now().toString(36);
const PASSWORD = 'Office-pass-1357';
const adminEmail = `office.admin.${stamp}@example.in`;
const shopperEmail = `office.shopper.${stamp}@example.in`;
const productName = `Brass Lantern ${stamp}`;
const OPENING_STOCK = 3;
const RECEIVED = 7;
const TRACKING = `TRK${stamp.toUpperCase()}`;

interface Account {
  token: string;
  userId: string;
  storage: Record<string, string>;
}
interface AdminCategories {
  categories: { id: string; name: string; children: { id: string; name: string; products: number }[] }[];
}
interface Dashboard {
  refundsOwed: { count: number; amount: number };
}
interface PlacedOrder {
  id: string;
  amount: number;
}

/** A status badge's text, as the storefront's Orders page and the order page show it. */
const statusOf = async (page: Page, scope: string) => ((await page.locator(scope).first().textContent()) ?? '').trim().toLowerCase();

/** A status badge's colour as the browser paints it. */
const colourOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((badge) => badge.ownerDocument.defaultView!.getComputedStyle(badge).backgroundColor);
/** Status colours that say what they mean: pending amber, confirmed and shipped blue, delivered green, cancelled grey. */
const AMBER = 'rgb(180, 83, 9)';
const BLUE = 'rgb(29, 78, 216)';
const GREEN = 'rgb(0, 122, 69)';
const GREY = 'rgb(95, 103, 120)';

/** Nothing on the screen is wider than a 390 px phone (the page never scrolls sideways). */
async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(250);
  const widths = await page.evaluate<[number, number]>('[document.documentElement.scrollWidth, window.innerWidth]');
  expect(widths[0], `${page.url()} is ${widths[0]} px wide at ${widths[1]}`).toBeLessThanOrEqual(widths[1]);
  await page.setViewportSize(DESKTOP);
}

/** The screen's screenshots at both widths, after checking its title and that it fits a phone. */
async function shoot(page: Page, name: string, section: string): Promise<void> {
  expect(await page.title()).toBe(`${section} · Back office · Gift & Gear`);
  await fitsPhone(page);
  await snap(page, name);
}

/** Cart → checkout → the test card → the order, as the storefront's checkout does through the API. */
async function placeOrder(shopper: Account, productId: string, quantity: number): Promise<PlacedOrder> {
  await callShop('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId, quantity } });
  const checkout = await callShop<{ orderId: string }>('/api/orders/checkout', {
    method: 'POST',
    token: shopper.token,
    body: {
      fullName: 'Kavya Shopper',
      country: 'India',
      streetAddressLine1: '7 Park Street',
      streetAddressLine2: 'Flat 2A',
      city: 'Kolkata',
      state: 'West Bengal',
      zipCode: '700016',
      phoneNumber: '9876543210',
      email: shopperEmail,
    },
  });
  const paid = await callShop<Record<string, string>>('/api/payments/test/pay', { method: 'POST', token: shopper.token, body: { providerOrderId: checkout.orderId, card: '4111 1111 1111 1111' } });
  return callShop<PlacedOrder>('/api/orders/create', { method: 'POST', token: shopper.token, body: paid });
}

const stockOf = async (id: string) => (await api<ApiProduct>(`/api/products/${id}`)).countInStock;

/** Opens an order's admin page and presses one of its actions; waits until the page shows `status`. */
async function act(page: Page, orderId: string, button: string, status: string): Promise<void> {
  if (new URL(page.url()).pathname !== `/admin/orders/${orderId}`) {
    await page.goto(`/admin/orders/${orderId}`);
  }
  await page.getByTestId('order-actions').getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => statusOf(page, '[data-testid="admin-order-status"]')).toBe(status);
}

describe.sequential('Back office', () => {
  let admin: Account;
  let shopper: Account;
  let productId = '';
  let subCatId = '';
  let fulfilled: PlacedOrder;
  let cancelled: PlacedOrder;

  it('an operator makes a signed-in account an admin; a shopper signs up', async () => {
    // Signed in before the grant: the browser below keeps this token (it claims a shopper) and the
    // back office works for it as soon as the running server has seen the grant, no new sign-in.
    admin = await verifiedShopper(adminEmail, 'Dev Admin', PASSWORD);
    const granted = await grantAdmin(adminEmail);
    expect(granted.code, granted.output).toBe(0);
    await expect.poll(async () => (await fetch(`${baseURL}/api/admin/dashboard`, { headers: { Authorization: `Bearer ${admin.token}` } })).status).toBe(200);
    shopper = await verifiedShopper(shopperEmail, 'Kavya Shopper', PASSWORD);
  });

  it('a shopper gets 403 on every /api/admin route and no Admin menu item; a visitor gets 401', async () => {
    // The hostile suite checks ROUTE_INPUTS names exactly the router's routes, so a new admin route lands here too.
    const routes = Object.keys(ROUTE_INPUTS).filter((route) => route.split(' ')[1]!.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      routes.map(async (route) => {
        const [method, pattern] = route.split(' ') as [string, string];
        const path = pattern.replace(/:[A-Za-z]+/g, 'x1');
        const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
        const headers: Record<string, string> = body ? { 'Content-Type': 'application/json' } : {};
        const asShopper = await fetch(baseURL + path, { method, body, headers: { ...headers, Authorization: `Bearer ${shopper.token}` } });
        const asVisitor = await fetch(baseURL + path, { method, body, headers });
        return `${route} → ${asShopper.status}/${asVisitor.status}`;
      }),
    );
    expect(answers).toEqual(routes.map((route) => `${route} → 403/401`));

    await withTab(
      'office-shopper-menu',
      DESKTOP,
      async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: 'Orders' }).waitFor();
        expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
      },
      shopper.storage,
    );
  });

  it('the admin creates a product with an uploaded picture; it shows in its subcategory and in search; stock is received', async () => {
    // The subcategory with the fewest products, so the new one is on the listing's first page.
    const { categories } = await callShop<AdminCategories>('/api/admin/categories', { token: admin.token });
    const [category, sub] = categories
      .flatMap((c) => c.children.map((s) => [c, s] as const))
      .sort((a, b) => a[1].products - b[1].products)[0]!;
    subCatId = sub.id;

    await withTab(
      'office-product',
      DESKTOP,
      async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: 'Admin' }).click();
        await page.waitForURL((url) => url.pathname === '/admin');
        await page.getByTestId('dash-week-orders-value').waitFor();

        await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
        await page.getByRole('link', { name: 'New product' }).click();
        await page.waitForURL((url) => url.pathname === '/admin/products/new');
        const form = page.getByRole('form', { name: 'Product' });
        await form.getByLabel('Name', { exact: true }).fill(productName);
        await form.getByLabel('Brand').fill('Moradabad Works');
        await form.getByLabel('Description').fill('A hand-beaten brass lantern with a glass chimney.');
        await form.getByLabel('Upload images').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: makePng(64, 64) });
        const preview = form.getByTestId('image-preview');
        await preview.waitFor();
        const uploaded = (await preview.getAttribute('data-src')) ?? '';
        // The stored picture is served back as a real PNG.
        const served = await fetch(new URL(uploaded, baseURL));
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
        await form.getByLabel('Price (Rs)', { exact: true }).fill('1499');
        await form.getByLabel('Old price (Rs)').fill('1999');
        await form.getByLabel('Opening stock').fill(String(OPENING_STOCK));
        await form.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
        await form.getByLabel('Subcategory').selectOption({ label: sub.name });
        await shoot(page, 'admin-product-new', 'Products');
        await form.getByRole('button', { name: 'Create product' }).click();
        await expectSnackbar(page, 'Product created', 'success');
        await page.waitForURL((url) => url.pathname === '/admin/products');

        await page.getByLabel('Search').fill(productName);
        const row = page.getByTestId('admin-product-row').filter({ hasText: productName });
        await expect.poll(() => row.count()).toBe(1);
        productId = (await row.getAttribute('data-product-id')) ?? '';
        expect(await row.getByTestId('stock').textContent()).toContain(String(OPENING_STOCK));

        await row.getByRole('button', { name: `Receive stock of ${productName}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Receive stock' });
        await dialog.getByLabel('Quantity received').fill(String(RECEIVED));
        await dialog.getByRole('button', { name: 'Add to stock' }).click();
        await expectSnackbar(page, `Received ${RECEIVED} of ${productName}`, 'success');
        await expect.poll(() => row.getByTestId('stock').textContent()).toContain(String(OPENING_STOCK + RECEIVED));
        expect(await stockOf(productId)).toBe(OPENING_STOCK + RECEIVED);

        // The storefront: the subcategory's listing and the search results list it, with its picture.
        await page.goto(`/products/subCat/${subCatId}`);
        expect(await waitForCards(page, '[data-testid="product-grid"]')).toContain(productId);
        await page.goto(`/search?q=${encodeURIComponent(productName)}`);
        expect(await waitForCards(page, '[data-testid="product-grid"]')).toContain(productId);
        const product = await api<ApiProduct>(`/api/products/${productId}`);
        expect(product.images.map((src) => new URL(src, baseURL).pathname)).toEqual([new URL(uploaded, baseURL).pathname]);
      },
      admin.storage,
    );
  });

  it('a shopper orders it twice; the admin confirms, ships with tracking and delivers one; the shopper follows it from confirmation to delivered', async () => {
    fulfilled = await placeOrder(shopper, productId, 2);
    cancelled = await placeOrder(shopper, productId, 3);
    expect(await stockOf(productId)).toBe(OPENING_STOCK + RECEIVED - 5);

    // The shopper's confirmation page (where the storefront lands after paying): pending, in amber.
    await withTab(
      'office-shopper-placed',
      DESKTOP,
      async ({ page }) => {
        await page.goto(`/orders/${fulfilled.id}/placed`);
        await expect.poll(() => page.getByTestId('placed-order-number').textContent()).toBe(fulfilled.id);
        await page.goto('/orders');
        const card = page.locator(`[data-testid="order-card"][data-order-id="${fulfilled.id}"]`);
        await expect.poll(() => statusOf(page, `[data-testid="order-card"][data-order-id="${fulfilled.id}"] [data-testid="order-status"]`)).toBe('pending');
        expect(await colourOf(page, `[data-testid="order-card"][data-order-id="${fulfilled.id}"] [data-testid="order-status"]`)).toBe(AMBER);
        expect(await card.getByTestId('order-where').textContent()).toBe('To Kolkata, West Bengal');
      },
      shopper.storage,
    );

    await withTab(
      'office-fulfil',
      DESKTOP,
      async ({ page }) => {
        await page.goto(`/admin/orders?q=${encodeURIComponent(shopperEmail)}`);
        await expect.poll(() => page.getByTestId('admin-order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))).toEqual([cancelled.id, fulfilled.id]);
        await page.locator(`[data-testid="admin-order-row"][data-order-id="${fulfilled.id}"]`).getByRole('link').first().click();
        await page.waitForURL((url) => url.pathname === `/admin/orders/${fulfilled.id}`);
        await expect.poll(() => statusOf(page, '[data-testid="admin-order-status"]')).toBe('pending');

        await act(page, fulfilled.id, 'Confirm', 'confirmed');
        await page.getByTestId('order-actions').getByRole('button', { name: 'Ship', exact: true }).click();
        const ship = page.getByRole('dialog', { name: 'Ship this order' });
        await ship.getByLabel('Tracking number').fill(TRACKING);
        await ship.getByRole('button', { name: 'Ship order' }).click();
        await expect.poll(() => statusOf(page, '[data-testid="admin-order-status"]')).toBe('shipped');
        expect(await colourOf(page, '[data-testid="admin-order-status"] [data-testid="order-status"]')).toBe(BLUE);
        await page.getByText(`Tracking ${TRACKING}`, { exact: true }).waitFor();
        await act(page, fulfilled.id, 'Mark delivered', 'delivered');
        expect(await page.getByTestId('admin-order-history').locator('li').allTextContents()).toEqual([
          expect.stringMatching(/^Placed \(pending\)/),
          expect.stringMatching(/^pending → confirmed/),
          expect.stringMatching(new RegExp(`^confirmed → shipped.*tracking ${TRACKING}`)),
          expect.stringMatching(/^shipped → delivered/),
        ]);
        await shoot(page, 'admin-order', 'Orders');
      },
      admin.storage,
    );

    await withTab(
      'office-shopper-orders',
      DESKTOP,
      async ({ page }) => {
        // The shopper follows it to the end on its own page: every status with its time, each in
        // its colour, and the tracking number with the carrier's link.
        await page.goto('/orders');
        const card = page.locator(`[data-testid="order-card"][data-order-id="${fulfilled.id}"]`);
        await expect.poll(() => statusOf(page, `[data-testid="order-card"][data-order-id="${fulfilled.id}"] [data-testid="order-status"]`)).toBe('delivered');
        expect(await colourOf(page, `[data-testid="order-card"][data-order-id="${fulfilled.id}"] [data-testid="order-status"]`)).toBe(GREEN);
        await fitsPhone(page);
        await card.getByTestId('order-link').click();
        await page.waitForURL((url) => url.pathname === `/orders/${fulfilled.id}`);
        const steps = page.getByTestId('order-timeline-step');
        await expect.poll(() => steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
        expect(await steps.locator('time').evaluateAll((times) => times.every((time) => /\d{4}/.test(time.textContent ?? '')))).toBe(true);
        const badges = page.getByTestId('order-timeline-status');
        expect(await badges.evaluateAll((items) => items.map((item) => item.ownerDocument.defaultView!.getComputedStyle(item).backgroundColor))).toEqual([AMBER, BLUE, BLUE, GREEN]);
        expect(await page.getByTestId('order-tracking-number').textContent()).toBe(TRACKING);
        expect(await page.getByTestId('order-tracking-link').getAttribute('href')).toBe(`https://t.17track.net/en#nums=${encodeURIComponent(TRACKING)}`);
        expect(await page.getByTestId('order-address').textContent()).toContain('Kolkata, West Bengal 700016');
        expect(await page.title()).toBe('Order · Gift & Gear');
        await fitsPhone(page);
        await snap(page, 'order-page');
      },
      shopper.storage,
    );
  });

  it('the admin cancels the other order: its stock comes back and a refund is owed', async () => {
    const owedBefore = (await callShop<Dashboard>('/api/admin/dashboard', { token: admin.token })).refundsOwed;
    await withTab(
      'office-cancel',
      DESKTOP,
      async ({ page }) => {
        await page.goto(`/admin/orders/${cancelled.id}`);
        await page.getByTestId('order-actions').getByRole('button', { name: 'Cancel order' }).click();
        await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
        await expect.poll(() => statusOf(page, '[data-testid="admin-order-status"]')).toBe('cancelled');
        expect(await colourOf(page, '[data-testid="admin-order-status"] [data-testid="order-status"]')).toBe(GREY);
        expect(await stockOf(productId)).toBe(OPENING_STOCK + RECEIVED - 2);

        await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dashboard' }).click();
        await expect
          .poll(() => page.getByTestId('dash-refunds-value').textContent())
          .toBe(`Rs ${(owedBefore.amount + cancelled.amount).toLocaleString('en-IN')}`);
        expect(await page.getByTestId('dash-refunds').textContent()).toContain(`${owedBefore.count + 1} order`);
        await shoot(page, 'admin-dashboard-refunds', 'Dashboard');
      },
      admin.storage,
    );
  });

  it('a shopper in Karnataka downloads the tax invoice of their order: GSTIN, its number, HSN codes, CGST and SGST', async () => {
    await callShop(`/api/admin/products/${productId}/tax-class`, { method: 'PUT', token: admin.token, body: { hsn: '9405', ratePercent: 18 } });
    await callShop('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId, quantity: 1 } });
    const billedTo = { fullName: 'Kavya Shopper', country: 'India', streetAddressLine1: '12 MG Road', streetAddressLine2: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', zipCode: '560038', phoneNumber: '9876543210', email: shopperEmail };
    const checkout = await callShop<{ orderId: string }>('/api/orders/checkout', { method: 'POST', token: shopper.token, body: billedTo });
    const paid = await callShop<Record<string, string>>('/api/payments/test/pay', { method: 'POST', token: shopper.token, body: { providerOrderId: checkout.orderId, card: '4111 1111 1111 1111' } });
    const order = await callShop<PlacedOrder>('/api/orders/create', { method: 'POST', token: shopper.token, body: paid });
    await withTab(
      'office-shopper-invoice',
      DESKTOP,
      async ({ page }) => {
        await page.goto(`/orders/${order.id}`);
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Tax invoice (PDF)' }).click()]);
        expect(download.suggestedFilename()).toMatch(/^GG-\d{2}-\d{2}-\d{6}\.pdf$/);
        const { extractText, getDocumentProxy } = await import('unpdf');
        const { text } = await extractText(await getDocumentProxy(new Uint8Array(await buffer(await download.createReadStream()))), { mergePages: true });
        expect(text).toContain('GSTIN: 29AAACG1234A1ZA');
        expect(text).toContain(`Invoice No.: ${download.suggestedFilename().replace('.pdf', '').replace(/^GG-(\d{2}-\d{2})-/, 'GG/$1/')}`);
        expect(text).toContain('Place of supply: Karnataka (State code 29)');
        expect(text).toMatch(/\b9405\b/);
        expect(text).toMatch(/CGST: Rs\. [\d,.]+\nSGST: Rs\. [\d,.]+/);
        expect(text).not.toContain('IGST');
      },
      shopper.storage,
    );
  });

  it('a shopper picks 16 GB of a laptop whose RAM costs more; the confirmation, order page, e-mail and back office name it at its price; only its stock falls', async () => {
    // A seeded product sold by RAM alone, whose variants differ in price: the dearer one is bought.
    const soldByRam = (p: ApiProduct) => p.productRam.length >= 2 && p.size.length === 0 && p.productWeight.length === 0 && (p.variants ?? []).some((v) => v.countInStock > 0);
    let laptop: ApiProduct | undefined;
    for (let page = 1; !laptop && page <= 5; page++) laptop = (await api<{ products: ApiProduct[] }>(`/api/products?page=${page}&perPage=60`)).products.find(soldByRam);
    expect(laptop, 'a seeded product with RAM variants').toBeDefined();
    const variants = laptop!.variants!;
    const chosen = [...variants].filter((v) => v.countInStock > 0).sort((a, b) => b.price - a.price)[0]!;
    const cheapest = [...variants].sort((a, b) => a.price - b.price)[0]!;
    expect(chosen.price).toBeGreaterThan(cheapest.price);
    const ram = chosen.options.productRam!;
    const label = `RAM: ${ram}`;
    const price = `Rs ${chosen.price.toLocaleString('en-IN')}`;
    const stockBefore = Object.fromEntries(variants.map((v) => [v.sku, v.countInStock]));
    let orderId = '';

    await withTab(
      'office-variant-shopper',
      DESKTOP,
      async ({ page }) => {
        await page.goto(`/product/${laptop!.id}`);
        await page.getByTestId('chooser-productRam').getByRole('radio', { name: ram, exact: true }).click();
        await expect.poll(() => page.getByTestId('product-detail').locator('.price').first().textContent()).toBe(price);
        await page.getByTestId('add-to-cart').click();
        await expectSnackbar(page, 'Item is added in the cart', 'success');
        // Paid through the API (the storefront's checkout is journey.test.ts's), then followed in the storefront.
        const checkout = await callShop<{ orderId: string; total: number }>('/api/orders/checkout', {
          method: 'POST',
          token: shopper.token,
          body: { fullName: 'Kavya Shopper', country: 'India', streetAddressLine1: '7 Park Street', streetAddressLine2: 'Flat 2A', city: 'Kolkata', state: 'West Bengal', zipCode: '700016', phoneNumber: '9876543210', email: shopperEmail },
        });
        const paid = await callShop<Record<string, string>>('/api/payments/test/pay', { method: 'POST', token: shopper.token, body: { providerOrderId: checkout.orderId, card: '4111 1111 1111 1111' } });
        orderId = (await callShop<PlacedOrder>('/api/orders/create', { method: 'POST', token: shopper.token, body: paid })).id;
        for (const path of [`/orders/${orderId}/placed`, `/orders/${orderId}`]) {
          await page.goto(path);
          const line = page.getByTestId('order-line').first();
          await expect.poll(() => line.getByTestId('order-line-variant').textContent()).toBe(label);
          expect(await line.textContent()).toContain(`1 × ${price}`);
        }
      },
      shopper.storage,
    );

    const mail = () => mailsTo(shopperEmail, /is placed/).find((m) => m.text.includes(orderId));
    await expect.poll(() => mail() !== undefined).toBe(true);
    expect(mail()!.text).toContain(`(${label})`);

    await withTab(
      'office-variant-admin',
      DESKTOP,
      async ({ page }) => {
        await page.goto(`/admin/orders/${orderId}`);
        const line = page.getByTestId('admin-order-line').first();
        await expect.poll(() => line.getByTestId('admin-order-line-variant').textContent()).toBe(label);
        expect(await line.textContent()).toContain(price);
        expect(await line.textContent()).toContain(chosen.sku);
      },
      admin.storage,
    );

    const after = (await api<ApiProduct>(`/api/products/${laptop!.id}`)).variants!;
    expect(Object.fromEntries(after.map((v) => [v.sku, v.countInStock]))).toEqual({ ...stockBefore, [chosen.sku]: stockBefore[chosen.sku]! - 1 });
  });

  it('the admin schedules a sale on the subcategory in the back office and makes a coupon; a shopper sees the sale price on the listing while it runs and not after, and applies the coupon in the cart', async () => {
    const saleName = `Lantern Festival ${stamp}`;
    const couponCode = `LANTERN${stamp}`.toUpperCase();
    const card = (page: Page) => page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`);
    await withTab(
      'office-promotions',
      DESKTOP,
      async ({ page }) => {
        await page.goto('/admin');
        await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Promotions' }).click();
        await page.waitForURL((url) => url.pathname === '/admin/promotions');
        // The window as the admin's own clock shows it: from a minute ago until tomorrow.
        const [from, until] = await page.evaluate(() => {
          const local = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
          return [local(new Date(Date.now() - 60_000)), local(new Date(Date.now() + 86_400_000))];
        });
        await page.getByTestId('promotion-name').fill(saleName);
        await page.getByTestId('promotion-value').fill('20');
        await page.getByTestId('promotion-categoryIds').fill(subCatId);
        await page.getByTestId('promotion-startsAt').fill(from!);
        await page.getByTestId('promotion-endsAt').fill(until!);
        await page.getByTestId('promotion-create').click();
        await expectSnackbar(page, `Promotion "${saleName}" created`, 'success');
        await expect.poll(() => page.getByTestId('promotion-row').filter({ hasText: saleName }).count()).toBe(1);
      },
      admin.storage,
    );
    const sale = (await callShop<{ id: string; name: string }[]>('/api/admin/promotions', { token: admin.token })).find((p) => p.name === saleName)!;
    await callShop('/api/admin/promotions', { method: 'POST', token: admin.token, body: { name: 'Lantern hundred off', type: 'flat', value: 100, code: couponCode } });

    await withTab(
      'shopper-promotions',
      DESKTOP,
      async ({ page }) => {
        // 1499 less 20% (299, rounded down): the listing shows what the checkout charges.
        await page.goto(`/products/subCat/${subCatId}`);
        await waitForCards(page, '[data-testid="product-grid"]');
        await expect.poll(() => card(page).locator('.price').textContent()).toBe('Rs 1,200');
        expect(await card(page).getByTestId('card-sale').textContent()).toBe(saleName);

        await callShop('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId, quantity: 1 } });
        await page.goto('/cart');
        await page.getByTestId('coupon-code').fill('NOT-A-CODE');
        await page.getByTestId('coupon-apply').click();
        await page.getByText('This coupon code is not valid').waitFor();
        await page.getByTestId('coupon-code').fill(couponCode.toLowerCase());
        await page.getByTestId('coupon-apply').click();
        await page.getByTestId('coupon-applied').waitFor();
        expect(await page.getByTestId('cart-discount').allTextContents()).toEqual(['−Rs 299', '−Rs 100']);
        const checkout = await callShop<{ discounts: { label: string; amount: number }[] }>('/api/orders/checkout', {
          method: 'POST',
          token: shopper.token,
          body: { fullName: 'Kavya Shopper', country: 'India', streetAddressLine1: '12 MG Road', streetAddressLine2: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', zipCode: '560038', phoneNumber: '9876543210', email: shopperEmail },
        });
        expect(checkout.discounts).toEqual([{ label: saleName, amount: 299 }, { label: 'Lantern hundred off', amount: 100 }]);
        await page.getByTestId('coupon-remove').click();
        await expect.poll(() => page.getByTestId('cart-discount').allTextContents()).toEqual(['−Rs 299']);

        // The sale over, the listing is back at the catalog price.
        await callShop(`/api/admin/promotions/${sale.id}`, { method: 'PUT', token: admin.token, body: { state: 'ended' } });
        await page.goto(`/products/subCat/${subCatId}`);
        await waitForCards(page, '[data-testid="product-grid"]');
        await expect.poll(() => card(page).locator('.price').textContent()).toBe('Rs 1,499');
        expect(await card(page).getByTestId('card-sale').count()).toBe(0);
        const [line] = await callShop<{ id: string }[]>('/api/cart', { token: shopper.token });
        await callShop(`/api/cart/${line!.id}`, { method: 'DELETE', token: shopper.token });
      },
      shopper.storage,
    );
  });

  it('every admin screen fits 1366 and 390 px (screenshots)', async () => {
    await withTab(
      'office-screens',
      DESKTOP,
      async ({ page }) => {
        await page.goto('/admin/orders');
        await page.getByTestId('admin-order-row').first().waitFor();
        await shoot(page, 'admin-orders-list', 'Orders');

        await page.goto('/admin/products');
        await page.getByTestId('admin-product-row').first().waitFor();
        await shoot(page, 'admin-products', 'Products');

        await page.goto(`/admin/products/${productId}`);
        await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(productName);
        await page.getByTestId('image-preview').waitFor();
        await shoot(page, 'admin-product-edit', 'Products');

        await page.goto('/admin/categories');
        await page.getByTestId('admin-category').first().waitFor();
        await shoot(page, 'admin-categories', 'Categories');

        await page.goto('/admin/banners');
        await page.getByTestId('admin-banner').first().waitFor();
        await shoot(page, 'admin-banners', 'Banners');

        await page.goto(`/admin/customers?q=${encodeURIComponent(shopperEmail)}`);
        const customer = page.getByTestId('admin-customer-row').filter({ hasText: shopperEmail });
        await customer.waitFor();
        await shoot(page, 'admin-customers', 'Customers');
        await customer.getByRole('link').first().click();
        await page.waitForURL((url) => url.pathname === `/admin/customers/${shopper.userId}`);
        await expect.poll(() => page.getByTestId('customer-order').count()).toBe(4); // the two orders of the product made here, the one whose invoice was downloaded, and the one of the 16 GB laptop
        await shoot(page, 'admin-customer', 'Customers');

        await page.goto(`/admin/audit?kind=order&id=${encodeURIComponent(fulfilled.id)}`);
        await expect.poll(() => page.getByTestId('audit-event').count()).toBeGreaterThanOrEqual(4);
        await shoot(page, 'admin-audit-order', 'Audit');
      },
      admin.storage,
    );
  });
});
