/**
 * Upgrading a shop whose log was written before personal fields were sealed (issue #41): the
 * data folder as the 2026-11-26 release left it (its release fixture, written row for row into an
 * embedded log, people in clear). The shop seals the log itself at start-up, while it serves and
 * resumably; until then an erasure is refused with a plain 409, never answered 200 while the
 * person stays in the log; after it, an erasure leaves no byte of them in the data folder.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { newId, PERSONAL_FIELDS, SEALED_KEY } from '@shop/contracts';
import { SealingEventStore, type RecordedEvent } from '@shop/platform';
import { SqliteDocumentStore, SqliteEventStore, SqliteKeyStore, sealSqliteLogInPlace, sqliteLogSealed } from '@shop/platform/adapters';
import { importLog } from '@shop/platform/event-store/log-file';
import { afterEach, describe, expect, it } from 'vitest';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';
import { ROOT } from '../../../test-support/shop-process.ts';
import { filesHolding } from '../../../test-support/files-holding.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { DATA_FOLDER } from '../data-folder.ts';
import { MSG_LOG_NOT_SEALED } from './log-sealing.ts';

/** The release before sealing whose upgrade the issue reports. */
const FIXTURE = join(ROOT, 'fixtures/releases/2026-11-26-3bc35e7.jsonl');
/** The password its accounts were signed up with (scripts/release-fixture.ts). */
const FIXTURE_PASSWORD = 'Fixture-pass-2026';

interface Line {
  id: string;
  stream: string;
  type: string;
  data: Record<string, unknown>;
}

const lines = readFileSync(FIXTURE, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Line);
/** The shopper with orders: their name, e-mail and street (the fixture's people share one phone number). */
const placed = lines.find((line) => line.type === 'OrderPlaced')!.data;
const billing = placed.billing as Record<string, string>;
const person = {
  userId: placed.userid as string,
  needles: [billing.fullName!, billing.email!, billing.streetAddressLine1!, ...lines.filter((l) => l.type === 'ProfileUpdated' && l.data.userId === placed.userid).map((l) => l.data.name as string)],
};

/** A data folder holding the release's log as it wrote it: every row in clear. */
async function folderOfTheOldRelease() {
  const dir = tempDir('shop-unsealed-');
  const log = new SqliteEventStore(join(dir.path, DATA_FOLDER.eventLog));
  await importLog(log, createInterface({ input: createReadStream(FIXTURE, { encoding: 'utf8' }), crlfDelay: Infinity }));
  await log.close();
  expect(filesHolding(dir.path, person.needles)).toEqual([DATA_FOLDER.eventLog]);
  return dir;
}

const logFiles = (dir: string) => filesHolding(dir, person.needles).filter((file) => file.startsWith(DATA_FOLDER.eventLog));

