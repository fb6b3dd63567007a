import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callShop, codeFor, expectRefusal, expectSnackbar, grantAdmin, mailsTo, makePng, outboxFiles, verifiedShopper } from './journey-support.ts';
import { api, baseURL, DESKTOP, disconnect, gotoHome, openTab, SCREENSHOTS, snap, withTab, type ApiProduct, type Tab } from './support.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

afterAll(disconnect);

const stamp = Date.now().toString(36);
const shopper = { name: 'Asha Verma', phone: '9876543210', email: `asha.${stamp}@example.in`, password: 'first-Pass-123', newPassword: 'second-Pass-456', lastPassword: 'third-Pass-789' };

let sized: ApiProduct; // has a size chooser only; price and stock are those of the size chosen
let sizedChoice = '';
let plain: ApiProduct; // no choosers
beforeAll(async () => {
  const { products } = await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=100');
  const noOtherChoosers = (p: ApiProduct) => p.productRam.length === 0 && p.productWeight.length === 0;
  // A size with a little stock: the product is sold per size (a variant each), so its price and stock are that size's.
  const sizeVariant = (p: ApiProduct) => (p.variants ?? []).find((v) => v.options.size && v.countInStock >= 3 && v.countInStock <= 12);
  const found = [...products].reverse().find((p) => p.size.length > 0 && noOtherChoosers(p) && sizeVariant(p))!;
  const variant = found && sizeVariant(found)!;
  sized = found && { ...found, price: variant.price, countInStock: variant.countInStock };
  sizedChoice = variant?.options.size ?? '';
  plain = [...products].reverse().find((p) => p.size.length === 0 && noOtherChoosers(p) && p.countInStock >= 20 && p.id !== sized?.id)!;
  expect(sized, 'a product with sizes and a little stock').toBeTruthy();
  expect(plain, 'a product without choosers').toBeTruthy();
});

const field = (page: Page, name: string) => page.locator(`main [name="${name}"]`);
const cartCount = (page: Page) => page.getByTestId('cart-count').textContent();
/** The shop's one money format: Rs with Indian digit grouping. */
const money = (n: number) => `Rs ${n.toLocaleString('en-IN')}`;
/** Rs 20 off a shopper's first order, decided by the server. */
const FIRST_ORDER_DISCOUNT = 20;
const checkout = (page: Page) => page.getByTestId('checkout-submit').click();
const paymentDialog = (page: Page) => page.getByTestId('test-payment');

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signIn');
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await expectSnackbar(page, 'User Login Successfully!', 'success');
  await page.waitForURL((url) => url.pathname === '/', { timeout: scaledTimeout(10_000) });
}

async function enterCode(page: Page, code: string) {
  await page.getByTestId('otp-box').first().click();
  await page.keyboard.type(code);
  await page.getByTestId('verify-otp-submit').click();
}

/**
 * One shopper, one browser tab, step after step (each step its own test, so a failure names the
 * step; the steps after a failed one are skipped). Screens are saved at 1366 and 390 px.
 */
