import { AppError } from './errors.ts';

/** Opaque keyset cursor: the sort key of the last row of a page, as base64url JSON. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, arity: number): (string | number)[] | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(key) &&
      key.length === arity &&
      key.every((k) => typeof k === 'string' || typeof k === 'number')
    ) {
      return key;
    }
  } catch {
    // fall through: a malformed cursor is the client's error, not ours
  }
  throw new AppError(400, 'validation_failed', 'Invalid cursor', {
    fields: { 'querystring.cursor': 'Invalid cursor' },
  });
}

/** Fetch one row more than asked to know whether another page exists. */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => (string | number)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
