import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/time.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
type Item = { id: string; code: string; name: string; accreditation_status: string };

// Days far enough from today's boundaries that the status holds even if midnight passes mid-test.
const fromToday = (n: number) =>
  new Date(Date.parse(`${dayIn(new Date(), 'Asia/Manila')}T00:00:00Z`) + n * 86_400_000)
    .toISOString()
    .slice(0, 10);

beforeAll(async () => {
  org = await seededOrganization(ctx, 'hau');
  admin = org.admin;
  const haulers = [
    ['HAUL-01', 'Northline Trucking', 'EMB-TR-0001', fromToday(400)],
    ['HAUL-02', 'Visayas Cargo Movers', 'EMB-TR-0002', fromToday(10)],
    ['HAUL-03', 'Laguna Freight', 'EMB-TR-0003', fromToday(-40)],
    ['HAUL-04', 'Tondo Hakot Services', null, null],
  ];
  for (const [code, name, accreditation_number, accreditation_valid_until] of haulers)
    await admin.post('/api/haulers', { code, name, accreditation_number, accreditation_valid_until });
});

describe('haulers', () => {
  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/haulers', {
      code: 'haul-09',
      name: 'Bulacan Haulers Inc.',
      contact_name: 'Liza Ramos',
      phone: '+63 917 555 0101',
      accreditation_number: 'EMB-TR-0009',
      accreditation_valid_until: fromToday(200),
    });
    expect(res.statusCode).toBe(201);
    const h = res.json();
    expect(h).toMatchObject({ code: 'HAUL-09', contact_name: 'Liza Ramos', accreditation_status: 'valid' });
    expect((await admin.get(`/api/haulers/${h.id}`)).json()).toEqual(h);
    const lapsed = await admin.patch(`/api/haulers/${h.id}`, {
      accreditation_valid_until: null,
      contact_name: '',
      version: 1,
    });
    expect(lapsed.json()).toMatchObject({
      accreditation_valid_until: null,
      accreditation_status: 'none',
      contact_name: null,
      version: 2,
    });
    const stale = await admin.patch(`/api/haulers/${h.id}`, { name: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this hauler. Reload and try again.');
    await admin.post(`/api/haulers/${h.id}/archive`);
    expect((await admin.get('/api/haulers?q=HAUL-09')).json().items).toEqual([]);
    await admin.post(`/api/haulers/${h.id}/restore`);
    expect(await activity(admin, 'HAUL-09')).toEqual([
      'Restored hauler HAUL-09 (Bulacan Haulers Inc.)',
      'Archived hauler HAUL-09 (Bulacan Haulers Inc.)',
      'Updated hauler HAUL-09 (Bulacan Haulers Inc.): contact_name, accreditation_valid_until, accreditation_status',
      'Created hauler HAUL-09 (Bulacan Haulers Inc.)',
    ]);
    expect(await auditActions(ctx, h.id)).toContain('hauler.created');
  });

  it('says whether the accreditation holds, and filters on it', async () => {
    const status = async (s: string) =>
      (await admin.get(`/api/haulers?accreditation_status=${s}&q=HAUL-0&sort=code`))
        .json()
        .items.map((h: Item) => h.code);
    expect(await status('valid')).toEqual(['HAUL-01']);
    expect(await status('expiring')).toEqual(['HAUL-02']);
    expect(await status('expired')).toEqual(['HAUL-03']);
    expect(await status('none')).toEqual(['HAUL-04', 'HAUL-09']);
    expect((await admin.get('/api/haulers?accreditation_status=lapsed')).statusCode).toBe(400);
  });

  it('checks its fields and refuses a code twice', async () => {
    const bad = await admin.post('/api/haulers', {
      code: 'HAUL 10',
      name: '',
      phone: 'none',
      accreditation_valid_until: '31/12/2026',
    });
    expect(bad.json().details.fields).toEqual({
      'body.code': 'Use letters, digits and - _ . only',
      'body.name': 'Name is required',
      'body.phone': 'Enter a phone number such as 0917 123 4567 or +63 917 123 4567',
      'body.accreditation_valid_until': 'Enter the accreditation’s last valid day as YYYY-MM-DD',
    });
    const dup = await admin.post('/api/haulers', { code: 'haul-01', name: 'x' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A hauler with code HAUL-01 already exists');
  });

  it('searches, sorts and pages in every order, and exports CSV', async () => {
    expect((await admin.get('/api/haulers?q=EMB-TR-0003')).json().items.map((h: Item) => h.code)).toEqual([
      'HAUL-03',
    ]);
    const total = (await admin.get('/api/haulers?limit=200')).json().items.length;
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<Item>(admin, `/api/haulers?limit=2&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(total / 2));
      expect(pages.flat()).toHaveLength(total);
    }
    const csv = (await admin.get('/api/haulers/export.csv?accreditation_status=expired')).body;
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,contact_name,phone,accreditation_number,accreditation_valid_until,accreditation_status,archived_at,created_at',
    );
    expect(lines[1]).toMatch(new RegExp(`^HAUL-03,Laguna Freight,,,EMB-TR-0003,${fromToday(-40)},expired,,`));
    expect(await activity(admin, 'Exported')).toContain('Exported 1 haulers');
  });

  it('hides another organization’s haulers, lets operators read and keeps writes to managers', async () => {
    const mine = (await admin.get('/api/haulers?q=HAUL-01')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get(`/api/haulers/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/haulers/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(404);
    expect((await org.auditor.get(`/api/haulers/${mine.id}`)).statusCode).toBe(200);
    expect((await org.operator.post('/api/haulers', { code: 'OPR', name: 'x' })).statusCode).toBe(403);
    expect((await org.operator.post(`/api/haulers/${mine.id}/archive`)).statusCode).toBe(403);
    expect((await org.supplier.get('/api/haulers')).statusCode).toBe(403);
  });
});
