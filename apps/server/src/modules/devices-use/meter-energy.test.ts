import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, memberships } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { insertDevice, insertReading } from '../../test/device-fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';

// A production run's kWh from its line's energy meter (migration 0034): the readings at the run's start
// and end (GET /api/production-lines/{id}/meter-energy), checked when the run names the meter, and a
// posted run's energy basis 'metered'.

const ctx = useTestApp();
let admin: TestClient;
let operator: TestClient;
let stranger: TestClient;
let org: string;
const ids = { facility: '', supplier: '', pet: '', flake: '', line: '', bare: '', otherLine: '' };
const dev = { meter: '', meter2: '', scale: '', foreign: '' };

const START = '2026-11-21T06:00:00+08:00';
const END = '2026-11-21T14:00:00+08:00';

async function line(c: TestClient, code: string, facilityId: string) {
  const res = await c.post('/api/production-lines', {
    code,
    name: `Line ${code}`,
    facility_id: facilityId,
    process_codes: ['washing'],
    capacity_kg_per_h: '500',
    rated_kw: '75',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'meters');
  ({ admin, operator } = o);
  org = o.organizationId;
  const other = await seededOrganization(ctx, 'meters-other');
  stranger = other.admin;
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  ids.facility = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.flake = mats.find((m) => m.code === 'PET_FLAKE')?.id ?? '';
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  ids.line = await line(admin, 'WASH1', ids.facility);
  ids.bare = await line(admin, 'WASH2', ids.facility);
  const otherFac = (await stranger.get('/api/facilities?limit=1')).json().items[0].id;
  ids.otherLine = await line(stranger, 'WASH1', otherFac);

  const base = { organizationId: org };
  dev.meter = (
    await insertDevice(db, { ...base, code: 'EM-1', kind: 'energy_meter', productionLineId: ids.line })
  ).id;
  dev.meter2 = (
    await insertDevice(db, {
      ...base,
      code: 'EM-9',
      kind: 'energy_meter',
      productionLineId: ids.bare,
      archived: true,
    })
  ).id;
  dev.scale = (
    await insertDevice(db, { ...base, code: 'WB-1', kind: 'weighbridge', facilityId: ids.facility })
  ).id;
  dev.foreign = (
    await insertDevice(db, {
      organizationId: other.organizationId,
      code: 'EM-1',
      kind: 'energy_meter',
      productionLineId: ids.otherLine,
    })
  ).id;
  const energy = (value: number, recordedAt: string) =>
    insertReading(db, { ...base, deviceId: dev.meter, kind: 'energy', value, recordedAt });
  // Before the start: one too old to count, the one that counts (05:58), and one after the start.
  await energy(990, '2026-11-21T05:30:00+08:00');
  await energy(1000.004, '2026-11-21T05:58:00+08:00');
  await energy(1010, '2026-11-21T06:01:00+08:00');
  await energy(1420.5, '2026-11-21T13:55:00+08:00');
  // Typed in by a member, nearer the start and end than the meter's own: never metered energy, skipped.
  const [m] = await db.select().from(memberships).where(eq(memberships.organizationId, org)).limit(1);
  const typed = (value: number, recordedAt: string) =>
    insertReading(db, {
      ...base,
      deviceId: dev.meter,
      kind: 'energy',
      value,
      recordedAt,
      enteredBy: m?.userId,
    });
  await typed(1001, '2026-11-21T05:59:00+08:00');
  await typed(1500, '2026-11-21T13:58:00+08:00');
  await typed(980, '2026-11-21T05:40:00+08:00');
});

