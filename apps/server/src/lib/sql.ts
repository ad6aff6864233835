import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Keyset condition for lists ordered by (created_at DESC, id DESC): rows after the cursor's row. */
export const olderThan = (createdAt: AnyPgColumn, id: AnyPgColumn, cursor: [string, string]) =>
  sql`(${createdAt}, ${id}) < (${new Date(cursor[0])}, ${cursor[1]}::uuid)`;
