import type Database from 'better-sqlite3';
import { openSqlite } from '../sqlite/open.ts';
import {
  textTokens,
  type CollectionSpec,
  type Document,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type WriteBatch,
} from './port.ts';
import { columnName, columnValue, ftsMatch, orderSql, whereSql, type Columns } from './sqlite-query.ts';

const docTable = (name: string) => `c_${name}`;
const ftsTable = (name: string) => `f_${name}`;
const indexName = (name: string, fields: string[]) => `i_${name}__${fields.join('_').replaceAll('.', '_')}`;

/** bm25 column weights: the first text field weighs most (the MongoDB adapter uses the same scheme). */
function textWeights(fields: string[]): number[] {
  return fields.map((_, i) => fields.length - i);
}

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
  ftsDelete?: Database.Statement;
  ftsInsert?: Database.Statement;
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

  constructor(file: string) {
    this.db = openSqlite(file);
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL)');
  }

  async defineCollection(spec: CollectionSpec, options: { deferIndexes?: boolean } = {}): Promise<void> {
    const name = checkName(spec.name);
    const table = docTable(name);
    const fields = indexedFields(spec);
    const isNew = !this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
    const deferred = isNew && options.deferIndexes === true;
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`);
    // A spec may grow new indexes over time: add their columns and fill them from the documents.
    const existing = new Set((this.db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
    for (const field of fields) {
      if (existing.has(columnName(field))) continue;
      this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${columnName(field)}`);
      this.db.prepare(`UPDATE ${table} SET ${columnName(field)} = json_extract(body, ?)`).run(`$.${field}`);
    }
    if (!deferred) {
      this.createIndexes(name, spec);
      this.createTextIndex(name, spec);
    }
    this.layouts.set(name, this.buildLayout(name, spec, deferred));
    this.statementCache.clear();
  }

  async buildIndexes(collection: string): Promise<void> {
    const layout = this.layout(checkName(collection));
    if (!layout.deferred) return;
    this.db.transaction(() => {
      this.createIndexes(collection, layout.spec);
      if (this.createTextIndex(collection, layout.spec)) {
        // Fill the text index in one statement; json_extract of a list gives its JSON text,
        // whose words tokenise the same as the list joined by spaces.
        const fields = layout.text.map((f) => `"${f}"`).join(', ');
        const values = layout.text.map((f) => `coalesce(json_extract(body, '$.${f}'), '')`).join(', ');
        this.db.exec(`INSERT INTO ${ftsTable(collection)} (rowid, ${fields}) SELECT rowid, ${values} FROM ${docTable(collection)}`);
      }
    })();
    this.layouts.set(collection, this.buildLayout(collection, layout.spec, false));
    this.statementCache.clear();
  }

  /** Creates the FTS5 table when the spec has text fields; true when it was created now. */
  private createTextIndex(name: string, spec: CollectionSpec): boolean {
    if (!spec.textFields?.length) return false;
    const exists = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(ftsTable(name));
    const columns = spec.textFields.map((f) => `"${f}"`).join(', ');
    this.db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTable(name)} USING fts5(${columns}, tokenize = 'unicode61 remove_diacritics 2')`,
    );
    return !exists;
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
      ...(text.length && !deferred
        ? {
            ftsDelete: this.db.prepare(`DELETE FROM ${ftsTable(name)} WHERE rowid = ?`),
            ftsInsert: this.db.prepare(
              `INSERT INTO ${ftsTable(name)} (rowid, ${text.map((f) => `"${f}"`).join(', ')}) VALUES (?${text.map(() => ', ?').join('')})`,
            ),
          }
        : {}),
    };
  }

  private createIndexes(name: string, spec: CollectionSpec): void {
    for (const fields of spec.indexes ?? []) {
      const cols = fields.map((f) => (f === '_id' ? 'id' : columnName(f)));
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${indexName(name, fields)} ON ${docTable(name)} (${cols.join(', ')})`);
    }
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

  async find<T extends Document>(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return (await this.findRaw(collection, filter, options)).map((raw) => JSON.parse(raw) as T);
  }

  async findRaw(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<string[]> {
    const { sql, params } = this.selectSql(collection, 'd.body', filter, options);
    return (this.statement(sql).pluck().all(...params) as string[]);
  }

  async count(collection: string, filter: Filter = {}, options: Pick<FindOptions, 'text'> = {}): Promise<number> {
    const { sql, params } = this.selectSql(collection, 'COUNT(*) AS n', filter, { text: options.text }, false);
    return (this.statement(sql).get(...params) as { n: number }).n;
  }

  private selectSql(collection: string, columns: string, filter: Filter, options: FindOptions, ordered = true) {
    const name = checkName(collection);
    const layout = this.layout(name);
    const where = whereSql(filter, layout.columns);
    const params = [...where.params];
    let from = `${docTable(name)} d`;
    let order = ordered ? orderSql(options.sort, layout.columns) : '';
    if (options.text !== undefined) {
      const tokens = textTokens(options.text);
      if (!layout.text.length) throw new Error(`Collection ${name} has no text fields`);
      if (layout.deferred) throw new Error(`Collection ${name} is being bulk-loaded; its text index is not built yet`);
      if (tokens.length === 0) return { sql: `SELECT ${columns} FROM ${from} WHERE 0`, params: [] };
      from = `${ftsTable(name)} JOIN ${docTable(name)} d ON d.rowid = ${ftsTable(name)}.rowid`;
      where.text = `${ftsTable(name)} MATCH ? AND ${where.text}`;
      params.unshift(ftsMatch(tokens));
      // Best match first, the first text field weighing most (plain `rank` would weigh all alike).
      if (ordered && !order) order = `ORDER BY bm25(${ftsTable(name)}, ${textWeights(layout.text).join(', ')})`;
    }
    let sql = `SELECT ${columns} FROM ${from} WHERE ${where.text} ${order}`;
    if (options.limit !== undefined || options.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit ?? -1, options.skip ?? 0);
    }
    return { sql, params };
  }

  async commit(batch: WriteBatch): Promise<void> {
    this.commitTx(batch);
  }

  private readonly commitTx = (batch: WriteBatch) =>
    this.db.transaction(() => {
      for (const write of batch.writes) {
        const layout = this.layout(checkName(write.collection));
        if (write.kind === 'put') {
          const values = layout.fields.map((field) => columnValue(write.doc, field));
          const { rowid } = layout.upsert.get(write.doc._id, JSON.stringify(write.doc), ...values) as { rowid: number };
          if (layout.ftsInsert && layout.ftsDelete) {
            layout.ftsDelete.run(rowid);
            layout.ftsInsert.run(rowid, ...layout.text.map((f) => textOf(write.doc, f)));
          }
        } else {
          const row = layout.remove.get(write.id) as { rowid: number } | undefined;
          if (row && layout.ftsDelete) layout.ftsDelete.run(row.rowid);
        }
      }
      this.setCheckpoints(batch.checkpoints ?? []);
    })();

  /** Positions are bound and read as bigints: SQLite integers are 64-bit, JS numbers are exact only to 2^53. */
  private setCheckpoints(checkpoints: { name: string; position: bigint }[]): void {
    for (const checkpoint of checkpoints) {
      this.statement(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
      ).run(checkpoint.name, checkpoint.position);
    }
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    const row = this.statement('SELECT position FROM checkpoints WHERE name = ?').safeIntegers(true).get(name) as
      | { position: bigint }
      | undefined;
    return row ? row.position : null;
  }

  async dropCollection(name: string): Promise<void> {
    checkName(name);
    this.db.exec(`DROP TABLE IF EXISTS ${docTable(name)}; DROP TABLE IF EXISTS ${ftsTable(name)};`);
    this.layouts.delete(name);
    this.statementCache.clear();
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
        // Index names belong to the shadow; drop them so the renamed table gets the live names.
        for (const fields of spec.indexes ?? []) this.db.exec(`DROP INDEX IF EXISTS ${indexName(from, fields)}`);
        this.db.exec(`ALTER TABLE ${docTable(from)} RENAME TO ${docTable(to)}`);
        if (spec.textFields?.length) this.db.exec(`ALTER TABLE ${ftsTable(from)} RENAME TO ${ftsTable(to)}`);
        this.createIndexes(to, spec);
        this.layouts.delete(from);
        this.layouts.set(to, this.buildLayout(to, { ...spec, name: to }, false));
      }
      this.setCheckpoints(checkpoints);
    })();
    this.statementCache.clear();
  }

  async listCollections(): Promise<string[]> {
    const rows = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'").all() as {
      name: string;
    }[];
    return rows.map((r) => r.name.slice(2)).sort();
  }

  async close(): Promise<void> {
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
