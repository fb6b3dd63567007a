import { join } from 'node:path';
import { FORGOTTEN, SEALED_KEY } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { newEventId } from '../event-store/port.ts';
import { SqliteEventStore } from '../event-store/sqlite.ts';
import { UpcastingEventStore } from '../event-store/upcasting.ts';
import { SealingEventStore } from './sealing.ts';
import { SqliteKeyStore } from './sqlite-key-store.ts';

const registered = (userId: string, name: string) => ({
  userId,
  name,
  email: `${name.toLowerCase().replace(/\s/g, '.')}@example.in`,
  phone: '9000012345',
  passwordHash: 'scrypt$16384$8$1$salt$hash',
  method: 'password',
  images: [],
  isAdmin: false,
  registeredAt: '2026-11-20T10:00:00.000Z',
});

describe('SealingEventStore on the SQLite log and key store', () => {
  let dir: ReturnType<typeof tempDir>;
  let log: SqliteEventStore;
  let sealed: SealingEventStore;

  beforeEach(() => {
    dir = tempDir('shop-sealing-');
    log = new SqliteEventStore(join(dir.path, 'events.db'));
    sealed = new SealingEventStore(log, new SqliteKeyStore(join(dir.path, 'keys.db')));
  });
  afterEach(async () => {
    await sealed.close();
    dir.remove();
  });

  it('stores personal fields sealed, facts in clear, and reads them back whole', async () => {
    const data = registered('u1', 'Meera Iyer');
    await sealed.append('account-u1', [{ id: newEventId(), type: 'AccountRegistered', data }], 'no_stream');
    const [raw] = await log.readStream('account-u1');
    expect(JSON.stringify(raw!.data)).not.toMatch(/Meera|meera|9000012345|scrypt/);
    expect(raw!.data).toMatchObject({ userId: 'u1', method: 'password', isAdmin: false, registeredAt: data.registeredAt });
    expect(raw!.metadata[SEALED_KEY]).toMatchObject({ v: 1, s: 'u1', f: ['name', 'email', 'phone', 'passwordHash'] });
    const [read] = await sealed.readStream('account-u1');
    expect(read!.data).toEqual(data);
    expect(read!.metadata[SEALED_KEY]).toBeUndefined();
    expect((await sealed.readAll({ limit: 10 }))[0]!.data).toEqual(data);
  });

  it('reads a forgotten person as forgotten, never an error, and leaves everyone else whole', async () => {
    await sealed.append('account-u1', [{ id: newEventId(), type: 'AccountRegistered', data: registered('u1', 'Meera Iyer') }], 'no_stream');
    await sealed.append('account-u2', [{ id: newEventId(), type: 'AccountRegistered', data: registered('u2', 'Kabir Das') }], 'no_stream');
    await sealed.forget(['u1']);
    // A fresh process (no cache) reads the same.
    const reopened = new SealingEventStore(new SqliteEventStore(join(dir.path, 'events.db')), new SqliteKeyStore(join(dir.path, 'keys.db')));
    try {
      for (const store of [sealed, reopened]) {
        const [u1, u2] = await store.readAll({ limit: 10 });
        expect(u1!.data).toMatchObject({ userId: 'u1', name: FORGOTTEN.name, email: FORGOTTEN.email, phone: FORGOTTEN.text, passwordHash: FORGOTTEN.passwordHash, isAdmin: false });
        expect(u2!.data).toMatchObject({ name: 'Kabir Das' });
      }
      // Appended after the erasure: nothing of the person is stored, it reads as forgotten.
      await reopened.append('account-u1', [{ id: newEventId(), type: 'ProfileUpdated', data: { userId: 'u1', name: 'Meera Again', phone: '9', images: [], updatedAt: '2026-11-21T00:00:00.000Z' } }], 'any');
      const [, late] = await log.readStream('account-u1');
      expect(JSON.stringify([late!.data, late!.metadata])).not.toContain("Meera");
      expect((await reopened.readStream('account-u1'))[1]!.data).toMatchObject({ name: FORGOTTEN.name });
    } finally {
      await reopened.close();
    }
  });

  it("stops opening a person's fields in another process that kept their key: at a word (dropKeys), or when the key store's count of destroys moved", async () => {
    await sealed.append('account-u7', [{ id: newEventId(), type: 'AccountRegistered', data: registered('u7', 'Nila Rao') }], 'no_stream');
    await sealed.append('account-u8', [{ id: newEventId(), type: 'AccountRegistered', data: registered('u8', 'Omar Beg') }], 'no_stream');
    const another = () => new SealingEventStore(new SqliteEventStore(join(dir.path, 'events.db')), new SqliteKeyStore(join(dir.path, 'keys.db')), undefined, { recheckDestructionsMs: 0 });
    // Told: a process that compares the count rarely (as by default) drops the key at the word.
    const told = new SealingEventStore(new SqliteEventStore(join(dir.path, 'events.db')), new SqliteKeyStore(join(dir.path, 'keys.db')));
    // Not told: it compares the count before it opens anything (0 ms here; a second by default).
    const untold = another();
    let statesDropped = 0;
    untold.onKeysDestroyedElsewhere(() => statesDropped++);
    try {
      for (const store of [told, untold]) expect((await store.readStream('account-u7'))[0]!.data).toMatchObject({ name: 'Nila Rao' });
      await sealed.forget(['u7']);
      told.dropKeys(['u7']);
      for (const store of [told, untold]) {
        expect((await store.readStream('account-u7'))[0]!.data).toMatchObject({ name: FORGOTTEN.name });
        expect((await store.readStream('account-u8'))[0]!.data).toMatchObject({ name: 'Omar Beg' });
      }
      expect(statesDropped).toBe(1);
    } finally {
      await told.close();
      await untold.close();
    }
  });

  it('reads events written in clear before sealing as they were written', async () => {
    const data = registered('u3', 'Old Timer');
    await log.append('account-u3', [{ id: newEventId(), type: 'AccountRegistered', data }], 'no_stream');
    expect((await sealed.readStream('account-u3'))[0]!.data).toEqual(data);
  });

  it('seals only what names a person: events of other types, and the newsletter by its stream', async () => {
    await sealed.append('newsletter-abc', [{ id: newEventId(), type: 'NewsletterSubscribed', data: { email: 'reader@example.in', subscribedAt: '2026-11-20T10:00:00.000Z' } }], 'no_stream');
    await sealed.append('catalog', [{ id: newEventId(), type: 'CategoryCreated', data: { name: 'Lamps' } }], 'any');
    const [news, category] = await log.readAll({ limit: 10 });
    expect(news!.metadata[SEALED_KEY]).toMatchObject({ s: 'newsletter-abc' });
    expect(JSON.stringify(news!.data)).not.toContain('reader@');
    expect(category!.data).toEqual({ name: 'Lamps' });
    await sealed.forget(['newsletter-abc']);
    expect((await sealed.readStream('newsletter-abc'))[0]!.data).toMatchObject({ email: FORGOTTEN.email });
  });

  it('opens a box only for the event it was sealed for', async () => {
    await sealed.append('account-u4', [{ id: newEventId(), type: 'AccountRegistered', data: registered('u4', 'Tara Sen') }], 'no_stream');
    const [event] = await log.readStream('account-u4');
    // The same envelope on another event id (a copied box) does not open: it reads as forgotten.
    await log.append('account-u5', [{ id: newEventId(), type: 'AccountRegistered', data: event!.data, metadata: event!.metadata }], 'no_stream');
    expect((await sealed.readStream('account-u5'))[0]!.data).toMatchObject({ name: FORGOTTEN.name });
  });

  it('is read through the upcasters with the data whole', async () => {
    const upcasting = new UpcastingEventStore(sealed);
    await upcasting.append('account-u6', [{ id: newEventId(), type: 'AccountRegistered', data: registered('u6', 'Ira Shah') }], 'no_stream');
    expect((await upcasting.readStream('account-u6'))[0]!.data).toMatchObject({ name: 'Ira Shah' });
  });
});
