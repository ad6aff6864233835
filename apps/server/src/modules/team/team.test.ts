import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '../../db/schema/index.ts';
import { newOrganization, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { startSmtp } from '../../test/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());
const ctx = useTestApp({ smtpUrl: () => smtp.url });

/** The link of the `nth` invitation mailed to `email` (a resend mails a second). */
const invitationToken = async (email: string, nth = 1) => {
  const mail = await smtp.waitFor(email, /invited you/, 20_000, nth);
  const m = /\/invitation\/([\w-]+)/.exec(mail.text);
  if (!m?.[1]) throw new Error('no invitation link');
  return m[1];
};

async function join(admin: TestClient, role: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(role);
  const res = await admin.post('/api/invitations', { email, role, ...extra });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  const token = await invitationToken(email);
  const anon = await client(ctx.app);
  const accepted = await anon.post('/api/invitations/accept', {
    token,
    password: TEST_PASSWORD,
    first_name: 'Jo',
    last_name: 'Cruz',
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const member = await (await client(ctx.app)).login(email, TEST_PASSWORD);
  const me = (await member.get('/api/dashboard/users/me')).json();
  return { member, email, invitation: res.json(), userId: me.id as string };
}

let org: Awaited<ReturnType<typeof newOrganization>>;
let supplierId: string;
beforeAll(async () => {
  org = await newOrganization(ctx.app, 'Valenzuela Plastics');
  const [s] = await ctx.database.db
    .insert(suppliers)
    .values({
      organizationId: org.organizationId,
      code: 'SUP-1',
      name: 'Payatas Cooperative',
      type: 'cooperative',
    })
    .returning({ id: suppliers.id });
  supplierId = s?.id ?? '';
});

describe('invitations', () => {
  it('invite → email → verify → accept → sign in, and the inviter is notified', async () => {
    const email = uniqueEmail('operator');
    const created = await org.admin.post('/api/invitations', { email, role: 'operator' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email,
      role: 'operator',
      status: 'pending',
      supplier_id: null,
      invited_by_name: 'Ada Admin',
    });
    const token = await invitationToken(email);

    const anon = await client(ctx.app);
    const verify = (await anon.get(`/api/dashboard/invitations/verify/${token}`)).json();
    expect(verify).toMatchObject({
      valid: true,
      invitation: { email, role: 'operator', supplier_name: null },
      message: 'Invitation is valid',
    });
    expect(new Date(verify.invitation.expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86400_000);

    const accepted = await anon.post('/api/invitations/accept', {
      token,
      password: TEST_PASSWORD,
      first_name: 'Jun',
      last_name: 'Mendoza',
      phone: '+63 912 345 6789',
    });
    expect(accepted.json()).toEqual({
      success: true,
      message: 'Account created successfully! Please log in with your credentials.',
    });
    const member = await (await client(ctx.app)).login(email, TEST_PASSWORD);
    expect((await member.get('/api/dashboard/users/me')).json()).toMatchObject({
      role: 'operator',
      phone: '+63 912 345 6789',
      email_verified: true,
    });

    const again = await anon.post('/api/invitations/accept', {
      token,
      password: TEST_PASSWORD,
      first_name: 'X',
      last_name: 'Y',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired invitation');
    expect((await anon.get(`/api/dashboard/invitations/verify/${token}`)).json()).toMatchObject({
      valid: false,
      invitation: null,
    });
    const list = (await org.admin.get('/api/invitations?status=accepted')).json();
    expect(list.items.map((i: { email: string }) => i.email)).toContain(email);
  });

  it('links a supplier member to a supplier of the organization', async () => {
    const bad = await org.admin.post('/api/invitations', { email: uniqueEmail(), role: 'supplier' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields['body.supplier_id']).toBe('Choose the supplier this member belongs to');
    const other = await newOrganization(ctx.app, 'Other Org');
    const foreign = await other.admin.post('/api/invitations', {
      email: uniqueEmail(),
      role: 'supplier',
      supplier_id: supplierId,
    });
    expect(foreign.statusCode).toBe(404);
    const email = uniqueEmail('supplier');
    await org.admin.post('/api/invitations', { email, role: 'supplier', supplier_id: supplierId });
    const token = await invitationToken(email);
    const verify = (await (await client(ctx.app)).get(`/api/dashboard/invitations/verify/${token}`)).json();
    expect(verify.invitation).toMatchObject({ role: 'supplier', supplier_name: 'Payatas Cooperative' });
  });

  it('of 16 concurrent acceptances of one invitation exactly one creates the account', async () => {
    const email = uniqueEmail('race');
    await org.admin.post('/api/invitations', { email, role: 'auditor' });
    const token = await invitationToken(email);
    const results = await Promise.all(
      Array.from({ length: 16 }, async (_, i) =>
        (await client(ctx.app)).post('/api/invitations/accept', {
          token,
          password: TEST_PASSWORD,
          first_name: `N${i}`,
          last_name: 'Race',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('refuses duplicates, weak passwords and missing names with clear messages', async () => {
    const email = uniqueEmail();
    await org.admin.post('/api/invitations', { email, role: 'operator' });
    const dup = await org.admin.post('/api/invitations', { email, role: 'operator' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An invitation to this email is already pending. Resend it instead.');
    const member = await org.admin.post('/api/invitations', { email: org.email, role: 'operator' });
    expect(member.json().message).toBe('This person is already a member of your organization.');
    const token = await invitationToken(email);
    const anon = await client(ctx.app);
    const short = await anon.post('/api/invitations/accept', {
      token,
      password: 'short',
      first_name: ' ',
      last_name: 'Z',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.fields).toMatchObject({
      'body.password': 'Password must be at least 8 characters',
      'body.first_name': 'First name is required',
    });
    // The refused attempt did not use up the invitation.
    expect((await anon.get(`/api/dashboard/invitations/verify/${token}`)).json().valid).toBe(true);
  });

  it('resend replaces the link; revoke ends it', async () => {
    const email = uniqueEmail();
    const inv = (await org.admin.post('/api/invitations', { email, role: 'operator' })).json();
    const first = await invitationToken(email);
    const resent = await org.admin.post(`/api/invitations/${inv.id}/resend`);
    expect(resent.statusCode).toBe(200);
    // The resend is mailed by the outbox: wait for the second mail itself, not for a while.
    const second = await invitationToken(email, 2);
    expect(second).not.toBe(first);
    const anon = await client(ctx.app);
    expect((await anon.get(`/api/dashboard/invitations/verify/${first}`)).json().valid).toBe(false);
    expect((await org.admin.post(`/api/invitations/${inv.id}/revoke`)).json().status).toBe('revoked');
    expect((await anon.get(`/api/dashboard/invitations/verify/${second}`)).json()).toMatchObject({
      valid: false,
      message: 'This invitation has been revoked. Ask your administrator for a new one.',
    });
    expect((await org.admin.post(`/api/invitations/${inv.id}/resend`)).statusCode).toBe(422);
  });

  it('lets managers invite all but admins, and operators nobody (403 forbidden)', async () => {
    const { member: manager } = await join(org.admin, 'manager');
    const admin = await manager.post('/api/invitations', { email: uniqueEmail(), role: 'admin' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('forbidden');
    expect(
      (await manager.post('/api/invitations', { email: uniqueEmail(), role: 'auditor' })).statusCode,
    ).toBe(201);
    const { member: operator } = await join(org.admin, 'operator');
    const refused = await operator.post('/api/invitations', { email: uniqueEmail(), role: 'operator' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'forbidden',
      message: 'Your role may not invite team members',
    });
    expect((await operator.get('/api/members')).statusCode).toBe(403);
  });

  it("keeps organizations apart: another organization's invitation is a 404", async () => {
    const inv = (await org.admin.post('/api/invitations', { email: uniqueEmail(), role: 'operator' })).json();
    const other = await newOrganization(ctx.app, 'Elsewhere Inc.');
    expect((await other.admin.post(`/api/invitations/${inv.id}/revoke`)).statusCode).toBe(404);
    const theirs = (await other.admin.get('/api/invitations')).json().items;
    expect(theirs.find((i: { id: string }) => i.id === inv.id)).toBeUndefined();
  });
});

describe('members', () => {
  it('lists members with search and filters', async () => {
    await join(org.admin, 'auditor');
    const all = (await org.admin.get('/api/members?limit=200')).json();
    expect(all.items.length).toBeGreaterThan(2);
    const auditors = (await org.admin.get('/api/members?role=auditor')).json();
    expect(auditors.items.every((m: { role: string }) => m.role === 'auditor')).toBe(true);
    const byName = (await org.admin.get('/api/members?q=ada%20adm')).json();
    expect(byName.items.map((m: { email: string }) => m.email)).toEqual([org.email]);
  });

  it('changes a role with optimistic versions', async () => {
    const { email } = await join(org.admin, 'operator');
    const m = (await org.admin.get(`/api/members?q=${encodeURIComponent(email)}`)).json().items[0];
    const ok = await org.admin.patch(`/api/members/${m.id}`, { role: 'manager', version: m.version });
    expect(ok.json()).toMatchObject({ role: 'manager', version: m.version + 1 });
    const stale = await org.admin.patch(`/api/members/${m.id}`, { role: 'auditor', version: m.version });
    expect(stale.statusCode).toBe(409);
  });

  it('deactivation ends the member’s sessions and sign-ins; reactivation restores them', async () => {
    const { member, email } = await join(org.admin, 'operator');
    const m = (await org.admin.get(`/api/members?q=${encodeURIComponent(email)}`)).json().items[0];
    expect((await org.admin.post(`/api/members/${m.id}/deactivate`)).json().status).toBe('deactivated');
    expect((await member.get('/api/dashboard/users/me')).statusCode).toBe(401);
    const login = await (await client(ctx.app)).post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(
      "Your account has been deactivated. Contact your organization's administrator.",
    );
    await org.admin.post(`/api/members/${m.id}/reactivate`);
    await (await client(ctx.app)).login(email, TEST_PASSWORD);
  });

  it('keeps one active admin and refuses changes to oneself', async () => {
    const solo = await newOrganization(ctx.app, 'Solo Admin Co.');
    const me = (await solo.admin.get('/api/members')).json().items[0];
    const self = await solo.admin.post(`/api/members/${me.id}/deactivate`);
    expect(self.statusCode).toBe(422);
    const { email } = await join(solo.admin, 'admin');
    const second = await (await client(ctx.app)).login(email, TEST_PASSWORD);
    // The second admin may demote the first, but then nobody may demote the second.
    const first = (await second.get(`/api/members?q=${encodeURIComponent(solo.email)}`)).json().items[0];
    expect(
      (await second.patch(`/api/members/${first.id}`, { role: 'operator', version: first.version }))
        .statusCode,
    ).toBe(200);
    const other = (await second.get(`/api/members?q=${encodeURIComponent(email)}`)).json().items[0];
    expect((await second.post(`/api/members/${other.id}/deactivate`)).statusCode).toBe(422);
  });

  it('is admin-only for changes and scoped to the organization', async () => {
    const { member: manager } = await join(org.admin, 'manager');
    await join(org.admin, 'operator');
    const target = (await org.admin.get('/api/members?role=operator')).json().items[0];
    const refused = await manager.post(`/api/members/${target.id}/deactivate`);
    expect(refused.statusCode).toBe(403);
    const other = await newOrganization(ctx.app, 'Nosy Neighbours');
    expect((await other.admin.post(`/api/members/${target.id}/deactivate`)).statusCode).toBe(404);
  });
});
