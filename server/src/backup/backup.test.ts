/**
 * The restore drill: a shop serving orders is backed up by the real CLI in another process,
 * restored into a new data folder, and must serve the same shop with every read model equal to
 * a rebuild; a point-in-time restore takes the shop back to the minute before a mistaken price;
 * a damaged backup or a data folder in use is refused.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { verifyProjection } from '@shop/projections';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { addToCart, api, checkoutAndPay, listProduct, productDetails, shopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';
import { ROOT, serverEntry } from '../../../test-support/shop-process.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { DATA_FOLDER } from '../data-folder.ts';
import { BackupError, takeBackup, verifyBackup } from './backup.ts';
import { backupKeyOf } from './backup-key.ts';
import { planRestore, restoreBackup } from './restore.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** These drills forget nobody: a restore takes the operator's word for it (hostile/restore-erasure.test.ts restores after an erasure). */
const NO_ERASURES = { noErasuresSinceBackup: true };

/** docs/operations.md's way to open one file of an encrypted backup by hand: its `node -e "..."` script, read from the docs. */
const OPEN_BY_HAND = /^ {4}node -e "(.+)" \S+ \S+ \S+ \S+$/m.exec(readFileSync(join(ROOT, 'docs/operations.md'), 'utf8'))![1]!;

/** Every file under `dir` (itself included) that is not 0600, or folder that is not 0700, with its mode. */
function looserThanPrivate(dir: string): string[] {
  const paths = [dir, ...(readdirSync(dir, { recursive: true }) as string[]).map((name) => join(dir, name))];
  return paths.flatMap((path) => {
    const stat = statSync(path);
    const mode = stat.mode & 0o777;
    return mode === (stat.isDirectory() ? 0o700 : 0o600) ? [] : [`${path} ${mode.toString(8)}`];
  });
}

function folder(prefix: string): string {
  const dir = tempDir(prefix);
  cleanups.push(dir.remove);
  return dir.path;
}

async function shopOn(dataDir?: string): Promise<TestShop> {
  const t = await startTestShop(dataDir ? { dataDir } : {});
  cleanups.push(() => t.close());
  return t;
}

/** Every read model of `t` equals one rebuilt from its log, and is at the log's head. */
async function expectReadModelsEqualARebuild(t: TestShop): Promise<void> {
  const head = await t.shop.events.headPosition();
  for (const projection of t.shop.projections) {
    const report = await verifyProjection(projection, { events: t.shop.events, store: t.shop.docs, layout: t.shop.checkpoints });
    expect(report.differences, projection.name).toEqual([]);
    expect(report.livePosition, projection.name).toBe(head);
  }
}

