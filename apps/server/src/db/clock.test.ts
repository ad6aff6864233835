import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';

// The database has one clock, pt_now()/pt_clock() (migration 0036): the demo seeder sets it so that its
// history carries the times things would have happened. A function or default that read the time any other
// way would stamp seeded rows with the moment of seeding again.
const REAL_TIME_ONLY = ['pt_now', 'pt_clock', 'pt_uuid7', 'device_readings_prune'];
const TIME_READ = String.raw`(^|[^_a-z.])(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(|\m(current_timestamp|current_date|localtimestamp)\M`;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

describe('the database clock', () => {
  it('is the only way a function or a column default reads the time', async () => {
    const functions = await t.db.execute<{ name: string }>(sql`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prosrc ~* ${TIME_READ}
        AND NOT p.proname = ANY(${`{${REAL_TIME_ONLY.join(',')}}`}::text[]) ORDER BY 1`);
    expect(functions.rows.map((r) => r.name)).toEqual([]);
    const defaults = await t.db.execute<{ col: string }>(sql`
      SELECT table_name || '.' || column_name AS col FROM information_schema.columns
      WHERE table_schema = 'public' AND column_default ~* ${TIME_READ} ORDER BY 1`);
    expect(defaults.rows.map((r) => r.col)).toEqual([]);
    // The check itself sees a direct read: the posting functions did read now() before 0036.
    const [probe] = (await t.db.execute<{ hit: boolean }>(sql`SELECT 'x := now();' ~* ${TIME_READ} AS hit`))
      .rows;
    expect(probe?.hit).toBe(true);
  });

  it('answers the real time unless the transaction set one, and forgets it at commit', async () => {
    const [real] = (
      await t.db.execute<{ same: boolean }>(sql`SELECT pt_now() = now() AND pt_clock() >= now() AS same`)
    ).rows;
    expect(real?.same).toBe(true);
    const seeded = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('plastrace.clock', '2026-08-03T01:15:00.000Z', true)`);
      const [row] = (
        await tx.execute<{ now: Date; clock: Date }>(sql`SELECT pt_now() AS now, pt_clock() AS clock`)
      ).rows;
      return row;
    });
    expect(new Date(seeded?.now ?? 0).toISOString()).toBe('2026-08-03T01:15:00.000Z');
    expect(new Date(seeded?.clock ?? 0).toISOString()).toBe('2026-08-03T01:15:00.000Z');
    const [after] = (await t.db.execute<{ same: boolean }>(sql`SELECT pt_now() = now() AS same`)).rows;
    expect(after?.same).toBe(true);
  });

  it('is how the app’s SQL reads the time, and only the seed sets it', () => {
    const root = join(import.meta.dirname, '..');
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'),
    );
    expect(sources.length).toBeGreaterThan(300);
    const offenders: string[] = [];
    for (const file of sources) {
      const text = readFileSync(join(root, file), 'utf8');
      if (/(?<![\w.])(now|clock_timestamp)\(\)/.test(text)) offenders.push(`${file}: reads now()`);
      if (text.includes('plastrace.clock') && file !== join('seed', 'clock.ts'))
        offenders.push(`${file}: sets the clock`);
    }
    expect(offenders).toEqual([]);
  });
});
