import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { codeForStatus } from '../../plugins/errors.ts';

// Calling a posting function (docs/architecture.md "Posting"): every write of a record that moves
// material or money is one call of one PostgreSQL function, shared here by the modules that post.

export type Outcome<T> = { status: number; body: T };
/** A request's refusal, answered by a call that served several (a batch or a group). */
export type Refusal = { status: number; error: { message: string; details: Record<string, unknown> | null } };
export type BatchResult<T> = {
  index: number;
  status: number;
  body?: T;
  error?: Refusal['error'];
};

const FUNCTION_NAME = /^[a-z][a-z_]*$/;

/**
 * Calls a posting function as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and the whole write — checks, numbers, rows, audit, activity, idempotency — is this one
 * round trip, committed on its own.
 */
export async function callPosting<T>(db: Db, fn: string, payload: object): Promise<T> {
  if (!FUNCTION_NAME.test(fn)) throw new Error(`not a posting function: ${fn}`);
  const json = JSON.stringify(payload);
  // Inside a caller's transaction (the demo seed runs the services in one), as a savepoint of it.
  const rows =
    db.$client instanceof pg.Pool
      ? (
          await db.$client.query<{ out: T }>({
            name: fn,
            text: `SELECT ${fn}($1::jsonb) AS out`,
            values: [json],
          })
        ).rows
      : (
          await db.transaction((tx) =>
            tx.execute<{ out: T }>(sql`SELECT ${sql.raw(fn)}(${json}::jsonb) AS out`),
          )
        ).rows;
  const row = rows[0];
  if (!row) throw new Error(`${fn} returned nothing`);
  return row.out;
}

/** A write's answer, or its refusal thrown as the error it would have been alone. */
export function answered<T>(out: Outcome<T> | Refusal): Outcome<T> {
  if ('error' in out) {
    const { status, error } = out;
    throw new AppError(codeForStatus(status), error.message, error.details ?? undefined);
  }
  return out;
}