describe('npm run backup and npm run restore', () => {
  it('back up a shop while it takes orders, and the restored shop serves the same catalog and orders', { timeout: 120_000 }, async () => {
    const t = await shopOn();
    const catalog = smallCatalog();
    await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog', 'search']);
    const lamp = await listProduct(t, { countInStock: 10_000 });

    // Shoppers keep ordering while the backup runs in its own process, as an operator's would.
    let serving = true;
    let ordered = 0;
    const load = (async () => {
      while (serving) {
        const customer = shopper(t);
        expect((await addToCart(t, customer.token, lamp)).status).toBe(201);
        const { paid } = await checkoutAndPay(t, customer.token);
        const created = await api(t.url, '/api/orders/create', { method: 'POST', token: customer.token, body: paid });
        expect(created.status).toBe(201);
        ordered += 1;
      }
    })();
    let failed = false;
    load.catch(() => (failed = true));
    while (ordered < 2 && !failed) await new Promise((resolve) => setTimeout(resolve, 20));
    const backupDir = join(folder('shop-backup-'), 'backup');
    const { stdout } = await promisify(execFile)(process.execPath, [...serverEntry('backup'), backupDir], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: t.dataDir, EVENT_STORE: 'sqlite', READ_STORE: 'sqlite' },
    });
    const orderedBeforeBackupEnded = ordered;
    serving = false;
    await load;
    expect(stdout).toMatch(/^Backed up .* the log up to position \d+/);
    expect(ordered, 'orders were placed while the backup ran').toBeGreaterThan(2);

    const manifest = await verifyBackup(backupDir);
    expect(manifest.log.identity).toBe(await t.shop.events.logIdentity());
    expect(manifest.files.map((file) => file.path)).toEqual(expect.arrayContaining([DATA_FOLDER.eventLog, DATA_FOLDER.readModels]));

    const restoredDir = folder('shop-restored-');
    const outcome = await restoreBackup(backupDir, restoredDir, undefined, NO_ERASURES);
    expect(outcome.readModelsRestored).toBe(true);
    const restored = await shopOn(restoredDir);
    // The restored log is the original's up to the backup's last position (the restored shop may
    // then finish what was half-way then, such as a checkout whose payment was being confirmed).
    const firstEvents = async (shop: TestShop) => (await shop.shop.events.readAll({ limit: Number(manifest.log.lastPosition) })).map((event) => event.id);
    expect(await firstEvents(restored)).toEqual(await firstEvents(t));
    expect(await restored.shop.events.headPosition()).toBeGreaterThanOrEqual(BigInt(manifest.log.lastPosition));
    await expectReadModelsEqualARebuild(restored);

    // The same catalog, and every order the copied log holds (at least those acknowledged before it began).
    const products = async (shop: TestShop) => (await api<{ products: { id: string }[] }>(shop.url, '/api/products?perPage=100')).body.products.map((p) => p.id).sort();
    expect(await products(restored)).toEqual(await products(t));
    const ordersIn = async (shop: TestShop) => (await shop.shop.events.readAll({ limit: 100_000 })).filter((event) => event.type === 'OrderPlaced').length;
    const restoredOrders = await ordersIn(restored);
    expect(restoredOrders).toBeGreaterThanOrEqual(2);
    expect(restoredOrders).toBeLessThanOrEqual(orderedBeforeBackupEnded + 1);
  });

  it('restores to the minute before a mistaken price change, after showing what it drops', { timeout: 60_000 }, async () => {
    const t = await shopOn();
    const { categoryId } = await t.shop.catalog.createCategory({ name: 'Lamps', color: '#ffffff', images: [] });
    const { subcategoryId } = await t.shop.catalog.addSubcategory({ categoryId, name: 'Diyas' });
    const details = productDetails(categoryId, subcategoryId, { rating: 0 });
    const { productId } = await t.shop.catalog.saveProduct({ details });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const beforeTheMistake = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { position } = await t.shop.catalog.saveProduct({ productId, details: { ...details, price: 49 } });
    await t.shop.awaitProjections(position, ['catalog']);
    expect((await api<{ price: number }>(t.url, `/api/products/${productId}`)).body.price).toBe(49);

    const backupDir = join(folder('shop-backup-'), 'backup');
    await takeBackup(t.dataDir, backupDir);
    const plan = await planRestore(backupDir, { toTime: beforeTheMistake });
    expect(plan.dropped.events).toBe(1);
    expect(Object.values(plan.dropped.byType)).toEqual([1]);
    expect(plan.kept.events).toBe(Number(position) - 1);

    // The operator's way: the CLI shows what it would drop, restores nothing, then restores with --yes.
    const restoredDir = folder('shop-restored-');
    const restore = (...args: string[]) =>
      promisify(execFile)(process.execPath, [...serverEntry('restore'), backupDir, '--to-time', beforeTheMistake.toISOString(), ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: restoredDir, EVENT_STORE: 'sqlite', READ_STORE: 'sqlite' },
      });
    const shown = await restore();
    expect(shown.stdout).toContain(`Drops 1 events recorded`);
    expect(shown.stdout).toContain('Nothing was restored');
    expect(readdirSync(restoredDir)).toEqual([]);
    const done = await restore('--yes', '--no-erasures-since-backup');
    expect(done.stdout).toContain('it rebuilds its read models from the log first');
    expect(readdirSync(restoredDir)).not.toContain(DATA_FOLDER.readModels);
    const restored = await shopOn(restoredDir);
    expect((await api<{ price: number }>(restored.url, `/api/products/${productId}`)).body.price).toBe(499);
    // A log of its own: read models built from the original log are never taken for this one's.
    expect(await restored.shop.events.logIdentity()).not.toBe(await t.shop.events.logIdentity());
    await expectReadModelsEqualARebuild(restored);
  });

  it('refuses a damaged backup, an unfinished one, and a data folder that is not empty', { timeout: 60_000 }, async () => {
    const t = await shopOn();
    await t.shop.awaitProjections(await importCatalog(t.shop.catalog, smallCatalog()), ['catalog']);
    const backupDir = join(folder('shop-backup-'), 'backup');
    await takeBackup(t.dataDir, backupDir);
    await expect(takeBackup(t.dataDir, backupDir)).rejects.toThrow(/not empty/);

    const inUse = folder('shop-in-use-');
    writeFileSync(join(inUse, 'events.db'), 'a shop lives here');
    await expect(restoreBackup(backupDir, inUse, undefined, NO_ERASURES)).rejects.toThrow(/not empty/);

    appendFileSync(join(backupDir, DATA_FOLDER.eventLog), 'x');
    await expect(restoreBackup(backupDir, folder('shop-restored-'), undefined, NO_ERASURES)).rejects.toThrow(new BackupError(`${backupDir} is damaged: ${DATA_FOLDER.eventLog} differs from the copy the backup took. Restore from another backup.`));
    await expect(restoreBackup(folder('shop-not-a-backup-'), folder('shop-restored-'), undefined, NO_ERASURES)).rejects.toThrow(/no manifest\.json/);
  });
  it('writes a backup, and restores it, as 0600 files in 0700 folders: no other local user reads keys, log or secrets', { timeout: 60_000 }, async () => {
    const t = await shopOn();
    await t.shop.awaitProjections(await importCatalog(t.shop.catalog, smallCatalog()), ['catalog']);
    const backupDir = join(folder('shop-backup-'), 'backup');
    await takeBackup(t.dataDir, backupDir);
    expect(looserThanPrivate(backupDir)).toEqual([]);
    expect(readdirSync(backupDir)).toEqual(expect.arrayContaining([DATA_FOLDER.eventLog, DATA_FOLDER.keyStore, DATA_FOLDER.readModels, DATA_FOLDER.secrets, 'manifest.json']));

    const restoredDir = folder('shop-restored-');
    chmodSync(restoredDir, 0o755);
    await restoreBackup(backupDir, restoredDir, undefined, NO_ERASURES);
    expect(looserThanPrivate(restoredDir)).toEqual([]);
  });

  it('encrypts a backup under BACKUP_KEY_FILE: nothing readable in it, restored only with that key, opened by hand as docs/operations.md says', { timeout: 120_000 }, async () => {
    const t = await shopOn();
    await t.shop.awaitProjections(await importCatalog(t.shop.catalog, smallCatalog()), ['catalog', 'search']);
    const keyFile = join(folder('shop-backup-key-'), 'backup.key');
    writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    const backupDir = join(folder('shop-backup-'), 'backup');
    const env = { ...process.env, DATA_DIR: t.dataDir, EVENT_STORE: 'sqlite', READ_STORE: 'sqlite', BACKUP_KEY_FILE: keyFile };
    const taken = await promisify(execFile)(process.execPath, [...serverEntry('backup'), backupDir], { cwd: ROOT, env });
    expect(taken.stdout).toMatch(/encrypted with the key of id [0-9a-f]{16}\./);

    // Not a byte in clear: no SQLite file, no secret, no product of the catalog.
    const secret = readFileSync(join(t.dataDir, DATA_FOLDER.secrets, 'jwt-secret'), 'utf8').trim();
    const productName = smallCatalog().products[0]!.name;
    for (const name of readdirSync(backupDir, { recursive: true }) as string[]) {
      if (name === 'manifest.json' || statSync(join(backupDir, name)).isDirectory()) continue;
      expect(name.endsWith('.enc'), name).toBe(true);
      const bytes = readFileSync(join(backupDir, name));
      for (const needle of ['SQLite format 3', secret, productName]) expect(bytes.includes(Buffer.from(needle)), `${needle} in ${name}`).toBe(false);
    }
    expect(looserThanPrivate(backupDir)).toEqual([]);

    await expect(restoreBackup(backupDir, folder('shop-restored-'), undefined, NO_ERASURES)).rejects.toThrow(/is encrypted \(key id [0-9a-f]{16}\): set BACKUP_KEY_FILE/);
    await expect(restoreBackup(backupDir, folder('shop-restored-'), undefined, { ...NO_ERASURES, key: backupKeyOf(randomBytes(32)) })).rejects.toThrow(/was encrypted with another key/);

    const restoredDir = folder('shop-restored-');
    const restored = await promisify(execFile)(process.execPath, [...serverEntry('restore'), backupDir, '--no-erasures-since-backup'], { cwd: ROOT, env: { ...env, DATA_DIR: restoredDir } });
    expect(restored.stdout).toContain('Start the shop: it serves at once.');
    expect(readdirSync(restoredDir)).toEqual(expect.arrayContaining([DATA_FOLDER.eventLog, DATA_FOLDER.keyStore, DATA_FOLDER.readModels, DATA_FOLDER.secrets]));
    expect(readdirSync(restoredDir).filter((name) => name.startsWith('.')), 'no opened copy left behind').toEqual([]);

    // By hand, with Node only: the recipe of docs/operations.md opens a file into what the restore put back.
    const byHand = join(folder('shop-by-hand-'), DATA_FOLDER.eventLog);
    await promisify(execFile)(process.execPath, ['-e', OPEN_BY_HAND, keyFile, join(backupDir, `${DATA_FOLDER.eventLog}.enc`), DATA_FOLDER.eventLog, byHand]);
    expect(readFileSync(byHand).equals(readFileSync(join(restoredDir, DATA_FOLDER.eventLog)))).toBe(true);

    const shop = await shopOn(restoredDir);
    const products = async (s: TestShop) => (await api<{ products: { id: string }[] }>(s.url, '/api/products?perPage=100')).body.products.map((p) => p.id).sort();
    expect(await products(shop)).toEqual(await products(t));
  });
});
