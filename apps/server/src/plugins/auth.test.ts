import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../db/schema/index.ts';
import { newOrganization, TEST_PASSWORD, uniqueEmail } from '../test/accounts.ts';
import { useTestApp } from '../test/app.ts';
import { client } from '../test/http.ts';
import { ORGANIZATION_SWITCHED } from './auth.ts';

const ctx = useTestApp();
let a: Awaited<ReturnType<typeof newOrganization>>;
let b: Awaited<ReturnType<typeof newOrganization>>;
beforeAll(async () => {
  a = await newOrganization(ctx.app, 'Alpha Recyclers');
  b = await newOrganization(ctx.app, 'Bravo Brands');
});

describe('the stale-organization guard', () => {
  it('refuses with 409 organization_switched, doing nothing, when the named organization is not the session’s', async () => {
    const c = await (await client(ctx.app)).login(a.email, TEST_PASSWORD);
    const email = uniqueEmail('stale');
    const stale = await c.post(
      '/api/invitations',
      { email, role: 'operator' },
      { 'x-organization-id': b.organizationId },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'organization_switched', message: ORGANIZATION_SWITCHED });
    expect(ORGANIZATION_SWITCHED).toBe(
      'You switched to another organization in another tab; reload to continue.',
    );
    const made = await ctx.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(made).toHaveLength(0);
    // Every module's routes go through the one hook.
    const me = await c.get('/api/dashboard/users/me', { 'x-organization-id': b.organizationId });
    expect(me.json().code).toBe('organization_switched');
  });

  it('lets through the session’s own organization and requests without the header', async () => {
    const c = await (await client(ctx.app)).login(a.email, TEST_PASSWORD);
    expect((await c.get('/api/members', { 'x-organization-id': a.organizationId })).statusCode).toBe(200);
    expect((await c.get('/api/members')).statusCode).toBe(200);
    const made = await c.post('/api/invitations', { email: uniqueEmail(), role: 'operator' });
    expect(made.statusCode).toBe(201);
  });

  it('still answers 401 first for a request without a valid session', async () => {
    const anon = await client(ctx.app);
    const res = await anon.get('/api/members', { 'x-organization-id': b.organizationId });
    expect(res.statusCode).toBe(401);
  });
});
