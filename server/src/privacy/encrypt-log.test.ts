/**
 * `npm run log:encrypt` on a log written before personal data was sealed (a release fixture):
 * the copy holds no one in clear, serves the same shop, and an erasure afterwards leaves no byte
 * of the person anywhere in the data folder.
 */
import { createReadStream, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { newId, type AdminOrderList } from '@shop/contracts';
import { SqliteEventStore, SqliteKeyStore } from '@shop/platform/adapters';
import { importLog } from '@shop/platform/event-store/log-file';
import { describe, expect, it } from 'vitest';
import { api, startTestShop } from '../../../test-support/shop.ts';
import { ROOT } from '../../../test-support/shop-process.ts';
import { filesHolding } from '../../../test-support/files-holding.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { DATA_FOLDER } from '../data-folder.ts';
import { LOG_BEFORE_ENCRYPTION, encryptLog } from './encrypt-log.ts';

const FIXTURES = join(ROOT, 'fixtures/releases');
const fixture = join(FIXTURES, readdirSync(FIXTURES).filter((name) => name.endsWith('.jsonl')).sort().at(-1)!);

interface Line {
  type: string;
  data: Record<string, unknown>;
}

describe('log:encrypt on a log written before sealing', () => {
  it('seals every person in a new log, serves the same shop, and an erasure then leaves no byte of them', { timeout: 120_000 }, async () => {
    const lines = readFileSync(fixture, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Line);
    // The shopper with orders: their name, e-mail and street (the fixture's people share one phone number).
    const placed = lines.find((line) => line.type === 'OrderPlaced')!.data;
    const billing = placed.billing as Record<string, string>;
    const userId = placed.userid as string;
    const renamed = lines.filter((line) => line.type === 'ProfileUpdated' && line.data.userId === userId).map((line) => line.data.name as string);
    const person = { userId, needles: [billing.fullName!, billing.email!, billing.streetAddressLine1!, ...renamed] };
    const dir = tempDir('shop-encrypt-');
    try {
      const before = new SqliteEventStore(join(dir.path, DATA_FOLDER.eventLog));
      await importLog(before, createInterface({ input: createReadStream(fixture, { encoding: 'utf8' }), crlfDelay: Infinity }));
      const identityBefore = await before.logIdentity();
      await before.close();
      expect(filesHolding(dir.path, person.needles)).not.toEqual([]);

      const outcome = await encryptLog(dir.path, new SqliteKeyStore(join(dir.path, DATA_FOLDER.keyStore)));
      expect(outcome.events).toBe(lines.length);
      // Only the kept old log holds them now.
      expect(filesHolding(dir.path, person.needles)).toEqual([LOG_BEFORE_ENCRYPTION]);
      const after = new SqliteEventStore(join(dir.path, DATA_FOLDER.eventLog));
      const copied = await after.readAll({ limit: 10_000 });
      expect(await after.logIdentity()).not.toBe(identityBefore);
      await after.close();
      const original = lines.map((line) => (line as unknown as { id: string; time: string }));
      expect(copied.map((event) => [event.id, event.metadata.timestamp])).toEqual(original.map((line) => [line.id, line.time]));

      rmSync(join(dir.path, LOG_BEFORE_ENCRYPTION)); // as the command tells the operator
      const shop = await startTestShop({ dataDir: dir.path });
      try {
        // A new log: every read model is rebuilt from it before it serves.
        for (const projection of shop.shop.projections) await shop.shop.upgrades.whenCurrent(projection.name);
        const admin = shop.shop.tokens.sign({ userId: newId(), email: 'owner@example.in', isAdmin: true });
        const orderFigures = async () => (await api<AdminOrderList>(shop.url, '/api/admin/orders', { token: admin })).body.orders.map((order) => [order.id, order.amount, order.status]);
        const ordersBefore = await orderFigures();
        expect(ordersBefore.length).toBeGreaterThan(0);
        const users = await api<{ name: string }>(shop.url, `/api/user/${person.userId}`, { token: shop.shop.tokens.sign({ userId: person.userId, email: billing.email!, isAdmin: false }) });
        expect(users.body.name).toBe(renamed.at(-1) ?? billing.fullName);
        expect((await api(shop.url, `/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin })).status).toBe(200);
        expect(await orderFigures()).toEqual(ordersBefore);
        expect(filesHolding(dir.path, person.needles)).toEqual([]);
      } finally {
        await shop.close();
      }
      expect(existsSync(join(dir.path, DATA_FOLDER.erasures))).toBe(true);
      expect(filesHolding(dir.path, person.needles)).toEqual([]);
    } finally {
      dir.remove();
    }
  });
});
