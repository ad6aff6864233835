import type { IotAlert } from '@plastrace/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, facilities, iotAlerts, materials, suppliers } from '../../db/schema/index.ts';
import {
  addCalibration,
  addDevice,
  addReading,
  minutesAgo,
  postedDispatch,
  postedReceive,
  postedRun,
  setStatus,
  tripTo,
} from '../../test/alert-fixtures.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';
import { evaluateAlerts } from './iot-alerts.worker.ts';

// The anomaly rules against rows written straight into the tables (test/alert-fixtures.ts), evaluated at
// a given instant: each rule raises once however often it runs, ends when its condition ends, and the
// API lists, pages, filters and acknowledges within the organization only.

const ctx = useTestApp();
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
let org = '';
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let supplier: TestClient;
let stranger: TestClient;
const ids = { mnl1: '', ceb1: '', supplier: '', pet: '', customer: '', line: '', scale: '', meter: '' };

const db = () => ctx.database.db;
const evaluate = (at = now) => evaluateAlerts(db(), org, at);
const base = () => ({ organizationId: org, supplierId: ids.supplier, materialId: ids.pet });

/** Every alert of the organization, any state, as the API answers them. */
async function alerts(q = ''): Promise<IotAlert[]> {
  return (await allPages<IotAlert>(manager, `/api/iot/alerts?state=all&limit=200${q}`)).flat();
}
const about = (list: IotAlert[], subjectId: string) => list.filter((a) => a.subject?.id === subjectId);
const ofDevice = (list: IotAlert[], deviceId: string, rule: string) =>
  list.filter((a) => a.device?.id === deviceId && a.rule === rule);

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'iot-alerts');
  ({ manager, operator, auditor, supplier } = o);
  org = o.organizationId;
  stranger = (await seededOrganization(ctx, 'iot-alerts-other')).admin;
  const facs = await db().select().from(facilities).where(eq(facilities.organizationId, org));
  ids.mnl1 = facs.find((f) => f.code === 'MNL1')?.id ?? '';
  ids.ceb1 = facs.find((f) => f.code === 'CEB1')?.id ?? '';
  const mats = await db().select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  const [s] = await db().select().from(suppliers).where(eq(suppliers.organizationId, org)).limit(1);
  ids.supplier = s?.id ?? '';
  ids.customer = (
    await manager.post('/api/customers', { code: 'IOT-C1', name: 'Resin Buyer', type: 'manufacturer' })
  ).json().id;
  const line = await manager.post('/api/production-lines', {
    code: 'IOT-WASH',
    name: 'Metered wash line',
    facility_id: ids.mnl1,
    process_codes: ['washing'],
    capacity_kg_per_h: '5000',
  });
  expect(line.statusCode, line.body).toBe(201);
  ids.line = line.json().id;
  // The first scale at MNL1, registered long before any record here: the one manual_weight names.
  ids.scale = (await addDevice(db(), org, 'weighbridge', { facilityId: ids.mnl1, createdAt: LONG_AGO })).id;
  ids.meter = (
    await addDevice(db(), org, 'energy_meter', { productionLineId: ids.line, createdAt: LONG_AGO })
  ).id;
  expect(Object.values(ids).every(Boolean)).toBe(true);
});