describe.sequential('A new shopper’s whole journey', () => {
  let tab: Tab;
  let page: Page;
  let failed = false;
  let outboxBefore: string[] = [];
  let size = '';
  let bought = 0;
  let total = 0;
  let billing: [string, string, string][] = [];

  beforeAll(async () => {
    tab = await openTab(DESKTOP);
    page = tab.page;
  });
  afterAll(async () => {
    await tab?.close();
  });
  beforeEach((context) => {
    if (failed) context.skip();
    context.onTestFailed(async () => {
      failed = true;
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'failed-journey.png') }).catch(() => undefined);
    });
  });
  afterEach(() => {
    if (tab.errors.length) throw new Error(`page errors: ${tab.errors.splice(0).join('; ')}`);
  });

  it('browse, and Add to cart while logged out', async () => {
    await gotoHome(page);
    await page.goto(`/product/${plain.id}`);
    await expect.poll(() => page.getByTestId('product-name').textContent()).toBe(plain.name);
    await page.getByTestId('add-to-cart').click();
    await expectSnackbar(page, 'Please login first', 'error');
    for (const path of ['/cart', '/my-list', '/orders', '/my-account', '/checkout']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/signIn');
    }
  });

  it('sign up: the spec’s messages in order, then the code screen after 2 s', async () => {
    await page.goto('/signUp');
    await page.getByTestId('sign-up-page').waitFor();
    expect(await page.getByTestId('site-header').count()).toBe(0);
    await snap(page, 'auth-sign-up');
    const signUp = () => page.getByTestId('sign-up-submit').click();
    await expectRefusal(page, signUp, 'name can not be blank!');
    await field(page, 'name').fill(shopper.name);
    await expectRefusal(page, signUp, 'email can not be blank!');
    await field(page, 'email').fill(shopper.email);
    await expectRefusal(page, signUp, 'phone can not be blank!');
    await field(page, 'phone').fill(`${shopper.phone}abc`);
    expect(await field(page, 'phone').inputValue()).toBe(shopper.phone);
    await expectRefusal(page, signUp, 'password can not be blank!');
    await field(page, 'password').fill(shopper.password);
    outboxBefore = outboxFiles();
    await signUp();
    await expectSnackbar(page, /verification code/, 'success');
    await page.waitForURL((url) => url.pathname === '/verifyOTP');
  });

  it('the code from the captured e-mail; boxes advance, Backspace goes back', async () => {
    const code = await codeFor(shopper.email, /Verify/, outboxBefore);
    await page.getByTestId('verify-otp-page').waitFor();
    expect(await page.getByTestId('otp-email').textContent()).toBe(shopper.email);
    await page.getByTestId('verify-otp-submit').click();
    await expectSnackbar(page, 'Please enter OTP', 'error');
    const boxes = page.getByTestId('otp-box');
    await boxes.first().click();
    await page.keyboard.type('12');
    await expect.poll(() => page.evaluate<string | null>('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe('Digit 3 of 6');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await boxes.evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value).join(''))).toBe('');
    await expect.poll(() => page.evaluate<string | null>('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe('Digit 1 of 6');
    await page.keyboard.type(code.slice(0, 4));
    await snap(page, 'auth-verify-otp');
    await page.keyboard.type(code.slice(4));
    expect(await boxes.evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value).join(''))).toBe(code);
    await page.getByTestId('verify-otp-submit').click();
    await expectSnackbar(page, 'OTP verified successfully', 'success');
    await page.waitForURL((url) => url.pathname === '/signIn');
  });

  it('sign in: messages in order, then Home after 2 s', async () => {
    await page.getByTestId('sign-in-page').waitFor();
    await snap(page, 'auth-sign-in');
    const signInButton = () => page.getByTestId('sign-in-submit').click();
    await expectRefusal(page, signInButton, 'email can not be blank!');
    await field(page, 'email').fill(shopper.email);
    await expectRefusal(page, signInButton, 'password can not be blank!');
    await field(page, 'password').fill('not-the-password');
    await expectRefusal(page, signInButton, 'Invalid credentials');
    await field(page, 'password').fill(shopper.password);
    await signInButton();
    await expectSnackbar(page, 'User Login Successfully!', 'success');
    await page.waitForURL((url) => url.pathname === '/', { timeout: scaledTimeout(10_000) });
    expect(await page.evaluate<string>('Boolean(localStorage.getItem("token")) && JSON.parse(localStorage.getItem("user") || "{}").email')).toBe(shopper.email);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('two products in the cart, one with a size, the sized one at its whole stock', async () => {
    await page.goto(`/product/${sized.id}`);
    await expect.poll(() => page.getByTestId('product-name').textContent()).toBe(sized.name);
    size = sizedChoice;
    await page.getByTestId('chooser-size').getByRole('radio', { name: size, exact: true }).click();
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    for (let i = 1; i < sized.countInStock; i++) await plus.click();
    expect(await page.getByTestId('quantity').textContent()).toBe(String(sized.countInStock));
    await page.getByTestId('add-to-cart').click();
    await expectSnackbar(page, 'Item is added in the cart', 'success');
    await expect.poll(() => cartCount(page)).toBe('1');
    await page.goto(`/product/${plain.id}`);
    await expect.poll(() => page.getByTestId('product-name').textContent()).toBe(plain.name);
    await page.getByTestId('add-to-cart').click();
    await expectSnackbar(page, 'Item is added in the cart', 'success');
    await expect.poll(() => cartCount(page)).toBe('2');
  });

  it('My List: add on the product page, see it listed, remove it, the heart follows', async () => {
    const wish = page.getByTestId('wishlist-button');
    await wish.click();
    await expectSnackbar(page, 'the product added in my list', 'success');
    await expect.poll(() => wish.textContent()).toBe('ADDED TO WISHLIST');
    await page.goto('/my-list');
    await page.getByTestId('my-list-table').waitFor();
    expect(await page.getByTestId('page-subtitle').textContent()).toBe('There is 1 product in your My List');
    expect(await page.getByTestId('my-list-line').getAttribute('data-product-id')).toBe(plain.id);
    await snap(page, 'my-list');
    await page.getByRole('button', { name: `Remove ${plain.name} from My List` }).click();
    await expectSnackbar(page, 'item removed from My List!', 'success');
    await page.getByText('My List is currently empty').waitFor();
    await snap(page, 'my-list-empty');
    await page.goto(`/product/${plain.id}`);
    await expect.poll(() => page.getByTestId('wishlist-button').textContent()).toBe('Add to Wishlist');
    // Listed again, then the filled heart on the product page takes it off.
    await page.getByTestId('wishlist-button').click();
    await expectSnackbar(page, 'the product added in my list', 'success');
    await expect.poll(() => page.getByTestId('wishlist-button').textContent()).toBe('ADDED TO WISHLIST');
    await page.getByTestId('wishlist-button').click();
    await expectSnackbar(page, 'item removed from My List!', 'success');
    await expect.poll(() => page.getByTestId('wishlist-button').textContent()).toBe('Add to Wishlist');
  });

  it('the cart: formats, totals, a quantity past stock, a change', async () => {
    await page.getByRole('link', { name: /^Cart, 2 items/ }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.getByTestId('cart-table').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Cart');
    expect(await page.getByTestId('page-subtitle').textContent()).toBe('There are 2 products in your cart');
    expect(await page.locator('[data-testid="cart-table"] th').allTextContents()).toEqual(['Product', 'Unit Price', 'Quantity', 'Subtotal', 'Remove']);
    const sizedLine = page.locator(`[data-testid="cart-line"][data-product-id="${sized.id}"]`);
    expect(await sizedLine.getByTestId('line-option').textContent()).toBe(`Size: ${size}`);
    expect(await sizedLine.getByTestId('line-price').textContent()).toMatch(/^Rs [\d,]+$/);
    expect(await sizedLine.getByTestId('line-subtotal').textContent()).toMatch(/^Rs [\d,]+$/);
    const titles = await page.getByTestId('line-title').allTextContents();
    for (const t of titles) expect(t.length).toBeLessThanOrEqual(33);
    expect(await sizedLine.getByRole('link').last().getAttribute('href')).toBe(`/product/${sized.id}`);
    const fullTotal = sized.price * sized.countInStock + plain.price;
    // A first order: the server's pricing of the cart takes the first-order discount off, by name.
    await expect.poll(() => page.getByTestId('cart-discount').allTextContents()).toEqual(['−Rs 20']);
    expect(await page.getByTestId('cart-grand-total').textContent()).toBe(money(fullTotal - 20));
    await snap(page, 'cart');
    await sizedLine.getByRole('button', { name: /^Increase quantity/ }).click();
    await expectSnackbar(page, 'The quantity is greater than product count in stock', 'error');
    expect(await sizedLine.getByTestId('cart-quantity').textContent()).toBe(String(sized.countInStock));
    await sizedLine.getByRole('button', { name: /^Decrease quantity/ }).click();
    await expect.poll(() => page.getByTestId('busy-overlay').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('busy-overlay').isVisible()).toBe(false);
    bought = sized.countInStock - 1;
    expect(await sizedLine.getByTestId('cart-quantity').textContent()).toBe(String(bought));
    total = sized.price * bought + plain.price;
    await expect.poll(() => page.getByTestId('cart-grand-total').textContent()).toBe(money(total - 20));
    expect(await page.getByTestId('cart-total').textContent()).toBe(`Rs ${total.toLocaleString('en-IN')}`);
  });

  it('checkout: each blank field’s message in order', async () => {
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByTestId('order-summary').waitFor();
    expect(await page.getByTestId('summary-line').count()).toBe(2);
    for (const t of await page.getByTestId('summary-title').allTextContents()) expect(t.length).toBeLessThanOrEqual(23);
    // The shopper's first order: Rs 20 off, shown as a line of its own.
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe(money(total - FIRST_ORDER_DISCOUNT));
    expect(await page.getByTestId('summary-discount').textContent()).toBe(`First order discount−Rs ${FIRST_ORDER_DISCOUNT}`);
    expect(await page.getByTestId('summary-total-sub').textContent()).toBe(money(total));
    await page.locator('main select[name="country"]').waitFor();
    // Opened pre-filled from the profile.
    await expect.poll(() => field(page, 'fullName').inputValue()).toBe(shopper.name);
    expect(await field(page, 'phoneNumber').inputValue()).toBe(shopper.phone);
    expect(await field(page, 'email').inputValue()).toBe(shopper.email);
    await snap(page, 'checkout');
    for (const name of ['fullName', 'phoneNumber', 'email']) await field(page, name).fill('');
    billing = [
      ['fullName', 'Please fill full name', shopper.name],
      ['streetAddressLine1', 'Please fill Street address', '12 MG Road'],
      ['streetAddressLine2', 'Please fill Street address', 'Flat 4B, Indiranagar'],
      ['city', 'Please fill city', 'Bengaluru'],
      ['state', 'Please fill state', 'Karnataka'],
      ['zipCode', 'Please fill zipCode', '560038'],
      ['phoneNumber', 'Please fill phone Number', shopper.phone],
      ['email', 'Please fill email', shopper.email],
    ];
    for (const [name, message, value] of billing) {
      await expectRefusal(page, () => checkout(page), message);
      if (name === 'state') await field(page, name).selectOption(value);
      else await field(page, name).fill(value);
    }
  });

  it('a declined card: a red message, nothing else changes', async () => {
    const dialog = paymentDialog(page);
    await checkout(page);
    await dialog.getByRole('heading', { name: 'Test payment' }).waitFor();
    expect(await dialog.getByTestId('payment-amount').textContent()).toBe(money(total - FIRST_ORDER_DISCOUNT));
    expect(await dialog.getByTestId('payment-discount').textContent()).toBe(`First order discount −Rs ${FIRST_ORDER_DISCOUNT} included`);
    await dialog.getByTestId('test-card-declined').click();
    await snap(page, 'checkout-test-payment');
    await dialog.getByTestId('pay-button').click();
    await expectSnackbar(page, 'Your card was declined', 'error');
    expect(await dialog.getByTestId('payment-error').textContent()).toContain('your cart is unchanged');
    await snap(page, 'checkout-declined');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('test-payment').count()).toBe(0);
    await page.goto('/cart');
    await page.getByTestId('cart-table').waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    expect(await cartCount(page)).toBe('2');
  });

  it('pay with the test card: the confirmation shows the order, Orders lists it as a card, the cart empties', async () => {
    const dialog = paymentDialog(page);
    await page.getByTestId('cart-checkout').click();
    await page.locator('main select[name="country"]').waitFor();
    for (const [name, , value] of billing) {
      if (name === 'state') await field(page, name).selectOption(value);
      else await field(page, name).fill(value);
    }
    await checkout(page);
    await dialog.getByTestId('test-card-success').click();
    expect(await dialog.locator('[name="cardNumber"]').inputValue()).toBe('4111 1111 1111 1111');
    await dialog.getByTestId('pay-button').click();
    await expectSnackbar(page, 'Your order has been placed successfully!', 'success');
    // The confirmation: the order's number, its lines, the total, the address and what comes next.
    await page.waitForURL((url) => /^\/orders\/[^/]+\/placed$/.test(url.pathname));
    const placedId = new URL(page.url()).pathname.split('/')[2]!;
    await expect.poll(() => page.getByTestId('placed-order-number').textContent()).toBe(placedId);
    expect(await page.getByTestId('order-line').count()).toBe(2);
    expect(await page.getByTestId('order-total').textContent()).toBe(`Rs ${(total - FIRST_ORDER_DISCOUNT).toLocaleString('en-IN')}`);
    expect(await page.getByTestId('order-address').textContent()).toMatch(/12 MG Road,? Flat 4B, Indiranagar.*Bengaluru, Karnataka 560038/);
    expect(await page.getByTestId('order-next').textContent()).toContain('We will confirm your order');
    await expect.poll(() => cartCount(page)).toBe('0');
    await snap(page, 'order-placed');
    // Orders: one card with its items and their pictures, the status, where it goes and the total.
    await page.goto('/orders');
    const card = page.getByTestId('order-card');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.getAttribute('data-order-id')).toBe(placedId);
    expect(await card.getByTestId('order-status').textContent()).toBe('pending');
    expect(await card.getByTestId('order-status').getAttribute('data-tone')).toBe('waiting');
    expect(await card.getByTestId('order-date').textContent()).toMatch(/^Placed \d{4}-\d{2}-\d{2}$/);
    expect(await card.getByTestId('order-amount').textContent()).toBe(`Rs ${(total - FIRST_ORDER_DISCOUNT).toLocaleString('en-IN')}`);
    expect(await card.getByTestId('order-where').textContent()).toBe('To Bengaluru, Karnataka');
    expect(await card.getByTestId('order-line').count()).toBe(2);
    for (const t of await card.getByTestId('order-line-title').allTextContents()) expect(t.length).toBeLessThanOrEqual(33);
    expect(await card.locator('img').evaluateAll((images) => images.every((img) => (img.getAttribute('src') ?? '').length > 0))).toBe(true);
    await snap(page, 'orders');
    // The sized line names the size bought.
    expect(await card.getByTestId('order-line-variant').allTextContents()).toEqual([`Size: ${size}`]);
    await page.goto('/cart');
    await page.getByText('Your Cart is currently empty').waitFor();
    await snap(page, 'cart-empty');
  });

  it('the order confirmation e-mail lands in the outbox once', async () => {
    const paid = (total - FIRST_ORDER_DISCOUNT).toLocaleString('en-IN');
    await expect.poll(() => mailsTo(shopper.email, /order \w+ is placed/).length).toBe(1);
    const [mail] = mailsTo(shopper.email, /order \w+ is placed/);
    expect(mail!.text).toContain(`Amount paid: Rs ${paid}`);
    expect(mail!.text).toContain('12 MG Road, Flat 4B, Indiranagar');
    expect(mail!.text).toContain(sized.name);
    // Still one a while later: the desk sent it once, not once per projection pass.
    await page.waitForTimeout(1500);
    expect(mailsTo(shopper.email, /order \w+ is placed/)).toHaveLength(1);
  });

  it('a second order: the same product twice is one line of 2, checkout starts from the last address, no discount', async () => {
    await page.goto(`/product/${plain.id}`);
    await expect.poll(() => page.getByTestId('product-name').textContent()).toBe(plain.name);
    await page.getByTestId('add-to-cart').click();
    await expectSnackbar(page, 'Item is added in the cart', 'success');
    await expect.poll(() => cartCount(page)).toBe('1');
    await page.getByTestId('add-to-cart').click();
    await page.goto('/cart');
    const line = page.locator(`[data-testid="cart-line"][data-product-id="${plain.id}"]`);
    await expect.poll(() => line.getByTestId('cart-quantity').textContent()).toBe('2');
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    expect(await cartCount(page)).toBe('1');
    await snap(page, 'cart-same-product-twice');

    await page.getByTestId('cart-checkout').click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.locator('main select[name="country"]').waitFor();
    for (const [name, , value] of billing) {
      await expect.poll(() => field(page, name).inputValue(), { message: name }).toBe(value);
    }
    const full = plain.price * 2;
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe(money(full));
    expect(await page.getByTestId('summary-discount').count()).toBe(0);
    await snap(page, 'checkout-prefilled');
    await checkout(page);
    const dialog = paymentDialog(page);
    await dialog.getByRole('heading', { name: 'Test payment' }).waitFor();
    expect(await dialog.getByTestId('payment-amount').textContent()).toBe(money(full));
    expect(await dialog.getByTestId('payment-discount').count()).toBe(0);
    await dialog.getByTestId('test-card-success').click();
    await dialog.getByTestId('pay-button').click();
    await expectSnackbar(page, 'Your order has been placed successfully!', 'success');
    await page.waitForURL((url) => /^\/orders\/[^/]+\/placed$/.test(url.pathname));
    await page.getByTestId('placed-order-link').click();
    await page.waitForURL((url) => /^\/orders\/[^/]+$/.test(url.pathname));
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(`Rs ${full.toLocaleString('en-IN')}`);
    await page.getByRole('link', { name: 'All your orders' }).click();
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(2);
    expect(await page.getByTestId('order-amount').allTextContents()).toEqual([`Rs ${full.toLocaleString('en-IN')}`, `Rs ${(total - FIRST_ORDER_DISCOUNT).toLocaleString('en-IN')}`]);
  });

  it('a gift: part paid by a gift card and the rest by card, with a message and wrap, sent to the recipient; the packing slip prints their address, the message and no prices', async () => {
    // The shop issues a Rs 500 card (an admin, through the API); the shopper's cart comes to more than that.
    const admin = await verifiedShopper(`gifts.${stamp}@example.in`, 'Gift Desk', shopper.password);
    expect((await grantAdmin(`gifts.${stamp}@example.in`)).code).toBe(0);
    await expect.poll(async () => (await fetch(`${baseURL}/api/admin/dashboard`, { headers: { Authorization: `Bearer ${admin.token}` } })).status).toBe(200);
    const card = await callShop<{ id: string; code: string }>('/api/admin/gift-cards', { method: 'POST', token: admin.token, body: { amount: 500 } });
    const token = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('token'));
    const quantity = Math.ceil(600 / plain.price);
    await callShop('/api/cart/add', { method: 'POST', token: token!, body: { productId: plain.id, quantity } });
    const WRAP_FEE = 50; // GIFT_WRAP_FEE's default
    const goods = plain.price * quantity;
    const total = goods + (goods < 299 ? 40 : 0) + WRAP_FEE;

    await page.goto('/checkout');
    await expect.poll(() => field(page, 'fullName').inputValue()).toBe(billing[0]![2]);
    await page.getByTestId('gift-card-code').fill(card.code.toLowerCase());
    await page.getByTestId('send-as-gift').check();
    await page.getByTestId('gift-message').fill('Happy Diwali, Meera! Love, Asha');
    await page.getByTestId('gift-wrap').check();
    // Sent to Meera's address, not the billing one: her name and address go on the parcel.
    await page.getByTestId('gift-to-recipient').check();
    await page.getByTestId('recipient-name').fill('Meera Iyer');
    await page.getByTestId('recipient-phoneNumber').fill('9812345678');
    await page.getByTestId('recipient-streetAddressLine1').fill('4 Park Street');
    await page.getByTestId('recipient-city').fill('Bengaluru');
    await page.getByTestId('recipient-state').selectOption('Karnataka');
    await page.getByTestId('recipient-zipCode').fill('560001');
    await checkout(page);
    const dialog = paymentDialog(page);
    await dialog.getByRole('heading', { name: 'Test payment' }).waitFor();
    // The server's figures: the card pays 500, the rest is what the card form charges.
    expect(await dialog.getByTestId('payment-amount').textContent()).toBe(money(total - 500));
    expect(await dialog.getByTestId('payment-gift-card').textContent()).toContain(`pays ${money(500)} of ${money(total)}`);
    await dialog.getByTestId('test-card-success').click();
    await dialog.getByTestId('pay-button').click();
    await expectSnackbar(page, 'Your order has been placed successfully!', 'success');
    await page.waitForURL((url) => /^\/orders\/[^/]+\/placed$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByTestId('placed-order-link').click();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(money(total));
    expect(await page.getByTestId('order-payment').textContent()).toMatch(new RegExp(`gift card ••${card.code.slice(-4)} paid Rs 500 · sent as a gift, wrapped \\(Rs 50\\)`));
    await snap(page, 'order-gift-card');

    // The back office's packing slip: the message and the wrap, the items, and no price anywhere.
    await withTab('packing-slip', DESKTOP, async ({ page: office }) => {
      await office.goto(`/admin/orders/${orderId}/packing-slip`);
      await expect.poll(() => office.getByTestId('slip-message').textContent()).toBe('Happy Diwali, Meera! Love, Asha');
      expect(await office.getByTestId('slip-wrap').count()).toBe(1);
      expect(await office.getByTestId('slip-address').textContent()).toBe('Meera Iyer\n4 Park Street\nBengaluru, Karnataka 560001\n9812345678');
      expect(await office.getByTestId('slip-line').count()).toBe(1);
      expect(await office.getByTestId('packing-slip').textContent()).not.toMatch(/Rs\s?\d|₹/);
      await snap(office, 'packing-slip');
    }, admin.storage);
  });

  it('buys a gift card on the Gift cards page: an amount, the recipient and a message; paid online, its code is mailed to the recipient', async () => {
    const recipient = `lata.${stamp}@example.in`;
    await page.goto('/gift-cards');
    await page.getByTestId('gift-card-amount').filter({ hasText: money(1000) }).click();
    await page.getByTestId('gift-card-recipient').fill(recipient);
    await page.getByTestId('gift-card-message').fill('Congratulations on the new job, Lata!');
    await page.getByTestId('gift-card-continue').click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    // The checkout pays for the card alone, online only; the billing form is the shopper's as ever.
    await expect.poll(() => page.getByTestId('summary-title').textContent()).toBe(`Gift card ${money(1000)}`);
    expect(await page.getByTestId('gift-card-purchase').textContent()).toContain(recipient);
    expect(await page.getByTestId('pay-by-cod').count()).toBe(0);
    await expect.poll(() => field(page, 'fullName').inputValue()).toBe(billing[0]![2]);
    await checkout(page);
    const dialog = paymentDialog(page);
    await dialog.getByRole('heading', { name: 'Test payment' }).waitFor();
    expect(await dialog.getByTestId('payment-amount').textContent()).toBe(money(1000));
    await dialog.getByTestId('test-card-success').click();
    await dialog.getByTestId('pay-button').click();
    await expectSnackbar(page, 'Your order has been placed successfully!', 'success');
    await page.waitForURL((url) => /^\/orders\/[^/]+\/placed$/.test(url.pathname));
    // The recipient's mail: the shop's own subject and first line, then the buyer's account name
    // quoted, the message and a code to spend.
    let text = '';
    await expect.poll(() => (text = mailsTo(recipient, /^A Gift & Gear Shop gift card of Rs 1,000 for you$/)[0]?.text ?? '')).toContain('Congratulations on the new job, Lata!');
    expect(text).toContain('It was bought for you by a Gift & Gear Shop customer named "');
    expect(text).toMatch(/Gift card code: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
  });

  it('logout, forgot password → code → new password → sign in', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/signIn');
    expect(await page.evaluate<string | null>('localStorage.getItem("token")')).toBeNull();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expectSnackbar(page, 'Please enter your email', 'error');
    await field(page, 'email').fill(shopper.email);
    const beforeReset = outboxFiles();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.waitForURL((url) => url.pathname === '/verifyOTP');
    expect(await page.evaluate<string | null>('localStorage.getItem("actionType")')).toBe('changePassword');
    const resetCode = await codeFor(shopper.email, /Reset/, beforeReset);
    await enterCode(page, resetCode);
    await page.waitForURL((url) => url.pathname === '/changePassword');
    await page.getByTestId('change-password-page').waitFor();
    const save = () => page.getByTestId('change-password-submit').click();
    await expectRefusal(page, save, 'Please enter new password');
    await field(page, 'newPass').fill(shopper.newPassword);
    await expectRefusal(page, save, 'Please confirm password');
    await field(page, 'confirmPass').fill(`${shopper.newPassword}x`);
    expect(await field(page, 'confirmPass').getAttribute('type')).toBe('text');
    await expectRefusal(page, save, 'Password and confirm password not match');
    await field(page, 'confirmPass').fill(shopper.newPassword);
    await snap(page, 'auth-change-password');
    await save();
    await page.waitForURL((url) => url.pathname === '/signIn');
    await expectSnackbar(page, /password has been changed/, 'success');
    expect(await page.evaluate<(string | null)[]>('[localStorage.getItem("userEmail"), localStorage.getItem("actionType")]')).toEqual([null, null]);
    await signIn(page, shopper.email, shopper.newPassword);
  });

  it('My Account: profile with a real PNG avatar, then the password', async () => {
    await page.goto('/my-account');
    await page.getByTestId('my-account-page').waitFor();
    await field(page, 'name').waitFor();
    expect(await field(page, 'email').getAttribute('readonly')).not.toBeNull();
    await page.getByTestId('profile-save').click();
    await expectSnackbar(page, 'Please fill all the details', 'error');
    const avatarInput = page.getByTestId('avatar-input');
    await avatarInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expectSnackbar(page, 'Please select a valid JPG or PNG image file.', 'error');
    await avatarInput.setInputFiles([
      { name: 'avatar.png', mimeType: 'image/png', buffer: makePng(48, 48) },
      { name: 'second.png', mimeType: 'image/png', buffer: makePng(24, 24) },
    ]);
    await expectSnackbar(page, 'Images Uploaded!', 'success');
    // Replies give image URLs at the shop's public address (PUBLIC_URL, here the printed one).
    const uploads = `${baseURL}/uploads/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect.poll(() => page.locator('[data-testid="profile-avatar"] img').getAttribute('src')).toMatch(new RegExp(`^${uploads}.+\\.png$`));
    expect(await page.getByTestId('avatar-previews').locator('img').count()).toBe(2);
    await field(page, 'name').fill('Asha V. Verma');
    await field(page, 'phone').fill('9123456780');
    await page.getByTestId('profile-save').click();
    await expectSnackbar(page, 'user updated', 'success');
    await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).locator('img').getAttribute('src')).toMatch(new RegExp(`^${uploads}`));
    await snap(page, 'my-account-profile');
    const avatarUrl = (await page.locator('[data-testid="profile-avatar"] img').getAttribute('src'))!;
    expect((await fetch(new URL(avatarUrl, page.url()))).headers.get('content-type')).toContain('image/png');

    await page.getByRole('tab', { name: 'Change Password' }).click();
    const savePassword = () => page.getByTestId('password-save').click();
    await expectRefusal(page, savePassword, 'Please fill all the details');
    await field(page, 'oldPassword').fill('wrong-old-password');
    await field(page, 'newPassword').fill(shopper.lastPassword);
    await field(page, 'confirmPassword').fill(`${shopper.lastPassword}!`);
    await expectRefusal(page, savePassword, 'Password and confirm password not match');
    await field(page, 'confirmPassword').fill(shopper.lastPassword);
    await expectRefusal(page, savePassword, 'Your current password is wrong');
    await field(page, 'oldPassword').fill(shopper.newPassword);
    await snap(page, 'my-account-password');
    await savePassword();
    await expectSnackbar(page, 'Your password has been changed', 'success');
    expect(await field(page, 'oldPassword').inputValue()).toBe('');
  });

  it('a token the server no longer accepts: signed out cleanly, on /signIn', async () => {
    await page.evaluate('localStorage.setItem("token", "expired.token.value")');
    await page.goto('/orders');
    await page.waitForURL((url) => url.pathname === '/signIn');
    expect(await page.evaluate<(string | null)[]>('[localStorage.getItem("token"), localStorage.getItem("user")]')).toEqual([null, null]);
    await signIn(page, shopper.email, shopper.lastPassword);
  });

  it('Delete account: the dialog asks for the password, then the shopper is forgotten and signed out', async () => {
    await page.goto('/my-account');
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await page.getByTestId('delete-account').click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.locator('[name="password"]').fill('not-my-password');
    await dialog.getByTestId('delete-account-confirm').click();
    await expectSnackbar(page, 'The password is wrong', 'error');
    await dialog.locator('[name="password"]').fill(shopper.lastPassword);
    await dialog.getByTestId('delete-account-confirm').click();
    await expectSnackbar(page, 'Your account and your personal data have been deleted.', 'success');
    await page.waitForURL((url) => url.pathname === '/signIn');
    expect(await page.evaluate<string | null>('localStorage.getItem("token")')).toBeNull();
    const signInAgain = await fetch(`${baseURL}/api/user/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: shopper.email, password: shopper.lastPassword }) });
    expect(signInAgain.status).not.toBe(200);
  });
});

