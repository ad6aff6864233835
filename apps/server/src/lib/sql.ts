import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Keyset condition for lists ordered by (created_at DESC, id DESC): rows after the cursor's row. */
export const olderThan = (createdAt: AnyPgColumn, id: AnyPgColumn, cursor: readonly [unknown, unknown]) =>
  sql`(${createdAt}, ${id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`;

/**
 * A timestamp as ISO 8601 UTC text with its microseconds, for cursors: a JS Date would cut it to
 * milliseconds and the next page would skip rows written within the same millisecond.
 */
export const isoMicro = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
