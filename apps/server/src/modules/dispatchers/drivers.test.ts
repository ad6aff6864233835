import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/time.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
type Item = { id: string; code: string; name: string; licence_status: string };

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Valid for years whenever the test runs. */
const FAR = plusDays(dayIn(new Date(), 'Asia/Manila'), 1000);

/**
 * Reads with the zone's today, again when midnight passed during the read, so the day the test expects
 * is the day the server computed with, whatever the hour the test runs at.
 */
async function onOneDay<T>(zone: string, read: (today: string, attempt: number) => Promise<T>) {
  for (let attempt = 0; ; attempt++) {
    const today = dayIn(new Date(), zone);
    const result = await read(today, attempt);
    if (dayIn(new Date(), zone) === today) return { today, result };
  }
}

beforeAll(async () => {
  org = await seededOrganization(ctx, 'drv');
  admin = org.admin;
  const drivers = [
    ['DRV-002', 'Ramon Bautista', 'N02-15-223344'],
    ['DRV-003', 'Carlo Mendoza', 'N03-18-334455'],
    ['DRV-004', 'Arnel Villanueva', 'D04-20-445566'],
    ['DRV-005', 'Jun Pascual', 'N05-12-556677'],
  ];
  for (const [code, name, licence_number] of drivers)
    await admin.post('/api/drivers', { code, name, licence_number, licence_expires_on: FAR });
});

