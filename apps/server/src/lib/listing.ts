import { asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { type CursorPart, decodeCursor, invalidCursor, isCursorPart, toPage } from './cursor.ts';
import { containsPattern } from './sql.ts';

/** Rows read per page: enough to keep round trips rare, small enough to keep memory flat. */
export const EXPORT_PAGE = 1000;

export type ExportPage<V, K> = { rows: V[]; next: K | undefined };

/** The page of `rows` (fetched with one row more than `size`), and the key to continue after. */
export function pageOf<R, V, K>(rows: R[], size: number, keyOf: (row: R) => K, view: (row: R) => V) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { rows: page.map(view), next: rows.length > size && last ? keyOf(last) : undefined };
}

// Lists of master data: a `sort` parameter (`name`, `-created_at`), keyset pages on (sort key, id),
// text search, and the CSV export of the same filter.

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

/** The same filter for an export, read a page at a time (see sortedPages). */
export function exportFilter(q: Omit<ListQuery, 'limit' | 'cursor'>): Omit<ListFilter, 'limit'> {
  return { sort: q.sort, q: q.q, includeArchived: q.include_archived };
}

/** Which rows of a keyset list a page reads. */
export type PageWindow = { limit: number; after?: [string, string] };

/**
 * The pages of a sortable list for a streamed export (modules/activity/export.ts): the list's own query, after the
 * (sort value, id) of the previous page's last row.
 */
export function sortedPages<R extends { id: string; sortValue: string }, V>(
  fetch: (tx: Tx, window: PageWindow) => Promise<R[]>,
  view: (row: R) => V,
) {
  return async (tx: Tx, after: [string, string] | undefined) =>
    pageOf(
      await fetch(tx, { limit: EXPORT_PAGE + 1, after }),
      EXPORT_PAGE,
      (r) => [r.sortValue, r.id] as [string, string],
      view,
    );
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

/**
 * What a sort key's cursor value holds, by the key's name: `…_at` an instant, `effective_from` a day,
 * `balance` a decimal, anything else text. Checked before it reaches SQL (see cursor.ts).
 */
function sortValueKind(sort: string): CursorPart {
  const key = sort.replace(/^-/, '');
  if (key.endsWith('_at')) return 'instant';
  if (key === 'effective_from') return 'day';
  if (key === 'balance') return 'decimal';
  return 'text';
}

/** The cursor carries its sort, so a cursor of one order used with another is refused, not misread. */
export function decodeSortCursor(cursor: string | undefined, sort: string): [string, string] | undefined {
  const key = decodeCursor(cursor, ['text', 'text', 'uuid']);
  if (!key) return undefined;
  if (key[0] !== sort) throw invalidCursor('This cursor belongs to another sort order');
  if (!isCursorPart(sortValueKind(sort), key[1])) throw invalidCursor();
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
