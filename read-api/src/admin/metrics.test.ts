import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { TEST_METRICS_TOKEN, api, startTestShop, type TestShop } from '../../../test-support/shop.ts';

/** Operations: the Prometheus endpoint the shop serves next to the API. */
let t: TestShop;
const catalog = smallCatalog();

beforeAll(async () => {
  t = await startTestShop();
  await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog']);
});
afterAll(() => t?.close());

const scrape = async () => (await api<string>(t.url, '/metrics', { token: TEST_METRICS_TOKEN })).body;

/** The value of one series in Prometheus's text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by the matched route pattern, never by the raw URL', async () => {
    for (const id of [catalog.ids.phone, catalog.ids.shirt, catalog.ids.watch]) expect((await api(t.url, `/api/products/${id}`)).status).toBe(200);
    await api(t.url, '/no/such/page');
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="200"}')).toBe(3);
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain(catalog.ids.phone);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/products/:id",status="200"}');
  });

  it('times event store appends and shows each projection’s lag in events and seconds', async () => {
    let text = await scrape();
    expect(sample(text, 'event_store_append_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'projection_lag_events{projection="catalog"}')).toBe(0);
    expect(sample(text, 'projection_lag_seconds{projection="catalog"}')).toBe(0);

    // Hold the catalog projection and write: the lag shows, then goes once it runs again.
    await t.shop.runner.pause('catalog');
    try {
      const { id: _id, dateCreated: _d, ...details } = catalog.products[0]!;
      await t.shop.catalog.saveProduct({ details: { ...details, name: 'Waiting Lamp' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      text = await scrape();
      expect(sample(text, 'projection_lag_events{projection="catalog"}')).toBe(1);
      expect(sample(text, 'projection_lag_seconds{projection="catalog"}')).toBeGreaterThan(0);
    } finally {
      await t.shop.runner.resume('catalog');
    }
    await t.shop.runner.catchUp();
    expect(sample(await scrape(), 'projection_lag_events{projection="catalog"}')).toBe(0);
  });
});
