import { describe, expect, it } from 'vitest';
import { notifications, suppliers } from '../../db/schema/index.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();

describe('organization settings', () => {
  it('admins change name, currency, time zone and licence; the change is logged', async () => {
    const { admin } = await newOrganization(ctx.app);
    const org = (await admin.get('/api/organization')).json();
    expect(org).toMatchObject({ default_currency: 'USD', time_zone: 'Asia/Manila', version: 1 });
    const res = await admin.patch('/api/organization', {
      name: 'Renamed Recyclers',
      default_currency: 'PHP',
      time_zone: 'Asia/Singapore',
      epr_license: 'PRO-77',
      version: 1,
    });
    expect(res.json()).toMatchObject({ name: 'Renamed Recyclers', default_currency: 'PHP', version: 2 });
    const log = (await admin.get('/api/dashboard/user-transactions?type=UPDATE_SETTINGS')).json();
    expect(log.items[0].metadata).toMatchObject({
      settingType: 'organization',
      changes: { default_currency: ['USD', 'PHP'] },
    });
    const stale = await admin.patch('/api/organization', {
      name: 'X',
      default_currency: 'PHP',
      time_zone: 'Asia/Manila',
      epr_license: null,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const badTz = await admin.patch('/api/organization', {
      name: 'X',
      default_currency: 'PHP',
      time_zone: 'Mars/Olympus',
      epr_license: null,
      version: 2,
    });
    expect(badTz.json().details.fields['body.time_zone']).toBe('Unknown time zone');
  });

  it('keeps the GS1 company prefix: digits only, logged, left alone when left out, cleared by null', async () => {
    const { admin } = await newOrganization(ctx.app);
    const base = {
      name: 'GS1 Recyclers',
      default_currency: 'PHP',
      time_zone: 'Asia/Manila',
      epr_license: null,
    };
    expect((await admin.get('/api/organization')).json().gs1_company_prefix).toBeNull();
    for (const wrong of ['12345', '1234567890123', '48008A8']) {
      const res = await admin.patch('/api/organization', { ...base, gs1_company_prefix: wrong, version: 1 });
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json().details.fields['body.gs1_company_prefix']).toBe(
        'A GS1 company prefix has 6 to 12 digits',
      );
    }
    const set = await admin.patch('/api/organization', {
      ...base,
      gs1_company_prefix: ' 4800888 ',
      version: 1,
    });
    expect(set.json()).toMatchObject({ gs1_company_prefix: '4800888', version: 2 });
    const log = (await admin.get('/api/dashboard/user-transactions?type=UPDATE_SETTINGS')).json();
    expect(log.items[0].metadata.changes.gs1_company_prefix).toEqual([null, '4800888']);
    const kept = await admin.patch('/api/organization', { ...base, epr_license: 'PRO-1', version: 2 });
    expect(kept.json()).toMatchObject({ gs1_company_prefix: '4800888', epr_license: 'PRO-1' });
    const cleared = await admin.patch('/api/organization', { ...base, gs1_company_prefix: null, version: 3 });
    expect(cleared.json().gs1_company_prefix).toBeNull();
    const blank = await admin.patch('/api/organization', { ...base, gs1_company_prefix: '', version: 4 });
    expect(blank.json()).toMatchObject({ gs1_company_prefix: null, version: 5 });
  });

  it('refuses a prefix the materials’ GTINs were not allocated under, naming them', async () => {
    const { admin } = await newOrganization(ctx.app);
    const material = { name: 'rPET flake', polymer: 'PET', form: 'flake' };
    for (const [code, gtin] of [
      ['FLK-1', '4800888000361'],
      ['FLK-2', '9501101530003'],
    ]) {
      expect((await admin.post('/api/materials', { ...material, code, gtin })).statusCode).toBe(201);
    }
    const base = {
      name: 'GS1 Recyclers',
      default_currency: 'PHP',
      time_zone: 'Asia/Manila',
      epr_license: null,
    };
    const res = await admin.patch('/api/organization', {
      ...base,
      gs1_company_prefix: '4800888',
      version: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "These materials' GTINs do not carry the GS1 company prefix 4800888: FLK-2 (09501101530003). Change or clear their GTINs first.",
    );
    expect((await admin.get('/api/organization')).json()).toMatchObject({
      gs1_company_prefix: null,
      version: 1,
    });
  });

  it('lets only admins change the prefix; every staff member reads it', async () => {
    const org = await seededOrganization(ctx, 'gs1org');
    const current = (await org.admin.get('/api/organization')).json();
    const body = {
      name: current.name,
      default_currency: current.default_currency,
      time_zone: current.time_zone,
      epr_license: current.epr_license,
      gs1_company_prefix: '4800888',
      version: current.version,
    };
    for (const member of [org.manager, org.operator, org.auditor, org.supplier]) {
      expect((await member.patch('/api/organization', body)).statusCode).toBe(403);
    }
    expect((await org.admin.patch('/api/organization', body)).statusCode).toBe(200);
    for (const member of [org.manager, org.operator, org.auditor]) {
      expect((await member.get('/api/organization')).json().gs1_company_prefix).toBe('4800888');
    }
  });

  it('updates the caller’s profile', async () => {
    const { admin } = await newOrganization(ctx.app);
    const res = await admin.patch('/api/profile', {
      first_name: ' Maria ',
      last_name: 'Clara',
      phone: '+63 917 000 0000',
    });
    expect(res.json()).toMatchObject({ first_name: 'Maria', last_name: 'Clara', phone: '+63 917 000 0000' });
    expect(
      (await admin.patch('/api/profile', { first_name: '', last_name: 'x', phone: null })).statusCode,
    ).toBe(400);
  });
});

describe('the demo organization', () => {
  it('has one member per role, all able to sign in, and the login hint names the admin', async () => {
    await seedDemo(ctx.database.db, { seed: 1, asOf: new Date('2026-11-01') });
    for (const m of DEMO_MEMBERS) {
      const c = await (await client(ctx.app)).login(m.user.email, DEMO_PASSWORD);
      expect((await c.get('/api/dashboard/users/me')).json()).toMatchObject({
        role: m.role,
        organization: { is_demo: true },
      });
    }
    expect((await ctx.app.inject('/api/public/config')).json()).toEqual({
      demo: { email: 'admin@demo.plastrace.ph', password: DEMO_PASSWORD },
    });
    const admin = await (await client(ctx.app)).login('admin@demo.plastrace.ph', DEMO_PASSWORD);
    const summary = (await admin.get('/api/dashboard/summary')).json();
    expect(summary.team).toMatchObject({
      active_members: 5,
      by_role: { admin: 1, manager: 1, operator: 1, auditor: 1, supplier: 1 },
    });
    const supplier = await (await client(ctx.app)).login('supplier@demo.plastrace.ph', DEMO_PASSWORD);
    expect((await supplier.get('/api/dashboard/users/me')).json().supplier_id).not.toBeNull();
    expect((await supplier.get('/api/suppliers/lookup')).statusCode).toBe(403);
    const lookup = (await admin.get('/api/suppliers/lookup?q=payatas')).json();
    expect(lookup.items[0].name).toContain('Payatas');
  });
});

describe('notifications', () => {
  it('tells the inviter when an invitation is accepted, and can be marked read', async () => {
    const { admin, organizationId } = await newOrganization(ctx.app);
    await ctx.database.db
      .insert(suppliers)
      .values({ organizationId, code: 'S1', name: 'Tondo Junkshop', type: 'junkshop' });
    const { hashToken } = await import('../../lib/tokens.ts');
    const { sql } = await import('drizzle-orm');
    await admin.post('/api/invitations', { email: 'new.member@example.ph', role: 'operator' });
    await ctx.database.db.execute(
      sql`UPDATE invitations SET token_hash = ${hashToken('known-token')} WHERE email = 'new.member@example.ph'`,
    );
    await (await client(ctx.app)).post('/api/invitations/accept', {
      token: 'known-token',
      password: 'Malinis-na-dagat-1',
      first_name: 'Nena',
      last_name: 'Lim',
    });
    const list = (await admin.get('/api/notifications')).json();
    expect(list.unread_count).toBe(1);
    expect(list.items[0]).toMatchObject({
      kind: 'invitation_accepted',
      title: 'Invitation accepted',
      read_at: null,
    });
    expect(list.items[0].body).toContain('Nena Lim');
    expect((await admin.post(`/api/notifications/${list.items[0].id}/read`)).json()).toEqual({
      unread_count: 0,
    });
    expect((await admin.get('/api/notifications?unread=true')).json().items).toEqual([]);
  });

  it('marks every one of the caller’s notifications read, and nobody else’s', async () => {
    const a = await newOrganization(ctx.app);
    const b = await newOrganization(ctx.app);
    const userOf = async (c: typeof a.admin) => (await c.get('/api/dashboard/users/me')).json().id as string;
    const note = (o: typeof a, userId: string, title: string) => ({
      organizationId: o.organizationId,
      userId,
      kind: 'security',
      title,
      body: `${title}.`,
    });
    const aUser = await userOf(a.admin);
    const bUser = await userOf(b.admin);
    await ctx.database.db
      .insert(notifications)
      .values([note(a, aUser, 'One'), note(a, aUser, 'Two'), note(b, bUser, 'Theirs')]);
    expect((await a.admin.get('/api/notifications')).json().unread_count).toBe(2);
    expect((await a.admin.post('/api/notifications/read-all')).json()).toEqual({ unread_count: 0 });
    expect((await a.admin.get('/api/notifications?unread=true')).json().items).toEqual([]);
    expect((await b.admin.get('/api/notifications')).json().unread_count).toBe(1);
  });
});
