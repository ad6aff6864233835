import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

const MINUTE_MS = 60_000;

/**
 * Sets the database clock (pt_now/pt_clock, migration 0036) for the rest of the seed's transaction: what
 * the next service calls record — posted times, activity and audit entries, the record log, lots — is
 * stamped `at`, the time it would have happened, instead of the moment of seeding. Only the seed does
 * this; the setting ends with its transaction.
 */
export async function clockAt(db: Db | Tx, at: Date, plusMinutes = 0): Promise<void> {
  // Never later than the real time: a step planned minutes after the seed's day (a payout at 16:00 booked
  // at 16:02, seeded at 16:01) is stamped now, not in the future.
  const when = new Date(Math.min(at.getTime() + plusMinutes * MINUTE_MS, Date.now()));
  await db.execute(sql`SELECT set_config('plastrace.clock', ${when.toISOString()}, true)`);
}
