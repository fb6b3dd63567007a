import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Db,
  type Filter as MongoFilter,
  type Sort,
} from 'mongodb';
import {
  CheckpointConflictError,
  counterOf,
  textTokens,
  type CheckpointWrite,
  type CollectionSpec,
  type Condition,
  type Document,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type Lease,
  type WriteBatch,
} from './port.ts';

/**
 * Checkpoints live in their own collection. Its name starts with `_`, which `checkName` never
 * accepts for a read-model collection, so a projection collection called `checkpoints` (legal on
 * the SQLite adapter) cannot collide with it, and `listCollections` leaves it out.
 */
const CHECKPOINTS = '_checkpoints';
/** Leases (see `acquireLease`), hidden the same way. */
const LEASES = '_leases';
/** One change counter per collection (see `changeVersion`); hidden from `listCollections` the same way. */
const VERSIONS = '_versions';

/** Server error codes this adapter tolerates or reacts to. */
const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;
const INDEX_OPTIONS_CONFLICT = 85;
const INDEX_KEY_SPECS_CONFLICT = 86;
const DUPLICATE_KEY = 11000;

/** The text index's name and language settings: no stemming or stop words, like the SQLite FTS tokenizer. */
const TEXT_INDEX = 'text_search';
/** Documents may have a `language` field of their own; keep MongoDB from reading it as the text language. */
const LANGUAGE_OVERRIDE = '__textLanguage';

/** What MongoDB holds: the document's JSON form, keyed by our string `_id`. */
interface StoredDocument {
  _id: string;
  [field: string]: unknown;
}
/** A change counter of one collection for one writer (`<collection>|<writer>`). */
interface VersionDocument {
  _id: string;
  collection: string;
  version: number;
}
interface LeaseDocument {
  _id: string;
  owner: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}
interface CheckpointDocument {
  _id: string;
  /** Decimal string: exact for any bigint, and no BSON Long promotion questions. */
  position: string;
}

