/**
 * npm run projections:digests [-- --record]
 *
 * projections/digests/digests.json holds, per projection, its version and the digest of what it
 * makes of fixed events: projections/digests/events.json, and each previous release's log in
 * fixtures/releases/*.jsonl (accounts, orders in every state, reviews, My List, admin edits,
 * stock), read through the upcasters as the shop reads them; a test fails when a digest
 * changes while the version does not. This rewrites digests.json from the code, and refuses
 * (exit 1, nothing written) when a projection's digest changed but its version did not: raise
 * the version (its read models are then rebuilt at the next start), then run this again.
 *
 * --record records events.json again from a shop driven through its commands (a catalog, a
 * shopper's account, cart and paid order); the old digests then stay comparable only by
 * regenerating them with every version unchanged, which this allows for a new record.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { upcastEventData, SCHEMA_VERSION_KEY } from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import { SqliteDocumentStore } from '@shop/platform/adapters';
import { fromStored, projectionDigest, type StoredEvent } from '@shop/projections/rebuild/digest';
import { allProjections } from '../compose.ts';

export const DIGESTS_DIR = resolve(import.meta.dirname, '../../../projections/digests');
/**
 * Per projection: its version, and the digest of what it makes of each fixed log, by the log's
 * file name. Per log, so that adding a release fixture adds digests without touching the others.
 */
export type Digests = Record<string, { version: number; logs: Record<string, string> }>;

export const RELEASES_DIR = resolve(import.meta.dirname, '../../../fixtures/releases');

/** A release fixture's events as the shop reads them: every event brought to its current version. */
function releaseEvents(file: string): RecordedEvent[] {
  type Line = { position: string; stream: string; revision: string; id: string; type: string; version: number; data: unknown; metadata: RecordedEvent['metadata'] };
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((text) => {
      const line = JSON.parse(text) as Line;
      return {
        id: line.id,
        streamId: line.stream,
        type: line.type,
        data: upcastEventData(line.type, line.version, line.data),
        metadata: { ...line.metadata, [SCHEMA_VERSION_KEY]: line.version },
        revision: BigInt(line.revision),
        position: BigInt(line.position),
      };
    });
}

/** The fixed logs the digests are taken over, by file name: the recorded events, then each release's log. */
function fixedLogs(): [name: string, events: RecordedEvent[]][] {
  const recorded = fromStored(JSON.parse(readFileSync(join(DIGESTS_DIR, 'events.json'), 'utf8')) as StoredEvent[]);
  const releases = readdirSync(RELEASES_DIR)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name): [string, RecordedEvent[]] => [name, releaseEvents(join(RELEASES_DIR, name))]);
  return [['events.json', recorded], ...releases];
}

/** Every projection's version and its digest of each fixed log. */
export async function currentDigests(): Promise<Digests> {
  const logs = fixedLogs();
  const digests: Digests = {};
  for (const projection of allProjections) {
    const byLog: Record<string, string> = {};
    for (const [name, events] of logs) byLog[name] = await projectionDigest(projection, events, new SqliteDocumentStore(':memory:'));
    digests[projection.name] = { version: projection.version, logs: byLog };
  }
  return digests;
}

/**
 * The logs whose digest `now` changed from `stored` while the projection's version stayed: a
 * log new to `stored` (a fixture just added) is not a change.
 */
export function changedAtSameVersion(stored: Digests[string] | undefined, now: Digests[string]): string[] {
  if (!stored || stored.version !== now.version) return [];
  return Object.entries(now.logs)
    .filter(([log, digest]) => stored.logs?.[log] !== undefined && stored.logs[log] !== digest)
    .map(([log]) => log);
}

async function record(): Promise<void> {
  const { startTestShop } = await import('../../../test-support/shop.ts');
  const { importCatalog } = await import('@shop/command-api');
  const { smallCatalog } = await import('../../../test-support/catalog-fixture.ts');
  const { addToCart, checkoutAndPay, namedShopper } = await import('../../../test-support/shop-fixtures.ts');
  const t = await startTestShop();
  try {
    const catalog = smallCatalog();
    await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog', 'search']);
    const shopper = await namedShopper(t, 'Asha');
    await addToCart(t, shopper.token, catalog.ids.shirt, 2);
    await addToCart(t, shopper.token, catalog.ids.phone);
    await checkoutAndPay(t, shopper.token);
    await addToCart(t, shopper.token, catalog.ids.watch);
    const events = await t.shop.events.readAll({ limit: 100_000 });
    const stored = events.map((e) => ({ ...e, position: e.position.toString(), revision: e.revision.toString() }));
    writeFileSync(join(DIGESTS_DIR, 'events.json'), `${JSON.stringify(stored, null, 1)}\n`);
    console.log(`Recorded ${stored.length} events.`);
  } finally {
    await t.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { record: { type: 'boolean', default: false } } });
  if (values.record) await record();
  const file = join(DIGESTS_DIR, 'digests.json');
  let stored: Digests = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Digests;
  } catch {
    // No digests yet: every one is new.
  }
  const now = await currentDigests();
  const unbumped = values.record ? [] : Object.entries(now).filter(([name, digests]) => changedAtSameVersion(stored[name], digests).length > 0);
  for (const [name, digests] of unbumped) {
    console.error(
      `${name}: what it makes of ${changedAtSameVersion(stored[name], digests).join(', ')} changed, but its version is still ${digests.version}. ` +
        'Raise its version, then run this again.',
    );
  }
  if (unbumped.length) return 1;
  writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
  console.log(`Wrote ${Object.keys(now).length} digests to ${file}.`);
  return 0;
}

if (process.argv[1] === import.meta.filename) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
