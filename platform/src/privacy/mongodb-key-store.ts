import { randomBytes } from 'node:crypto';
import { Binary, MongoClient, type Collection, type Db } from 'mongodb';
import { KEY_BYTES, type PersonalKeyStore } from './key-store.ts';

/** Hidden like the document store's own collections (a read-model name never starts with `_`). */
export const PERSON_KEYS_COLLECTION = '_person_keys';
/** One document counting the destroys (`destructions`), apart from the keys. */
export const KEY_DESTRUCTIONS_COLLECTION = '_person_key_destructions';

interface KeyDocument {
  _id: string;
  /** Null once destroyed (the tombstone). */
  key: Binary | null;
  destroyedAt?: Date;
}

/**
 * The distributed mode's key store: a collection of its own in the MongoDB database. Keys are
 * made with an upsert that only sets them on insert, so two processes making a subject's key at
 * once end up with the one that landed first. Written with majority write concern: a key must
 * survive a primary's failover before an event sealed with it is appended.
 */
export class MongoKeyStore implements PersonalKeyStore {
  private readonly keys: Collection<KeyDocument>;
  private readonly counter: Collection<{ _id: string; count: number }>;

  /** `client`: closed with the store when the store opened it (connect), else its owner's. */
  constructor(
    db: Db,
    private readonly client: MongoClient | null = null,
  ) {
    this.keys = db.collection<KeyDocument>(PERSON_KEYS_COLLECTION, { writeConcern: { w: 'majority' } });
    this.counter = db.collection<{ _id: string; count: number }>(KEY_DESTRUCTIONS_COLLECTION, { writeConcern: { w: 'majority' } });
  }

  static async connect(url: string, dbName: string): Promise<MongoKeyStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoKeyStore(client.db(dbName), client);
  }

  async keysFor(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const found = await this.find(subjects);
    const missing = [...new Set(subjects.filter((subject) => !found.has(subject)))];
    if (missing.length > 0) {
      await this.keys.bulkWrite(
        missing.map((subject) => ({
          updateOne: { filter: { _id: subject }, update: { $setOnInsert: { key: new Binary(randomBytes(KEY_BYTES)) } }, upsert: true },
        })),
        { ordered: false },
      );
      for (const [subject, key] of await this.find(missing)) found.set(subject, key);
    }
    return found;
  }

  async findKeys(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const found = await this.find(subjects);
    for (const subject of subjects) if (!found.has(subject)) found.set(subject, null);
    return found;
  }

  async destroy(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    await this.keys.bulkWrite(
      subjects.map((subject) => ({
        updateOne: { filter: { _id: subject }, update: { $set: { key: null }, $min: { destroyedAt: new Date() } }, upsert: true },
      })),
      { ordered: false },
    );
    await this.counter.updateOne({ _id: 'destructions' }, { $inc: { count: 1 } }, { upsert: true });
  }

  async destructions(): Promise<number> {
    return (await this.counter.findOne({ _id: 'destructions' }))?.count ?? 0;
  }

  async close(): Promise<void> {
    await this.client?.close();
  }

  private async find(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const found = new Map<string, Buffer | null>();
    if (subjects.length === 0) return found;
    for await (const doc of this.keys.find({ _id: { $in: [...new Set(subjects)] } })) {
      found.set(doc._id, doc.key ? Buffer.from(doc.key.buffer) : null);
    }
    return found;
  }
}
