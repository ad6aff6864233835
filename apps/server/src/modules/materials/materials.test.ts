import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';
import { getActiveMaterial } from './materials.repo.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
type Item = { id: string; code: string; name: string; polymer: string };

beforeAll(async () => {
  org = await seededOrganization(ctx, 'mat');
  admin = org.admin;
});

const material = (extra: Record<string, unknown> = {}) => ({
  code: 'pet-clr-b',
  name: 'PET clear bottles, grade B',
  polymer: 'PET',
  form: 'bottles',
  grade: 'B',
  resin_code: 1,
  type_code: 'PET_BOTTLES_CLEAR',
  ...extra,
});

describe('materials', () => {
  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/materials', material());
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({ code: 'PET-CLR-B', grade: 'B', resin_code: 1, type_code: 'PET_BOTTLES_CLEAR' });
    const plain = (
      await admin.post('/api/materials', { code: 'MIX', name: 'Mixed', polymer: 'OTHER', form: 'mixed' })
    ).json();
    expect(plain).toMatchObject({ grade: 'A', resin_code: null, type_code: null });

    const changed = await admin.patch(`/api/materials/${m.id}`, { grade: 'C', resin_code: null, version: 1 });
    expect(changed.json()).toMatchObject({ grade: 'C', resin_code: null, version: 2 });
    expect((await admin.patch(`/api/materials/${m.id}`, { grade: 'D', version: 1 })).json().message).toBe(
      'Someone else changed this material. Reload and try again.',
    );
    await admin.post(`/api/materials/${m.id}/archive`);
    expect(await getActiveMaterial(ctx.database.db, org.organizationId, m.id)).toBeUndefined();
    expect((await admin.get('/api/materials?q=PET-CLR-B')).json().items).toEqual([]);
    await admin.post(`/api/materials/${m.id}/restore`);
    expect((await getActiveMaterial(ctx.database.db, org.organizationId, m.id))?.code).toBe('PET-CLR-B');
    expect(await activity(admin, 'PET-CLR-B')).toEqual([
      'Restored material PET-CLR-B (PET clear bottles, grade B)',
      'Archived material PET-CLR-B (PET clear bottles, grade B)',
      'Updated material PET-CLR-B (PET clear bottles, grade B): grade, resin_code',
      'Created material PET-CLR-B (PET clear bottles, grade B)',
    ]);
    expect(await auditActions(ctx, m.id)).toHaveLength(4);
  });

  it('refuses a duplicate code and explains invalid fields', async () => {
    const dup = await admin.post('/api/materials', material({ code: 'PET_BOTTLES_CLEAR' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A material with code PET_BOTTLES_CLEAR already exists');
    const bad = await admin.post(
      '/api/materials',
      material({ code: 'M2', polymer: 'PLA', form: 'sheet', resin_code: 8 }),
    );
    expect(bad.json().details.fields).toEqual({
      'body.polymer': 'Choose a polymer: PET, HDPE, PVC, LDPE, PP, PS, OTHER',
      'body.form': 'Choose a form: bottles, film, rigid, mixed, bale, flake, pellet, regrind',
      'body.resin_code': 'Resin code must be from 1 to 7',
    });
    const unknown = await admin.post('/api/materials', material({ code: 'M3', type_code: 'UNOBTAINIUM' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields).toEqual({ 'body.type_code': 'Unknown material type: UNOBTAINIUM' });
  });

  it('searches, filters, sorts and pages without repeats', async () => {
    const hdpe = (await admin.get('/api/materials?polymer=HDPE&sort=code')).json().items;
    expect(hdpe.map((m: Item) => m.code)).toEqual(['HDPE_COLOURED', 'HDPE_NATURAL', 'HDPE_REGRIND']);
    const film = (await admin.get('/api/materials?form=film&sort=code')).json().items;
    expect(film.map((m: Item) => m.code)).toEqual(['LDPE_FILM', 'PP_WOVEN']);
    const graded = await admin.post('/api/materials', material({ code: 'PET-GRADE-Q', grade: 'Q' }));
    expect(graded.statusCode, graded.body).toBe(201);
    expect((await admin.get('/api/materials?grade=q')).json().items.map((m: Item) => m.code)).toEqual([
      'PET-GRADE-Q',
    ]);
    expect((await admin.get('/api/materials?q=woven')).json().items[0].code).toBe('PP_WOVEN');
    const total = (await admin.get('/api/materials?limit=200')).json().items.length;
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<Item>(admin, `/api/materials?limit=3&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(total / 3));
      expect(pages.flat()).toHaveLength(total);
    }
  });

  it('exports CSV and logs the export', async () => {
    const res = await admin.get('/api/materials/export.csv?polymer=PP&sort=code');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,polymer,form,grade,resin_code,type_code,is_virgin,gtin,archived_at,created_at',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['PP_PELLET', 'PP_RIGID', 'PP_WOVEN']);
    expect(await activity(admin, 'Exported')).toContain('Exported 3 materials');
  });

  it('hides another organization’s materials', async () => {
    const mine = (await admin.get('/api/materials?q=PP_RIGID')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/materials')).json().items).toEqual([]);
    expect((await other.get(`/api/materials/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/materials/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(404);
    expect((await other.post(`/api/materials/${mine.id}/restore`)).statusCode).toBe(404);
  });

  it('lets operators and auditors read, only admins and managers write, and suppliers nothing', async () => {
    const mine = (await admin.get('/api/materials?q=PP_RIGID')).json().items[0];
    expect((await org.supplier.get('/api/materials')).statusCode).toBe(403);
    expect((await org.supplier.get(`/api/materials/${mine.id}`)).statusCode).toBe(403);
    for (const reader of [org.operator, org.auditor]) {
      expect((await reader.get('/api/materials')).json().items.length).toBeGreaterThan(10);
      expect((await reader.get(`/api/materials/${mine.id}`)).statusCode).toBe(200);
      const denied = await reader.post('/api/materials', material({ code: 'NOPE' }));
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('forbidden');
      expect((await reader.post(`/api/materials/${mine.id}/archive`)).statusCode).toBe(403);
    }
  });
});

describe('material GTINs', () => {
  const flake = (code: string, gtin?: string | null) => ({
    code,
    name: `rPET flake ${code}`,
    polymer: 'PET',
    form: 'flake',
    ...(gtin === undefined ? {} : { gtin }),
  });
  const setPrefix = async (c: TestClient, prefix: string | null) => {
    const o = (await c.get('/api/organization')).json();
    const res = await c.patch('/api/organization', { ...o, gs1_company_prefix: prefix });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('keeps a valid GTIN as GTIN-14, lists, exports and clears it, and refuses a wrong check digit', async () => {
    const { admin: own } = await newOrganization(ctx.app);
    const res = await own.post('/api/materials', flake('FLK-A', '4800888000361'));
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    expect(m.gtin).toBe('04800888000361');
    expect((await own.get(`/api/materials/${m.id}`)).json().gtin).toBe('04800888000361');
    expect((await own.get('/api/materials?q=FLK-A')).json().items[0].gtin).toBe('04800888000361');
    const csv = (await own.get('/api/materials/export.csv')).body.trim().split('\r\n');
    expect(csv[1]?.split(',')[8]).toBe('04800888000361');

    const wrong = await own.post('/api/materials', flake('FLK-B', '4800888000362'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields['body.gtin']).toBe('The check digit is wrong: it should be 1');
    const short = await own.patch(`/api/materials/${m.id}`, { gtin: '12345', version: 1 });
    expect(short.json().details.fields['body.gtin']).toBe('A GTIN has 8, 12, 13 or 14 digits');

    const unchanged = await own.patch(`/api/materials/${m.id}`, { name: 'Renamed flake', version: 1 });
    expect(unchanged.json()).toMatchObject({ gtin: '04800888000361', version: 2 });
    const cleared = await own.patch(`/api/materials/${m.id}`, { gtin: null, version: 2 });
    expect(cleared.json()).toMatchObject({ gtin: null, version: 3 });
    expect(await activity(own, 'FLK-A')).toContain('Updated material FLK-A (Renamed flake): gtin');
    // Cleared, the GTIN is free for another material.
    expect((await own.post('/api/materials', flake('FLK-C', '04800888000361'))).statusCode).toBe(201);
  });

  it('refuses a GTIN another material of the organization has, naming it; other organizations may', async () => {
    const { admin: own } = await newOrganization(ctx.app);
    const first = (await own.post('/api/materials', flake('FLK-1', '9501101530003'))).json();
    const dup = await own.post('/api/materials', flake('FLK-2', '09501101530003'));
    expect(dup.statusCode).toBe(409);
    const message = 'GTIN 09501101530003 is already the GTIN of material FLK-1 (rPET flake FLK-1)';
    expect(dup.json()).toMatchObject({
      code: 'conflict',
      message,
      details: { fields: { 'body.gtin': message } },
    });
    const second = (await own.post('/api/materials', flake('FLK-2'))).json();
    const moved = await own.patch(`/api/materials/${second.id}`, { gtin: '9501101530003', version: 1 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(message);
    // Saving a material with its own GTIN is no conflict.
    const same = await own.patch(`/api/materials/${first.id}`, { gtin: '9501101530003', version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    const { admin: stranger } = await newOrganization(ctx.app);
    expect((await stranger.post('/api/materials', flake('FLK-1', '9501101530003'))).statusCode).toBe(201);
  });

  it('answers two materials given one GTIN at once with one created and one conflict naming the other', async () => {
    const { admin: own } = await newOrganization(ctx.app);
    // Whichever path refuses the second (the check, or the unique index when both checked first), it says the same.
    const both = await Promise.all([
      own.post('/api/materials', flake('RACE-1', '4800888000361')),
      own.post('/api/materials', flake('RACE-2', '4800888000361')),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = both.find((r) => r.statusCode === 201)?.json();
    expect(both.find((r) => r.statusCode === 409)?.json().message).toBe(
      `GTIN 04800888000361 is already the GTIN of material ${winner.code} (${winner.name})`,
    );
  });

  it('requires the organization’s GS1 company prefix once it has one', async () => {
    const { admin: own } = await newOrganization(ctx.app);
    const before = (await own.post('/api/materials', flake('OLD', '9501101530003'))).json();
    await own.patch(`/api/materials/${before.id}`, { gtin: null, version: 1 });
    await setPrefix(own, '4800888');
    const foreign = await own.post('/api/materials', flake('FLK-X', '9501101530003'));
    expect(foreign.statusCode).toBe(422);
    const message =
      'GTIN 09501101530003 does not carry your GS1 company prefix 4800888: after its first digit it must start with 4800888';
    expect(foreign.json()).toMatchObject({ message, details: { fields: { 'body.gtin': message } } });
    const ours = await own.post('/api/materials', flake('FLK-Y', '4800888123459'));
    expect(ours.json().gtin).toBe('04800888123459');
    // A GTIN-14 with another indicator digit still carries the prefix after it.
    const cased = await own.post('/api/materials', flake('FLK-Z', '14800888123456'));
    expect(cased.statusCode, cased.body).toBe(201);
    expect(
      (await own.patch(`/api/materials/${before.id}`, { gtin: '9501101530003', version: 2 })).statusCode,
    ).toBe(422);
    await setPrefix(own, null);
    expect(
      (await own.patch(`/api/materials/${before.id}`, { gtin: '9501101530003', version: 2 })).statusCode,
    ).toBe(200);
  });

  it('lets managers set a GTIN, and not operators or auditors', async () => {
    const mine = (await org.manager.post('/api/materials', flake('FLK-MGR', '4800888000361'))).json();
    expect(mine.gtin).toBe('04800888000361');
    for (const reader of [org.operator, org.auditor]) {
      expect((await reader.patch(`/api/materials/${mine.id}`, { gtin: null, version: 1 })).statusCode).toBe(
        403,
      );
      expect((await reader.get(`/api/materials/${mine.id}`)).json().gtin).toBe('04800888000361');
    }
  });
});
