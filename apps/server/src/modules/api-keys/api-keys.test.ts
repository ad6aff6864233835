import { type Action, can } from '@plastrace/shared';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { authenticate } from '../../plugins/auth.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import { registerPermissions } from '../../plugins/permissions.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
let scaleId: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** A machine's call: the key in x-api-key, no session, no cookie, no CSRF token. */
const asKey = (secret: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'x-api-key': secret },
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });

const issue = async (body: object) => {
  const res = await admin.post('/api/api-keys', body);
  if (res.statusCode !== 201) throw new Error(`issue failed: ${res.body}`);
  return res.json() as { id: string; secret: string; prefix: string };
};

beforeAll(async () => {
  org = await seededOrganization(ctx, 'key');
  admin = org.admin;
  const facilityId = (await admin.get('/api/facilities?limit=1')).json().items[0].id;
  scaleId = (
    await admin.post('/api/devices', {
      code: 'WB-1',
      name: 'Weighbridge',
      kind: 'weighbridge',
      facility_id: facilityId,
      capacity_kg: 60000,
    })
  ).json().id;
});

describe('API keys', () => {
  it('issues a key whose secret is answered once, lists and revokes it, auditing without the secret', async () => {
    const res = await admin.post('/api/api-keys', { name: 'ERP read', scopes: ['read'] });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    expect(key.secret).toMatch(/^ptk_/);
    expect(key).toMatchObject({
      name: 'ERP read',
      scopes: ['read'],
      device: null,
      prefix: key.secret.slice(0, 12),
      created_by: { name: expect.any(String) },
      last_used_at: null,
      revoked_at: null,
    });
    const listed = (await admin.get('/api/api-keys')).json().items;
    const row = listed.find((k: { id: string }) => k.id === key.id);
    expect(row).toEqual({ ...key, secret: undefined });
    expect(JSON.stringify(listed)).not.toContain(key.secret);

    expect((await asKey(key.secret, 'GET', '/api/lots')).statusCode).toBe(200);
    const used = (await admin.get('/api/api-keys')).json().items.find((k: { id: string }) => k.id === key.id);
    expect(used.last_used_at).not.toBeNull();

    const revoked = await admin.post(`/api/api-keys/${key.id}/revoke`);
    expect(revoked.json().revoked_at).not.toBeNull();
    // Refused from the very next request.
    const refused = await asKey(key.secret, 'GET', '/api/lots');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid or revoked API key.');
    expect((await admin.post(`/api/api-keys/${key.id}/revoke`)).json().revoked_at).toBe(
      revoked.json().revoked_at,
    );
    const live = (await admin.get('/api/api-keys?include_revoked=false')).json().items;
    expect(live.map((k: { id: string }) => k.id)).not.toContain(key.id);

    expect(await auditActions(ctx, key.id)).toEqual(['api_key.created', 'api_key.updated']);
    const trail = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, key.id));
    expect(JSON.stringify(trail)).not.toContain(key.secret);
    expect(await activity(admin, 'ERP read')).toEqual([
      `Revoked API key ERP read (${key.prefix}…)`,
      `Issued API key ERP read (${key.prefix}…): read`,
    ]);
  });

  it('binds a key to one of the organization’s live devices, for sending readings only', async () => {
    const bound = await issue({ name: 'Weighbridge', scopes: ['ingest'], device_id: scaleId });
    expect(bound).toMatchObject({ scopes: ['ingest'], device: { id: scaleId, code: 'WB-1' } });
    const reading = await admin.post('/api/api-keys', {
      name: 'x',
      scopes: ['ingest', 'read'],
      device_id: scaleId,
    });
    expect(reading.statusCode).toBe(400);
    expect(reading.json().details.fields).toEqual({
      'body.scopes': 'A key for one device may only send readings: choose the ingest scope alone',
    });
    const none = await admin.post('/api/api-keys', { name: 'x', scopes: [] });
    expect(none.json().details.fields).toEqual({ 'body.scopes': 'Choose at least one scope' });
    const other = (await newOrganization(ctx.app)).admin;
    const foreign = await other.post('/api/api-keys', { name: 'x', scopes: ['ingest'], device_id: scaleId });
    expect(foreign.json().details.fields).toEqual({ 'body.device_id': 'Device not found or archived' });
    await admin.post(`/api/devices/${scaleId}/archive`);
    const archived = await admin.post('/api/api-keys', { name: 'x', scopes: ['ingest'], device_id: scaleId });
    expect(archived.json().details.fields).toEqual({ 'body.device_id': 'Device not found or archived' });
    await admin.post(`/api/devices/${scaleId}/restore`);
  });

  it('lets only administrators manage keys; another organization’s keys are not found', async () => {
    expect((await org.manager.get('/api/api-keys')).statusCode).toBe(403);
    expect((await org.manager.post('/api/api-keys', { name: 'x', scopes: ['read'] })).statusCode).toBe(403);
    const key = await issue({ name: 'Mine', scopes: ['read'] });
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.post(`/api/api-keys/${key.id}/revoke`)).statusCode).toBe(404);
    expect((await other.get('/api/api-keys')).json().items).toEqual([]);
    expect((await asKey(key.secret, 'GET', '/api/lots')).statusCode).toBe(200);
  });

  it('reads as an auditor of its own organization with the read scope, and writes nothing', async () => {
    const key = await issue({ name: 'Reader', scopes: ['read'] });
    // What an auditor of the organization sees, no more and no less.
    for (const url of ['/api/suppliers?limit=200', '/api/lots?limit=200', '/api/devices']) {
      const seen = await asKey(key.secret, 'GET', url);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toEqual((await org.auditor.get(url)).json());
    }
    expect((await asKey(key.secret, 'GET', '/api/suppliers')).json().items.length).toBeGreaterThan(0);
    expect((await asKey(key.secret, 'GET', `/api/devices/${scaleId}`)).json().code).toBe('WB-1');

    const write = await asKey(key.secret, 'POST', '/api/devices', {
      code: 'K',
      name: 'k',
      kind: 'gps_tracker',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(
      'This API key may not manage devices: a key only sends readings or reads what an auditor may.',
    );
    // The account routes need a session and a membership, which a key has not.
    for (const url of ['/api/dashboard/users/me', '/api/sessions'])
      expect((await asKey(key.secret, 'GET', url)).statusCode).toBe(403);
    expect((await asKey(key.secret, 'GET', '/api/api-keys')).statusCode).toBe(403);

    // Another organization's records do not exist for the key.
    const other = await newOrganization(ctx.app);
    const theirs = (
      await other.admin.post('/api/facilities', { code: 'T1', name: 'Theirs', type: 'mrf', city: 'Pasig' })
    ).json();
    expect((await asKey(key.secret, 'GET', `/api/facilities/${theirs.id}`)).statusCode).toBe(404);
    const facilities = (await asKey(key.secret, 'GET', '/api/facilities?limit=200')).json().items;
    expect(facilities.map((f: { id: string }) => f.id)).not.toContain(theirs.id);
  });

  it('refuses reads to an ingest key, and tells a bad key from no session', async () => {
    const key = await issue({ name: 'Sender', scopes: ['ingest'] });
    const read = await asKey(key.secret, 'GET', '/api/lots');
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('This API key may not read data: it was issued without the read scope.');
    const forged = await asKey(`ptk_${'x'.repeat(43)}`, 'GET', '/api/lots');
    expect(forged.json()).toMatchObject({ code: 'unauthorized', message: 'Invalid or revoked API key.' });
    // The web's public client key is not an organization key: without a session it is just anonymous…
    const anonymous = await ctx.app.inject({ url: '/api/lots', headers: { 'x-api-key': 'pk_web_public' } });
    expect(anonymous.json().message).toBe('Sign in to continue.');
    // …and beside a session it changes nothing.
    expect((await org.auditor.get('/api/lots?limit=1', { 'x-api-key': 'pk_web_public' })).statusCode).toBe(
      200,
    );
  });

  it('stops a key at once when its issuer is deactivated, and lists it as such', async () => {
    const members = (await admin.get('/api/members?limit=100')).json().items as {
      id: string;
      role: string;
      version: number;
    }[];
    const manager = members.find((m) => m.role === 'manager');
    if (!manager) throw new Error('the seeded organization has no manager');
    // A second administrator issues the key, so the first may deactivate them.
    const promoted = await admin.patch(`/api/members/${manager.id}`, {
      role: 'admin',
      version: manager.version,
    });
    expect(promoted.statusCode).toBe(200);
    const res = await org.manager.post('/api/api-keys', { name: 'Leaver', scopes: ['read'] });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    expect(key.issuer_deactivated).toBe(false);
    expect((await asKey(key.secret, 'GET', '/api/lots')).statusCode).toBe(200);
    const listed = async () =>
      (await admin.get('/api/api-keys')).json().items.find((k: { id: string }) => k.id === key.id);

    expect((await admin.post(`/api/members/${manager.id}/deactivate`)).statusCode).toBe(200);
    const refused = await asKey(key.secret, 'GET', '/api/lots');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid or revoked API key.');
    expect(await listed()).toMatchObject({ issuer_deactivated: true, revoked_at: null });

    // Back as a member, the key works again: it was never revoked, only its issuer's access was gone.
    const back = await admin.post(`/api/members/${manager.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect((await asKey(key.secret, 'GET', '/api/lots')).statusCode).toBe(200);
    expect((await listed()).issuer_deactivated).toBe(false);
    const demoted = await admin.patch(`/api/members/${manager.id}`, {
      role: 'manager',
      version: back.json().version,
    });
    expect(demoted.statusCode).toBe(200);
  });
});

describe('the permission guard with API keys', () => {
  // A route of its own that only needs readings.ingest, so the ingest rule is tested whatever routes
  // the readings module registers.
  const probe = Fastify();
  beforeAll(async () => {
    registerErrorHandling(probe);
    registerPermissions(probe);
    await probe.register(async (scope) => {
      scope.addHook('onRequest', authenticate(ctx.database.db));
      scope.post('/api/probe', { schema: { 'x-permission': 'readings.ingest' } }, async (req) => ({
        device_id: req.caller?.apiKey?.deviceId ?? null,
        organization_id: req.caller?.organizationId,
      }));
    });
    await probe.ready();
  });
  afterAll(() => probe.close());
  const send = (secret: string) =>
    probe.inject({ method: 'POST', url: '/api/probe', headers: { 'x-api-key': secret }, payload: {} });

  it('lets an ingest key send readings, for its device when bound, and refuses a read key', async () => {
    const bound = await issue({ name: 'WB', scopes: ['ingest'], device_id: scaleId });
    expect((await send(bound.secret)).json()).toEqual({
      device_id: scaleId,
      organization_id: org.organizationId,
    });
    const any = await issue({ name: 'Gateway', scopes: ['ingest', 'read'] });
    expect((await send(any.secret)).json().device_id).toBeNull();
    const reader = await issue({ name: 'ERP', scopes: ['read'] });
    const refused = await send(reader.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This API key may not send readings: it was issued without the ingest scope.',
    );
    await admin.post(`/api/api-keys/${bound.id}/revoke`);
    expect((await send(bound.secret)).statusCode).toBe(401);
  });

  it('walks every operation: a read key calls exactly the GETs an auditor may, an ingest key only ingest', async () => {
    const reader = await issue({ name: 'Walk read', scopes: ['read'] });
    const sender = await issue({ name: 'Walk ingest', scopes: ['ingest'] });
    const doc = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { 'x-permission'?: Action | 'public'; security: Record<string, string[]>[] }>
      >;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, o]) =>
      Object.entries(o).map(([method, op]) => ({
        method: method.toUpperCase() as Method,
        path,
        action: op['x-permission'],
        keyScopes: op.security.find((s) => s.apiKey)?.apiKey ?? [],
      })),
    );
    const id = '00000000-0000-4000-8000-000000000000';
    const mismatches: string[] = [];
    for (const op of ops) {
      if (!op.action || op.action === 'public') continue;
      const url = op.path.replace(/\{(\w+)\}/g, (_, n: string) => (n === 'format' ? 'svg' : id));
      const readable = op.method === 'GET' && op.action !== 'account.self' && can('auditor', op.action);
      // The document tells machines the same: the scope a key needs, where a key may call at all.
      const documented = readable ? ['read'] : op.action === 'readings.ingest' ? ['ingest'] : [];
      if (JSON.stringify(op.keyScopes) !== JSON.stringify(documented))
        mismatches.push(`documented ${op.method} ${op.path}: ${op.keyScopes.join(',') || 'no key'}`);
      for (const [secret, allowed] of [
        [reader.secret, readable],
        [sender.secret, op.action === 'readings.ingest'],
      ] as const) {
        const res = await asKey(secret, op.method, url);
        // The guard's own refusal, not a service's narrower one.
        const refused = res.statusCode === 403 && res.json().message.startsWith('This API key may not');
        if (res.statusCode === 401 || refused === allowed)
          mismatches.push(
            `${secret === reader.secret ? 'read' : 'ingest'} ${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);
});
