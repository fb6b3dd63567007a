import { describe, expect, it } from 'vitest';
import { MongoServerError, type MongoClient } from 'mongodb';
import { MongoDocumentStore } from './mongodb.ts';
import { CheckpointConflictError, type Write } from './port.ts';

const put = (collection: string, doc: { _id: string; [field: string]: unknown }): Write => ({ kind: 'put', collection, doc });

/**
 * The MongoDB adapter against a recording fake of the driver (no server): every operation is
 * recorded with the session it carried, and one sent without the session while a transaction is
 * open is an error, as it is on a real replica set (it would run outside the transaction and
 * survive its abort). The fake keeps documents in maps; a transaction works on a copy that
 * replaces them on commit and is dropped on abort.
 */
type Doc = Record<string, unknown> & { _id: string };
interface Recorded {
  collection: string;
  op: string;
  session: unknown;
  inTransaction: boolean;
}

function fakeMongo(options: { replicaSet: boolean }) {
  let data = new Map<string, Map<string, Doc>>();
  const recorded: Recorded[] = [];
  const violations: string[] = [];
  let active: { session: object; data: Map<string, Map<string, Doc>> } | undefined;

  const clone = (source: Map<string, Map<string, Doc>>) =>
    new Map([...source].map(([name, docs]) => [name, new Map([...docs].map(([id, doc]) => [id, structuredClone(doc)]))]));
  const view = () => active?.data ?? data;
  const docs = (name: string) => {
    let collection = view().get(name);
    if (!collection) view().set(name, (collection = new Map()));
    return collection;
  };
  const record = (collection: string, op: string, session: unknown) => {
    recorded.push({ collection, op, session, inTransaction: active !== undefined });
    if (active && session !== active.session) violations.push(`${op} on ${collection} without the transaction's session`);
  };
  const matches = (doc: Doc | undefined, filter: Record<string, unknown>) =>
    doc !== undefined && Object.entries(filter).every(([field, value]) => doc[field] === value);
  const updateOne = (name: string, filter: Record<string, unknown>, update: { $set?: Record<string, unknown>; $inc?: Record<string, number> }, upsert?: boolean) => {
    const collection = docs(name);
    const id = filter._id as string;
    let doc = collection.get(id);
    if (!matches(doc, filter)) {
      if (!upsert) return { matchedCount: 0 };
      if (doc) throw new MongoServerError({ message: `E11000 duplicate key error collection: ${name} index: _id_`, code: 11000 });
      doc = { ...filter, _id: id } as Doc;
      collection.set(id, doc);
    }
    Object.assign(doc!, update.$set ?? {});
    for (const [field, by] of Object.entries(update.$inc ?? {})) doc![field] = ((doc![field] as number | undefined) ?? 0) + by;
    return { matchedCount: 1 };
  };

  const db = {
    admin: () => ({ command: async () => (options.replicaSet ? { setName: 'rs0', isWritablePrimary: true } : { isWritablePrimary: true }) }),
    createCollection: async (name: string) => {
      docs(name);
    },
    collection: (name: string) => ({
      findOne: async (filter: { _id: string }, opts?: { session?: unknown }) => {
        record(name, 'findOne', opts?.session);
        const doc = docs(name).get(filter._id);
        return doc ? structuredClone(doc) : null;
      },
      updateOne: async (filter: Record<string, unknown>, update: Parameters<typeof updateOne>[2], opts?: { session?: unknown; upsert?: boolean }) => {
        record(name, 'updateOne', opts?.session);
        return updateOne(name, filter, update, opts?.upsert);
      },
      bulkWrite: async (ops: Record<string, { filter: Record<string, unknown>; replacement?: Doc; update?: Parameters<typeof updateOne>[2]; upsert?: boolean }>[], opts?: { session?: unknown }) => {
        record(name, 'bulkWrite', opts?.session);
        for (const op of ops) {
          const [kind, spec] = Object.entries(op)[0]!;
          if (kind === 'replaceOne') docs(name).set(spec.filter._id as string, { ...spec.replacement!, _id: spec.filter._id as string });
          else if (kind === 'deleteOne') docs(name).delete(spec.filter._id as string);
          else if (kind === 'updateOne') updateOne(name, spec.filter, spec.update!, spec.upsert);
          else throw new Error(`fake: ${kind}`);
        }
        return {};
      },
    }),
  };
  const client = {
    db: () => db,
    withSession: async <T>(work: (session: object) => Promise<T>) => {
      const session = {
        withTransaction: async (body: () => Promise<unknown>) => {
          active = { session, data: clone(data) };
          try {
            await body();
            data = active.data;
          } finally {
            active = undefined;
          }
        },
      };
      return work(session);
    },
  };
  return { client: client as unknown as MongoClient, recorded, violations, get: (name: string, id: string) => data.get(name)?.get(id) };
}