const energyOf = (lineId: string, from = START, to = END, c = operator) =>
  c.get(
    `/api/production-lines/${lineId}/meter-energy?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );

async function lotOf(kg: string) {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot as { id: string };
}

const run = (lotId: string, extra: Record<string, unknown> = {}) => ({
  facility_id: ids.facility,
  production_line_id: ids.line,
  process_code: 'washing',
  started_at: START,
  ended_at: END,
  inputs: [{ lot_id: lotId, kg: '500' }],
  outputs: [{ material_id: ids.flake, kg: '450' }],
  losses: [{ kind: 'moisture', fate: 'landfill', kg: '50' }],
  ...extra,
});

describe('meter energy of a production line', () => {
  it('answers the meter’s readings at the start and end, and the kWh between them (none typed by hand)', async () => {
    const res = await energyOf(ids.line);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      device: { id: dev.meter, code: 'EM-1' },
      start: { value: '1000.00', recorded_at: '2026-11-20T21:58:00.000Z' },
      end: { value: '1420.50', recorded_at: '2026-11-21T05:55:00.000Z' },
      kwh: '420.50',
      reason: null,
    });
  });

  it('says why when a reading is missing, the line has no meter, or the line is another organization’s', async () => {
    // 05:50: the latest the meter sent before it (05:30) is 20 minutes old; 05:40's was typed by hand.
    const early = (await energyOf(ids.line, '2026-11-21T05:50:00+08:00')).json();
    expect(early).toMatchObject({
      start: null,
      kwh: null,
      reason: expect.stringMatching(/before the start/),
    });
    expect(early.end).toMatchObject({ value: '1420.50' });
    // An archived meter is no meter.
    expect((await energyOf(ids.bare)).json()).toEqual({
      device: null,
      start: null,
      end: null,
      kwh: null,
      reason: 'This line has no energy meter',
    });
    expect((await energyOf(ids.otherLine)).statusCode).toBe(404);
    expect((await energyOf(ids.line, START, END, stranger)).statusCode).toBe(404);
  });

  it('stores a run’s meter when its readings are the meter’s, and posts its energy as metered', async () => {
    const lot = await lotOf('500');
    const metered = { meter_device_id: dev.meter, meter_start_kwh: '1000.00', meter_end_kwh: '1420.50' };
    const draft = await operator.post('/api/production-records', run(lot.id, metered));
    expect(draft.statusCode, draft.body).toBe(201);
    const d = draft.json();
    expect(d).toMatchObject({
      meter_device: { id: dev.meter, code: 'EM-1', name: 'energy_meter EM-1' },
      meter_start_kwh: '1000.00',
      meter_end_kwh: '1420.50',
    });
    expect((await operator.get(`/api/production-records/${d.id}`)).json()).toEqual(d);
    const posted = await operator.post(`/api/production-records/${d.id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({
      energy_kwh: '420.50',
      energy_basis: 'metered',
      meter_device: { id: dev.meter },
    });
    expect((await operator.get(`/api/production-records/${d.id}`)).json()).toEqual(posted.json());
  });

  it('drops the meter when a draft’s readings are typed instead', async () => {
    const lot = await lotOf('500');
    const metered = { meter_device_id: dev.meter, meter_start_kwh: '1000', meter_end_kwh: '1420.5' };
    const d = (await operator.post('/api/production-records', run(lot.id, metered))).json();
    expect(d.meter_device).toMatchObject({ id: dev.meter });
    const typed = await operator.request('PUT', `/api/production-records/${d.id}`, {
      ...run(lot.id, { meter_start_kwh: '1000', meter_end_kwh: '1500' }),
      version: d.version,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ meter_device: null, meter_end_kwh: '1500.00' });
    const plain = (await operator.post('/api/production-records', run(lot.id))).json();
    expect(plain.meter_device).toBeNull();
  });

  it('refuses readings that are not the meter’s, and a meter that is not the line’s', async () => {
    const lot = await lotOf('500');
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ meter_start_kwh: '1000.01' }, 422, 'meter_start_kwh', /^Meter EM-1 read 1000.00 kWh at the start$/],
      [{ meter_end_kwh: '1500' }, 422, 'meter_end_kwh', /read 1420.50 kWh at the end/],
      [{ meter_start_kwh: '1001' }, 422, 'meter_start_kwh', /read 1000.00 kWh at the start/],
      [{ started_at: '2026-11-21T05:50:00+08:00' }, 422, 'meter_start_kwh', /no reading in the 15 minutes/],
      [{ meter_device_id: dev.foreign }, 404, 'meter_device_id', /not found/],
      [{ meter_device_id: dev.meter2 }, 404, 'meter_device_id', /not found or archived/],
      [{ meter_device_id: dev.scale }, 422, 'meter_device_id', /WB-1 is not an energy meter/],
      [{ production_line_id: ids.bare }, 422, 'meter_device_id', /not on this run’s production line/],
      [{ meter_start_kwh: null, meter_end_kwh: null }, 400, 'meter_start_kwh', /Take both readings/],
    ];
    for (const [change, status, field, message] of cases) {
      const body = run(lot.id, {
        meter_device_id: dev.meter,
        meter_start_kwh: '1000.00',
        meter_end_kwh: '1420.50',
        ...change,
      });
      const res = await operator.post('/api/production-records', body);
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(status);
      expect(res.json().details.fields[`body.${field}`]).toMatch(message);
    }
  });
});