describe('drivers', () => {
  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/drivers', {
      code: 'drv-001',
      name: 'Juan dela Cruz',
      phone: '0917 123 4567',
      licence_number: 'n01-12-123456',
      licence_expires_on: FAR,
    });
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({
      code: 'DRV-001',
      phone: '0917 123 4567',
      licence_number: 'N01-12-123456',
      licence_expires_on: FAR,
      licence_status: 'valid',
      archived_at: null,
      version: 1,
    });
    expect((await admin.get(`/api/drivers/${d.id}`)).json()).toEqual(d);
    const renewal = plusDays(FAR, 365);
    const renewed = await admin.patch(`/api/drivers/${d.id}`, { licence_expires_on: renewal, version: 1 });
    expect(renewed.json()).toMatchObject({ licence_expires_on: renewal, version: 2 });
    const stale = await admin.patch(`/api/drivers/${d.id}`, { name: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this driver. Reload and try again.');
    expect((await admin.post(`/api/drivers/${d.id}/archive`)).json().archived_at).not.toBeNull();
    expect((await admin.get('/api/drivers?q=DRV-001')).json().items).toEqual([]);
    expect((await admin.get('/api/drivers?q=DRV-001&include_archived=true')).json().items).toHaveLength(1);
    expect((await admin.post(`/api/drivers/${d.id}/restore`)).json().archived_at).toBeNull();
    expect(await activity(admin, 'DRV-001')).toEqual([
      'Restored driver DRV-001 (Juan dela Cruz)',
      'Archived driver DRV-001 (Juan dela Cruz)',
      'Updated driver DRV-001 (Juan dela Cruz): licence_expires_on',
      'Created driver DRV-001 (Juan dela Cruz)',
    ]);
    expect(await auditActions(ctx, d.id)).toContain('driver.created');
  });

  it('requires the licence number and its expiry, and refuses a code twice', async () => {
    const blank = await admin.post('/api/drivers', {
      code: 'DRV-009',
      name: 'x',
      licence_number: ' ',
      licence_expires_on: '',
      phone: 'call me',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fields).toEqual({
      'body.licence_number': 'Licence number is required',
      'body.licence_expires_on': 'Enter the licence expiry date as YYYY-MM-DD',
      'body.phone': 'Enter a phone number such as 0917 123 4567 or +63 917 123 4567',
    });
    const missing = await admin.post('/api/drivers', { code: 'DRV-009', name: 'x' });
    expect(Object.keys(missing.json().details.fields)).toEqual([
      'body.licence_number',
      'body.licence_expires_on',
    ]);
    const impossible = await admin.post('/api/drivers', {
      code: 'DRV-009',
      name: 'x',
      licence_number: 'N09-26-000001',
      licence_expires_on: '1899-12-31',
    });
    expect(impossible.json().details.fields).toEqual({
      'body.licence_expires_on': 'Enter a real date between 1900-01-01 and 9999-12-31',
    });
    const dup = await admin.post('/api/drivers', {
      code: 'DRV-002',
      name: 'x',
      licence_number: 'N09-26-000001',
      licence_expires_on: FAR,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details.fields).toEqual({ 'body.code': 'A driver with code DRV-002 already exists' });
  });

  it('says expired from the day after the last valid day and expiring within 30 days', async () => {
    const { today, result } = await onOneDay('Asia/Manila', async (day, attempt) => {
      const statuses: Record<string, string> = {};
      for (const n of [-1, 0, 30, 31]) {
        const created = await admin.post('/api/drivers', {
          code: `EXP${attempt}${n < 0 ? 'M' : 'P'}${Math.abs(n)}`,
          name: `Boundary ${n}`,
          licence_number: `T${attempt}-${n + 1}`,
          licence_expires_on: plusDays(day, n),
        });
        statuses[n] = created.json().licence_status;
      }
      const filtered = async (status: string) =>
        (await admin.get(`/api/drivers?licence_status=${status}&q=EXP${attempt}&sort=code`))
          .json()
          .items.map((i: Item) => i.name);
      return {
        statuses,
        expired: await filtered('expired'),
        expiring: await filtered('expiring'),
        valid: await filtered('valid'),
      };
    });
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.statuses).toEqual({ '-1': 'expired', '0': 'expiring', '30': 'expiring', '31': 'valid' });
    expect(result.expired).toEqual(['Boundary -1']);
    expect(result.expiring).toEqual(['Boundary 0', 'Boundary 30']);
    expect(result.valid).toEqual(['Boundary 31']);
  });

  it('counts the days in the organization’s time zone, not the server’s', async () => {
    // Kiritimati (UTC+14) is always at least a day ahead of UTC−12: a licence whose last day is today
    // at UTC−12 has already expired there.
    const ahead = (await newOrganization(ctx.app)).admin;
    const behind = (await newOrganization(ctx.app)).admin;
    for (const [c, time_zone] of [
      [ahead, 'Pacific/Kiritimati'],
      [behind, 'Etc/GMT+12'],
    ] as const) {
      const { name, default_currency, epr_license, version } = (await c.get('/api/organization')).json();
      const zoned = await c.patch('/api/organization', {
        name,
        default_currency,
        epr_license,
        version,
        time_zone,
      });
      expect(zoned.statusCode).toBe(200);
    }
    const { result } = await onOneDay('Etc/GMT+12', async (day, attempt) => {
      const body = { code: `Z${attempt}`, name: 'Zoned', licence_number: 'Z-1', licence_expires_on: day };
      return {
        ahead: (await ahead.post('/api/drivers', body)).json().licence_status,
        behind: (await behind.post('/api/drivers', body)).json().licence_status,
      };
    });
    expect(result).toEqual({ ahead: 'expired', behind: 'expiring' });
  });

  it('searches, sorts and pages in every order', async () => {
    expect((await admin.get('/api/drivers?q=bautista')).json().items.map((d: Item) => d.code)).toEqual([
      'DRV-002',
    ]);
    expect((await admin.get('/api/drivers?q=D04-20')).json().items.map((d: Item) => d.code)).toEqual([
      'DRV-004',
    ]);
    const byCode = (await admin.get('/api/drivers?q=DRV-00&sort=-code')).json().items;
    expect(byCode.map((d: Item) => d.code)).toEqual(['DRV-005', 'DRV-004', 'DRV-003', 'DRV-002', 'DRV-001']);
    const total = (await admin.get('/api/drivers?limit=200')).json().items.length;
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<Item>(admin, `/api/drivers?limit=2&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(total / 2));
      expect(pages.flat()).toHaveLength(total);
    }
  });

  it('exports CSV with the licence status and logs the export', async () => {
    const res = await admin.get('/api/drivers/export.csv?q=DRV-00&sort=code');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,phone,licence_number,licence_expires_on,licence_status,archived_at,created_at',
    );
    expect(lines[2]).toMatch(new RegExp(`^DRV-002,Ramon Bautista,,N02-15-223344,${FAR},valid,,`));
    expect(await activity(admin, 'Exported')).toContain('Exported 5 drivers');
  });

  it('hides another organization’s drivers, lets operators read and keeps writes to managers', async () => {
    const mine = (await admin.get('/api/drivers?q=DRV-002')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get(`/api/drivers/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/drivers/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(404);
    expect((await other.post(`/api/drivers/${mine.id}/archive`)).statusCode).toBe(404);
    expect((await other.get('/api/drivers?q=DRV-002')).json().items).toEqual([]);
    expect((await org.operator.get(`/api/drivers/${mine.id}`)).statusCode).toBe(200);
    const body = { code: 'DRV-099', name: 'x', licence_number: 'X-1', licence_expires_on: FAR };
    expect((await org.operator.post('/api/drivers', body)).statusCode).toBe(403);
    expect((await org.operator.patch(`/api/drivers/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(
      403,
    );
    expect((await org.operator.post(`/api/drivers/${mine.id}/archive`)).statusCode).toBe(403);
    expect((await org.manager.post('/api/drivers', body)).statusCode).toBe(201);
    expect((await org.supplier.get('/api/drivers')).statusCode).toBe(403);
  });
});
