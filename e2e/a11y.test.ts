import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { callShop, verifiedShopper } from './journey-support.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';
import { api, DESKTOP, disconnect, nextFrames, PHONE, scrollThrough, tabPool, waitForCards, withTab, type ApiCategory, type ApiProduct } from './support.ts';

// The screens and panels are each loaded into a tab an earlier check used (same width, same
// storage), not a new one: dozens of fresh tabs cost more than the checks themselves.
const tabs = tabPool();
afterAll(async () => {
  await tabs.close();
  await disconnect();
});

// axe-core's own bundle, put into each page as an inline script: nothing is fetched from outside.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Serious and critical axe violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the shop's Content-Security-Policy (rightly) refuses
  // an injected inline <script>, and the test must not weaken the policy it runs under.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<Violation[]>(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      // Each node's selector and axe's reason (colours and ratio, or the names that differ).
      const nodes = v.nodes.slice(0, 6).map((n) => `${JSON.stringify(n.target)} ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`);
      return `${v.impact} ${v.id} (${v.help}): ${nodes.join(' | ')}${v.nodes.length > 6 ? ` and ${v.nodes.length - 6} more` : ''}`;
    });
}

const stamp = Date.now().toString(36);
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PASSWORD = 'Axe-check-2468';

interface Screen {
  name: string;
  path: () => string;
  /** The document title the screen must have. */
  title: RegExp | (() => RegExp);
  signedIn?: boolean;
  /** Scroll through first, so lazily mounted sections are checked too. */
  scroll?: boolean;
  /** Local storage besides the session (the compare tray). */
  storage?: () => Record<string, string>;
}

let category: ApiCategory;
let product: ApiProduct;
let other: ApiProduct;
let shopper: Promise<{ storage: Record<string, string> }> | undefined;

const comparing = () => ({ compare: JSON.stringify([product, other].map((p) => ({ id: p.id, name: p.name, image: p.images[0] }))) });

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', title: /^Gift & Gear — /, scroll: true },
  { name: 'category listing', path: () => `/products/category/${category.id}`, title: () => new RegExp(`^${literally(category.name)} · Gift & Gear$`), scroll: true },
  { name: 'subcategory listing', path: () => `/products/subCat/${category.children[0]!.id}`, title: / · Gift & Gear$/ },
  // With two products in the compare tray, so the tray is checked too.
  { name: 'product', path: () => `/product/${product.id}`, title: / · Gift & Gear$/, scroll: true, storage: () => comparing() },
  { name: 'search results', path: () => '/search?q=kisan', title: /^Search results for “kisan” · Gift & Gear$/ },
  { name: 'compare', path: () => '/compare', title: /^Compare Products · Gift & Gear$/, storage: () => comparing() },
  { name: 'sign in', path: () => '/signIn', title: /^Sign In · Gift & Gear$/ },
  { name: 'sign up', path: () => '/signUp', title: /^Sign Up · Gift & Gear$/ },
  { name: 'verify OTP', path: () => '/verifyOTP', title: /^Verify OTP · Gift & Gear$/, storage: () => ({ userEmail: `axe.${stamp}@example.in` }) },
  { name: 'change password', path: () => '/changePassword', title: /^Change Password · Gift & Gear$/ },
  { name: 'not found', path: () => '/no-such-page', title: /^Page not found · Gift & Gear$/ },
  { name: 'cart', path: () => '/cart', title: /^Your Cart · Gift & Gear$/, signedIn: true },
  { name: 'my list', path: () => '/my-list', title: /^My List · Gift & Gear$/, signedIn: true },
  { name: 'checkout', path: () => '/checkout', title: /^Checkout · Gift & Gear$/, signedIn: true },
  { name: 'orders', path: () => '/orders', title: /^Orders · Gift & Gear$/, signedIn: true },
  { name: 'my account', path: () => '/my-account', title: /^My Account · Gift & Gear$/, signedIn: true },
  { name: 'back office (not an admin)', path: () => '/admin/audit', title: /^Not allowed · Gift & Gear$/, signedIn: true },
];

