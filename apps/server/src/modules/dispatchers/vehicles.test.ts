import { VEHICLE_TYPES } from '@plastrace/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { vehicleType } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
const hauler: Record<string, string> = {};
type Item = { id: string; code: string; name: string; hauler: { code: string } | null };

beforeAll(async () => {
  org = await seededOrganization(ctx, 'veh');
  admin = org.admin;
  for (const [code, name] of [
    ['HAUL-01', 'Northline Trucking'],
    ['HAUL-02', 'Visayas Cargo Movers'],
  ] as const)
    hauler[code] = (await admin.post('/api/haulers', { code, name })).json().id;
  const trucks = [
    ['NBC 1234', 'Isuzu Forward wing van', 'wing_van', '10000', hauler['HAUL-01']],
    ['ABC 5678', 'Isuzu Elf closed van', 'closed_van', '4000', null],
    ['NDA 4521', 'Mitsubishi Canter dropside', 'dropside', '2500', hauler['HAUL-02']],
    ['RGX 902', 'Hino tractor trailer', 'tractor_trailer', '25000', hauler['HAUL-01']],
  ] as const;
  for (const [code, name, type, capacity_kg, hauler_id] of trucks)
    await admin.post('/api/vehicles', { code, name, type, capacity_kg, hauler_id });
});