function checkName(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid collection name: ${name}`);
  return name;
}

function checkField(field: string): string {
  if (!/^[A-Za-z_][\w.]*$/.test(field)) throw new Error(`Invalid field name: ${field}`);
  return field;
}

/** Text field weights: the first field weighs most (same scheme as the SQLite adapter's bm25 weights). */
function textWeights(fields: string[]): number[] {
  return fields.map((_, i) => fields.length - i);
}

/**
 * The read-model store on MongoDB (driver 6.x). Collections map 1:1; documents are stored as
 * their JSON form (a JSON round trip, exactly what the SQLite adapter stores, so `undefined`
 * fields vanish and Dates become ISO strings on both) with our string `_id` as MongoDB's `_id`.
 *
 * Atomic `commit`: on a replica set or sharded cluster the writes and the checkpoints go through
 * one `withTransaction`. A standalone server has no transactions; there the writes are applied in
 * order and the checkpoints last, so a crash can leave a read model *ahead* of its checkpoint but
 * never behind it. Projections rewrite whole documents by id (put = replace/upsert, delete), so
 * replaying events after the older checkpoint converges to the same state. Every write is
 * validated (names, JSON form) before anything is sent, so a bad batch fails whole on both paths.
 * A checkpoint with an `expected` position is a conditional update in the transaction (a refusal
 * aborts it, writes included); on a standalone server it is checked before the writes and again
 * by the conditional update, so only a writer losing a race in between can leave documents behind.
 *
 * `swapCollections` uses `renameCollection(..., { dropTarget: true })`: each rename atomically
 * replaces its target, but DDL cannot join a transaction, so several pairs and the checkpoints are
 * applied one after another (all `from` collections are checked to exist first). A crash midway
 * leaves some pairs swapped and the old checkpoints, which a rebuild simply redoes.
 *
 * `changeVersion` reads change counters (`_versions`) that `commit` raises in the same transaction
 * as the writes (after them on a standalone server), and swaps and drops raise after their DDL; so
 * a token read before the data is never newer than the data read after it. Each collection has
 * one counter per writer, named by the checkpoints its batches carry (one per projection
 * partition), so projector workers on different partitions never contend for one document.
 *
 * Semantic differences from the SQLite adapter:
 * - `text` matches whole words (case- and diacritic-insensitive, no stemming); SQLite matches word
 *   prefixes ("wat" finds "watch" there, not here). Both require every word of the query.
 * - Relevance is MongoDB's text score (field weights n, n-1, ... 1) there and weighted bm25 on
 *   SQLite: both put a hit in an earlier text field first, but exact scores and ties differ.
 * - Equality / `$in` against an array field matches when any element matches (MongoDB array
 *   semantics); on SQLite it never does. Use `$contains` for arrays.
 * - Writing to a collection never defined creates it implicitly; SQLite rejects the write.
 */
export class MongoDocumentStore implements DocumentStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly ownsClient: boolean;
  private readonly specs = new Map<string, CollectionSpec>();
  private transactions: Promise<boolean> | undefined;
  private readonly ready = new Map<string, Promise<void>>();

  /** A connected (or lazily connecting) client, or a connection string the store will own. */
  constructor(clientOrUrl: MongoClient | string, dbName: string) {
    this.ownsClient = typeof clientOrUrl === 'string';
    this.client = typeof clientOrUrl === 'string' ? new MongoClient(clientOrUrl) : clientOrUrl;
    this.db = this.client.db(dbName);
  }

  /** The store's database, for neighbours that keep their own collections beside the read models (shared rate limits). */
  get database(): Db {
    return this.db;
  }

  static async connect(url: string, dbName: string): Promise<MongoDocumentStore> {
    const store = new MongoDocumentStore(url, dbName);
    await store.client.connect();
    return store;
  }

  async defineCollection(spec: CollectionSpec, options: { deferIndexes?: boolean } = {}): Promise<void> {
    const name = checkName(spec.name);
    await this.createCollectionIfMissing(name);
    this.specs.set(name, spec);
    // A bulk load (rebuild shadow) builds its indexes once at the end, in buildIndexes.
    if (options.deferIndexes && (await this.db.collection(name).estimatedDocumentCount()) === 0) return;
    await this.createIndexes(name, spec);
  }

  async buildIndexes(collection: string): Promise<void> {
    const spec = this.specs.get(collection);
    if (spec) await this.createIndexes(collection, spec);
  }

  private async createIndexes(name: string, spec: CollectionSpec): Promise<void> {
    const collection = this.db.collection<StoredDocument>(name);
    for (const fields of spec.indexes ?? []) {
      await collection.createIndex(fields.map((field) => [checkField(field), 1] as [string, 1]));
    }
    if (spec.textFields?.length) await this.defineTextIndex(name, spec.textFields);
  }

  private async createCollectionIfMissing(name: string): Promise<void> {
    try {
      await this.db.createCollection(name);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
    }
  }

  /** One text index per collection (a MongoDB rule); a changed field list replaces the old one. */
  private async defineTextIndex(name: string, fields: string[]): Promise<void> {
    const collection = this.db.collection<StoredDocument>(name);
    const weights = textWeights(fields);
    const create = () =>
      collection.createIndex(
        fields.map((field) => [checkField(field), 'text'] as [string, 'text']),
        {
          name: TEXT_INDEX,
          weights: Object.fromEntries(fields.map((field, i) => [field, weights[i]])),
          default_language: 'none',
          language_override: LANGUAGE_OVERRIDE,
        },
      );
    try {
      await create();
    } catch (error) {
      const conflict =
        error instanceof MongoServerError &&
        (error.code === INDEX_OPTIONS_CONFLICT || error.code === INDEX_KEY_SPECS_CONFLICT);
      if (!conflict) throw error;
      for (const index of await collection.indexes()) {
        if (index.name && index.key && '_fts' in index.key) await collection.dropIndex(index.name);
      }
      await create();
    }
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const doc = await this.db.collection<StoredDocument>(checkName(collection)).findOne({ _id: id });
    return doc as unknown as T | null;
  }

  async find<T extends Document>(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const query = this.query(collection, filter, options.text);
    if (!query || options.limit === 0) return [];
    let sort: Sort | undefined;
    if (options.sort?.length) {
      sort = options.sort.map(([field, direction]) => [checkField(field), direction] as [string, 1 | -1]);
    } else if (options.text !== undefined) {
      // Sorting on the text score does not need it projected (MongoDB 4.4+), so no extra field comes back.
      sort = { score: { $meta: 'textScore' } };
    }
    const cursor = this.db.collection<StoredDocument>(checkName(collection)).find(query, {
      ...(sort ? { sort } : {}),
      ...(options.skip ? { skip: options.skip } : {}),
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
    });
    return (await cursor.toArray()) as unknown as T[];
  }

  async getRaw(collection: string, id: string): Promise<string | null> {
    const doc = await this.get(collection, id);
    return doc === null ? null : JSON.stringify(doc);
  }

  async getManyRaw(collection: string, ids: readonly string[]): Promise<(string | null)[]> {
    if (ids.length === 0) return [];
    const docs = await this.db.collection<StoredDocument>(checkName(collection)).find({ _id: { $in: [...new Set(ids)] } }).toArray();
    const byId = new Map(docs.map((doc) => [doc._id, JSON.stringify(doc)]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  async findRaw(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<string[]> {
    return (await this.find(collection, filter, options)).map((doc) => JSON.stringify(doc));
  }

  async count(collection: string, filter: Filter = {}, options: Pick<FindOptions, 'text'> = {}): Promise<number> {
    const query = this.query(collection, filter, options.text);
    if (!query) return 0;
    return this.db.collection<StoredDocument>(checkName(collection)).countDocuments(query);
  }

  /** The MongoDB query for a filter and optional text search; null when nothing can match. */
  private query(collection: string, filter: Filter, text: string | undefined): MongoFilter<StoredDocument> | null {
    const query = toMongoFilter(filter);
    if (text === undefined) return query;
    const spec = this.specs.get(checkName(collection));
    if (spec && !spec.textFields?.length) throw new Error(`Collection ${collection} has no text fields`);
    const tokens = textTokens(text);
    if (tokens.length === 0) return null;
    // Each word as its own quoted phrase: MongoDB ANDs phrases (bare terms would be ORed), which
    // matches the SQLite adapter's "every word must occur".
    return { ...query, $text: { $search: tokens.map((token) => `"${token}"`).join(' ') } };
  }

  async commit(batch: WriteBatch): Promise<void> {
    const runs = toWriteRuns(batch);
    const checkpoints = batch.checkpoints ?? [];
    if (runs.length === 0 && checkpoints.length === 0) return;
    if (checkpoints.length) await this.ensureCollection(CHECKPOINTS);
    if (runs.length) await this.ensureCollection(VERSIONS);
    try {
      await this.commitAtomically(runs, checkpoints, batch.writes.map(counterOf));
    } catch (error) {
      // Refused inside the transaction, which is gone now: read where the checkpoint stands, for the message.
      if (!(error instanceof CheckpointConflictError)) throw error;
      throw new CheckpointConflictError(error.checkpoint, error.expected, await this.getCheckpoint(error.checkpoint).catch(() => null));
    }
  }

  private async commitAtomically(runs: WriteRun[], checkpoints: CheckpointWrite[], counters: string[]): Promise<void> {
    await this.atomically(async (session) => {
      // Without a transaction nothing can be taken back: refuse before writing anything. (The
      // conditional update below still refuses a writer that lost a race after this check, but
      // its documents are written by then; see the class note on standalone servers.)
      if (!session) await this.checkExpected(checkpoints);
      for (const run of runs) {
        await this.db.collection<StoredDocument>(run.collection).bulkWrite(run.ops, { session, ordered: true });
      }
      // After the writes: without a transaction a reader may then see new data under the old
      // version (cached until the version moves), never old data under the new one.
      const writer = checkpoints.map((c) => c.name).sort().join('+');
      await this.bumpVersions(counters, writer, session);
      await this.setCheckpoints(checkpoints, session);
    });
  }

  /**
   * Sets checkpoints; one with an `expected` position is a conditional update on it, so a writer
   * that lost its partition cannot move it (throwing aborts the transaction, writes included).
   */
  private async setCheckpoints(checkpoints: CheckpointWrite[], session?: ClientSession): Promise<void> {
    const collection = this.db.collection<CheckpointDocument>(CHECKPOINTS);
    const plain = checkpoints.filter((c) => c.expected === undefined);
    if (plain.length) await collection.bulkWrite(checkpointWrites(plain), { session, ordered: true });
    for (const { name, position, expected } of checkpoints) {
      if (expected === undefined) continue;
      const update = { $set: { position: position.toString() } };
      if (expected === 0n) {
        // Missing counts as 0: insert it, or move it from '0'. Another position makes the upsert
        // insert a second `_id`, which the unique `_id` index refuses (E11000).
        try {
          await collection.updateOne({ _id: name, position: '0' }, update, { session, upsert: true });
        } catch (error) {
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new CheckpointConflictError(name, expected, null);
          throw error;
        }
      } else {
        const result = await collection.updateOne({ _id: name, position: expected.toString() }, update, { session });
        if (result.matchedCount !== 1) throw new CheckpointConflictError(name, expected, null);
      }
    }
  }

  private async checkExpected(checkpoints: CheckpointWrite[]): Promise<void> {
    for (const { name, expected } of checkpoints) {
      if (expected === undefined) continue;
      const actual = await this.getCheckpoint(name);
      if ((actual ?? 0n) !== expected) throw new CheckpointConflictError(name, expected, actual);
    }
  }


  /** One query per call: another process may have written since the last, and nothing tells this one. */
  async changeVersion(collections: string[]): Promise<string> {
    const docs = await this.db.collection<VersionDocument>(VERSIONS).find({ collection: { $in: collections } }).toArray();
    return docs.map((doc) => `${doc._id}=${doc.version}`).sort().join(',');
  }

  private async bumpVersions(collections: string[], writer: string, session?: ClientSession): Promise<void> {
    const ops = [...new Set(collections)].map((name) => ({
      updateOne: { filter: { _id: `${name}|${writer}` }, update: { $inc: { version: 1 }, $set: { collection: name } }, upsert: true },
    }));
    if (ops.length) await this.db.collection<VersionDocument>(VERSIONS).bulkWrite(ops, { session, ordered: true });
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    const doc = await this.db.collection<CheckpointDocument>(CHECKPOINTS).findOne({ _id: name });
    return doc ? BigInt(doc.position) : null;
  }

  /**
   * One conditional upsert: the filter matches the lease only when it is free to take (expired,
   * or held by `owner` already). When it is held by someone else the filter matches nothing, the
   * upsert tries to insert a second document with the same `_id`, and the unique `_id` index
   * refuses it (E11000): taken by another owner. When nobody ever held it, the upsert inserts it.
   * Either way exactly one of two owners racing for a free lease wins.
   */
  async acquireLease(name: string, owner: string, ttlMs: number): Promise<Lease | null> {
    await this.ensureCollection(LEASES);
    const now = Date.now();
    const expiresAt = now + ttlMs;
    try {
      await this.db
        .collection<LeaseDocument>(LEASES)
        .findOneAndUpdate({ _id: name, $or: [{ owner }, { expiresAt: { $lte: now } }] }, { $set: { owner, expiresAt } }, { upsert: true });
      return { name, owner, expiresAt };
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return null;
      throw error;
    }
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    await this.db.collection<LeaseDocument>(LEASES).deleteOne({ _id: name, owner });
  }

  async getLease(name: string): Promise<Lease | null> {
    const doc = await this.db.collection<LeaseDocument>(LEASES).findOne({ _id: name });
    return doc ? { name, owner: doc.owner, expiresAt: doc.expiresAt } : null;
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.collection(checkName(name)).drop();
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
    this.specs.delete(name);
    await this.bumpVersions([name], '');
  }

  async swapCollections(
    pairs: { from: string; to: string }[],
    checkpoints: CheckpointWrite[] = [],
  ): Promise<void> {
    for (const { from, to } of pairs) {
      checkName(from);
      checkName(to);
    }
    const existing = new Set(await this.collectionNames());
    const missing = pairs.filter(({ from }) => !existing.has(from)).map(({ from }) => from);
    if (missing.length) throw new Error(`Cannot swap: collection(s) ${missing.join(', ')} do not exist`);
    for (const { from, to } of pairs) {
      await this.db.renameCollection(from, to, { dropTarget: true });
      const spec = this.specs.get(from);
      this.specs.delete(from);
      if (spec) this.specs.set(to, { ...spec, name: to });
      else this.specs.delete(to);
    }
    await this.bumpVersions(pairs.flatMap(({ from, to }) => [from, to]), '');
    if (checkpoints.length) {
      await this.ensureCollection(CHECKPOINTS);
      await this.setCheckpoints(checkpoints);
    }
  }

  async listCollections(): Promise<string[]> {
    return (await this.collectionNames()).filter((name) => /^[A-Za-z][A-Za-z0-9_]*$/.test(name)).sort();
  }

  private async collectionNames(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos.map((info) => info.name);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  /** Runs `work` in a transaction when the deployment supports one, else directly (see the class note). */
  private async atomically(work: (session: ClientSession | undefined) => Promise<void>): Promise<void> {
    if (await this.supportsTransactions()) {
      await this.client.withSession((session) => session.withTransaction(() => work(session)));
    } else {
      await work(undefined);
    }
  }

  /** Transactions need a replica set member or a mongos; a standalone `hello` has neither mark. */
  private supportsTransactions(): Promise<boolean> {
    this.transactions ??= this.db
      .admin()
      .command({ hello: 1 })
      .then((hello) => typeof hello.setName === 'string' || hello.msg === 'isdbgrid')
      .catch((error: unknown) => {
        this.transactions = undefined;
        throw error;
      });
    return this.transactions;
  }

  /** Creates a bookkeeping collection outside any transaction (implicit creation inside one needs 4.4+). */
  private ensureCollection(name: string): Promise<void> {
    let ready = this.ready.get(name);
    if (!ready) {
      ready = this.createCollectionIfMissing(name).catch((error: unknown) => {
        this.ready.delete(name);
        throw error;
      });
      this.ready.set(name, ready);
    }
    return ready;
  }
}

interface WriteRun {
  collection: string;
  ops: AnyBulkWriteOperation<StoredDocument>[];
}

/** Consecutive writes to one collection become one ordered bulkWrite; batch order is kept. */
function toWriteRuns(batch: WriteBatch): WriteRun[] {
  const runs: WriteRun[] = [];
  for (const write of batch.writes) {
    const collection = checkName(write.collection);
    let op: AnyBulkWriteOperation<StoredDocument>;
    if (write.kind === 'put') {
      // The JSON form, as SQLite stores it; throws (before anything is written) on e.g. a cycle.
      const stored = JSON.parse(JSON.stringify(write.doc)) as StoredDocument;
      if (typeof stored._id !== 'string') throw new Error(`Document in ${collection} needs a string _id`);
      const { _id, ...replacement } = stored;
      op = { replaceOne: { filter: { _id }, replacement, upsert: true } };
    } else {
      op = { deleteOne: { filter: { _id: write.id } } };
    }
    const last = runs[runs.length - 1];
    if (last && last.collection === collection) last.ops.push(op);
    else runs.push({ collection, ops: [op] });
  }
  return runs;
}

function checkpointWrites(checkpoints: { name: string; position: bigint }[]): AnyBulkWriteOperation<CheckpointDocument>[] {
  return checkpoints.map(({ name, position }) => ({
    updateOne: { filter: { _id: name }, update: { $set: { position: position.toString() } }, upsert: true },
  }));
}

/** Our filter operators in MongoDB's query language (dotted paths work as they are). */
export function toMongoFilter(filter: Filter): MongoFilter<StoredDocument> {
  const query: Record<string, unknown> = {};
  for (const [field, condition] of Object.entries(filter)) query[checkField(field)] = toMongoCondition(field, condition);
  return query as MongoFilter<StoredDocument>;
}

function toMongoCondition(field: string, condition: Condition): unknown {
  // null matches a null or missing field, as `IS NULL` does on SQLite.
  if (condition === null || typeof condition !== 'object') return condition;
  if ('$in' in condition) return { $in: condition.$in };
  // The array field holds at least one of the values: `$in` on an array field means exactly that.
  if ('$contains' in condition) return { $in: condition.$contains };
  if ('$ne' in condition) return { $ne: condition.$ne };
  const range: Record<string, number | string> = {};
  for (const op of ['$gt', '$gte', '$lt', '$lte'] as const) {
    const value = condition[op];
    if (value !== undefined) range[op] = value;
  }
  if (Object.keys(range).length === 0) throw new Error(`Unsupported condition on ${field}`);
  return range;
}
