import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { newId, type ProductDoc } from '@shop/contracts';
import { SEARCH } from '@shop/contracts';
import type { SearchEntryDoc } from '@shop/projections';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';

let t: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;
let admin: string;

beforeAll(async () => {
  t = await startTestShop();
  await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog', 'search']);
  admin = t.shop.tokens.sign({ userId: newId(), email: 'ops@example.in', isAdmin: true });
});
afterAll(() => t?.close());

const search = async (q: string) => {
  const { status, body } = await api<ProductDoc[]>(t.url, `/api/search?q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return body.map((p) => p.name);
};

async function rebuild(projection: string): Promise<void> {
  const started = await api<{ id: string }>(t.url, `/api/admin/projections/${projection}/rebuild`, { method: 'POST', token: admin });
  expect(started.status).toBe(202);
  let job = { state: 'running', error: null as string | null };
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = (await api<typeof job>(t.url, `/api/admin/projections/rebuilds/${started.body.id}`, { token: admin })).body;
  }
  expect([job.state, job.error]).toEqual(['done', null]);
}

/** Asks `probe` until it gives `expected` (the index is reloaded in the background), for at most 10 s. */
async function eventually<T>(probe: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last = await probe();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await probe();
  }
  expect(last).toEqual(expected);
}

describe('search across a rebuild of its read model', () => {
  it('answers from the rebuilt entries once the rebuild swaps them in, without a restart', { timeout: 60_000 }, async () => {
    // Entries as an older projection made them (a wrong name, one product missing), with the
    // positions the rebuild will write them at again: following entries by position alone
    // can never see the rebuild's corrections.
    const phone = (await t.shop.docs.get<SearchEntryDoc>(SEARCH.entries, ids.phone))!;
    const misnamed: SearchEntryDoc = { ...phone, name: 'Zorblax Gizmo' };
    await t.shop.docs.commit({
      writes: [
        { kind: 'put', collection: SEARCH.entries, doc: misnamed },
        { kind: 'delete', collection: SEARCH.entries, id: ids.sneaker },
      ],
    });
    expect(await search('zorblax')).toEqual(['Nova Phone']);
    expect(await search('sneaker')).toEqual([]);

    await rebuild('search');
    await eventually(() => search('sneaker'), ['Running Sneaker']);
    expect(await search('zorblax')).toEqual([]);
    expect(await search('nova phone')).toEqual(['Nova Phone']);

    // And it goes on following new entries after the reloaded index took over.
    const { id: _id, dateCreated: _d, ...details } = catalog.products.find((p) => p.id === ids.watch)!;
    const listed = await t.shop.catalog.saveProduct({ details: { ...details, name: 'Brass Pocketwatch' } });
    await t.shop.awaitProjections(listed.position, ['catalog', 'search']);
    expect(await search('pocketwach')).toEqual(['Brass Pocketwatch']);
  });

  it('finds the same products after a rebuild of every projection', { timeout: 60_000 }, async () => {
    const before = await search('watch');
    await rebuild('all');
    await eventually(() => search('watch'), before);
    expect(await search('sneeker')).toEqual(['Running Sneaker']);
  });
});
