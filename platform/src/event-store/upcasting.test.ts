import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { newEventId, type RecordedEvent } from './port.ts';
import { SqliteEventStore } from './sqlite.ts';
import { currentEventVersion, upcastEventData } from '@shop/contracts';
import { UpcastingEventStore } from './upcasting.ts';

/** PaymentOpened's version today: each test holds however many versions it has had since. */
const CURRENT = currentEventVersion('PaymentOpened');

/** PaymentOpened as written before payment methods (no schemaVersion in its metadata: version 1). */
const openedV1 = { providerOrderId: 'order_1', provider: 'test', userId: 'u1', amount: 499 };

describe('UpcastingEventStore on the SQLite log', () => {
  let dir: ReturnType<typeof tempDir>;
  let log: SqliteEventStore;
  let store: UpcastingEventStore;

  beforeEach(async () => {
    dir = tempDir('shop-upcasting-');
    log = new SqliteEventStore(join(dir.path, 'events.db'));
    store = new UpcastingEventStore(log);
    await log.append('payment-order_1', [{ id: newEventId(), type: 'PaymentOpened', data: openedV1 }], 'no_stream');
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  const expectCard = (event: RecordedEvent | undefined) => {
    expect(event?.data).toEqual(upcastEventData('PaymentOpened', 1, openedV1));
    expect(event?.data).toMatchObject({ ...openedV1, paymentMethod: 'card' });
    expect(event?.metadata.schemaVersion).toBe(CURRENT);
  };

  it('reads an old PaymentOpened as a card payment on every read path, and never rewrites the log', async () => {
    expectCard((await store.readStream('payment-order_1'))[0]);
    expectCard((await store.readAll({ limit: 10 }))[0]);
    const controller = new AbortController();
    for await (const event of store.subscribe({ signal: controller.signal })) {
      expectCard(event);
      controller.abort();
    }
    const [asWritten] = await log.readStream('payment-order_1');
    expect(asWritten?.data).toEqual(openedV1);
    expect(asWritten?.metadata.schemaVersion).toBeUndefined();
  });

  it('stamps each append with its type’s current version, and reads it back untouched', async () => {
    const data = { ...openedV1, providerOrderId: 'order_2', paymentMethod: 'upi' };
    await store.append('payment-order_2', [{ id: newEventId(), type: 'PaymentOpened', data }, { id: newEventId(), type: 'PaymentConfirmed', data: {} }], 'no_stream');
    const written = await log.readStream('payment-order_2');
    expect(written.map((e) => e.metadata.schemaVersion)).toEqual([CURRENT, 1]);
    const [read] = await store.readStream('payment-order_2');
    expect(read?.data).toEqual(data);
  });

  it('refuses an event written by a newer release with a message naming the event', async () => {
    const id = newEventId();
    await log.append('payment-order_3', [{ id, type: 'PaymentOpened', data: openedV1, metadata: { schemaVersion: CURRENT + 1 } }], 'no_stream');
    await expect(store.readStream('payment-order_3')).rejects.toThrow(
      `Event ${id} (stream payment-order_3, revision 0): PaymentOpened event has schema version ${CURRENT + 1}, but this release reads PaymentOpened up to version ${CURRENT}`,
    );
    await expect(store.readAll({ limit: 10 })).rejects.toThrow(/written by a newer release/);
  });
});
