import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_BYTES, type PersonalKeyStore } from '../src/privacy/key-store.ts';

export interface OpenedKeyStore {
  store: PersonalKeyStore;
  /** A second handle on the same keys (another process's), to check they agree. */
  openAnother: () => Promise<PersonalKeyStore>;
  cleanup: () => Promise<void>;
}

/** The PersonalKeyStore contract, registered once per adapter; subjects are random per test. */
export function keyStoreContract(name: string, open: () => Promise<OpenedKeyStore>): void {
  describe(`PersonalKeyStore contract: ${name}`, () => {
    let opened: OpenedKeyStore;
    beforeAll(async () => {
      opened = await open();
    }, 180_000);
    afterAll(async () => {
      await opened?.cleanup();
    });

    it('makes one key per subject, the same key every time and for every handle', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      const first = await opened.store.keysFor([a, b, a]);
      expect(first.get(a)).toHaveLength(KEY_BYTES);
      expect(first.get(a)!.equals(first.get(b)!)).toBe(false);
      const other = await opened.openAnother();
      try {
        expect((await other.keysFor([a])).get(a)!.equals(first.get(a)!)).toBe(true);
        expect((await other.findKeys([b])).get(b)!.equals(first.get(b)!)).toBe(true);
      } finally {
        await other.close();
      }
    });

    it('finds no key for a subject that never had one, and makes none while looking', async () => {
      const subject = randomUUID();
      expect((await opened.store.findKeys([subject])).get(subject)).toBeNull();
      expect((await opened.store.findKeys([subject])).get(subject)).toBeNull();
    });

    it('destroys a key for good: a tombstone stays, so no new key is ever made for the subject', async () => {
      const [gone, kept] = [randomUUID(), randomUUID()];
      const before = await opened.store.keysFor([gone, kept]);
      await opened.store.destroy([gone]);
      await opened.store.destroy([gone]);
      expect((await opened.store.findKeys([gone])).get(gone)).toBeNull();
      expect((await opened.store.keysFor([gone])).get(gone)).toBeNull();
      expect((await opened.store.findKeys([kept])).get(kept)!.equals(before.get(kept)!)).toBe(true);
      // A subject destroyed before it ever had a key (an erasure re-applied by a restore) gets none either.
      const never = randomUUID();
      await opened.store.destroy([never]);
      expect((await opened.store.keysFor([never])).get(never)).toBeNull();
    });

    it('counts every destroy where every handle sees it, so a key kept in memory elsewhere can be dropped', async () => {
      const other = await opened.openAnother();
      try {
        const before = await other.destructions();
        await opened.store.keysFor([randomUUID()]);
        expect(await other.destructions()).toBe(before);
        await opened.store.destroy([randomUUID()]);
        expect(await other.destructions()).not.toBe(before);
      } finally {
        await other.close();
      }
    });
  });
}
