import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';

// Posting functions run on generic plans (migration 0039, docs/architecture.md "Plans"): under the default
// plan_cache_mode their statements, which take the call's arrays and JSON, were planned anew on every call.
// A record type's entry points added later must say so too, or a lone posting plans more than it runs.
const ENTRY_POINT = '^(receive|production|dispatch)_(create|edit|post|void|batch|group|deliver|resolve)$';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

describe('posting functions', () => {
  it('run every statement, theirs and the functions they call, on generic plans', async () => {
    const { rows } = await t.db.execute<{ name: string; generic: boolean }>(sql`
      SELECT p.proname AS name,
        coalesce('plan_cache_mode=force_generic_plan' = ANY(p.proconfig), false) AS generic
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname ~ ${ENTRY_POINT} ORDER BY 1`);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['receive_create', 'receive_group']));
    expect(rows.filter((r) => !r.generic).map((r) => r.name)).toEqual([]);
  });
});

// A day's facts (migration 0041): planned for the call's own bounds. Generic, or as a SQL function whose bounds
// the planner cannot see, one day joined the organization's whole receive lines (0.3–0.6 s at a million records).
describe('the facts of a day', () => {
  it('are planned for each call’s own days', async () => {
    const { rows } = await t.db.execute<{ language: string; config: string[] | null }>(sql`
      SELECT l.lanname AS language, p.proconfig AS config
      FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.proname = 'pt_facts_of'`);
    expect(rows).toEqual([{ language: 'plpgsql', config: ['plan_cache_mode=force_custom_plan'] }]);
  });
});
