import {
  fillPlaceholders,
  getTableColumns,
  type Placeholder,
  type SQLWrapper,
  sql,
  type Table,
} from 'drizzle-orm';
import pg from 'pg';
import type { Db, Tx } from '../db/client.ts';

/**
 * Reads are prepared once per shape. Drizzle builds a query's SQL text on every call — a quarter of a
 * list request's Node CPU — and an unnamed statement is parsed and planned by PostgreSQL every time. A
 * list query built once per shape (which of its filters are set) with placeholders for every value
 * keeps its text, and runs as a named statement that each pooled connection parses and plans once.
 *
 * `shaped(name, build)` gives `(db, shape)` → the prepared query of that shape on that database,
 * built on first use. Shapes are few (one flag per optional filter), so the cache stays small.
 */
export function shaped<S extends Record<string, boolean>, Q>(
  name: string,
  build: (db: Db, shape: S, name: string) => Q,
) {
  const byDb = new WeakMap<Db, Map<string, Q>>();
  return (db: Db, shape: S): Q => {
    let queries = byDb.get(db);
    if (!queries) {
      queries = new Map();
      byDb.set(db, queries);
    }
    const key = Object.keys(shape)
      .sort()
      .map((k) => (shape[k] ? '1' : '0'))
      .join('');
    let q = queries.get(key);
    if (q === undefined) {
      q = build(db, shape, `${name}_${key}`);
      queries.set(key, q);
    }
    return q;
  };
}

/** A value bound when the prepared query runs. */
export const param = (name: string): Placeholder => sql.placeholder(name);

/** `column = any($1::uuid[])`: a list of ids as one parameter (a value, or a prepared query's
 * placeholder), so any number of ids shares one statement. */
export const anyUuid = (column: SQLWrapper, ids: readonly string[] | Placeholder) =>
  sql`${column} = any(${Array.isArray(ids) ? sql.param(ids) : ids}::uuid[])`;

/**
 * A statement in SQL text with $n placeholders, run on the pool as a named prepared statement (parsed and
 * planned once per pooled connection); in a transaction (the demo seed reads what it has just written), as a
 * plain statement on the transaction's connection. `namedRows` answers objects, `namedArrays` rows as arrays in
 * the statement's column order (its columns' names must then be distinct).
 */
async function run(h: Db | Tx, name: string, text: string, values: unknown[], rowMode?: 'array') {
  const client = (h as Partial<Db>).$client;
  if (client instanceof pg.Pool)
    return (await client.query({ name, text, values, ...(rowMode && { rowMode }) })).rows;
  const chunks = text
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part)));
  const rows = (await h.execute<Record<string, unknown>>(sql.join(chunks))).rows;
  return rowMode ? rows.map((r) => Object.values(r)) : rows;
}

export const namedRows = async <T extends Record<string, unknown>>(
  h: Db | Tx,
  name: string,
  text: string,
  values: unknown[],
) => (await run(h, name, text, values)) as T[];

export const namedArrays = async (h: Db | Tx, name: string, text: string, values: unknown[]) =>
  (await run(h, name, text, values, 'array')) as unknown[][];

/**
 * A Drizzle select built once, with placeholders for its values, run on the pool as a named statement
 * answering rows as arrays in the select's column order. For the hot list reads: Drizzle's mapping of
 * each row into nested objects (and its per-query type parsers) cost more of a list page's Node CPU than
 * the page's own work; the repo decodes the arrays with `columnsAt` into just what the view reads.
 */
export function arrayStatement(query: { toSQL(): { sql: string; params: unknown[] } }, name: string) {
  const { sql: text, params } = query.toSQL();
  return async (db: Db, values: Record<string, unknown>): Promise<unknown[][]> =>
    (
      await db.$client.query<unknown[]>({
        name,
        text,
        values: fillPlaceholders(params, values),
        rowMode: 'array',
      })
    ).rows;
}

/** Where each column of a whole table in a select lands in its array rows, counting from `offset`. */
export function columnsAt<T extends Table>(table: T, offset = 0) {
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((k, i) => [k, i + offset])) as Record<
    keyof T['_']['columns'],
    number
  >;
}