describe('offline', () => {
  it('raises once for a silent device, never for one unseen, archived or heard from; resolves when it speaks', async () => {
    const silent = await addDevice(db(), org, 'platform_scale', { lastSeenAt: minutesAgo(now, 30) });
    const fresh = await addDevice(db(), org, 'platform_scale', { lastSeenAt: minutesAgo(now, 5) });
    const never = await addDevice(db(), org, 'environment_sensor');
    const archived = await addDevice(db(), org, 'gps_tracker', {
      lastSeenAt: minutesAgo(now, 600),
      archivedAt: minutesAgo(now, 60),
    });
    const first = await evaluate();
    expect(first.raised.offline).toBeGreaterThanOrEqual(1);
    await evaluate();
    const list = await alerts();
    expect(ofDevice(list, silent.id, 'offline')).toHaveLength(1);
    for (const d of [fresh, never, archived]) expect(ofDevice(list, d.id, 'offline')).toEqual([]);
    const [a] = ofDevice(list, silent.id, 'offline');
    expect(a).toMatchObject({
      state: 'open',
      subject: null,
      device: { id: silent.id, code: silent.code, name: silent.name },
      details: { offline_after_minutes: 15 },
    });
    expect(a?.message).toContain('has sent nothing for more than 15 minutes');

    // Heard from again: resolved at the round's instant; a later silence is a new alert.
    await db().update(devices).set({ lastSeenAt: now }).where(eq(devices.id, silent.id));
    const later = new Date(now.getTime() + 60_000);
    expect((await evaluate(later)).resolved).toBeGreaterThanOrEqual(1);
    const [resolved] = ofDevice(await alerts(), silent.id, 'offline');
    expect(resolved).toMatchObject({ state: 'resolved', resolved_at: later.toISOString() });
    await evaluate(new Date(now.getTime() + 20 * 60_000));
    const states = ofDevice(await alerts(), silent.id, 'offline').map((x) => x.state);
    expect(states).toEqual(['open', 'resolved']);
  });

  it('an acknowledged alert blocks its twin while it lasts and stays acknowledged when resolved', async () => {
    const d = await addDevice(db(), org, 'gps_tracker', { lastSeenAt: minutesAgo(now, 90) });
    await evaluate();
    const [a] = ofDevice(await alerts(), d.id, 'offline');
    if (!a) throw new Error('no offline alert');
    const ack = await manager.post(`/api/iot/alerts/${a.id}/acknowledge`, { note: 'Truck in the workshop' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({
      state: 'acknowledged',
      acknowledged_note: 'Truck in the workshop',
      acknowledged_by: { id: expect.any(String) },
    });
    await evaluate();
    expect(ofDevice(await alerts(), d.id, 'offline')).toHaveLength(1);
    await db().update(devices).set({ lastSeenAt: now }).where(eq(devices.id, d.id));
    await evaluate(new Date(now.getTime() + 60_000));
    const [after] = ofDevice(await alerts(), d.id, 'offline');
    expect(after).toMatchObject({ state: 'resolved', acknowledged_note: 'Truck in the workshop' });
    expect(after?.acknowledged_at).toBe(ack.json().acknowledged_at);
  });
});

describe('manual weight', () => {
  it('flags records typed by hand where a scale stood, not those from a scale nor before the scale came', async () => {
    const byHand = await postedReceive(db(), { ...base(), facilityId: ids.mnl1 }, minutesAgo(now, 60), '850');
    const reading = await addReading(db(), org, ids.scale, {
      recordedAt: minutesAgo(now, 50),
      value: 420,
      stable: true,
    });
    const weighed = await postedReceive(
      db(),
      { ...base(), facilityId: ids.mnl1 },
      minutesAgo(now, 50),
      '420',
      { deviceId: ids.scale, readingId: reading.id },
    );
    // A scale registered at CEB1 only after this delivery: the delivery was typed where none stood.
    const before = await postedReceive(
      db(),
      { ...base(), facilityId: ids.ceb1 },
      minutesAgo(now, 120),
      '300',
    );
    await addDevice(db(), org, 'platform_scale', { facilityId: ids.ceb1, createdAt: minutesAgo(now, 90) });
    const shipped = await postedDispatch(
      db(),
      { organizationId: org, customerId: ids.customer, facilityId: ids.mnl1 },
      minutesAgo(now, 40),
      '75.5',
    );
    // Older than the lookback: not looked at.
    const old = await postedReceive(
      db(),
      { ...base(), facilityId: ids.mnl1 },
      minutesAgo(now, 8 * 1440),
      '10',
    );
    await evaluate();
    await evaluate();
    const list = await alerts('&rule=manual_weight');
    expect(list.every((a) => a.rule === 'manual_weight')).toBe(true);
    const [received] = about(list, byHand);
    expect(about(list, byHand)).toHaveLength(1);
    expect(received).toMatchObject({
      device: { id: ids.scale },
      subject: { type: 'receive_record', id: byHand, link: `/receive-records/${byHand}` },
      details: { kg: '850.000', lines: [1], facility: 'MNL1' },
    });
    expect(received?.subject?.number).toMatch(/^RR-/);
    expect(received?.message).toContain('850 kg');
    expect(about(list, shipped)).toMatchObject([
      {
        subject: { type: 'dispatch_record', link: `/dispatch-records/${shipped}` },
        details: { kg: '75.500' },
      },
    ]);
    for (const id of [weighed, before, old]) expect(about(list, id)).toEqual([]);

    // A voided record's alert ends.
    await setStatus(db(), 'receive', byHand, 'voided');
    await evaluate();
    expect(about(await alerts(), byHand)).toMatchObject([{ state: 'resolved' }]);
  });
});

describe('energy band and capacity', () => {
  const line = () => ({
    organizationId: org,
    facilityId: ids.mnl1,
    lineId: ids.line,
    meterDeviceId: ids.meter,
  });

  it('compares kWh per tonne of input with the median of the line’s previous runs, from the fifth on', async () => {
    const day = (d: number) => minutesAgo(now, d * 1440);
    // Four runs at 100 kWh/t: an outlier after them has no band yet.
    for (const d of [20, 19, 18, 17]) await postedRun(db(), line(), day(d), 1, '1000', '100');
    const early = await postedRun(db(), line(), day(5), 1, '1000', '400');
    await evaluate();
    expect(about(await alerts(), early)).toEqual([]);
    // Its 5 previous runs are now 4 × 100 and 400 kWh/t: median 100, band 50–200.
    const high = await postedRun(db(), line(), day(4), 1, '2000', '600');
    const normal = await postedRun(db(), line(), day(3), 2, '2000', '290');
    const low = await postedRun(db(), line(), day(2), 1, '1000', '40');
    const unmetered = await postedRun(db(), line(), day(1), 1, '1000', null);
    await evaluate();
    await evaluate();
    const list = await alerts('&rule=energy_band');
    expect(about(list, high)).toMatchObject([
      {
        device: { id: ids.meter },
        subject: { type: 'production_record', link: `/production-records/${high}` },
        details: {
          kwh_per_tonne: '300.0',
          median_kwh_per_tonne: '100.0',
          band_low: '50.0',
          band_high: '200.0',
          runs_compared: 5,
        },
      },
    ]);
    expect(about(list, high)[0]?.message).toContain('claimed tonnes vs metered energy');
    // 145 kWh/t against 4 × 100, 400, 300: in band. 40 against a median of 100 (…, 145): below.
    expect(about(list, normal)).toEqual([]);
    expect(about(list, low)).toMatchObject([{ details: { kwh_per_tonne: '40.0', band_low: '50.0' } }]);
    expect(about(list, unmetered)).toEqual([]);
  });

  it('records a run above the line’s rated kg per hour', async () => {
    const over = await postedRun(db(), line(), minutesAgo(now, 120), 2, '12000', null);
    const within = await postedRun(db(), line(), minutesAgo(now, 100), 2, '9000', null);
    await evaluate();
    const list = await alerts('&rule=over_capacity');
    expect(about(list, over)).toMatchObject([
      {
        device: { id: ids.meter },
        details: { kg_per_h: '6000.0', capacity_kg_per_h: '5000.0', input_kg: '12000.000', hours: '2.00' },
      },
    ]);
    expect(about(list, within)).toEqual([]);
  });
});

describe('GPS far from the scale', () => {
  it('flags a load weighed while the trip’s truck was over 2 km away, by its position nearest the weighing', async () => {
    const weighing = async (minutes: number, kg: number) => {
      const r = await addReading(db(), org, ids.scale, {
        recordedAt: minutesAgo(now, minutes),
        value: kg,
        stable: true,
      });
      const id = await postedReceive(
        db(),
        { ...base(), facilityId: ids.mnl1 },
        minutesAgo(now, minutes),
        String(kg),
        { deviceId: ids.scale, readingId: r.id },
      );
      const trip = await tripTo(db(), org, minutesAgo(now, 300), {
        receiveRecordId: id,
        supplierId: ids.supplier,
      });
      const tracker = await addDevice(db(), org, 'gps_tracker', { vehicleId: trip.vehicleId });
      const at = (m: number, latitude: number, longitude: number) =>
        addReading(db(), org, tracker.id, {
          recordedAt: minutesAgo(now, m),
          kind: 'position',
          latitude,
          longitude,
        });
      return { id, tracker, at };
    };
    // MNL1 is at 14.6833, 120.9833; 0.1° of latitude is about 11 km.
    const far = await weighing(40, 510);
    await far.at(42, 14.7833, 120.9833);
    await far.at(70, 14.6833, 120.9833);
    const near = await weighing(35, 520);
    await near.at(33, 14.6838, 120.9836);
    // Far, but 25 minutes from the weighing: outside the ±10 minutes compared.
    await near.at(60, 14.9, 121.2);
    const unseen = await weighing(30, 530);
    await unseen.at(5, 14.9, 121.2);
    await evaluate();
    await evaluate();
    const list = await alerts('&rule=gps_far');
    expect(about(list, far.id)).toMatchObject([
      {
        device: { id: far.tracker.id },
        subject: { type: 'receive_record' },
        details: { km: '11.1', line: 1 },
      },
    ]);
    expect(about(list, far.id)[0]?.message).toContain('11.1 km from Valenzuela Recycling Plant');
    expect(about(list, near.id)).toEqual([]);
    expect(about(list, unseen.id)).toEqual([]);
  });
});

describe('calibration overdue', () => {
  it('flags a weighing scale past its due date or never calibrated; a new calibration resolves it', async () => {
    const dayOf = (d: number) =>
      minutesAgo(now, d * 1440)
        .toISOString()
        .slice(0, 10);
    const scale = async (cal: [number, number] | null, readMinutesAgo: number | null) => {
      const d = await addDevice(db(), org, 'platform_scale', { facilityId: ids.ceb1 });
      if (cal) await addCalibration(db(), org, d.id, dayOf(cal[0]), dayOf(cal[1]));
      if (readMinutesAgo !== null)
        await addReading(db(), org, d.id, {
          recordedAt: minutesAgo(now, readMinutesAgo),
          value: 1,
          stable: true,
        });
      return d.id;
    };
    const lapsed = await scale([400, 3], 10);
    const never = await scale(null, 10);
    const valid = await scale([30, -300], 10);
    const idle = await scale([400, 3], 20 * 1440);
    await evaluate();
    await evaluate();
    const list = await alerts('&rule=calibration_overdue');
    expect(ofDevice(list, lapsed, 'calibration_overdue')).toMatchObject([
      { state: 'open', subject: null, details: { next_due_on: dayOf(3) } },
    ]);
    expect(ofDevice(list, never, 'calibration_overdue')[0]?.message).toContain('without a calibration');
    expect(ofDevice(list, valid, 'calibration_overdue')).toEqual([]);
    expect(ofDevice(list, idle, 'calibration_overdue')).toEqual([]);
    await addCalibration(db(), org, lapsed, dayOf(1), dayOf(-365));
    await evaluate();
    expect(ofDevice(await alerts(), lapsed, 'calibration_overdue')).toMatchObject([{ state: 'resolved' }]);
  });
});

describe('the API', () => {
  it('pages newest first, filters by state, rule and device, and keeps to the organization', async () => {
    const pages = await allPages<IotAlert>(manager, '/api/iot/alerts?state=all&limit=2');
    expect(pages.length).toBeGreaterThan(2);
    const all = pages.flat();
    const raised = all.map((a) => a.raised_at);
    expect(raised).toEqual([...raised].sort().reverse());
    const open = (await alerts('')).filter((a) => a.state === 'open');
    const openOnly = (await allPages<IotAlert>(manager, '/api/iot/alerts?limit=200')).flat();
    expect(openOnly.map((a) => a.id).sort()).toEqual(open.map((a) => a.id).sort());
    const resolved = (await allPages<IotAlert>(manager, '/api/iot/alerts?state=resolved&limit=200')).flat();
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.every((a) => a.state === 'resolved')).toBe(true);
    const byDevice = (
      await allPages<IotAlert>(manager, `/api/iot/alerts?state=all&device_id=${ids.scale}`)
    ).flat();
    expect(byDevice.length).toBeGreaterThan(0);
    expect(byDevice.every((a) => a.device?.id === ids.scale)).toBe(true);

    // Another organization sees none of them and cannot acknowledge them; its own round raises nothing here.
    const theirs = await stranger.get('/api/iot/alerts?state=all&limit=200');
    expect(theirs.statusCode).toBe(200);
    const mine = new Set(all.map((a) => a.id));
    expect(theirs.json().items.filter((a: IotAlert) => mine.has(a.id))).toEqual([]);
    const target = openOnly[0];
    if (!target) throw new Error('no open alert');
    expect((await stranger.post(`/api/iot/alerts/${target.id}/acknowledge`, {})).statusCode).toBe(404);
    expect((await stranger.get(`/api/iot/alerts?device_id=${ids.scale}`)).json().items).toEqual([]);
  });

  it('acknowledges for the office only, once, audited', async () => {
    const [target] = (await manager.get('/api/iot/alerts?limit=1')).json().items as IotAlert[];
    if (!target) throw new Error('no open alert');
    expect((await auditor.get('/api/iot/alerts')).statusCode).toBe(200);
    expect((await supplier.get('/api/iot/alerts')).statusCode).toBe(403);
    expect((await operator.post(`/api/iot/alerts/${target.id}/acknowledge`, {})).statusCode).toBe(403);
    expect((await auditor.post(`/api/iot/alerts/${target.id}/acknowledge`, {})).statusCode).toBe(403);
    const ok = await manager.post(`/api/iot/alerts/${target.id}/acknowledge`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: target.id, state: 'acknowledged', acknowledged_note: null });
    expect((await manager.post(`/api/iot/alerts/${target.id}/acknowledge`, {})).statusCode).toBe(422);
    expect(await auditActions(ctx, target.id)).toEqual(['iot_alert.updated']);
    const open = (await allPages<IotAlert>(manager, '/api/iot/alerts?limit=200')).flat();
    expect(open.map((a) => a.id)).not.toContain(target.id);
    expect((await manager.get('/api/iot/alerts?state=bogus')).statusCode).toBe(400);
    expect((await manager.get('/api/iot/alerts?cursor=nope')).statusCode).toBe(400);
  });

  it('the dashboard counts the open alerts and shows the five newest', async () => {
    const open = (await allPages<IotAlert>(manager, '/api/iot/alerts?limit=200')).flat();
    const summary = (await manager.get('/api/dashboard/summary')).json();
    expect(summary.operations.iot_alerts.open).toBe(open.length);
    expect(summary.operations.iot_alerts.newest.map((a: IotAlert) => a.id)).toEqual(
      open.slice(0, 5).map((a) => a.id),
    );
    expect((await supplier.get('/api/dashboard/summary')).json().operations).toBeNull();
    const count = await db()
      .select()
      .from(iotAlerts)
      .where(and(eq(iotAlerts.organizationId, org)));
    expect(count.length).toBeGreaterThan(open.length);
  });
});
