import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { BackgroundCheckpoint } from '../sqlite/background-checkpoint.ts';
import { openSqlite } from '../sqlite/open.ts';
import {
  CheckpointConflictError,
  counterOf,
  type BulkLoad,
  textTokens,
  type CollectionSpec,
  type Document,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type Lease,
  type WriteBatch,
} from './port.ts';
import { SqliteBulkLoad } from './sqlite-bulk-load.ts';
import { columnName, columnValue, ftsMatch, orderSql, sortKeys, whereSql, type Columns } from './sqlite-query.ts';

const docTable = (name: string) => `c_${name}`;
/** Remembered counts per collection before the cache for it starts over. */
const MAX_CACHED_COUNTS = 10_000;
const ftsTable = (name: string) => `f_${name}`;
/** Rows per transaction when a bulk load fills a text index. */
const TEXT_INDEX_SLICE = 20_000;
/**
 * Index names must be unique in the file and outlive a table rename (a rebuild's shadow becomes
 * the live table with its indexes), so they carry a random tag; whether a table already has an
 * index is decided by its columns, not its name.
 */
const indexName = (name: string, fields: string[]) =>
  `i_${name}__${fields.join('_').replaceAll('.', '_')}_${randomBytes(3).toString('hex')}`;

function checkName(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid collection name: ${name}`);
  return name;
}

/** Fields named by a collection's indexes; each gets a real column. */
function indexedFields(spec: CollectionSpec): string[] {
  return [...new Set((spec.indexes ?? []).flat())].filter((f) => f !== '_id');
}

/** A collection's layout and its prepared write statements, built once per collection. */
interface Layout {
  spec: CollectionSpec;
  fields: string[];
  columns: Columns;
  text: string[];
  /** Indexes and the text index are not built yet (bulk load in progress). */
  deferred: boolean;
  upsert: Database.Statement;
  remove: Database.Statement;
  /** A row's id and indexed columns, in `fields` order; and its body alone replaced. */
  readColumns: Database.Statement;
  updateBody: Database.Statement;
  ftsDelete?: Database.Statement;
  ftsInsert?: Database.Statement;
  /** The text a row is indexed under now (one value per text field), to skip rewriting it unchanged. */
  ftsRead?: Database.Statement;
}

/**
 * The embedded read-model store. Each collection is a table of JSON documents; every field its
 * indexes name is also kept in a real column (filled from the document on write), so indexed
 * filters and sorts never parse JSON; text search uses an FTS5 table sharing the row id.
 */
export class SqliteDocumentStore implements DocumentStore {
  private readonly db: Database.Database;
  private readonly layouts = new Map<string, Layout>();
  private readonly statementCache = new Map<string, Database.Statement>();
  private readonly counts = new Map<string, Map<string, number>>();
  private readonly dataVersion: Database.Statement;
  private seenDataVersion = -1;
  private readonly bumpVersion: Database.Statement;
  private readonly readVersions: Database.Statement;
  /** Commits through this connection: `PRAGMA data_version` moves only for other connections' commits. */
  private ownCommits = 0;
  /** The change counters as last read, and the state of the file they were read in. */
  private versions: { dataVersion: number; ownCommits: number; byCollection: Map<string, number> } | undefined;
  /** WAL checkpoints in a worker, not inside a projection's commit that a command's reply waits for. */
  private readonly checkpoint: BackgroundCheckpoint | null;

  constructor(private readonly file: string) {
    this.db = openSqlite(file);
    // Read models hold personal data (names, addresses): what a rebuild after an erasure replaces
    // is overwritten in the file, not left in free pages (see eraseFreedPages).
    this.db.pragma('secure_delete = ON');
    this.checkpoint = file === ':memory:' ? null : new BackgroundCheckpoint(this.db, file);
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL)');
    this.db.exec('CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL)');
    // One counter per collection, raised in the transaction that writes it, so every connection
    // (another thread's or process's too) sees the change together with the data.
    this.db.exec('CREATE TABLE IF NOT EXISTS change_versions (collection TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    this.dataVersion = this.db.prepare('PRAGMA data_version').pluck();
    this.bumpVersion = this.db.prepare(
      'INSERT INTO change_versions (collection, version) VALUES (?, 1) ON CONFLICT(collection) DO UPDATE SET version = version + 1 RETURNING version',
    );
    this.readVersions = this.db.prepare('SELECT collection, version FROM change_versions');
    this.commitTx = this.db.transaction((batch: WriteBatch) => this.commitSync(batch));
  }

  async defineCollection(spec: CollectionSpec, options: { deferIndexes?: boolean } = {}): Promise<void> {
    const name = checkName(spec.name);
    const table = docTable(name);
    const fields = indexedFields(spec);
    // One IMMEDIATE transaction, from the look at the table to the last index: processes that
    // start together on one file (projector workers, the shop's WORKERS) define the same
    // collections at once, and two that both saw a column missing would both add it (the second
    // failing on start with "duplicate column name"). DDL is transactional in SQLite.
    const deferred = this.db
      .transaction(() => {
        const isNew = !this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
        const deferIndexes = isNew && options.deferIndexes === true;
        this.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`);
        // A spec may grow new indexes over time: add their columns and fill them from the documents.
        const existing = new Set((this.db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
        for (const field of fields) {
          if (existing.has(columnName(field))) continue;
          this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${columnName(field)}`);
          this.db.prepare(`UPDATE ${table} SET ${columnName(field)} = json_extract(body, ?)`).run(`$.${field}`);
        }
        if (!deferIndexes) {
          this.createIndexes(name, spec);
          this.createTextIndex(name, spec);
        }
        return deferIndexes;
      })
      .immediate();
    this.layouts.set(name, this.buildLayout(name, spec, deferred));
    this.statementCache.clear();
  }

  async buildIndexes(collection: string): Promise<void> {
    const layout = this.layout(checkName(collection));
    if (!layout.deferred) return;
    const statements = this.deferredIndexSql(collection).flat();
    this.db.transaction(() => {
      for (const sql of statements) this.db.exec(sql);
    })();
    this.indexed(collection);
  }

  /**
   * The statements that build a deferred collection's indexes and text index, one transaction
   * per inner list (the bulk loader runs them on its own connection).
   */
  private deferredIndexSql(collection: string): string[][] {
    const layout = this.layout(collection);
    const groups = this.indexSql(collection, layout.spec).map((sql) => [sql]);
    if (layout.text.length) {
      // Fill the text index from the documents; json_extract of a list gives its JSON text,
      // whose words tokenise the same as the list joined by spaces. (A deferred collection is
      // new, so its text index is created here.) The fill goes in slices of rows, each its own
      // transaction on the bulk loader's connection, so a live projection's commit never waits
      // long for the write lock.
      const fields = layout.text.map((f) => `"${f}"`).join(', ');
      const values = layout.text.map((f) => `coalesce(json_extract(body, '$.${f}'), '')`).join(', ');
      const last = Number(this.db.prepare(`SELECT coalesce(max(rowid), 0) FROM ${docTable(collection)}`).pluck().get());
      groups.push([this.textIndexSql(collection, layout.spec)]);
      for (let from = 0; from < last; from += TEXT_INDEX_SLICE) {
        groups.push([
          `INSERT INTO ${ftsTable(collection)} (rowid, ${fields}) SELECT rowid, ${values} FROM ${docTable(collection)} WHERE rowid > ${from} AND rowid <= ${from + TEXT_INDEX_SLICE}`,
        ]);
      }
    }
    return groups;
  }

  /** A deferred collection's indexes are built: write and search it like any other. */
  private indexed(collection: string): void {
    this.layouts.set(collection, this.buildLayout(collection, this.layout(collection).spec, false));
    this.statementCache.clear();
    this.counts.clear();
  }

  /**
   * Writes deferred collections (a rebuild's shadows) from a thread with its own connection, and
   * builds their indexes there (see SqliteBulkLoad). None for an in-memory store: no other
   * connection can open it.
   */
  bulkLoad(collections: string[]): BulkLoad | undefined {
    if (this.file === ':memory:') return undefined;
    for (const collection of collections) {
      if (!this.layout(checkName(collection)).deferred) throw new Error(`Collection ${collection} is not deferred; only a bulk load may write it this way`);
    }
    return new SqliteBulkLoad(
      {
        file: this.file,
        table: (collection) => {
          const layout = this.layout(collection);
          return { table: docTable(collection), fields: layout.fields, columns: layout.fields.map(columnName) };
        },
        indexSql: (collection) => this.deferredIndexSql(collection),
        indexed: (collection) => this.indexed(collection),
      },
      collections,
    );
  }

  /** Creates the FTS5 table when the spec has text fields. */
  private createTextIndex(name: string, spec: CollectionSpec): void {
    if (spec.textFields?.length) this.db.exec(this.textIndexSql(name, spec));
  }

  private textIndexSql(name: string, spec: CollectionSpec): string {
    const columns = (spec.textFields ?? []).map((f) => `"${f}"`).join(', ');
    return `CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTable(name)} USING fts5(${columns}, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`;
  }

  private buildLayout(name: string, spec: CollectionSpec, deferred: boolean): Layout {
    const table = docTable(name);
    const fields = indexedFields(spec);
    const cols = fields.map(columnName);
    const text = spec.textFields ?? [];
    return {
      spec,
      fields,
      columns: new Set(fields),
      text,
      deferred,
      upsert: this.db.prepare(
        `INSERT INTO ${table} (id, body${cols.map((c) => `, ${c}`).join('')}) VALUES (?, ?${cols.map(() => ', ?').join('')})
         ON CONFLICT(id) DO UPDATE SET body = excluded.body${cols.map((c) => `, ${c} = excluded.${c}`).join('')}
         RETURNING rowid`,
      ),
      remove: this.db.prepare(`DELETE FROM ${table} WHERE id = ? RETURNING rowid`),
      readColumns: this.db.prepare(`SELECT rowid${cols.map((c) => `, ${c}`).join('')} FROM ${table} WHERE id = ?`).raw(),
      updateBody: this.db.prepare(`UPDATE ${table} SET body = ? WHERE rowid = ?`),
      ...(text.length && !deferred
        ? {
            ftsDelete: this.db.prepare(`DELETE FROM ${ftsTable(name)} WHERE rowid = ?`),
            ftsRead: this.db.prepare(`SELECT ${text.map((f) => `"${f}"`).join(', ')} FROM ${ftsTable(name)} WHERE rowid = ?`).raw(),
            ftsInsert: this.db.prepare(
              `INSERT INTO ${ftsTable(name)} (rowid, ${text.map((f) => `"${f}"`).join(', ')}) VALUES (?${text.map(() => ', ?').join('')})`,
            ),
          }
        : {}),
    };
  }

  private createIndexes(name: string, spec: CollectionSpec): void {
    for (const sql of this.indexSql(name, spec)) this.db.exec(sql);
  }

  /** The CREATE INDEX statements for the spec's indexes the table does not have yet. */
  private indexSql(name: string, spec: CollectionSpec): string[] {
    const table = docTable(name);
    const existing = new Set(
      (this.db.pragma(`index_list(${table})`) as { name: string }[]).map(({ name: index }) =>
        (this.db.pragma(`index_info(${index})`) as { name: string }[]).map((c) => c.name).join(','),
      ),
    );
    const statements: string[] = [];
    for (const fields of spec.indexes ?? []) {
      const cols = fields.map((f) => (f === '_id' ? 'id' : columnName(f)));
      if (existing.has(cols.join(','))) continue;
      statements.push(`CREATE INDEX ${indexName(name, fields)} ON ${table} (${cols.join(', ')})`);
    }
    return statements;
  }

  private layout(collection: string): Layout {
    const layout = this.layouts.get(collection);
    if (!layout) throw new Error(`Collection ${collection} is not defined`);
    return layout;
  }

  private statement(sql: string): Database.Statement {
    let stmt = this.statementCache.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statementCache.set(sql, stmt);
    }
    return stmt;
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const raw = await this.getRaw(collection, id);
    return raw === null ? null : (JSON.parse(raw) as T);
  }

  async getRaw(collection: string, id: string): Promise<string | null> {
    const row = this.statement(`SELECT body FROM ${docTable(checkName(collection))} WHERE id = ?`).get(id) as
      | { body: string }
      | undefined;
    return row ? row.body : null;
  }

  async getManyRaw(collection: string, ids: readonly string[]): Promise<(string | null)[]> {
    if (ids.length === 0) return [];
    // One statement for any number of ids: they travel as one JSON array parameter.
    const rows = this.statement(`SELECT id, body FROM ${docTable(checkName(collection))} WHERE id IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(ids),
    ) as { id: string; body: string }[];
    const byId = new Map(rows.map((row) => [row.id, row.body]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  async find<T extends Document>(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return (await this.findRaw(collection, filter, options)).map((raw) => JSON.parse(raw) as T);
  }

  async findRaw(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<string[]> {
    if (options.text !== undefined && !options.sort?.length) return this.findByRelevance(collection, filter, options);
    const { sql, params } = this.selectSql(collection, 'd.body', filter, options);
    return this.statement(sql).pluck().all(...params) as string[];
  }

  /**
   * Best match first, in tiers: documents whose first text field holds every word, then those
   * matching within the first two fields, and so on; newest first within a tier. Each tier reads
   * the text index in row order and stops at the limit, so a common word costs no more than a
   * rare one (ranking every match with bm25 took ~15 ms for a word in 10,000 products).
   */
  private findByRelevance(collection: string, filter: Filter, options: FindOptions): string[] {
    const name = checkName(collection);
    const layout = this.layout(name);
    if (!layout.text.length) throw new Error(`Collection ${name} has no text fields`);
    if (layout.deferred) throw new Error(`Collection ${name} is being bulk-loaded; its text index is not built yet`);
    const tokens = textTokens(options.text ?? '');
    if (tokens.length === 0) return [];
    const skip = options.skip ?? 0;
    const wanted = options.limit === undefined ? Number.POSITIVE_INFINITY : skip + options.limit;
    const where = whereSql(filter, layout.columns);
    const fts = ftsTable(name);
    const found: string[] = [];
    const seen: number[] = [];
    for (let tier = 1; tier <= layout.text.length && found.length < wanted; tier++) {
      const columns = layout.text.slice(0, tier).map((f) => `"${f}"`).join(' ');
      const exclude = seen.length ? `AND ${fts}.rowid NOT IN (SELECT value FROM json_each(?))` : '';
      const sql = `SELECT d.rowid AS rowid, d.body AS body FROM ${fts} JOIN ${docTable(name)} d ON d.rowid = ${fts}.rowid
        WHERE ${fts} MATCH ? AND ${where.text} ${exclude} ORDER BY ${fts}.rowid DESC LIMIT ?`;
      const params = [`{${columns}} : (${ftsMatch(tokens)})`, ...where.params, ...(seen.length ? [JSON.stringify(seen)] : [])];
      const rows = this.statement(sql).all(...params, wanted === Number.POSITIVE_INFINITY ? -1 : wanted - found.length) as {
        rowid: number;
        body: string;
      }[];
      for (const row of rows) {
        seen.push(row.rowid);
        found.push(row.body);
      }
    }
    return found.slice(skip, wanted);
  }

  /**
   * Counts are remembered per collection until that collection is written: a listing page asks
   * for the same total over and over, and counting thousands of index entries costs more than
   * reading the page itself. Another process's commit (`PRAGMA data_version`) clears them all.
   */
  async count(collection: string, filter: Filter = {}, options: Pick<FindOptions, 'text'> = {}): Promise<number> {
    const { sql, params } = this.selectSql(collection, 'COUNT(*) AS n', filter, { text: options.text }, false);
    const version = this.dataVersion.get() as number;
    if (version !== this.seenDataVersion) {
      this.counts.clear();
      this.seenDataVersion = version;
    }
    let cached = this.counts.get(collection);
    if (!cached) this.counts.set(collection, (cached = new Map()));
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const hit = cached.get(key);
    if (hit !== undefined) return hit;
    const n = (this.statement(sql).get(...params) as { n: number }).n;
    if (cached.size >= MAX_CACHED_COUNTS) cached.clear();
    cached.set(key, n);
    return n;
  }

  private selectSql(collection: string, columns: string, filter: Filter, options: FindOptions, ordered = true) {
    const name = checkName(collection);
    const layout = this.layout(name);
    const where = whereSql(filter, layout.columns);
    const params = [...where.params];
    let from = `${docTable(name)} d`;
    const order = ordered ? orderSql(options.sort, layout.columns) : '';
    if (options.text !== undefined) {
      const tokens = textTokens(options.text);
      if (!layout.text.length) throw new Error(`Collection ${name} has no text fields`);
      if (layout.deferred) throw new Error(`Collection ${name} is being bulk-loaded; its text index is not built yet`);
      if (tokens.length === 0) return { sql: `SELECT ${columns} FROM ${from} WHERE 0`, params: [] };
      from = `${ftsTable(name)} JOIN ${docTable(name)} d ON d.rowid = ${ftsTable(name)}.rowid`;
      where.text = `${ftsTable(name)} MATCH ? AND ${where.text}`;
      params.unshift(ftsMatch(tokens));
    }
    const paged = options.limit !== undefined || options.skip !== undefined;
    if (paged) params.push(options.limit ?? -1, options.skip ?? 0);
    if (paged && order && columns === 'd.body' && options.sort?.length) {
      // Sort and page the row ids and sort keys first, then read only the page's documents:
      // sorting whole documents would carry every candidate's JSON through the sorter.
      const keys = sortKeys(options.sort, layout.columns);
      const inner = `SELECT d.rowid AS r, ${keys.select} FROM ${from} WHERE ${where.text} ${order} LIMIT ? OFFSET ?`;
      return { sql: `SELECT d.body FROM (${inner}) k JOIN ${docTable(name)} d ON d.rowid = k.r ORDER BY ${keys.order}`, params };
    }
    const sql = `SELECT ${columns} FROM ${from} WHERE ${where.text} ${order}${paged ? ' LIMIT ? OFFSET ?' : ''}`;
    return { sql, params };
  }

  async commit(batch: WriteBatch): Promise<void> {
    // IMMEDIATE: the write lock is taken before the checkpoint check, so the check holds at the commit.
    const raised = this.commitTx.immediate(batch);
    this.ownCommits++;
    this.checkpoint?.committed();
    // The counters as last read are still right but for what this commit raised: keep them, so a
    // projection committing after every command does not make each read re-read the table.
    const versions = this.versions;
    if (versions && versions.ownCommits === this.ownCommits - 1) {
      for (const [collection, version] of raised) versions.byCollection.set(collection, version);
      versions.ownCommits = this.ownCommits;
    }
  }

  private readonly commitTx: Database.Transaction<(batch: WriteBatch) => Map<string, number>>;

  /** Writes a batch (inside commitTx) and returns the change counters it raised. */
  private commitSync(batch: WriteBatch): Map<string, number> {
    // Inside the write transaction: no other connection can move a checkpoint between this check and the commit.
    for (const checkpoint of batch.checkpoints ?? []) {
      if (checkpoint.expected === undefined) continue;
      const actual = this.readCheckpoint(checkpoint.name);
      if ((actual ?? 0n) !== checkpoint.expected) throw new CheckpointConflictError(checkpoint.name, checkpoint.expected, actual);
    }
    const raised = new Map<string, number>();
    for (const write of batch.writes) this.counts.delete(write.collection);
    for (const counter of new Set(batch.writes.map(counterOf))) {
      raised.set(counter, (this.bumpVersion.get(counter) as { version: number }).version);
    }
    for (const write of batch.writes) {
      const layout = this.layout(checkName(write.collection));
      if (write.kind === 'put') {
        const values = layout.fields.map((field) => columnValue(write.doc, field));
        const rowid = this.putRow(layout, write.doc._id, JSON.stringify(write.doc), values);
        if (layout.ftsInsert && layout.ftsDelete && layout.ftsRead) {
          // Most puts change no searched text (a product's stock moves with every checkout):
          // rewriting its text index entry would tokenise it twice and leave a segment to merge.
          const text = layout.text.map((f) => textOf(write.doc, f));
          const indexed = layout.ftsRead.get(rowid) as string[] | undefined;
          if (!indexed || indexed.some((value, i) => value !== text[i])) {
            if (indexed) layout.ftsDelete.run(rowid);
            layout.ftsInsert.run(rowid, ...text);
          }
        }
      } else {
        const row = layout.remove.get(write.id) as { rowid: number } | undefined;
        if (row && layout.ftsDelete) layout.ftsDelete.run(row.rowid);
      }
    }
    this.setCheckpoints(batch.checkpoints ?? []);
    return raised;
  }

  /**
   * Writes one document; returns its row id. A document whose indexed fields are unchanged (a
   * product whose stock moved: the most frequent write there is) gets only its body replaced:
   * the upsert assigns every column, which makes SQLite rewrite every index entry of the row
   * (fourteen for a product) even when no value changed.
   */
  private putRow(layout: Layout, id: string, body: string, values: unknown[]): number {
    // A bulk load (deferred indexes) writes new documents: nothing to compare against.
    if (values.length > 0 && !layout.deferred) {
      const row = layout.readColumns.get(id) as unknown[] | undefined;
      if (row && values.every((value, i) => value === row[i + 1])) {
        layout.updateBody.run(body, row[0]);
        return row[0] as number;
      }
    }
    return (layout.upsert.get(id, body, ...values) as { rowid: number }).rowid;
  }

  /** Positions are bound and read as bigints: SQLite integers are 64-bit, JS numbers are exact only to 2^53. */
  private setCheckpoints(checkpoints: { name: string; position: bigint }[]): void {
    for (const checkpoint of checkpoints) {
      this.statement(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
      ).run(checkpoint.name, checkpoint.position);
    }
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    return this.readCheckpoint(name);
  }

  /** One IMMEDIATE transaction: the write lock is held from the look at the holder to the write. */
  async acquireLease(name: string, owner: string, ttlMs: number): Promise<Lease | null> {
    return this.db
      .transaction(() => {
        const now = Date.now();
        const held = this.statement('SELECT owner, expires_at AS expiresAt FROM leases WHERE name = ?').get(name) as
          | { owner: string; expiresAt: number }
          | undefined;
        if (held && held.owner !== owner && held.expiresAt > now) return null;
        const lease = { name, owner, expiresAt: now + ttlMs };
        this.statement('INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at').run(
          name,
          owner,
          lease.expiresAt,
        );
        return lease;
      })
      .immediate();
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    this.statement('DELETE FROM leases WHERE name = ? AND owner = ?').run(name, owner);
  }

  async getLease(name: string): Promise<Lease | null> {
    const row = this.statement('SELECT owner, expires_at AS expiresAt FROM leases WHERE name = ?').get(name) as
      | { owner: string; expiresAt: number }
      | undefined;
    return row ? { name, ...row } : null;
  }

  private readCheckpoint(name: string): bigint | null {
    const row = this.statement('SELECT position FROM checkpoints WHERE name = ?').safeIntegers(true).get(name) as
      | { position: bigint }
      | undefined;
    return row ? row.position : null;
  }

  /**
   * Cheap enough to ask on every request: one `PRAGMA data_version` (does another connection's
   * commit lie between this call and the last?) and, only when something committed, one read of
   * the counters table.
   */
  async changeVersion(collections: string[]): Promise<string> {
    const dataVersion = this.dataVersion.get() as number;
    let versions = this.versions;
    if (!versions || versions.dataVersion !== dataVersion || versions.ownCommits !== this.ownCommits) {
      const rows = this.readVersions.all() as { collection: string; version: number }[];
      versions = { dataVersion, ownCommits: this.ownCommits, byCollection: new Map(rows.map((r) => [r.collection, r.version])) };
      this.versions = versions;
    }
    const byCollection = versions.byCollection;
    return collections.map((name) => byCollection.get(name) ?? 0).join('.');
  }

  async dropCollection(name: string): Promise<void> {
    checkName(name);
    this.db.transaction(() => {
      this.db.exec(`DROP TABLE IF EXISTS ${docTable(name)}; DROP TABLE IF EXISTS ${ftsTable(name)};`);
      this.bumpVersion.get(name);
    })();
    this.ownCommits++;
    this.layouts.delete(name);
    this.statementCache.clear();
    this.counts.clear();
  }

  async swapCollections(
    pairs: { from: string; to: string }[],
    checkpoints: { name: string; position: bigint }[] = [],
  ): Promise<void> {
    this.db.transaction(() => {
      for (const { from, to } of pairs) {
        checkName(from);
        checkName(to);
        const source = this.layouts.get(from);
        if (source?.deferred) throw new Error(`Collection ${from} still has deferred indexes; build them before the swap`);
        const spec = source?.spec ?? { name: from };
        this.db.exec(`DROP TABLE IF EXISTS ${docTable(to)}; DROP TABLE IF EXISTS ${ftsTable(to)};`);
        // The shadow's indexes go with it: renaming a table keeps its indexes (under their names).
        this.db.exec(`ALTER TABLE ${docTable(from)} RENAME TO ${docTable(to)}`);
        if (spec.textFields?.length) this.db.exec(`ALTER TABLE ${ftsTable(from)} RENAME TO ${ftsTable(to)}`);
        this.createIndexes(to, spec);
        this.layouts.delete(from);
        this.layouts.set(to, this.buildLayout(to, { ...spec, name: to }, false));
        this.bumpVersion.get(from);
        this.bumpVersion.get(to);
      }
      this.setCheckpoints(checkpoints);
    })();
    this.ownCommits++;
    this.statementCache.clear();
    this.counts.clear();
  }

  async listCollections(): Promise<string[]> {
    const rows = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'").all() as {
      name: string;
    }[];
    return rows.map((r) => r.name.slice(2)).sort();
  }

  /**
   * After an erasure: the WAL still holds the old pages (with the forgotten person) until a
   * checkpoint copies the new ones over them; this one waits for readers and empties the WAL file.
   */
  async eraseFreedPages(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    // The worker's connection closes first, so closing this last one checkpoints what is left.
    await this.checkpoint?.close();
    this.statementCache.clear();
    this.layouts.clear();
    if (this.db.open) this.db.close();
  }
}

function textOf(doc: Document, path: string): string {
  const value = path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], doc as unknown);
  if (Array.isArray(value)) return value.join(' ');
  return value === undefined || value === null ? '' : String(value);
}
