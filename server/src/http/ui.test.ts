import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test-support/shop.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';

describe('serving the built storefront', () => {
  const dist = tempDir('shop-ui-dist-');
  let shop: TestShop;

  beforeAll(async () => {
    mkdirSync(join(dist.path, 'assets'));
    writeFileSync(join(dist.path, 'index.html'), '<!doctype html><title>Shop</title>');
    writeFileSync(join(dist.path, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    shop = await startTestShop({ env: { UI_DIST: dist.path } });
  });
  afterAll(async () => {
    await shop.close();
    dist.remove();
  });

  it('answers / and every client-side route with the app shell, never cached', async () => {
    for (const path of ['/', '/cart', '/product/0123456789abcdef01234567', '/products/subCat/x']) {
      const response = await fetch(shop.url + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Shop</title>');
    }
  });

  it('serves hashed assets for a year, and a missing file as a 404', async () => {
    const asset = await fetch(`${shop.url}/assets/app-1a2b3c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${shop.url}/assets/missing.js`)).status).toBe(404);
  });

  it('leaves unknown API paths as JSON 404s', async () => {
    const response = await fetch(`${shop.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: true });
  });
});
