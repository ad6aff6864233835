import { FIRST_DAY, hasControlCharacters, INT32_MAX, INT32_MIN, LAST_DAY } from '@plastrace/shared';
import { AppError } from './errors.ts';

/** Opaque keyset cursor: the sort key of the last row of a page, as base64url JSON. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * What each position of a cursor holds. A cursor comes back from the client, so every part is checked
 * before it reaches SQL: a cursor decoding to the wrong types is a 400, not a database error.
 */
export type CursorPart = 'instant' | 'day' | 'uuid' | 'text' | 'int' | 'decimal';
type Decoded<P extends readonly CursorPart[]> = {
  -readonly [K in keyof P]: P[K] extends 'int' ? number : string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const inDayRange = (d: string) => d >= FIRST_DAY && d <= LAST_DAY;

export function isCursorPart(kind: CursorPart, v: unknown): boolean {
  switch (kind) {
    case 'int':
      return typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX;
    case 'uuid':
      return typeof v === 'string' && UUID.test(v);
    case 'instant': {
      const m = typeof v === 'string' ? INSTANT.exec(v) : null;
      return !!m?.[1] && inDayRange(m[1]) && !Number.isNaN(Date.parse(v as string));
    }
    case 'day':
      return (
        typeof v === 'string' &&
        DAY.test(v) &&
        inDayRange(v) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
      );
    case 'decimal':
      return typeof v === 'string' && /^-?\d{1,30}(\.\d{1,10})?$/.test(v);
    case 'text':
      return typeof v === 'string' && v.length <= 500 && !hasControlCharacters(v);
  }
}

export const invalidCursor = (why = 'Invalid cursor') =>
  new AppError('validation_failed', 'Invalid cursor', { fields: { 'querystring.cursor': why } });

export function decodeCursor<const P extends readonly CursorPart[]>(
  cursor: string | undefined,
  parts: P,
): Decoded<P> | undefined {
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(key) || key.length !== parts.length || !parts.every((p, i) => isCursorPart(p, key[i])))
    throw invalidCursor();
  return key as Decoded<P>;
}

/** Fetch one row more than asked to know whether another page exists. */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => (string | number)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