describe('vehicles', () => {
  it('uses the database’s vehicle types', () => {
    expect([...VEHICLE_TYPES]).toEqual(vehicleType.enumValues);
  });

  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/vehicles', {
      code: ' nxe-3310 ',
      name: 'Fuso Fighter dump truck',
      type: 'dump_truck',
      capacity_kg: 8000.5,
      hauler_id: hauler['HAUL-02'],
    });
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({
      code: 'NXE 3310',
      type: 'dump_truck',
      capacity_kg: '8000.500',
      hauler: { id: hauler['HAUL-02'], code: 'HAUL-02', name: 'Visayas Cargo Movers' },
      version: 1,
    });
    expect((await admin.get(`/api/vehicles/${v.id}`)).json()).toEqual(v);
    const own = await admin.patch(`/api/vehicles/${v.id}`, { hauler_id: null, version: 1 });
    expect(own.json()).toMatchObject({ hauler: null, version: 2 });
    const stale = await admin.patch(`/api/vehicles/${v.id}`, { capacity_kg: '9000', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this vehicle. Reload and try again.');
    await admin.post(`/api/vehicles/${v.id}/archive`);
    expect((await admin.get('/api/vehicles?q=NXE')).json().items).toEqual([]);
    await admin.post(`/api/vehicles/${v.id}/restore`);
    expect(await activity(admin, 'NXE 3310')).toEqual([
      'Restored vehicle NXE 3310 (Fuso Fighter dump truck)',
      'Archived vehicle NXE 3310 (Fuso Fighter dump truck)',
      'Updated vehicle NXE 3310 (Fuso Fighter dump truck): hauler',
      'Created vehicle NXE 3310 (Fuso Fighter dump truck)',
    ]);
    expect(await auditActions(ctx, v.id)).toContain('vehicle.created');
  });

  it('checks the plate, the type and a capacity above 0 kg with at most 3 decimals', async () => {
    const bad = await admin.post('/api/vehicles', {
      code: 'NBC/1234',
      name: 'x',
      type: 'bus',
      capacity_kg: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({
      'body.code': 'Enter a plate number such as NBC 1234',
      'body.type': 'Choose a vehicle type',
      'body.capacity_kg': 'Capacity must be greater than 0',
    });
    const figures = async (capacity_kg: unknown) =>
      (await admin.post('/api/vehicles', { code: 'TST 1', name: 'x', type: 'other', capacity_kg })).json()
        .details.fields['body.capacity_kg'];
    expect(await figures(-5)).toBe('Capacity must be greater than 0');
    expect(await figures('1.2345')).toBe('Capacity can have at most 3 decimals');
    expect(await figures('10,000')).toMatch(/^Capacity: /);
    expect(await figures('100000000000')).toBe('Capacity must be below 100,000,000,000');
    const missing = await admin.post('/api/vehicles', { name: 'x', type: 'other' });
    expect(missing.json().details.fields).toMatchObject({ 'body.code': 'Plate number is required' });
  });

  it('refuses a plate already on file, however it is written, and points at an archived one', async () => {
    const twice = await admin.post('/api/vehicles', {
      code: 'nbc-1234',
      name: 'Again',
      type: 'wing_van',
      capacity_kg: '10000',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      message: 'A vehicle with plate number NBC 1234 is already registered',
      details: { fields: { 'body.code': 'A vehicle with plate number NBC 1234 is already registered' } },
    });
    const old = (
      await admin.post('/api/vehicles', { code: 'OLD 111', name: 'Old', type: 'pickup', capacity_kg: 800 })
    ).json();
    await admin.post(`/api/vehicles/${old.id}/archive`);
    const again = await admin.post('/api/vehicles', {
      code: 'OLD  111',
      name: 'x',
      type: 'pickup',
      capacity_kg: 1,
    });
    expect(again.json().message).toBe(
      'A vehicle with plate number OLD 111 is already registered (archived: restore it instead)',
    );
    const mine = (await admin.get('/api/vehicles?q=ABC%205678')).json().items[0];
    const renamed = await admin.patch(`/api/vehicles/${mine.id}`, {
      code: 'NBC 1234',
      version: mine.version,
    });
    expect(renamed.statusCode).toBe(409);
    const same = await admin.patch(`/api/vehicles/${mine.id}`, { code: 'ABC-5678', version: mine.version });
    expect(same.statusCode).toBe(200);
  });

  it('takes only an active hauler of the organization, and keeps an archived one it already had', async () => {
    const truck = { code: 'HLR 100', name: 'x', type: 'closed_van', capacity_kg: 3000 };
    const theirs = (
      await (await newOrganization(ctx.app)).admin.post('/api/haulers', { code: 'H1', name: 'Theirs' })
    ).json();
    const foreign = await admin.post('/api/vehicles', { ...truck, hauler_id: theirs.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.fields).toEqual({ 'body.hauler_id': 'Hauler not found or archived' });

    const gone = (await admin.post('/api/haulers', { code: 'HAUL-OLD', name: 'Closed down' })).json();
    const kept = (await admin.post('/api/vehicles', { ...truck, hauler_id: gone.id })).json();
    await admin.post(`/api/haulers/${gone.id}/archive`);
    const archived = await admin.post('/api/vehicles', { ...truck, code: 'HLR 101', hauler_id: gone.id });
    expect(archived.json().details.fields).toEqual({ 'body.hauler_id': 'Hauler not found or archived' });
    const renamed = await admin.patch(`/api/vehicles/${kept.id}`, {
      name: 'Renamed',
      hauler_id: gone.id,
      version: kept.version,
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', hauler: { code: 'HAUL-OLD' } });
    const moved = await admin.patch(`/api/vehicles/${kept.id}`, { hauler_id: theirs.id, version: 2 });
    expect(moved.statusCode).toBe(400);
  });

  it('filters by type and hauler, searches the hauler’s name and pages in every order', async () => {
    const byHauler = (await admin.get(`/api/vehicles?hauler_id=${hauler['HAUL-01']}&sort=code`)).json().items;
    expect(byHauler.map((v: Item) => v.code)).toEqual(['NBC 1234', 'RGX 902']);
    const vans = (await admin.get('/api/vehicles?type=wing_van')).json().items;
    expect(vans.map((v: Item) => v.code)).toEqual(['NBC 1234']);
    const visayas = (await admin.get('/api/vehicles?q=visayas')).json().items;
    expect(visayas.map((v: Item) => v.code)).toContain('NDA 4521');
    const total = (await admin.get('/api/vehicles?limit=200')).json().items.length;
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<Item>(admin, `/api/vehicles?limit=2&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(total / 2));
      expect(pages.flat()).toHaveLength(total);
    }
  });

  it('exports CSV and logs the export', async () => {
    const res = await admin.get(`/api/vehicles/export.csv?hauler_id=${hauler['HAUL-01']}&sort=-code`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'plate_number,name,type,capacity_kg,hauler_code,hauler_name,archived_at,created_at',
    );
    expect(lines[1]).toMatch(
      /^RGX 902,Hino tractor trailer,tractor_trailer,25000.000,HAUL-01,Northline Trucking,,/,
    );
    expect(lines).toHaveLength(3);
    expect(await activity(admin, 'Exported')).toContain('Exported 2 vehicles');
  });

  it('hides another organization’s vehicles, lets operators read and keeps writes to managers', async () => {
    const mine = (await admin.get('/api/vehicles?q=NBC%201234')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get(`/api/vehicles/${mine.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/vehicles/${mine.id}/restore`)).statusCode).toBe(404);
    expect((await org.operator.get('/api/vehicles')).statusCode).toBe(200);
    const truck = { code: 'OPR 1', name: 'x', type: 'pickup', capacity_kg: 500 };
    expect((await org.operator.post('/api/vehicles', truck)).statusCode).toBe(403);
    expect((await org.operator.patch(`/api/vehicles/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(
      403,
    );
    expect((await org.auditor.post(`/api/vehicles/${mine.id}/archive`)).statusCode).toBe(403);
    expect((await org.supplier.get('/api/vehicles')).statusCode).toBe(403);
  });
});
