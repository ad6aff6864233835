import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, memberships, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { newOrganization, TEST_PASSWORD } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { OTHER_EMAIL } from './team.service.ts';

const ctx = useTestApp();
type Org = Awaited<ReturnType<typeof newOrganization>>;

/** Invites `email` to `org` and gives the invitation a token the test knows (real links are mailed). */
async function inviteToken(org: Org, email: string, role: string): Promise<{ token: string; id: string }> {
  const res = await org.admin.post('/api/invitations', { email, role });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  const token = newToken();
  await ctx.database.db
    .update(invitations)
    .set({ tokenHash: hashToken(token) })
    .where(eq(invitations.id, res.json().id));
  return { token, id: res.json().id };
}

/** A fresh sign-in of the admin of `org`, so revoking its token leaves `org.admin` usable. */
const signIn = async (org: Org) => (await client(ctx.app)).login(org.email, TEST_PASSWORD);

const membershipsOf = async (email: string, organizationId: string) =>
  ctx.database.db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.organizationId, organizationId)));

let a: Org; // the organization that invites
beforeAll(async () => {
  a = await newOrganization(ctx.app, 'Join Alpha Recyclers');
});

describe('joining an invitation while signed in', () => {
  it('adds the invited membership and moves the session there, revoking the old token', async () => {
    const b = await newOrganization(ctx.app, 'Join Bravo Brands');
    const { token, id } = await inviteToken(a, b.email, 'auditor');
    const c = await signIn(b);
    const oldToken = c.token;

    const res = await c.post('/api/invitations/join', { token });
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.session.access_token).not.toBe(oldToken);
    expect(out.user).toMatchObject({
      email: b.email,
      role: 'auditor',
      organization: { id: a.organizationId, name: 'Join Alpha Recyclers' },
      organization_count: 2,
    });
    expect(await membershipsOf(b.email, a.organizationId)).toEqual([{ role: 'auditor' }]);

    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(401); // the old token is revoked
    c.token = out.session.access_token;
    expect((await c.get('/api/dashboard/users/me')).json()).toMatchObject({
      role: 'auditor',
      organization: { id: a.organizationId },
    });

    const [inv] = await ctx.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(inv?.acceptedAt).not.toBeNull();
    expect((await a.admin.get(`/api/invitations?q=${encodeURIComponent(b.email)}`)).json().items).toEqual([
      expect.objectContaining({ status: 'accepted' }),
    ]);
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.organizationId, a.organizationId));
    expect(audited.map((r) => r.action)).toEqual(
      expect.arrayContaining(['invitation.accepted', 'auth.organization_switched']),
    );
    const away = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, b.organizationId),
          eq(auditLog.action, 'auth.organization_switched_away'),
        ),
      );
    expect(away).toHaveLength(1);

    // Joining again: already a member, and the link is spent.
    const again = await c.post('/api/invitations/join', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You are already a member of Join Alpha Recyclers: choose it in the organization menu.',
    );
  });

  it('matches the invited email without regard to case', async () => {
    const b = await newOrganization(ctx.app, 'Join Case Brands');
    const { token, id } = await inviteToken(a, b.email, 'operator');
    // Emails are stored lower case today; a row written otherwise must still match its owner.
    await ctx.database.db
      .update(invitations)
      .set({ email: b.email.toUpperCase() })
      .where(eq(invitations.id, id));
    const res = await (await signIn(b)).post('/api/invitations/join', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.organization.id).toBe(a.organizationId);
  });

  it('refuses a session of another email with 403 and leaves the invitation usable', async () => {
    const invitee = await newOrganization(ctx.app, 'Join Invitee Co');
    const other = await newOrganization(ctx.app, 'Join Other Co');
    const { token } = await inviteToken(a, invitee.email, 'manager');
    const c = await signIn(other);

    const res = await c.post('/api/invitations/join', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OTHER_EMAIL);
    expect(await membershipsOf(other.email, a.organizationId)).toEqual([]);
    expect((await c.get('/api/dashboard/users/me')).json().organization.id).toBe(other.organizationId);
    const verify = await (await client(ctx.app)).get(`/api/dashboard/invitations/verify/${token}`);
    expect(verify.json().valid).toBe(true);

    const owner = await signIn(invitee);
    expect((await owner.post('/api/invitations/join', { token })).statusCode).toBe(200);
  });

  it('refuses an invitation to an organization the account is already in with 409', async () => {
    const b = await newOrganization(ctx.app, 'Join Member Co');
    // Invitations to members cannot be created: make one directly, to b's own organization.
    const token = newToken();
    const [me] = await ctx.database.db.select().from(users).where(eq(users.email, b.email));
    await ctx.database.db.insert(invitations).values({
      organizationId: b.organizationId,
      email: b.email,
      role: 'operator',
      invitedBy: me?.id ?? '',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const c = await signIn(b);
    const res = await c.post('/api/invitations/join', { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already a member of Join Member Co/);
    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(200); // the session is untouched
  });

  it.each([
    ['expired', { expiresAt: new Date(Date.now() - 60_000) }],
    ['revoked', { revokedAt: new Date() }],
    ['used', { acceptedAt: new Date() }],
  ])('refuses an invitation that is %s', async (_, change) => {
    const b = await newOrganization(ctx.app, 'Join Late Co');
    const { token, id } = await inviteToken(a, b.email, 'operator');
    await ctx.database.db.update(invitations).set(change).where(eq(invitations.id, id));
    const c = await signIn(b);
    const res = await c.post('/api/invitations/join', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired invitation');
    expect(await membershipsOf(b.email, a.organizationId)).toEqual([]);
  });

  it('refuses an unknown token, and a call without a session or CSRF token', async () => {
    const b = await newOrganization(ctx.app, 'Join Stranger Co');
    const c = await signIn(b);
    expect((await c.post('/api/invitations/join', { token: newToken() })).statusCode).toBe(400);
    const { token } = await inviteToken(a, b.email, 'operator');
    const anon = await client(ctx.app);
    expect((await anon.post('/api/invitations/join', { token })).statusCode).toBe(401);
    expect(
      (await c.request('POST', '/api/invitations/join', { token }, { 'x-csrf-token': 'forged' })).statusCode,
    ).toBe(403);
  });

  it('lets exactly one of 20 concurrent joins with one token win', async () => {
    const b = await newOrganization(ctx.app, 'Join Race Co');
    const { token } = await inviteToken(a, b.email, 'operator');
    // Each join from its own session: a winner revokes only its own.
    const sessions: TestClient[] = await Promise.all(Array.from({ length: 20 }, () => signIn(b)));
    const answers = await Promise.all(sessions.map((s) => s.post('/api/invitations/join', { token })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.every((code) => code === 200 || code === 400 || code === 409)).toBe(true);
    expect(await membershipsOf(b.email, a.organizationId)).toEqual([{ role: 'operator' }]);
  });
});
