import type { ErrorCode } from '@plastrace/shared';

/**
 * A refusal the client should see as-is: what went wrong in the domain's terms (the error code: not found,
 * a conflict, a rule the request breaks…), the message and the details. Services say what, not how it
 * travels: the HTTP status of each code is one table, in plugins/errors.ts.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const unprocessable = (message: string, details?: Record<string, unknown>) =>
  new AppError('unprocessable', message, details);

/** A 400 naming one field of the body, as the validation errors of the schemas do. */
export const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', message, { fields: { [`body.${field}`]: message } });

/** Clocks of scales and phones drift: a few minutes ahead is still "now". */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Refuses a time in the future: stock and money move when they moved, not later. */
export function assertNotFuture(at: Date, field: string, what: string): void {
  if (at.getTime() > Date.now() + CLOCK_SKEW_MS) throw invalidField(field, `${what} cannot be in the future`);
}

/**
 * The PostgreSQL error behind an error: pg throws it, and Drizzle wraps it in a DrizzleQueryError
 * whose `cause` holds it (its code, message and detail are the database's).
 */
export function pgError(err: unknown): { code: string; message: string; detail?: string } | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return e as { code: string; message: string; detail?: string };
    e = e.cause as typeof e;
  }
  return undefined;
}

/** The PostgreSQL SQLSTATE of an error, wrapped or not. */
export const sqlState = (err: unknown): string | undefined => pgError(err)?.code;