beforeAll(async () => {
  const { categoryList } = await api<{ categoryList: ApiCategory[] }>('/api/category');
  category = categoryList[0]!;
  const { products } = await api<{ products: ApiProduct[] }>('/api/products?page=1&perPage=60');
  const plain = products.filter((p) => p.productRam.length + p.size.length + p.productWeight.length === 0 && p.countInStock > 2);
  product = products.find((p) => p.productRam.length > 0 && p.images.length > 1) ?? products[0]!;
  other = plain[0]!;
});

/**
 * The signed-in shopper, made on first need (reading the code e-mail polls, inside a test); the
 * tests that run at the same time share the one being made.
 */
function signedInShopper(): Promise<{ storage: Record<string, string> }> {
  shopper ??= (async () => {
    const account = await verifiedShopper(`axe.${stamp}@example.in`, 'Kavya Axe', PASSWORD);
    // Something in the cart and on My List, so their tables are checked too.
    await callShop('/api/cart/add', { method: 'POST', token: account.token, body: { productId: other.id, quantity: 1 } });
    await callShop('/api/my-list/add/', { method: 'POST', token: account.token, body: { productId: other.id, userId: account.userId } });
    return account;
  })();
  return shopper;
}

/** Waits until the screen has its heading and its cards are past their skeleton (`expect`: the running test's). */
async function settle(page: Page, screen: Screen, expect: ExpectStatic): Promise<void> {
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  if (screen.scroll) await scrollThrough(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(() => page.locator('[data-testid="card-loading"], [aria-busy="true"]').count(), { timeout: scaledTimeout(10_000) }).toBe(0);
}

// Each screen and panel is checked in a tab no other check is using at the time (its own context
// and storage), so several run at once (the project's maxConcurrency): most of a check is waiting
// for the page to settle. One test per screen and width: a width is a page load, a scroll through
// and an axe run of its own (home's two widths, as one test, ran past a minute on a slow machine).
describe.concurrent('Accessibility (axe-core, serious and critical violations) at 1366 and 390 px', () => {
  for (const screen of SCREENS) {
    for (const viewport of [DESKTOP, PHONE]) {
      it(`${screen.name} at ${viewport.width} px`, async ({ expect }) => {
        const storage = { ...(screen.signedIn ? (await signedInShopper()).storage : {}), ...(screen.storage?.() ?? {}) };
        await tabs.with(`a11y-${screen.name.replace(/\W+/g, '-')}-${viewport.width}`, viewport, async ({ page }) => {
          await page.goto(screen.path());
          await settle(page, screen, expect);
          if (screen.storage?.().compare && screen.name !== 'compare') await page.getByTestId('compare-tray').waitFor();
          const title = typeof screen.title === 'function' ? screen.title() : screen.title;
          expect(await page.title(), `title of ${screen.name}`).toMatch(title);
          expect(await seriousViolations(page), `${screen.name} at ${viewport.width} px`).toEqual([]);
        }, storage);
      });
    }
  }
});

/**
 * Resolves once the page's opening transitions have ended (a dialog fading in, a drawer sliding):
 * axe judges colours as they are painted, so a half-transparent dialog would fail its contrast.
 * Waits for the transitions themselves rather than a fixed pause, which a slow machine outlasts;
 * endless animations (a spinner, a skeleton's pulse) are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await nextFrames(page); // a transition starts on the frame after its element mounts
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((animation) => animation.effect && animation.effect.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined)))`);
}

/** Opened panels and dialogs: a state of a screen, reached by `open`, then checked as a whole. */
interface Panel {
  name: string;
  path: () => string;
  viewport: { width: number; height: number };
  signedIn?: boolean;
  open: (page: Page) => Promise<void>;
}

const PANELS: Panel[] = [
  {
    name: 'location dialog',
    path: () => '/',
    viewport: DESKTOP,
    open: async (page) => {
      await page.getByTestId('location-button').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'quick view',
    path: () => `/products/category/${category.id}`,
    viewport: DESKTOP,
    open: async (page) => {
      // The button of the card hovered: the first card may not be ready yet, and another card's
      // button shows only under its own hover (clicking it, the listing takes the click).
      const card = page.locator('[data-testid="product-card"][data-ready="true"]').first();
      await card.scrollIntoViewIfNeeded();
      await card.hover();
      await card.getByRole('button', { name: /^Quick view / }).click();
      await page.getByRole('dialog').getByTestId('product-name').waitFor();
    },
  },
  {
    name: 'reviews tab and its form',
    path: () => `/product/${product.id}`,
    viewport: DESKTOP,
    open: async (page) => {
      // The tabs mount as they come near the viewport (below the fold).
      await page.locator('#product-tabs-anchor').scrollIntoViewIfNeeded();
      await page.getByRole('tab', { name: /Reviews/ }).click();
      await page.getByRole('form', { name: 'Add a review' }).waitFor();
    },
  },
  {
    name: 'additional info tab',
    path: () => `/product/${product.id}`,
    viewport: PHONE,
    open: async (page) => {
      await page.locator('#product-tabs-anchor').scrollIntoViewIfNeeded();
      await page.getByRole('tab', { name: 'Additional info' }).click();
      await page.locator('#tabpanel-1 table').waitFor();
    },
  },
  {
    name: 'navigation drawer',
    path: () => '/',
    viewport: PHONE,
    open: async (page) => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('dialog').getByText('My Account').waitFor();
    },
  },
  {
    name: 'filter drawer',
    path: () => `/products/category/${category.id}`,
    viewport: PHONE,
    open: async (page) => {
      await page.getByTestId('bottom-bar').getByRole('button', { name: 'Filters' }).click();
      await page.getByTestId('filter-drawer').getByTestId('filter-sidebar').waitFor();
    },
  },
  {
    name: 'change password tab',
    path: () => '/my-account',
    viewport: PHONE,
    signedIn: true,
    open: async (page) => {
      await page.getByRole('tab', { name: 'Change Password' }).click();
      await page.locator('main [name="newPassword"]').waitFor();
    },
  },
];

describe.concurrent('Accessibility of opened panels and dialogs', () => {
  for (const panel of PANELS) {
    it(`${panel.name} at ${panel.viewport.width} px`, async ({ expect }) => {
      const storage = panel.signedIn ? (await signedInShopper()).storage : {};
      await tabs.with(`a11y-${panel.name.replace(/\W+/g, '-')}`, panel.viewport, async ({ page }) => {
        await page.goto(panel.path());
        await page.locator('main h1').first().waitFor({ state: 'attached' });
        await panel.open(page);
        await transitionsEnded(page);
        expect(await seriousViolations(page), panel.name).toEqual([]);
      }, storage);
    });
  }
});

describe('Keyboard and screen-reader paths', () => {
  it('has a skip-to-content link first, and moves the focus to the new page’s heading on navigation', async () => {
    await withTab('a11y-focus', DESKTOP, async ({ page }) => {
      await page.goto('/');
      await page.locator('main h1').waitFor({ state: 'attached' });
      await page.keyboard.press('Tab');
      const focused = () => page.evaluate<string>('(document.activeElement && (document.activeElement.tagName + " " + document.activeElement.textContent.trim())) || ""');
      expect(await focused()).toBe('A Skip to content');
      expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await focused()).toMatch(/^H1 Gift & Gear/);

      // A category link in the header: the listing's heading takes the focus, the title names it.
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/products/category/${category.id}`);
      await expect.poll(focused).toBe(`H1 ${category.name}`);
      await expect.poll(() => page.title()).toBe(`${category.name} · Gift & Gear`);

      // A product card: its page's heading (the product's name) takes the focus.
      const [firstCard] = await waitForCards(page, '[data-testid="product-grid"]');
      await page.locator(`[data-testid="product-grid"] a[href="/product/${firstCard}"]`).first().click();
      await page.waitForURL((url) => url.pathname.startsWith('/product/'));
      const name = await page.getByTestId('product-name').textContent();
      await expect.poll(focused).toBe(`H1 ${name}`);
      await expect.poll(() => page.title()).toBe(`${name} · Gift & Gear`);
    });
  });
});
