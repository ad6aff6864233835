import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newOrganization } from '../test/accounts.ts';
import { useTestApp } from '../test/app.ts';
import { SESSION_CACHE_MS } from './session-cache.ts';

const ctx = useTestApp();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('session cache', () => {
  it('lets a revocation made elsewhere take effect within a second', async () => {
    const { admin, email } = await newOrganization(ctx.app);
    expect((await admin.get('/api/dashboard/users/me')).statusCode).toBe(200);
    // Another instance signs the member out: only the database knows.
    await ctx.database.db.execute(
      sql`UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
    );
    await sleep(SESSION_CACHE_MS + 100);
    expect((await admin.get('/api/dashboard/users/me')).statusCode).toBe(401);
  });

  it('applies a revocation on this instance at once', async () => {
    const { admin } = await newOrganization(ctx.app);
    expect((await admin.get('/api/sessions')).statusCode).toBe(200);
    expect((await admin.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await admin.get('/api/sessions')).statusCode).toBe(401);
  });
});
