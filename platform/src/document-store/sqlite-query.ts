import type { Condition, Filter, Scalar, SortSpec } from './port.ts';

/** A SQL fragment with its positional parameters. */
export interface Sql {
  text: string;
  params: unknown[];
}

/** Fields a collection keeps in real columns (the ones its indexes name). */
export type Columns = ReadonlySet<string>;

/** The column that holds an indexed field: `price` → `x_price`, `owner.id` → `x_owner__id`. */
export function columnName(field: string): string {
  if (!/^[A-Za-z_][\w.]*$/.test(field)) throw new Error(`Invalid field name: ${field}`);
  return `x_${field.replaceAll('.', '__')}`;
}

/**
 * How SQL reads a field: indexed fields from their own column (no JSON parsing, index usable),
 * the others with `json_extract` on the document.
 */
export function fieldExpr(field: string, columns: Columns = new Set(), alias = 'd'): string {
  const column = columnName(field);
  const prefix = alias ? `${alias}.` : '';
  if (field === '_id') return `${prefix}id`;
  if (columns.has(field)) return `${prefix}${column}`;
  return `json_extract(${prefix}body, '$.${field}')`;
}

/** The value an indexed column stores for a document: what `json_extract` would give. */
export function columnValue(doc: object, field: string): unknown {
  return columnScalar(field.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], doc));
}

/** `columnValue` of one field, its path split once: for writing many documents (a bulk load). */
export function columnReader(field: string): (doc: object) => unknown {
  const path = field.split('.');
  if (path.length === 1) return (doc) => columnScalar((doc as Record<string, unknown>)[field]);
  return (doc) => columnScalar(path.reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], doc));
}

function columnScalar(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** SQLite stores JSON booleans as 1/0; bind them the same way. */
function bindable(value: Scalar): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function conditionSql(field: string, condition: Condition, columns: Columns): Sql {
  const expr = fieldExpr(field, columns);
  if (condition === null) return { text: `${expr} IS NULL`, params: [] };
  if (typeof condition !== 'object') return { text: `${expr} = ?`, params: [bindable(condition)] };
  if ('$in' in condition) {
    if (condition.$in.length === 0) return { text: '0', params: [] };
    return { text: `${expr} IN (${condition.$in.map(() => '?').join(', ')})`, params: condition.$in.map(bindable) };
  }
  if ('$contains' in condition) {
    if (condition.$contains.length === 0) return { text: '0', params: [] };
    const path = field === '_id' ? '$.id' : `$.${field}`;
    return {
      text: `EXISTS (SELECT 1 FROM json_each(d.body, '${path}') WHERE value IN (${condition.$contains.map(() => '?').join(', ')}))`,
      params: condition.$contains.map(bindable),
    };
  }
  if ('$ne' in condition) {
    return condition.$ne === null
      ? { text: `${expr} IS NOT NULL`, params: [] }
      : { text: `(${expr} IS NULL OR ${expr} <> ?)`, params: [bindable(condition.$ne)] };
  }
  const parts: string[] = [];
  const params: unknown[] = [];
  const ops = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
  for (const [op, sql] of Object.entries(ops) as [keyof typeof ops, string][]) {
    const value = condition[op];
    if (value !== undefined) {
      parts.push(`${expr} ${sql} ?`);
      params.push(value);
    }
  }
  if (parts.length === 0) throw new Error(`Unsupported condition on ${field}`);
  return { text: parts.join(' AND '), params };
}

export function whereSql(filter: Filter = {}, columns: Columns = new Set()): Sql {
  const parts = Object.entries(filter).map(([field, condition]) => conditionSql(field, condition, columns));
  if (parts.length === 0) return { text: '1', params: [] };
  return { text: parts.map((p) => `(${p.text})`).join(' AND '), params: parts.flatMap((p) => p.params) };
}

export function orderSql(sort: SortSpec | undefined, columns: Columns = new Set()): string {
  if (!sort || sort.length === 0) return '';
  return 'ORDER BY ' + sort.map(([field, dir]) => `${fieldExpr(field, columns)} ${dir === -1 ? 'DESC' : 'ASC'}`).join(', ');
}

/** The sort as expressions to select (`k0`, `k1`, ...) and the ORDER BY over those aliases. */
export function sortKeys(sort: SortSpec, columns: Columns): { select: string; order: string } {
  return {
    select: sort.map(([field], i) => `${fieldExpr(field, columns)} AS k${i}`).join(', '),
    order: sort.map(([, dir], i) => `k.k${i} ${dir === -1 ? 'DESC' : 'ASC'}`).join(', '),
  };
}

/** FTS5 query: every token must match as a word prefix ("wat" finds "watch"). */
export function ftsMatch(tokens: string[]): string {
  return tokens.map((token) => `"${token.replaceAll('"', '')}"*`).join(' AND ');
}
