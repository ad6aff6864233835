import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

const MINUTE_MS = 60_000;

/**
 * Sets the database clock (pt_now/pt_clock, migration 0036) for the rest of the seed's transaction: what
 * the next service calls record — posted times, activity and audit entries, the record log, lots — is
 * stamped `at`, the time it would have happened, instead of the moment of seeding. Only the seed does
 * this; the setting ends with its transaction.
 */
export async function clockAt(db: Db | Tx, at: Date, plusMinutes = 0): Promise<Date> {
  const when = new Date(at.getTime() + plusMinutes * MINUTE_MS);
  await db.execute(sql`SELECT set_config('plastrace.clock', ${when.toISOString()}, true)`);
  return when;
}
