import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceReadings, devices } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';
import { calibrationState } from './devices.calibration.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
const facility: Record<string, string> = {};
let lineId: string;
let lineFacilityId: string;
let vehicleId: string;
type Device = { id: string; code: string; status: string; version: number };

/** The organization's today, as the server decides calibration states. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const scale = (code: string, extra: Record<string, unknown> = {}) =>
  admin.post('/api/devices', {
    code,
    name: `Scale ${code}`,
    kind: 'platform_scale',
    facility_id: facility.MNL1,
    capacity_kg: 600,
    ...extra,
  });

/** A reading as the ingest would store it, and the device row it would touch. */
async function reading(deviceId: string, seq: number, at: Date, value: number, seenAt = at) {
  const db = ctx.database.db;
  const [device] = await db.select().from(devices).where(eq(devices.id, deviceId));
  if (!device) throw new Error('no device');
  await db.insert(deviceReadings).values({
    organizationId: device.organizationId,
    deviceId,
    seq,
    recordedAt: at,
    kind: 'weight',
    value,
    unit: 'kg',
    stable: true,
  });
  await db
    .update(devices)
    .set({ lastSeenAt: seenAt, lastReadingAt: sql`greatest(${devices.lastReadingAt}, ${at})` })
    .where(eq(devices.id, deviceId));
}

beforeAll(async () => {
  org = await seededOrganization(ctx, 'dev');
  admin = org.admin;
  for (const f of (await admin.get('/api/facilities')).json().items) facility[f.code] = f.id;
  const line = await admin.post('/api/production-lines', {
    code: 'MNL1-WASH',
    name: 'Wash line',
    facility_id: facility.MNL1,
  });
  lineId = line.json().id;
  lineFacilityId = facility.MNL1 as string;
  const truck = { code: 'NBC 1234', name: 'Wing van', type: 'closed_van', capacity_kg: '10000' };
  vehicleId = (await admin.post('/api/vehicles', truck)).json().id;
});

describe('calibrationState', () => {
  it('is never, overdue, due soon (30 days, the due day included) or valid', () => {
    expect(calibrationState(null, '2026-11-01')).toBe('never');
    expect(calibrationState('2026-10-31', '2026-11-01')).toBe('overdue');
    expect(calibrationState('2026-11-01', '2026-11-01')).toBe('due_soon');
    expect(calibrationState('2026-12-01', '2026-11-01')).toBe('due_soon');
    expect(calibrationState('2026-12-02', '2026-11-01')).toBe('valid');
  });
});

