import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The storefront's import boundaries are a lint rule (eslint.config.js, issue #19): these lint
 * one-line files placed in the tree and check the rule fires where it must and only there.
 */
// The test DOM's URL cannot be turned into a path, so from the directory name.
const repo = `${resolve(import.meta.dirname, '../../..')}/`;
const eslint = new ESLint({ cwd: repo });
const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

/** The rules that fire on `code` as if it were the file at `path` (relative to ui/src). */
async function rulesFiring(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repo}ui/src/${path}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries of the storefront', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    expect(await rulesFiring('cart/Fixture.tsx', "import ProductPage from '../product/ProductPage.tsx';\nexport default ProductPage;\n")).toContain(BOUNDARY);
  });

  it('refuses a feature importing the app shell', async () => {
    expect(await rulesFiring('cart/Fixture.tsx', "import { Layout } from '../shell/Layout.tsx';\nexport default Layout;\n")).toContain(BOUNDARY);
  });

  it('refuses shared code importing a feature', async () => {
    expect(await rulesFiring('shared/Fixture.tsx', "import CartPage from '../cart/CartPage.tsx';\nexport default CartPage;\n")).toContain(BOUNDARY);
  });

  it('lets a feature import shared code, the api and the store, and the app shell import features', async () => {
    const feature = "import { rupees } from '../shared/format.ts';\nimport { shopApi } from '../api/shopApi.ts';\nimport { useAppDispatch } from '../store/store.ts';\nexport { rupees, shopApi, useAppDispatch };\n";
    expect(await rulesFiring('cart/Fixture.tsx', feature)).toEqual([]);
    expect(await rulesFiring('app/Fixture.tsx', "import CartPage from '../cart/CartPage.tsx';\nexport default CartPage;\n")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // cartFormat.ts imports format.ts: format.ts importing it back closes a cycle.
    expect(await rulesFiring('shared/format.ts', "import { cartTitle } from './cartFormat.ts';\nexport const title = cartTitle;\n")).toContain(CYCLE);
  });
});
