import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { AppError, pgError } from '../../lib/errors.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
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

/** One request's write of a record, as its posting function takes it: a create, or with `id` a post. */
export type WriteCall = {
  organization_id: string;
  user_id: string;
  /** The Idempotency-Key's route, key and request hash. */
  route: string;
  key: string | undefined;
  hash: string;
  /** The draft a post posts; absent for a create. */
  id?: string;
};

// A group of 32 keeps each call's subtransactions (one per record) inside PostgreSQL's per-backend
// cache of 64; two calls of one organization in flight let a group be checked and written while the
// other holds the counters and commits (measured in the bench: docs/architecture.md "Posting").
const MAX_GROUP = 32;
const IN_FLIGHT = 2;

/**
 * Creates and posts of one record type with group commit (lib/group-commit.ts): alone when it is the
 * organization's only write in flight (`create` or `post`), else together with the others that arrived
 * meanwhile, as one call of `group` (items in order, a post's draft as `post_id`), answering each
 * request as it would have been answered alone: its record, or its refusal as `{ status, error }`.
 */
export function groupedWrites(fns: { create: string; post: string; group: string }) {
  const alone = (db: Db, call: WriteCall) =>
    callPosting<Outcome<unknown> | Refusal>(db, call.id === undefined ? fns.create : fns.post, call);
  const groups = new WeakMap<pg.Pool, GroupCommit<WriteCall, Outcome<unknown> | Refusal>>();
  const groupOf = (db: Db, pool: pg.Pool) => {
    let group = groups.get(pool);
    if (!group) {
      group = new GroupCommit({
        one: (call) => alone(db, call),
        many: async (calls) => {
          const [first] = calls as [WriteCall];
          const results = await callPosting<(BatchResult<unknown> & (Outcome<unknown> | Refusal))[]>(
            db,
            fns.group,
            {
              organization_id: first.organization_id,
              items: calls.map(({ organization_id: _, id, ...item }) =>
                id === undefined ? item : { ...item, post_id: id },
              ),
            },
          );
          // Each answer as the request alone gets it: no place in a batch.
          return results.map(({ index: _, ...answer }) => answer);
        },
        maxGroup: MAX_GROUP,
        inFlight: IN_FLIGHT,
        // An Idempotency-Key belongs to its route: the same key twice on one route never shares a call.
        conflictKey: (call) => (call.key === undefined ? undefined : `${call.route} ${call.key}`),
        rolledBack: (err) => pgError(err) !== undefined,
      });
      groups.set(pool, group);
    }
    return group;
  };
  return <T>(db: Db, call: WriteCall): Promise<Outcome<T> | Refusal> => {
    // Inside a caller's transaction (the demo seed) there is nothing to group with.
    if (!(db.$client instanceof pg.Pool)) return alone(db, call) as Promise<Outcome<T> | Refusal>;
    return groupOf(db, db.$client).submit(call.organization_id, call) as Promise<Outcome<T> | Refusal>;
  };
}
