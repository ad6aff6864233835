import { sql } from 'drizzle-orm';

/**
 * The database's clock, pt_now() (migration 0036, docs/architecture.md "Time"): the transaction's time,
 * or the demo seeder's when it set one. Stored times of events take it, in SQL or as a value given to a
 * repository, so that a seeded history carries the times it would have happened at.
 */
export const dbNow = sql`pt_now()`;