describe('devices', () => {
  it('registers each kind where it belongs, changes and archives it, logging every change', async () => {
    const res = await scale('wb-01', { kind: 'weighbridge', capacity_kg: '60000', serial_no: 'MT-7781' });
    expect(res.statusCode).toBe(201);
    const wb = res.json();
    expect(wb).toMatchObject({
      code: 'WB-01',
      kind: 'weighbridge',
      facility: { id: facility.MNL1, code: 'MNL1' },
      production_line: null,
      vehicle: null,
      capacity_kg: '60000.000',
      offline_after_minutes: 15,
      status: 'never',
      last_seen_at: null,
      last_reading: null,
      calibration: { state: 'never', last: null },
      version: 1,
    });
    const meter = await admin.post('/api/devices', {
      code: 'EM-01',
      name: 'Wash line meter',
      kind: 'energy_meter',
      production_line_id: lineId,
    });
    expect(meter.statusCode).toBe(201);
    expect(meter.json()).toMatchObject({
      production_line: { id: lineId },
      facility: { id: lineFacilityId },
      calibration: null,
    });
    const gps = await admin.post('/api/devices', {
      code: 'GPS-01',
      name: 'Truck tracker',
      kind: 'gps_tracker',
      vehicle_id: vehicleId,
      offline_after_minutes: 60,
    });
    expect(gps.json()).toMatchObject({
      vehicle: { id: vehicleId },
      facility: null,
      offline_after_minutes: 60,
    });
    const env = await admin.post('/api/devices', {
      code: 'ENV-01',
      name: 'Yard sensor',
      kind: 'environment_sensor',
      facility_id: facility.CEB1,
    });
    expect(env.json()).toMatchObject({ facility: { id: facility.CEB1 }, kind: 'environment_sensor' });

    const moved = await admin.patch(`/api/devices/${wb.id}`, { facility_id: facility.CEB1, version: 1 });
    expect(moved.json()).toMatchObject({ facility: { code: 'CEB1' }, version: 2 });
    const stale = await admin.patch(`/api/devices/${wb.id}`, { name: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this device. Reload and try again.');
    // The meter's facility follows its line; a patch that leaves the line out keeps both.
    const renamed = await admin.patch(`/api/devices/${meter.json().id}`, { name: 'Meter A', version: 1 });
    expect(renamed.json()).toMatchObject({ name: 'Meter A', facility: { id: lineFacilityId } });

    await admin.post(`/api/devices/${wb.id}/archive`);
    expect((await admin.get('/api/devices?q=WB-01')).json().items).toEqual([]);
    expect((await admin.get('/api/devices?q=WB-01&include_archived=true')).json().items).toHaveLength(1);
    await admin.post(`/api/devices/${wb.id}/restore`);
    expect(await activity(admin, 'WB-01')).toEqual([
      'Restored device WB-01 (Scale wb-01)',
      'Archived device WB-01 (Scale wb-01)',
      'Updated device WB-01 (Scale wb-01): facility',
      'Created device WB-01 (Scale wb-01)',
    ]);
    expect(await auditActions(ctx, wb.id)).toContain('device.created');
  });

  it('names the field each kind needs, refuses fields it does not use and foreign references', async () => {
    const empty = await admin.post('/api/devices', { code: 'X1', name: 'x', kind: 'weighbridge' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields).toEqual({
      'body.facility_id': 'A weighbridge needs the facility where it stands',
      'body.capacity_kg': 'A weighbridge needs its capacity in kg',
    });
    const meter = await admin.post('/api/devices', {
      code: 'X1',
      name: 'x',
      kind: 'energy_meter',
      facility_id: facility.MNL1,
      vehicle_id: vehicleId,
      capacity_kg: 5,
    });
    expect(meter.json().details.fields).toEqual({
      'body.facility_id': 'An energy meter’s facility is its production line’s: leave the facility empty',
      'body.production_line_id': 'An energy meter needs the production line it meters',
      'body.vehicle_id': 'Only a GPS tracker is on a vehicle',
      'body.capacity_kg': 'Only a scale has a capacity',
    });
    const tracker = await admin.post('/api/devices', { code: 'X1', name: 'x', kind: 'gps_tracker' });
    expect(tracker.json().details.fields).toEqual({
      'body.vehicle_id': 'A GPS tracker needs the vehicle it is on',
    });
    const sensor = await admin.post('/api/devices', {
      code: 'X1',
      name: 'x',
      kind: 'environment_sensor',
      production_line_id: lineId,
    });
    expect(sensor.json().details.fields).toEqual({
      'body.facility_id': 'An environment sensor needs the facility where it stands',
      'body.production_line_id': 'Only an energy meter is on a production line',
    });
    const bad = await scale('X1', { capacity_kg: -1, offline_after_minutes: 0, kind: 'toaster' });
    expect(Object.keys(bad.json().details.fields).sort()).toEqual([
      'body.capacity_kg',
      'body.kind',
      'body.offline_after_minutes',
    ]);

    await scale('DUP-1');
    const dup = await scale('dup-1');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A device with code DUP-1 already exists');

    const other = (await newOrganization(ctx.app)).admin;
    const theirs = (
      await other.post('/api/facilities', { code: 'X1', name: 'Theirs', type: 'mrf', city: 'Pasig' })
    ).json();
    const foreign = await scale('X2', { facility_id: theirs.id });
    expect(foreign.json().details.fields).toEqual({ 'body.facility_id': 'Facility not found or archived' });
    const foreignLine = await admin.post('/api/devices', {
      code: 'X2',
      name: 'x',
      kind: 'energy_meter',
      production_line_id: theirs.id,
    });
    expect(foreignLine.json().details.fields).toEqual({
      'body.production_line_id': 'Production line not found or archived',
    });
  });

  it('says whether a device is online, offline or never heard from, with its latest reading', async () => {
    const fresh = (await scale('ST-ON')).json();
    const stale = (await scale('ST-OFF')).json();
    const silent = (await scale('ST-NEVER')).json();
    const now = Date.now();
    // Out of order: the later reading arrives first; the last reading is the latest by device time.
    await reading(fresh.id, 2, new Date(now - 60_000), 512.5);
    await reading(fresh.id, 1, new Date(now - 120_000), 498, new Date(now));
    await reading(stale.id, 1, new Date(now - 3_600_000), 100);

    const on = (await admin.get(`/api/devices/${fresh.id}`)).json();
    expect(on.status).toBe('online');
    expect(on.last_reading).toEqual({
      kind: 'weight',
      value: 512.5,
      unit: 'kg',
      stable: true,
      latitude: null,
      longitude: null,
      recorded_at: new Date(now - 60_000).toISOString(),
    });
    expect((await admin.get(`/api/devices/${stale.id}`)).json()).toMatchObject({
      status: 'offline',
      last_reading: { value: 100 },
    });
    const codes = async (status: string) =>
      (await admin.get(`/api/devices?q=ST-&status=${status}`)).json().items.map((d: Device) => d.code);
    expect(await codes('online')).toEqual(['ST-ON']);
    expect(await codes('offline')).toEqual(['ST-OFF']);
    expect(await codes('never')).toEqual(['ST-NEVER']);
    expect(silent.status).toBe('never');
  });

  it('records a scale’s calibrations and tells valid, due soon and overdue apart', async () => {
    const s = (await scale('CAL-1')).json();
    const day = today();
    const record = (calibrated_on: string, next_due_on: string, certificate_no = 'CERT-1') =>
      admin.post(`/api/devices/${s.id}/calibrations`, { calibrated_on, next_due_on, certificate_no });

    const old = await record(plusDays(day, -400), plusDays(day, -35), 'DTI-2025-001');
    expect(old.statusCode).toBe(201);
    expect(old.json()).toMatchObject({ device_id: s.id, certificate_no: 'DTI-2025-001', created_by: {} });
    expect((await admin.get(`/api/devices/${s.id}`)).json().calibration).toEqual({
      state: 'overdue',
      last: {
        calibrated_on: plusDays(day, -400),
        certificate_no: 'DTI-2025-001',
        next_due_on: plusDays(day, -35),
      },
    });
    await record(plusDays(day, -300), plusDays(day, 20), 'DTI-2026-002');
    expect((await admin.get(`/api/devices/${s.id}`)).json().calibration.state).toBe('due_soon');
    await record(day, plusDays(day, 365), 'DTI-2026-003');
    expect((await admin.get(`/api/devices/${s.id}`)).json().calibration).toMatchObject({
      state: 'valid',
      last: { certificate_no: 'DTI-2026-003' },
    });
    const list = (await admin.get(`/api/devices/${s.id}/calibrations`)).json().items;
    expect(list.map((c: { certificate_no: string }) => c.certificate_no)).toEqual([
      'DTI-2026-003',
      'DTI-2026-002',
      'DTI-2025-001',
    ]);

    const backwards = await record(day, day);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.fields).toEqual({
      'body.next_due_on': 'The next calibration is due after this one',
    });
    const future = await record(plusDays(day, 2), plusDays(day, 300));
    expect(future.json().details.fields).toEqual({
      'body.calibrated_on': 'The calibration date cannot be in the future',
    });
    const meter = (
      await admin.post('/api/devices', {
        code: 'CAL-EM',
        name: 'm',
        kind: 'energy_meter',
        production_line_id: lineId,
      })
    ).json();
    const refused = await admin.post(`/api/devices/${meter.id}/calibrations`, {
      calibrated_on: day,
      next_due_on: plusDays(day, 10),
      certificate_no: 'C',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'An energy meter is not calibrated: only weighbridges and platform scales have calibrations.',
    );
    expect(await activity(admin, 'DTI-2026-003')).toEqual([
      `Recorded calibration DTI-2026-003 of device CAL-1 (Scale CAL-1), next due ${plusDays(day, 365)}`,
    ]);
  });

  it('filters by kind and facility and pages in every order', async () => {
    for (const code of ['PG-1', 'PG-2', 'PG-3']) await scale(code, { facility_id: facility.CEB2 });
    const atCeb2 = (await admin.get(`/api/devices?facility_id=${facility.CEB2}&sort=-code`)).json().items;
    expect(atCeb2.map((d: Device) => d.code)).toEqual(['PG-3', 'PG-2', 'PG-1']);
    const meters = (await admin.get('/api/devices?kind=energy_meter')).json().items;
    expect(meters.length).toBeGreaterThan(0);
    expect(meters.every((d: { kind: string }) => d.kind === 'energy_meter')).toBe(true);
    const total = (await admin.get('/api/devices?limit=200')).json().items.length;
    for (const sort of ['name', '-name', 'code', '-code', 'created_at', '-created_at']) {
      const pages = await allPages<Device>(admin, `/api/devices?limit=3&sort=${sort}`);
      expect(pages.flat()).toHaveLength(total);
    }
  });

  it('lets staff read and the office manage; another organization sees none of it', async () => {
    const mine = (await scale('ISO-1')).json();
    expect((await org.operator.get(`/api/devices/${mine.id}`)).statusCode).toBe(200);
    expect((await org.auditor.get('/api/devices')).statusCode).toBe(200);
    expect(
      (await org.operator.post('/api/devices', { code: 'Z', name: 'z', kind: 'gps_tracker' })).statusCode,
    ).toBe(403);
    expect((await org.supplier.get('/api/devices')).statusCode).toBe(403);
    expect((await org.manager.patch(`/api/devices/${mine.id}`, { name: 'Mgr', version: 1 })).statusCode).toBe(
      200,
    );

    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/devices?q=ISO-1')).json().items).toEqual([]);
    const calibration = { calibrated_on: today(), next_due_on: plusDays(today(), 9), certificate_no: 'C' };
    const attempts = [
      other.get(`/api/devices/${mine.id}`),
      other.patch(`/api/devices/${mine.id}`, { name: 'mine now', version: 2 }),
      other.post(`/api/devices/${mine.id}/archive`),
      other.post(`/api/devices/${mine.id}/restore`),
      other.get(`/api/devices/${mine.id}/calibrations`),
      other.post(`/api/devices/${mine.id}/calibrations`, calibration),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect((await admin.get(`/api/devices/${mine.id}`)).json()).toMatchObject({ name: 'Mgr', version: 2 });
  });
});