describe('MongoDB adapter sessions (recording fake)', () => {
  it('sends every write and checkpoint of a commit through the transaction’s session', async () => {
    const fake = fakeMongo({ replicaSet: true });
    const store = new MongoDocumentStore(fake.client, 'shop');
    await store.commit({
      writes: [
        put('cart', { _id: 'l1', qty: 1 }),
        put('orders', { _id: 'o1' }),
        { kind: 'delete', collection: 'cart', id: 'l0' },
      ],
      checkpoints: [
        { name: 'cart@0', position: 7n, expected: 0n },
        { name: 'shopper@0', position: 7n },
      ],
    });
    await store.commit({ writes: [put('cart', { _id: 'l1', qty: 2 })], checkpoints: [{ name: 'cart@0', position: 9n, expected: 7n }] });

    expect(fake.violations).toEqual([]);
    const inTransaction = fake.recorded.filter((r) => r.inTransaction);
    expect(inTransaction.map((r) => r.collection)).toEqual(expect.arrayContaining(['cart', 'orders', '_versions', '_checkpoints']));
    expect(fake.get('cart', 'l1')).toMatchObject({ qty: 2 });
    expect(await store.getCheckpoint('cart@0')).toBe(9n);
    expect(await store.getCheckpoint('shopper@0')).toBe(7n);
  });

  it('aborts the whole transaction when a checkpoint is not where the writer expected it', async () => {
    const fake = fakeMongo({ replicaSet: true });
    const store = new MongoDocumentStore(fake.client, 'shop');
    await store.commit({ writes: [put('cart', { _id: 'l1', qty: 1 })], checkpoints: [{ name: 'cart@0', position: 9n }] });

    for (const expected of [5n, 0n]) {
      const late = store.commit({ writes: [put('cart', { _id: 'l1', qty: 99 })], checkpoints: [{ name: 'cart@0', position: 12n, expected }] });
      await expect(late).rejects.toBeInstanceOf(CheckpointConflictError);
    }
    expect(fake.violations).toEqual([]);
    expect(fake.get('cart', 'l1')).toMatchObject({ qty: 1 });
    expect(await store.getCheckpoint('cart@0')).toBe(9n);
  });

  it('on a standalone server (no transactions) refuses a stale checkpoint before writing anything', async () => {
    const fake = fakeMongo({ replicaSet: false });
    const store = new MongoDocumentStore(fake.client, 'shop');
    await store.commit({ writes: [put('cart', { _id: 'l1', qty: 1 })], checkpoints: [{ name: 'cart@0', position: 9n }] });
    const late = store.commit({ writes: [put('cart', { _id: 'l1', qty: 99 })], checkpoints: [{ name: 'cart@0', position: 12n, expected: 5n }] });
    await expect(late).rejects.toBeInstanceOf(CheckpointConflictError);
    expect(fake.get('cart', 'l1')).toMatchObject({ qty: 1 });
  });
});
