/** Helpers for the HTTP tests of cart, My List, reviews, checkout and orders (not a test file). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { newId, type Billing, type ProductDetails } from '@shop/contracts';
import { importCatalog } from '@shop/command-api';
import type { smallCatalog } from './catalog-fixture.ts';
import type { MailCatcher } from './account-kit.ts';
import { codeIn } from './mail-code.ts';
import { api, startTestShop, type TestShop } from './shop.ts';

export { api, startTestShop, type TestShop } from './shop.ts';

/** A signed-in shopper: a token minted for a fresh user id (accounts are another feature). */
export function shopper(t: TestShop, options: { isAdmin?: boolean } = {}) {
  const userId = newId();
  const token = t.shop.tokens.sign({ userId, email: `${userId}@example.in`, isAdmin: options.isAdmin ?? false });
  return { userId, token };
}

/** A shopper with a real (unverified) account, so the accounts read model knows their name. */
export async function namedShopper(t: TestShop, name: string) {
  const email = `${name.toLowerCase()}.${newId()}@example.in`;
  const client = { address: `fixture-${newId()}` };
  const { userId, position } = await t.shop.accounts.signUp({ name, email, phone: '9876543210', password: 'Fixture-pass-123' }, client);
  await t.shop.awaitProjections(position, ['accounts']);
  return { userId, email, token: t.shop.tokens.sign({ userId, email, isAdmin: false }) };
}

/**
 * A shopper whose account is real and verified, as a person's is after sign-up: the code is read
 * from the mail the shop sent (its outbox, or `mail`, the catcher of a shop sending over SMTP) and
 * checked by the shop. Order e-mails go to `email`, and cash on delivery is open to them.
 */
export async function verifiedShopper(t: TestShop, name = 'Asha Rao', options: { email?: string; mail?: MailCatcher } = {}) {
  const email = options.email ?? `${name.split(' ')[0]!.toLowerCase()}.${newId()}@example.in`;
  const client = { address: `fixture-${newId()}` };
  const { userId } = await t.shop.accounts.signUp({ name, email, phone: '9876543210', password: 'Fixture-pass-123' }, client);
  const code = options.mail ? codeIn(await options.mail.next(email)) : codeInOutbox(t, email);
  const { position } = await t.shop.accounts.verifyCode(email, code, client);
  await t.shop.awaitProjections(position, ['accounts']);
  return { userId, email, token: t.shop.tokens.sign({ userId, email, isAdmin: false }) };
}

function codeInOutbox(t: TestShop, email: string): string {
  const folder = join(t.dataDir, 'outbox');
  const mail = readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(join(folder, file), 'utf8').replace(/=\r?\n/g, ''))
    .find((text) => text.includes(`To: ${email}`));
  const code = mail && /Your code: (\d{6})/.exec(mail)?.[1];
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return code;
}

let categoryId: string | undefined;
let subcategoryId: string | undefined;

/** A product's details as the tests list it: a set of brass lamps in the given subcategory. */
export function productDetails(catId: string, subCatId: string, overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    name: 'Brass Diya Set',
    brand: 'Kalakriti',
    description: 'A set of hand-made brass lamps.',
    images: ['/images/test/diya.svg'],
    price: 499,
    oldPrice: 599,
    discount: 17,
    countInStock: 10,
    rating: 4,
    isFeatured: false,
    catId,
    subCatId,
    productRam: [],
    size: [],
    productWeight: [],
    location: [{ value: 'All', label: 'All' }],
    ...overrides,
  };
}

/** Lists a product with the given price and stock through the catalog's own commands. */
export async function listProduct(t: TestShop, overrides: Partial<ProductDetails> = {}): Promise<string> {
  const catalog = t.shop.catalog;
  if (!categoryId || !(await catalog.categoryExists(categoryId))) {
    categoryId = (await catalog.createCategory({ name: `Test ${newId()}`, color: '#ffffff', images: [] })).categoryId;
    subcategoryId = (await catalog.addSubcategory({ categoryId, name: 'Things' })).subcategoryId;
  }
  const { productId, position } = await catalog.saveProduct({ details: productDetails(categoryId, subcategoryId!, overrides) });
  await t.shop.awaitProjections(position, ['catalog']);
  return productId;
}

export const billing: Billing = {
  fullName: 'Asha Rao',
  country: 'India',
  streetAddressLine1: '12 MG Road',
  streetAddressLine2: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560038',
  phoneNumber: '9876543210',
  email: 'asha@example.in',
};

export const SUCCESS_CARD = '4111 1111 1111 1111';

export async function addToCart(t: TestShop, token: string, productId: string, quantity = 1) {
  return api<{ id: string; subTotal: number; quantity: number }>(t.url, '/api/cart/add', {
    method: 'POST',
    token,
    body: { productId, quantity },
  });
}

export interface CheckoutReply {
  orderId: string;
  amount: number;
  total: number;
  subtotal: number;
  discount: { kind: string; label: string; amount: number } | null;
  keyId: string;
  currency: string;
  description: string;
}
export type Confirmation = {
  order_id: string;
  payment_id: string;
  signature: string;
};

/** Opens a payment for the caller's cart and pays it with the test card. */
export async function checkoutAndPay(t: TestShop, token: string, billedTo: Billing = billing): Promise<{ checkout: CheckoutReply; paid: Confirmation }> {
  const checkout = await api<CheckoutReply>(t.url, '/api/orders/checkout', { method: 'POST', token, body: billedTo });
  if (checkout.status !== 201) throw new Error(`checkout failed: ${JSON.stringify(checkout.body)}`);
  const paid = await api<Confirmation>(t.url, '/api/payments/test/pay', {
    method: 'POST',
    token,
    body: { providerOrderId: checkout.body.orderId, card: SUCCESS_CARD },
  });
  if (paid.status !== 200) throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
  return { checkout: checkout.body, paid: paid.body };
}

/**
 * The back office's catalog tests: a shop holding the small test catalog (projected for the
 * catalog and search), an admin's token (signed for `adminId`, so events name them) and a
 * shopper's.
 */
export async function startCatalogAdminShop(catalog: ReturnType<typeof smallCatalog>) {
  const t = await startTestShop();
  await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog', 'search']);
  const adminId = newId();
  const admin = t.shop.tokens.sign({ userId: adminId, email: 'owner@example.in', isAdmin: true });
  return { t, adminId, admin, customer: shopper(t).token };
}