describe('erasure on a log written before sealing', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function start(dir: string, env: Record<string, string> = {}): Promise<{ t: TestShop; admin: string }> {
    const t = await startTestShop({ dataDir: dir, env });
    cleanup.push(() => t.close());
    return { t, admin: t.shop.tokens.sign({ userId: newId(), email: 'owner@example.in', isAdmin: true }) };
  }

  it('seals the log at start-up while serving; the erasure then leaves no byte of the person anywhere', { timeout: 120_000 }, async () => {
    const dir = await folderOfTheOldRelease();
    cleanup.push(() => dir.remove());
    const { t, admin } = await start(dir.path);
    // The shop serves the people while it seals (their keys are made as it goes).
    const shopper = t.shop.tokens.sign({ userId: person.userId, email: billing.email!, isAdmin: false });
    expect((await api<{ email: string }>(t.url, `/api/user/${person.userId}`, { token: shopper })).body.email).toBe(billing.email);

    // Refused (409) until the log is sealed, then done: never a 200 that leaves the person in the log.
    const erase = () => api<{ msg?: string }>(t.url, `/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin });
    const outcome = async () => {
      const reply = await erase();
      return reply.status === 409 && reply.body.msg === MSG_LOG_NOT_SEALED ? 'refused: not sealed yet' : reply;
    };
    await expect.poll(outcome, { timeout: 30_000 }).toEqual(expect.objectContaining({ status: 200, body: { id: person.userId, forgotten: true } }));
    expect(filesHolding(dir.path, person.needles)).toEqual([]);
    const customer = await api(t.url, `/api/admin/customers/${person.userId}`, { token: admin });
    for (const needle of person.needles) expect(JSON.stringify(customer.body)).not.toContain(needle);
  });

  it('refuses the erasure with a plain 409 while the log is not sealed yet, and takes it once sealed', { timeout: 120_000 }, async () => {
    const dir = await folderOfTheOldRelease();
    cleanup.push(() => dir.remove());
    // Another holder keeps the sealing's lease: this shop serves, but can not seal yet.
    const readModels = new SqliteDocumentStore(join(dir.path, DATA_FOLDER.readModels));
    expect(await readModels.acquireLease('role:log-sealing', 'another process', 600_000)).toBeTruthy();
    cleanup.push(() => readModels.close());
    const { t, admin } = await start(dir.path, { DESK_LEASE_MS: '600' });
    const backOffice = async () => (await api<{ logSealing: unknown }>(t.url, '/api/admin/projections', { token: admin })).body.logSealing;
    expect(await backOffice()).toEqual({ state: 'waiting' });

    const refused = await api(t.url, `/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin });
    expect([refused.status, refused.body]).toEqual([409, { error: true, msg: MSG_LOG_NOT_SEALED }]);
    const shopper = t.shop.tokens.sign({ userId: person.userId, email: billing.email!, isAdmin: false });
    // Their own request (with the password the release's fixture signed up with) is refused the same way.
    const own = await api(t.url, `/api/user/${person.userId}`, { method: 'DELETE', token: shopper, body: { password: FIXTURE_PASSWORD } });
    expect([own.status, own.body]).toEqual([409, { error: true, msg: MSG_LOG_NOT_SEALED }]);
    // Nothing was destroyed: the person is whole.
    expect((await api<{ email: string }>(t.url, `/api/user/${person.userId}`, { token: shopper })).body.email).toBe(billing.email);
    expect(existsSync(join(dir.path, DATA_FOLDER.erasures))).toBe(false);

    await readModels.releaseLease('role:log-sealing', 'another process');
    await expect.poll(backOffice, { timeout: 30_000 }).toEqual({ state: 'sealed' });
    expect((await api(t.url, `/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin })).status).toBe(200);
    expect(filesHolding(dir.path, person.needles)).toEqual([]);
  });

  it('forgets for good the people an older release "forgot" while they were in clear (key destroyed, log readable)', { timeout: 120_000 }, async () => {
    const dir = await folderOfTheOldRelease();
    cleanup.push(() => dir.remove());
    const keys = new SqliteKeyStore(join(dir.path, DATA_FOLDER.keyStore));
    await keys.destroy([person.userId]);
    await keys.close();
    const { t, admin } = await start(dir.path);
    // Gone from the log, then from every read model (rebuilt once the log is sealed).
    const shown = async () => JSON.stringify((await api(t.url, `/api/admin/customers/${person.userId}`, { token: admin })).body);
    const stillShown = async () => {
      const text = await shown();
      return person.needles.filter((needle) => text.includes(needle));
    };
    await expect.poll(stillShown, { timeout: 30_000 }).toEqual([]);
    await expect.poll(() => filesHolding(dir.path, person.needles), { timeout: 30_000 }).toEqual([]);
    expect(t.shop.logSealing?.current()).toEqual({ state: 'sealed' });
  });

  it('goes on from where a stopped run stopped, seals each event once, and reads back the same events', { timeout: 60_000 }, async () => {
    const dir = await folderOfTheOldRelease();
    cleanup.push(() => dir.remove());
    const file = join(dir.path, DATA_FOLDER.eventLog);
    const log = new SealingEventStore(new SqliteEventStore(file), new SqliteKeyStore(join(dir.path, DATA_FOLDER.keyStore)));
    cleanup.push(() => log.close());
    const before = (await log.readAll({ limit: 10_000 })).map(comparable);

    let pages = 0;
    const stopped = await sealSqliteLogInPlace(file, log, { pageRows: 10, stopped: () => pages >= 2, onPage: () => void (pages += 1) });
    expect(stopped).toBeNull();
    expect(sqliteLogSealed(file)).toBe(false);
    const raw = new SqliteEventStore(file);
    const sealedAt = async () => (await raw.readAll({ limit: 10_000 })).filter((event) => event.metadata[SEALED_KEY] !== undefined).map((event) => Number(event.position));
    const firstRun = await sealedAt();
    expect(firstRun.length).toBeGreaterThan(0);
    expect(firstRun.every((position) => position <= 20)).toBe(true);

    const finished = await sealSqliteLogInPlace(file, log, { pageRows: 10 });
    expect(finished).toMatchObject({ position: lines.length });
    expect(sqliteLogSealed(file)).toBe(true);
    const all = await sealedAt();
    expect(all.slice(0, firstRun.length)).toEqual(firstRun);
    // The second run sealed only what the first had not.
    expect(finished!.sealed).toBe(all.length - firstRun.length);
    await raw.close();
    expect(logFiles(dir.path)).toEqual([]);
    // Read through the sealing layer, the log is the one the release wrote.
    expect((await log.readAll({ limit: 10_000 })).map(comparable)).toEqual(before);
    // Marked sealed: a third run reads nothing.
    expect((await sealSqliteLogInPlace(file, log))?.sealed).toBe(0);
  });

  it('seals again from the start for a release that lists more personal fields', { timeout: 60_000 }, async () => {
    const dir = await folderOfTheOldRelease();
    cleanup.push(() => dir.remove());
    const file = join(dir.path, DATA_FOLDER.eventLog);
    const keys = join(dir.path, DATA_FOLDER.keyStore);
    // A release whose list did not have orders' billing yet: the log is marked sealed for that list.
    const { OrderPlaced: _orders, ...withoutOrders } = PERSONAL_FIELDS;
    const older = new SealingEventStore(new SqliteEventStore(file), new SqliteKeyStore(keys), withoutOrders);
    await sealSqliteLogInPlace(file, older, { registry: withoutOrders });
    await older.close();
    expect(sqliteLogSealed(file, withoutOrders)).toBe(true);
    expect(sqliteLogSealed(file)).toBe(false);
    expect(logFiles(dir.path)).toEqual([DATA_FOLDER.eventLog]); // the orders' billing, still in clear

    const log = new SealingEventStore(new SqliteEventStore(file), new SqliteKeyStore(keys));
    cleanup.push(() => log.close());
    const outcome = await sealSqliteLogInPlace(file, log);
    expect(outcome?.sealed).toBe(lines.filter((line) => line.type === 'OrderPlaced').length);
    expect(logFiles(dir.path)).toEqual([]);
  });
});

/** What a reader sees of an event: everything but where the sealed box was kept. */
function comparable(event: RecordedEvent) {
  return { id: event.id, position: event.position, revision: event.revision, stream: event.streamId, type: event.type, data: event.data };
}