describe('Verify Email mode', () => {
  it('turns sign-in into Verify Email mode for an unverified account and sends a new code', async () => {
    const email = `ravi.${stamp}@example.in`;
    const reply = await fetch(`${baseURL}/api/user/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ravi Kumar', email, phone: '9000000001', password: 'ravi-Pass-123' }),
    });
    expect(reply.status).toBe(201);
    await withTab('journey-verify-email', DESKTOP, async ({ page }) => {
      await page.goto('/signIn');
      await field(page, 'email').fill(email);
      await field(page, 'password').fill('ravi-Pass-123');
      await page.getByTestId('sign-in-submit').click();
      await expectSnackbar(page, /not verified/, 'error');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Verify Email');
      expect(await field(page, 'password').count()).toBe(0);
      await snap(page, 'auth-verify-email');
      await page.getByTestId('sign-in-submit').click();
      await page.waitForURL((url) => url.pathname === '/verifyOTP');
      expect(await page.getByTestId('otp-email').textContent()).toBe(email);
      // Verified with the newest code for this address (the sign-up's, or the one just sent).
      await enterCode(page, await codeFor(email, /Verify/));
      await page.waitForURL((url) => url.pathname === '/signIn');
    });
  });
});

/**
 * The ways India pays, on the offline provider's pages: UPI declined in the app then closed (the
 * page says so, the cart stays), UPI approved, net banking at a bank, and cash on delivery
 * confirmed from the e-mail's link. The cart is filled through the API; one earlier order (also
 * through the API) gives the checkout its address, so the form opens filled.
 */
describe('Paying by UPI, net banking and cash on delivery', () => {
  it('each method has its own page, a declined UPI payment changes nothing, COD is confirmed from the e-mail, and the dashboard counts each payment once', async () => {
    const email = `meera.${stamp}@example.in`;
    const { token, storage } = await verifiedShopper(email, 'Meera Iyer', 'meera-Pass-123');
    const admin = await verifiedShopper(`cashdesk.${stamp}@example.in`, 'Cash Desk', 'cash-Desk-123');
    expect((await grantAdmin(`cashdesk.${stamp}@example.in`)).code).toBe(0);
    await expect.poll(async () => (await fetch(`${baseURL}/api/admin/dashboard`, { headers: { Authorization: `Bearer ${admin.token}` } })).status).toBe(200);
    const weekRevenue = async () => (await callShop<{ last7Days: { revenue: number } }>('/api/admin/dashboard', { token: admin.token })).last7Days.revenue;
    const revenueBefore = await weekRevenue();
    const addPlain = () => callShop('/api/cart/add', { method: 'POST', token, body: { productId: plain.id, quantity: 1 } });
    const address = { fullName: 'Meera Iyer', country: 'India', streetAddressLine1: '5 Anna Salai', streetAddressLine2: 'Teynampet', city: 'Chennai', state: 'Tamil Nadu', zipCode: '600018', phoneNumber: '9876543210', email };
    await addPlain();
    const opened = await callShop<{ orderId: string }>('/api/orders/checkout', { method: 'POST', token, body: address });
    const paid = await callShop<Record<string, string>>('/api/payments/test/pay', { method: 'POST', token, body: { providerOrderId: opened.orderId, card: '4111 1111 1111 1111' } });
    await callShop('/api/orders/create', { method: 'POST', token, body: paid });

    await withTab('journey-payment-methods', DESKTOP, async ({ page }) => {
      const payBy = async (method: string) => {
        await page.goto('/checkout');
        await expect.poll(() => field(page, 'zipCode').inputValue()).toBe('600018');
        await page.getByTestId(`pay-by-${method}`).click();
        await checkout(page);
      };
      await addPlain();
      await payBy('upi');
      const dialog = paymentDialog(page);
      await dialog.getByTestId('upi-qr').waitFor();
      expect(await dialog.getByTestId('payment-method-name').textContent()).toBe('UPI');
      await snap(page, 'checkout-upi');
      await dialog.getByTestId('upi-decline').click();
      await expectSnackbar(page, 'The UPI payment was declined in your UPI app', 'error');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('payment-not-completed').waitFor();
      expect((await callShop<unknown[]>('/api/cart', { token })).length).toBe(1);

      await checkout(page);
      await dialog.getByTestId('upi-approve').click();
      await expectSnackbar(page, 'Your order has been placed successfully!', 'success');
      await page.waitForURL((url) => /^\/orders\/[^/]+\/placed$/.test(url.pathname));

      await addPlain();
      await payBy('netbanking');
      await dialog.getByTestId('bank-HDFC').click();
      await dialog.getByTestId('pay-button').click();
      await expectSnackbar(page, 'Your order has been placed successfully!', 'success');
      await page.waitForURL((url) => /^\/orders\/[^/]+\/placed$/.test(url.pathname));

      await addPlain();
      await payBy('cod');
      await expectSnackbar(page, /placed with cash on delivery/, 'success');
      await page.waitForURL((url) => /^\/orders\/[^/]+\/placed$/.test(url.pathname));
      const orders = await callShop<{ paymentMethod: string; paymentState: string }[]>('/api/orders', { token });
      expect(orders.map((o) => [o.paymentMethod, o.paymentState]).sort()).toEqual([
        ['card', 'paid'], ['cod', 'awaiting-confirmation'], ['netbanking', 'paid'], ['upi', 'paid'],
      ]);
      const codMail = () => mailsTo(email, /is placed/).find((m) => m.text.includes('confirm-cod'));
      await expect.poll(() => codMail() !== undefined).toBe(true);
      const placedMail = codMail()!;
      // Quoted-printable: the link's `=` is written `=3D`.
      const link = /https?:\/\/\S+\/orders\/\w+\/confirm-cod\?code=[A-Z2-9]{8}/.exec(placedMail.text.replace(/=3D/g, '='))![0];
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByTestId('confirm-cod').click();
      await page.getByTestId('cod-confirmed').waitFor();
      const after = await callShop<{ id: string; amount: number; paymentMethod: string; paymentState: string }[]>('/api/orders', { token });
      const cod = after.find((o) => o.paymentMethod === 'cod')!;
      expect(cod.paymentState).toBe('due');
      // Paid online: counted once each, however often the provider told the shop. COD: not yet, the cash is still out.
      const paidOnline = after.filter((o) => o.paymentMethod !== 'cod').reduce((sum, o) => sum + o.amount, 0);
      await expect.poll(weekRevenue).toBe(revenueBefore + paidOnline);

      // The courier brings the cash back: the admin ships, delivers, and marks the cash in, once.
      for (const status of ['confirmed', 'shipped', 'delivered']) {
        await callShop(`/api/orders/${cod.id}/status`, { method: 'PUT', token: admin.token, body: { status, trackingNumber: status === 'shipped' ? `COD${stamp}`.toUpperCase() : undefined } });
      }
      await withTab('journey-cash-collected', DESKTOP, async ({ page: office }) => {
        await office.goto(`/admin/orders/${cod.id}`);
        await office.getByTestId('cash-collected').click();
        await expectSnackbar(office, `Cash of ${money(cod.amount)} collected`, 'success');
        await expect.poll(() => office.getByTestId('cash-collected').count()).toBe(0);
      }, admin.storage);
      await expect.poll(weekRevenue).toBe(revenueBefore + paidOnline + cod.amount);
      const collectedAgain = await fetch(`${baseURL}/api/orders/${cod.id}/cash-collected`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` } });
      expect(collectedAgain.status).toBe(200); // a second press (another tab, a retry) is the same collection
      expect(await weekRevenue()).toBe(revenueBefore + paidOnline + cod.amount);
    }, storage);
  });
});
