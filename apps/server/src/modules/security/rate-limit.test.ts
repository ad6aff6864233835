import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { consume, hit, keyOf, LIMITS, peek } from './rate-limit.ts';
import { countRateLimitKeys, pruneRateLimits } from './security.repo.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

describe('rate limits', () => {
  it('refuses the attempt after the limit, per subject', async () => {
    const limit = { name: 'test', limit: 2, windowMs: 60_000 };
    await consume(database.db, limit, 'a');
    await consume(database.db, limit, 'a');
    await expect(consume(database.db, limit, 'a')).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(consume(database.db, limit, 'b')).resolves.toBeUndefined();
  });

  it('counts without refusing (hit) and reads without counting (peek)', async () => {
    const limit = { name: 'counted', limit: 1, windowMs: 60_000 };
    expect(await peek(database.db, limit, 'x')).toBe(0);
    expect(await hit(database.db, limit, 'x')).toBe(1);
    expect(await hit(database.db, limit, 'x')).toBe(2);
    expect(await peek(database.db, limit, 'x')).toBe(2);
  });

  it('counts the live keys under a prefix, reading `_` in an email literally', async () => {
    const l = LIMITS.loginFailuresPerAccountIp;
    await hit(database.db, l, 'a_b@example.ph|10.0.0.1');
    await hit(database.db, l, 'a_b@example.ph|10.0.0.2');
    await hit(database.db, l, 'axb@example.ph|10.0.0.3');
    expect(await countRateLimitKeys(database.db, keyOf(l, 'a_b@example.ph|'), l.windowMs)).toBe(2);
  });

  it('prunes windows that ended, keeping the live ones', async () => {
    await database.db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES
        ('old', now() - interval '2 hours', 3), ('live', now() - interval '5 minutes', 1)`);
    expect(await pruneRateLimits(database.db, LIMITS.magicLinkPerIp.windowMs)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.db.execute<{ key: string }>(
      sql`SELECT key FROM rate_limits WHERE key IN ('old', 'live')`,
    );
    expect(rows.map((r) => r.key)).toEqual(['live']);
  });
});
