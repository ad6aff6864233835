import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  invitations,
  memberships,
  suppliers,
  users,
  userTransactions,
} from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { newOrganization, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';

const ctx = useTestApp();
type Org = Awaited<ReturnType<typeof newOrganization>>;

/**
 * Invites `email` to `org` as `role` and returns the link's token. The token is mailed in real use; here the
 * invitation is given one whose hash the test knows, so nothing waits on a mailbox.
 */
async function inviteToken(org: Org, email: string, role: string): Promise<string> {
  const res = await org.admin.post('/api/invitations', { email, role });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  const token = newToken();
  await ctx.database.db
    .update(invitations)
    .set({ tokenHash: hashToken(token) })
    .where(eq(invitations.id, res.json().id));
  return token;
}

/** `member` (an existing account) joins `org` as `role` with its password; answers the sign-in. */
async function joinWithAccount(org: Org, email: string, role: string) {
  const token = await inviteToken(org, email, role);
  const anon = await client(ctx.app);
  const res = await anon.post('/api/invitations/accept-existing', { token, password: TEST_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.body}`);
  return res.json();
}

const orgNames = async (c: TestClient) =>
  (await c.get('/api/auth/organizations')).json().items.map((i: { name: string }) => i.name);

let a: Org; // the organization that invites
let b: Org; // the invitee's own organization, where b.email is admin
beforeAll(async () => {
  a = await newOrganization(ctx.app, 'Alpha Recyclers');
  b = await newOrganization(ctx.app, 'Bravo Brands');
  await joinWithAccount(a, b.email, 'auditor');
});

describe('invitation accepted by an existing account', () => {
  it('says the email has an account, refuses a wrong password, then adds the membership and opens a session there', async () => {
    const other = await newOrganization(ctx.app, 'Charlie Collectors');
    const token = await inviteToken(a, other.email, 'manager');
    const anon = await client(ctx.app);
    const verify = (await anon.get(`/api/dashboard/invitations/verify/${token}`)).json();
    expect(verify.invitation).toMatchObject({ existing_account: true, organization_name: 'Alpha Recyclers' });

    const wrong = await anon.post('/api/invitations/accept-existing', { token, password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Incorrect password for this account.');
    // The refusal did not use up the invitation.
    expect((await anon.get(`/api/dashboard/invitations/verify/${token}`)).json().valid).toBe(true);

    const [before] = await ctx.database.db.select().from(users).where(eq(users.email, other.email));
    const ok = await anon.post('/api/invitations/accept-existing', { token, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      email: other.email,
      first_name: 'Ada',
      role: 'manager',
      organization: { name: 'Alpha Recyclers' },
      organization_count: 2,
    });
    const [after] = await ctx.database.db.select().from(users).where(eq(users.email, other.email));
    expect(after).toEqual(before); // no new user row; name and password as they were
    const joined = await ctx.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.userId, after?.id ?? ''), eq(memberships.organizationId, a.organizationId)));
    expect(joined).toEqual([{ role: 'manager' }]);

    anon.token = ok.json().session.access_token;
    expect((await anon.get('/api/dashboard/users/me')).json().organization.id).toBe(a.organizationId);
    expect(
      (await anon.post('/api/invitations/accept-existing', { token, password: TEST_PASSWORD })).statusCode,
    ).toBe(400);
  });

  it('refuses an invitation to an organization the account already belongs to', async () => {
    // b.email already joined A (beforeAll); a second invitation cannot be created, so make one directly.
    const token = newToken();
    const [inviter] = await ctx.database.db.select().from(users).where(eq(users.email, a.email));
    await ctx.database.db.insert(invitations).values({
      organizationId: a.organizationId,
      email: b.email,
      role: 'operator',
      invitedBy: inviter?.id ?? '',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const res = await (await client(ctx.app)).post('/api/invitations/accept-existing', {
      token,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You are already a member of this organization. Please sign in.');
  });

  it('keeps the new-account form for an email without an account, and that form for new accounts only', async () => {
    const email = uniqueEmail('fresh');
    const token = await inviteToken(a, email, 'operator');
    const anon = await client(ctx.app);
    expect(
      (await anon.get(`/api/dashboard/invitations/verify/${token}`)).json().invitation.existing_account,
    ).toBe(false);
    const existing = await anon.post('/api/invitations/accept-existing', { token, password: TEST_PASSWORD });
    expect(existing.statusCode).toBe(422);
    const taken = await inviteToken(a, (await newOrganization(ctx.app, 'Delta')).email, 'operator');
    const refused = await anon.post('/api/invitations/accept', {
      token: taken,
      password: TEST_PASSWORD,
      first_name: 'X',
      last_name: 'Y',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('An account with this email already exists. Please sign in instead.');
  });
});

describe('switching organizations', () => {
  it('signs in to the organization used last, lists both, switches with a new token and revokes the old', async () => {
    // The invitation's session in A was the last sign-in, so the next sign-in lands there.
    const c = await (await client(ctx.app)).login(b.email, TEST_PASSWORD);
    const me = (await c.get('/api/dashboard/users/me')).json();
    expect(me).toMatchObject({
      role: 'auditor',
      organization: { id: a.organizationId },
      organization_count: 2,
    });
    const list = (await c.get('/api/auth/organizations')).json().items;
    expect(list).toEqual([
      expect.objectContaining({
        organization_id: a.organizationId,
        name: 'Alpha Recyclers',
        role: 'auditor',
        current: true,
      }),
      expect.objectContaining({
        organization_id: b.organizationId,
        name: 'Bravo Brands',
        role: 'admin',
        current: false,
      }),
    ]);

    const oldToken = c.token;
    const switched = await c.post('/api/auth/switch-organization', { organization_id: b.organizationId });
    expect(switched.statusCode).toBe(200);
    const out = switched.json();
    expect(out.session.access_token).not.toBe(oldToken);
    expect(out.user).toMatchObject({
      role: 'admin',
      organization: { id: b.organizationId, name: 'Bravo Brands' },
    });

    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(401); // the old token is revoked
    c.token = out.session.access_token;
    expect((await c.get('/api/dashboard/users/me')).json().organization.id).toBe(b.organizationId);

    const audited = await ctx.database.db
      .select({ org: auditLog.organizationId, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.organization_switched'));
    expect(audited).toContainEqual({ org: b.organizationId, action: 'auth.organization_switched' });
    const [entry] = await ctx.database.db
      .select()
      .from(userTransactions)
      .where(
        and(
          eq(userTransactions.organizationId, b.organizationId),
          eq(userTransactions.transactionType, 'LOGIN'),
        ),
      );
    expect(entry?.description).toBe('Switched to Bravo Brands from Alpha Recyclers');
  });

  it("never shows the other organization's data through either session", async () => {
    const [secret] = await ctx.database.db
      .insert(suppliers)
      .values({
        organizationId: a.organizationId,
        code: 'A-ONLY',
        name: 'Alpha Only Junkshop',
        type: 'junkshop',
      })
      .returning({ id: suppliers.id });
    const c = await (await client(ctx.app)).login(b.email, TEST_PASSWORD);
    const inA = (await c.get('/api/dashboard/users/me')).json().organization.id === a.organizationId;
    if (inA)
      c.token = (
        await c.post('/api/auth/switch-organization', { organization_id: b.organizationId })
      ).json().session.access_token;
    expect((await c.get(`/api/suppliers/${secret?.id}`)).statusCode).toBe(404);
    const members = (await c.get('/api/members?limit=200'))
      .json()
      .items.map((m: { email: string }) => m.email);
    expect(members).not.toContain(a.email);

    c.token = (
      await c.post('/api/auth/switch-organization', { organization_id: a.organizationId })
    ).json().session.access_token;
    expect((await c.get(`/api/suppliers/${secret?.id}`)).statusCode).toBe(200);
    expect(
      (await c.get('/api/members?limit=200')).json().items.map((m: { email: string }) => m.email),
    ).toContain(a.email);
  });

  it('applies the role of each membership: auditor in one, admin in the other', async () => {
    const c = await (await client(ctx.app)).login(b.email, TEST_PASSWORD);
    const go = async (orgId: string) => {
      c.token = (
        await c.post('/api/auth/switch-organization', { organization_id: orgId })
      ).json().session.access_token;
    };
    await go(a.organizationId);
    expect((await c.get('/api/invitations')).statusCode).toBe(403);
    expect((await c.post('/api/invitations', { email: uniqueEmail(), role: 'operator' })).statusCode).toBe(
      403,
    );
    await go(b.organizationId);
    expect((await c.get('/api/invitations')).statusCode).toBe(200);
  });

  it('answers 404 for an organization without an active membership, and never offers a deactivated one', async () => {
    const stranger = await newOrganization(ctx.app, 'Echo Elsewhere');
    const home = await newOrganization(ctx.app, 'Foxtrot Home');
    await joinWithAccount(a, home.email, 'operator');
    const c = await (await client(ctx.app)).login(home.email, TEST_PASSWORD);
    const none = await c.post('/api/auth/switch-organization', { organization_id: stranger.organizationId });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/not found/i);
    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(200); // a refused switch changes nothing

    const m = (await a.admin.get(`/api/members?q=${encodeURIComponent(home.email)}`)).json().items[0];
    expect((await a.admin.post(`/api/members/${m.id}/deactivate`)).statusCode).toBe(200);
    const fresh = await (await client(ctx.app)).login(home.email, TEST_PASSWORD);
    const me = (await fresh.get('/api/dashboard/users/me')).json();
    expect(me).toMatchObject({ organization: { id: home.organizationId }, organization_count: 1 });
    expect(await orgNames(fresh)).toEqual(['Foxtrot Home']);
    const refused = await fresh.post('/api/auth/switch-organization', { organization_id: a.organizationId });
    expect(refused.statusCode).toBe(404);
  });

  it('signs in with the deactivated message only when every membership is deactivated', async () => {
    const solo = await newOrganization(ctx.app, 'Golf Solo');
    await joinWithAccount(a, solo.email, 'operator');
    const inA = (await a.admin.get(`/api/members?q=${encodeURIComponent(solo.email)}`)).json().items[0];
    await a.admin.post(`/api/members/${inA.id}/deactivate`);
    await ctx.database.db
      .update(memberships)
      .set({ status: 'deactivated' })
      .where(eq(memberships.organizationId, solo.organizationId));
    const res = await (await client(ctx.app)).post('/api/auth/login', {
      email: solo.email,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "Your account has been deactivated. Contact your organization's administrator.",
    );
  });
});
