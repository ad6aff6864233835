import { asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { logExport } from '../modules/activity/changes.ts';
import type { Caller } from '../plugins/auth.ts';
import { toCsv } from './csv.ts';
import { decodeCursor, toPage } from './cursor.ts';
import { AppError } from './errors.ts';
import { containsPattern } from './sql.ts';

// Lists of master data: a `sort` parameter (`name`, `-created_at`), keyset pages on (sort key, id),
// text search, and the CSV export of the same filter.

export const CSV_MAX_ROWS = 50_000;

/** What every sortable list takes; `after` is the decoded cursor (sort value, id). */
export type ListFilter = {
  limit: number;
  sort: string;
  after?: [string, string];
  q?: string;
  includeArchived?: boolean;
};

/** The list query as the wire sends it. */
export type ListQuery = {
  limit: number;
  cursor?: string;
  sort: string;
  q?: string;
  include_archived?: boolean;
};

/** The common part of a repo filter: one row more than asked (to know whether a next page exists). */
export function listFilter(q: ListQuery): ListFilter {
  return {
    limit: q.limit + 1,
    sort: q.sort,
    after: decodeSortCursor(q.cursor, q.sort),
    q: q.q,
    includeArchived: q.include_archived,
  };
}

/** The same filter for an export: every matching row up to the cap, in the list's order. */
export function exportFilter(q: Omit<ListQuery, 'limit' | 'cursor'>): ListFilter {
  return { limit: CSV_MAX_ROWS, sort: q.sort, q: q.q, includeArchived: q.include_archived };
}

/**
 * ORDER BY, the keyset condition and the cursor value for a `sort` such as `-created_at`.
 * `columns` maps each allowed sort key to its column; the id breaks ties so pages never overlap.
 */
export function sortOrder(
  sort: string,
  columns: Record<string, AnyPgColumn>,
  id: AnyPgColumn,
  after?: [string, string],
) {
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) throw new Error(`unknown sort key ${sort}`); // the route's zod enum lets only known keys through
  return {
    orderBy: descending ? [desc(column), desc(id)] : [asc(column), asc(id)],
    after: after
      ? sql`(${column}, ${id}) ${sql.raw(descending ? '<' : '>')} (${after[0]}, ${after[1]}::uuid)`
      : undefined,
    value: sortValue(column),
  };
}

/**
 * The sort value as text for the cursor. Timestamps keep their microseconds: a JS Date would cut them
 * to milliseconds and the next page would skip rows created within the same millisecond.
 */
function sortValue(column: AnyPgColumn): SQL<string> {
  return column.getSQLType().startsWith('timestamp')
    ? sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`${column}::text`;
}

/** The cursor carries its sort, so a cursor of one order used with another is refused, not misread. */
export function decodeSortCursor(cursor: string | undefined, sort: string): [string, string] | undefined {
  const key = decodeCursor(cursor, 3);
  if (!key) return undefined;
  if (key[0] !== sort || typeof key[1] !== 'string' || typeof key[2] !== 'string') {
    throw new AppError(400, 'validation_failed', 'Invalid cursor', {
      fields: { 'querystring.cursor': 'This cursor belongs to another sort order' },
    });
  }
  return [key[1], key[2]];
}

export function toSortedPage<R extends { id: string; sortValue: string }, V>(
  rows: R[],
  limit: number,
  sort: string,
  view: (row: R) => V,
) {
  const page = toPage(rows, limit, (r) => [sort, r.sortValue, r.id]);
  return { items: page.items.map(view), next_cursor: page.next_cursor };
}

/** Case-insensitive search of `q` in any of the columns. */
export function searchAny(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const p = containsPattern(q);
  return or(...columns.map((c) => ilike(c, p)));
}

/** Case-insensitive equality, for filters on free-text fields such as city. */
export const sameText = (column: AnyPgColumn, value: string | undefined): SQL | undefined =>
  value ? sql`lower(${column}) = lower(${value})` : undefined;

export type CsvColumn<V> = [header: string, cell: (item: V) => string | number | null | undefined];

/** The export as CSV; the export itself is logged (EXPORT_DATA) with its row count and filter. */
export async function csvExport<V>(
  db: Db | Tx,
  caller: Caller,
  e: { dataType: string; parameters: Record<string, unknown>; columns: CsvColumn<V>[]; items: V[] },
): Promise<string> {
  await logExport(db, caller, {
    dataType: e.dataType,
    format: 'csv',
    recordCount: e.items.length,
    parameters: e.parameters,
  });
  return toCsv(
    e.columns.map(([header]) => header),
    e.items.map((item) => e.columns.map(([, cell]) => cell(item))),
  );
}
