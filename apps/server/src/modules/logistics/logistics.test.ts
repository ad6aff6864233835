import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, facilities, materials, vehicles } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

// Trips: stops with their posted records, gapless numbers, the vehicle's capacity, the driver's
// licence, a record on one trip at a time, edits, cancelling, lists and exports, isolation and roles;
// then under way: start, stop times, GPS points, completion with the distance and exact CO2e.

const ctx = useTestApp();
let operator: TestClient;
let manager: TestClient;
let auditor: TestClient;
let supplier: TestClient;
let stranger: TestClient;
const ids = {
  facility: '',
  supplier: '',
  pet: '',
  customer: '',
  truck: '',
  van: '',
  trike: '',
  driver: '',
  expired: '',
};
/** The other organization's own vehicle and driver. */
const theirs = { vehicle_id: '', driver_id: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'trips');
  ({ operator, manager, auditor, supplier } = o);
  const other = await seededOrganization(ctx, 'trips-other');
  stranger = other.admin;
  const org = o.organizationId;
  const db = ctx.database.db;
  ids.facility = (await db.select().from(facilities).where(eq(facilities.organizationId, org))).find(
    (f) => f.code === 'MNL1',
  )?.id as string;
  ids.pet = (await db.select().from(materials).where(eq(materials.organizationId, org))).find(
    (m) => m.code === 'PET_BOTTLES_CLEAR',
  )?.id as string;
  ids.supplier = (await manager.get('/api/suppliers?limit=1')).json().items[0].id;
  const customer = await manager.post('/api/customers', {
    code: 'ZZ-PB',
    name: 'Pellet Buyer Inc.',
    type: 'manufacturer',
  });
  ids.customer = customer.json().id;
  // Dispatcher master data written directly: this file tests the rules of trips.
  const base = { organizationId: org };
  const [truck, van, trike] = await db
    .insert(vehicles)
    .values([
      { ...base, code: 'NBC 1234', name: 'Wing van', type: 'wing_van', capacityKg: '10000' },
      { ...base, code: 'ABC 987', name: 'Closed van', type: 'closed_van', capacityKg: '1000' },
      { ...base, code: '1234 AB', name: 'Motor tricycle', type: 'tricycle', capacityKg: '300' },
    ])
    .returning();
  const [d, x] = await db
    .insert(drivers)
    .values([
      {
        ...base,
        code: 'D1',
        name: 'Jun Santos',
        licenceNumber: 'N01-12-345678',
        licenceExpiresOn: '2028-01-31',
      },
      {
        ...base,
        code: 'D2',
        name: 'Rey Cruz',
        licenceNumber: 'N02-12-000001',
        licenceExpiresOn: '2026-11-01',
      },
    ])
    .returning();
  Object.assign(ids, { truck: truck?.id, van: van?.id, trike: trike?.id, driver: d?.id, expired: x?.id });
  const [theirTruck] = await db
    .insert(vehicles)
    .values({
      organizationId: other.organizationId,
      code: 'XYZ 555',
      name: 'Van',
      type: 'wing_van',
      capacityKg: '9000',
    })
    .returning();
  const [theirDriver] = await db
    .insert(drivers)
    .values({
      organizationId: other.organizationId,
      code: 'D9',
      name: 'Ana Reyes',
      licenceNumber: 'N09-12-000009',
      licenceExpiresOn: '2028-01-31',
    })
    .returning();
  Object.assign(theirs, { vehicle_id: theirTruck?.id, driver_id: theirDriver?.id });
});

/** A posted delivery of `kg` net from the first supplier at MNL1: what a pick-up stop carries. */
async function received(c: TestClient, kg: string) {
  const res = await c.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: string; lines: { lot: { id: string } }[] };
}

/** A posted dispatch of `kg` to the customer, of a lot received for it: what a delivery stop carries. */
async function dispatched(kg: string) {
  const lot = (await received(operator, kg)).lines[0]?.lot.id;
  const res = await operator.post('/api/dispatch-records?post=true', {
    customer_id: ids.customer,
    facility_id: ids.facility,
    dispatched_at: '2026-11-21T09:00:00+08:00',
    destination: 'Valenzuela plant gate 2',
    lines: [{ lot_id: lot, kg, unit_price: '30.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: string };
}

const pickup = (id: string, extra = {}) => ({ kind: 'pickup', receive_record_id: id, ...extra });
const delivery = (id: string, extra = {}) => ({ kind: 'delivery', dispatch_record_id: id, ...extra });
const trip = (stops: object[], extra = {}) => ({
  vehicle_id: ids.truck,
  driver_id: ids.driver,
  planned_on: '2026-11-22',
  stops,
  ...extra,
});

describe('trips', () => {
  it('plans a trip with its stops in order and reads it back; a retry with the same key gets the same trip', async () => {
    const r = await received(operator, '250.5');
    const d = await dispatched('600');
    const body = trip([pickup(r.id, { latitude: '14.6465', longitude: '121.0496' }), delivery(d.id)], {
      notes: 'Morning run',
    });
    const res = await operator.post('/api/trips', body, { 'idempotency-key': 'plan-1' });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json();
    expect(t.number).toMatch(/^TR-2026-\d{6}$/);
    expect(t).toMatchObject({
      status: 'planned',
      vehicle: { code: 'NBC 1234', type: 'wing_van', capacity_kg: '10000.000' },
      driver: { name: 'Jun Santos' },
      planned_on: '2026-11-22',
      stops_count: 2,
      payload_kg: '850.500',
      distance_km: null,
      co2e_kg: null,
      gps_distance_km: null,
      points: [],
      emission_factor: { vehicle_type: 'wing_van', kg_co2e_per_tonne_km: '0.19234', verified: false },
    });
    expect(t.stops).toMatchObject([
      {
        seq: 1,
        kind: 'pickup',
        party: { id: ids.supplier },
        record: { id: r.id, number: r.number, status: 'posted', kg: '250.500' },
        latitude: '14.646500',
        longitude: '121.049600',
      },
      {
        seq: 2,
        kind: 'delivery',
        party: { id: ids.customer, name: 'Pellet Buyer Inc.' },
        record: { id: d.id, number: d.number, kg: '600.000' },
        // Without an address, the dispatch's destination.
        address: 'Valenzuela plant gate 2',
      },
    ]);
    expect(t).toEqual((await operator.get(`/api/trips/${t.id}`)).json());
    const again = await operator.post('/api/trips', body, { 'idempotency-key': 'plan-1' });
    expect(again.json()).toEqual(t);
    expect(await auditActions(ctx, t.id)).toEqual(['trip.created']);
    expect(await activity(manager, t.number)).toEqual([
      `Planned trip ${t.number} for 2026-11-22: NBC 1234, Jun Santos, 2 stops, 850.5 kg`,
    ]);
  });

  it('numbers trips without gaps, a refused plan taking none', async () => {
    const records = await Promise.all(['10', '11', '12', '13'].map((kg) => received(operator, kg)));
    const refused = await operator.post(
      '/api/trips',
      trip([pickup(records[0]?.id ?? '')], { driver_id: ids.expired }),
    );
    expect(refused.statusCode).toBe(422);
    const made = await Promise.all(records.map((r) => operator.post('/api/trips', trip([pickup(r.id)]))));
    expect(made.map((m) => m.statusCode)).toEqual([201, 201, 201, 201]);
    const serials = made.map((m) => Number(m.json().number.slice(-6))).sort((a, b) => a - b);
    const first = serials[0] ?? 0;
    expect(serials).toEqual([first, first + 1, first + 2, first + 3]);
  });

  it('refuses stops heavier than the vehicle carries, naming both figures', async () => {
    const r = await received(operator, '500');
    const d = await dispatched('600');
    const res = await operator.post(
      '/api/trips',
      trip([pickup(r.id), delivery(d.id)], { vehicle_id: ids.van }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The stops carry 1,100 kg, above the 1,000 kg ABC 987 can carry');
    expect(res.json().details.fields).toHaveProperty('body.stops');
  });

  it('refuses a driver whose licence expired before the trip’s day, and takes one on its last valid day', async () => {
    const r = await received(operator, '20');
    const late = await operator.post('/api/trips', trip([pickup(r.id)], { driver_id: ids.expired }));
    expect(late.statusCode).toBe(422);
    expect(late.json().details.fields['body.driver_id']).toBe(
      'Rey Cruz’s licence expired on 2026-11-01, before the trip’s day (2026-11-22)',
    );
    const onTime = await operator.post(
      '/api/trips',
      trip([pickup(r.id)], { driver_id: ids.expired, planned_on: '2026-11-01' }),
    );
    expect(onTime.statusCode, onTime.body).toBe(201);
  });

  it('puts a record on one trip at a time: refused on a second, free again once the first is cancelled', async () => {
    const d = await dispatched('100');
    const [a, b] = await Promise.all([1, 2].map(() => operator.post('/api/trips', trip([delivery(d.id)]))));
    const codes = [a?.statusCode, b?.statusCode].sort();
    expect(codes).toEqual([201, 422]);
    const first = (a?.statusCode === 201 ? a : b)?.json();
    const second = await operator.post('/api/trips', trip([delivery(d.id)]));
    expect(second.statusCode).toBe(422);
    expect(second.json().details.fields['body.stops.0.dispatch_record_id']).toBe(
      `${d.number} is already on trip ${first.number}`,
    );
    const twice = await operator.post('/api/trips', trip([delivery(d.id), delivery(d.id)]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.fields['body.stops.1.dispatch_record_id']).toBe(
      'This record is already on stop 1',
    );

    const cancel = await operator.post(`/api/trips/${first.id}/cancel`, { reason: 'Truck broke down' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Truck broke down' });
    const again = await operator.post('/api/trips', trip([delivery(d.id)]));
    expect(again.statusCode, again.body).toBe(201);
    const late = await operator.post(`/api/trips/${first.id}/cancel`, { reason: 'Again' });
    expect(late.statusCode).toBe(422);
  });

  it('takes posted records only: a voided delivery cannot be picked up', async () => {
    const r = await received(operator, '30');
    const voided = await manager.post(`/api/receive-records/${r.id}/void`, { reason: 'Entered twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    const res = await operator.post('/api/trips', trip([pickup(r.id)]));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`${r.number} is voided: only a posted receive record goes on a trip`);
    const kinds = await operator.post('/api/trips', trip([{ kind: 'delivery', receive_record_id: r.id }]));
    expect(kinds.statusCode).toBe(400);
    expect(kinds.json().details.fields).toMatchObject({
      'body.stops.0.dispatch_record_id': 'Choose the dispatch delivered here',
      'body.stops.0.receive_record_id': 'A delivery names a dispatch, not a receive record',
    });
  });

  it('edits a planned trip with its version, replacing its stops and checking the whole plan again', async () => {
    const [r1, r2] = [await received(operator, '400'), await received(operator, '700')];
    const t = (await operator.post('/api/trips', trip([pickup(r1.id)]))).json();
    const stale = await operator.patch(`/api/trips/${t.id}`, { version: t.version + 1, notes: 'x' });
    expect(stale.statusCode).toBe(409);
    const heavy = await operator.patch(`/api/trips/${t.id}`, {
      version: t.version,
      vehicle_id: ids.van,
      stops: [pickup(r1.id), pickup(r2.id)],
    });
    expect(heavy.statusCode).toBe(422);
    const res = await operator.patch(`/api/trips/${t.id}`, {
      version: t.version,
      stops: [pickup(r2.id, { address: 'Gate 3' }), pickup(r1.id)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited.stops.map((s: { record: { id: string } }) => s.record.id)).toEqual([r2.id, r1.id]);
    expect(edited).toMatchObject({ number: t.number, payload_kg: '1100.000', version: t.version + 1 });
    expect(edited.stops[0].address).toBe('Gate 3');
    expect(await auditActions(ctx, t.id)).toEqual(['trip.created', 'trip.updated']);
    await operator.post(`/api/trips/${t.id}/start`, { started_at: '2026-11-22T07:00:00+08:00' });
    const moving = await operator.patch(`/api/trips/${t.id}`, { version: edited.version + 1, notes: 'x' });
    expect(moving.statusCode).toBe(422);
    expect(moving.json().message).toBe(`Only a planned trip can be edited; ${t.number} is in transit.`);
  });

  it('lists trips the latest planned first, filtered and paged, and exports them', async () => {
    const r = await received(operator, '15');
    const t = (await operator.post('/api/trips', trip([pickup(r.id)], { planned_on: '2026-12-24' }))).json();
    const all = (await allPages<{ id: string; planned_on: string }>(operator, '/api/trips?limit=3')).flat();
    const days = all.map((x) => x.planned_on);
    expect(days).toEqual([...days].sort().reverse());
    expect(all[0]?.id).toBe(t.id);
    const found = await operator.get(`/api/trips?q=${encodeURIComponent(t.number)}&status=planned`);
    expect(found.json().items.map((x: { id: string }) => x.id)).toEqual([t.id]);
    const byDay = await operator.get('/api/trips?from=2026-12-01&to=2026-12-31');
    expect(byDay.json().items).toHaveLength(1);
    const small = (
      await operator.post(
        '/api/trips',
        trip([pickup((await received(operator, '16')).id)], { vehicle_id: ids.van }),
      )
    ).json();
    const byPlate = (await operator.get('/api/trips?q=abc%209&limit=200')).json().items;
    expect(byPlate.map((x: { id: string }) => x.id)).toEqual([small.id]);
    const byDriver = (await operator.get('/api/trips?q=rey%20cr&limit=200')).json().items;
    expect(byDriver.map((x: { driver: { name: string } }) => x.driver.name)).toEqual(['Rey Cruz']);
    const csv = await manager.get('/api/trips/export.csv?status=planned');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      'number,status,planned_on,vehicle,vehicle_type,driver,stops,payload_kg,distance_km,co2e_kg,co2e_factor_kg_per_tonne_km,co2e_source,started_at,completed_at,cancel_reason',
    );
    expect(csv.body).toContain(`${t.number},Planned,2026-12-24,NBC 1234,wing_van,Jun Santos,1,15.000`);
  });

  it('keeps organizations apart: another’s trips and records are not found', async () => {
    const d = await dispatched('50');
    const t = (await operator.post('/api/trips', trip([delivery(d.id)]))).json();
    expect((await stranger.get(`/api/trips/${t.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/trips/${t.id}/start`, {})).statusCode).toBe(404);
    expect((await stranger.get('/api/trips')).json().items).toEqual([]);
    const taken = await stranger.post('/api/trips', trip([delivery(d.id)], theirs));
    expect(taken.statusCode).toBe(404);
    expect(taken.json().details.fields).toEqual({ 'body.stops.0.dispatch_record_id': 'Dispatch not found' });
    const ours = await stranger.post('/api/trips', trip([delivery(d.id)]));
    expect(ours.json().details.fields).toEqual({ 'body.vehicle_id': 'Vehicle not found' });
  });

  it('lets staff read, the floor write, and neither an auditor write nor a supplier read', async () => {
    const r = await received(operator, '25');
    const t = (await operator.post('/api/trips', trip([pickup(r.id)]))).json();
    expect((await auditor.get(`/api/trips/${t.id}`)).statusCode).toBe(200);
    expect((await auditor.post('/api/trips', trip([pickup(r.id)]))).statusCode).toBe(403);
    expect((await auditor.post(`/api/trips/${t.id}/start`, {})).statusCode).toBe(403);
    expect((await auditor.post(`/api/trips/${t.id}/cancel`, { reason: 'No' })).statusCode).toBe(403);
    expect((await supplier.get('/api/trips')).statusCode).toBe(403);
    expect((await supplier.get(`/api/trips/${t.id}`)).statusCode).toBe(403);
  });
});

// Manila City Hall, Quezon City Hall and the Valenzuela plant: 9.697 km and 8.223 km apart by the
// haversine on the IUGG mean radius (6371.0088 km), worked out apart from the code under test.
const at = (time: string, latitude: string, longitude: string) => ({
  recorded_at: `2026-11-22T${time}:00+08:00`,
  latitude,
  longitude,
});
const MANILA = at('07:00', '14.5896', '120.9813');
const QUEZON_CITY = at('08:00', '14.6465', '121.0496');
const VALENZUELA = at('09:00', '14.6833', '120.9833');
const morning = (time: string) => `2026-11-22T${time}:00+08:00`;

describe('trips under way', () => {
  it('starts, reaches and leaves stops in order, takes GPS points, and completes with the track’s length and exact CO2e', async () => {
    const r = await received(operator, '250');
    const d = await dispatched('600');
    const t = (await operator.post('/api/trips', trip([pickup(r.id), delivery(d.id)]))).json();
    const [s1, s2] = t.stops as { id: string }[];
    const stop = (s: { id: string } | undefined, event: string) =>
      `/api/trips/${t.id}/stops/${s?.id}/${event}`;
    expect((await operator.post(stop(s1, 'arrive'), {})).statusCode).toBe(422);
    expect((await operator.post(`/api/trips/${t.id}/points`, { points: [MANILA] })).statusCode).toBe(422);

    const started = await operator.post(`/api/trips/${t.id}/start`, {
      started_at: morning('07:00'),
      version: t.version,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_transit', started_at: '2026-11-21T23:00:00.000Z' });
    const early = await operator.post(stop(s1, 'arrive'), { at: morning('06:59') });
    expect(early.statusCode).toBe(422);
    expect(early.json().details.fields['body.at']).toBe('The arrival cannot be before the trip started');
    const unreached = await operator.post(stop(s1, 'depart'), { at: morning('08:30') });
    expect(unreached.json().message).toBe('Record the arrival at stop 1 (pick-up) first');
    const arrived = await operator.post(stop(s1, 'arrive'), { at: morning('08:00') });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().stops[0].arrived_at).toBe('2026-11-22T00:00:00.000Z');
    expect((await operator.post(stop(s1, 'arrive'), { at: morning('08:05') })).statusCode).toBe(422);
    const backwards = await operator.post(stop(s1, 'depart'), { at: morning('07:59') });
    expect(backwards.json().message).toBe('The departure cannot be before the arrival');
    expect((await operator.post(stop(s1, 'depart'), { at: morning('08:30') })).statusCode).toBe(200);
    expect((await operator.post(stop(s2, 'arrive'), { at: morning('09:10') })).statusCode).toBe(200);

    const first = await operator.post(`/api/trips/${t.id}/points`, { points: [MANILA, QUEZON_CITY] });
    expect(first.json()).toEqual({ added: 2, total: 2 });
    expect((await operator.get(`/api/trips/${t.id}`)).json().gps_distance_km).toBe('9.7');
    // A tracker resending its batch with one point more adds only the new one.
    const resent = await operator.post(`/api/trips/${t.id}/points`, {
      points: [QUEZON_CITY, MANILA, VALENZUELA],
    });
    expect(resent.json()).toEqual({ added: 1, total: 3 });
    const offMap = await operator.post(`/api/trips/${t.id}/points`, {
      points: [at('09:30', '91', '121')],
    });
    expect(offMap.statusCode).toBe(400);
    expect(offMap.json().details.fields['body.points.0.latitude']).toBe('Latitude must be at most 90');
    // Points from before the trip (a resent old buffer, a wrong clock) would lengthen its track: refused.
    const stale = await operator.post(`/api/trips/${t.id}/points`, {
      points: [at('06:30', '14.7', '121.1')],
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().details.fields['body.points.0.recorded_at']).toBe(
      'A GPS point cannot be before the trip started',
    );

    const done = await operator.post(`/api/trips/${t.id}/complete`, { completed_at: morning('10:00') });
    expect(done.statusCode, done.body).toBe(200);
    const c = done.json();
    // 0.85 t × 17.9 km × 0.19234 kg CO2e per tonne-km = 2.9264531 kg.
    expect(c).toMatchObject({
      status: 'completed',
      completed_at: '2026-11-22T02:00:00.000Z',
      distance_km: '17.9',
      gps_distance_km: '17.9',
      payload_kg: '850.000',
      co2e_kg: '2.926',
      co2e_factor: '0.19234',
    });
    expect(c.co2e_source).toMatch(/^Defra\/DECC 2012 .* \(ref-2026\.3, unverified\)$/);
    expect(c.points.map((p: { recorded_at: string }) => p.recorded_at)).toEqual([
      '2026-11-21T23:00:00.000Z',
      '2026-11-22T00:00:00.000Z',
      '2026-11-22T01:00:00.000Z',
    ]);
    expect(c).toEqual((await operator.get(`/api/trips/${t.id}`)).json());
    expect((await operator.post(`/api/trips/${t.id}/points`, { points: [VALENZUELA] })).statusCode).toBe(422);
    expect((await operator.post(`/api/trips/${t.id}/cancel`, { reason: 'Too late' })).statusCode).toBe(422);
    expect(await activity(manager, t.number)).toContain(
      `Completed trip ${t.number}: 17.9 km, 850 kg carried, 2.926 kg CO2e`,
    );
  });

  it('asks for the distance without a track, prefers the odometer, and counts what is still posted', async () => {
    const r = await received(operator, '1234.567');
    const d = await dispatched('200');
    const t = (await operator.post('/api/trips', trip([pickup(r.id), delivery(d.id)]))).json();
    await operator.post(`/api/trips/${t.id}/start`, { started_at: morning('07:00') });
    const blind = await operator.post(`/api/trips/${t.id}/complete`, { completed_at: morning('10:00') });
    expect(blind.statusCode).toBe(422);
    expect(blind.json()).toMatchObject({
      message: 'Enter the distance driven',
      details: { fields: { 'body.distance_km': 'Enter the distance driven' } },
    });
    await operator.post(`/api/trips/${t.id}/points`, { points: [MANILA, QUEZON_CITY] });
    // The dispatch voided on the way carries nothing.
    expect(
      (await manager.post(`/api/dispatch-records/${d.id}/void`, { reason: 'Customer refused' })).statusCode,
    ).toBe(200);
    const done = await operator.post(`/api/trips/${t.id}/complete`, {
      distance_km: '23.4',
      completed_at: morning('10:00'),
    });
    // 1.234567 t × 23.4 km × 0.19234 = 5.556484832652 kg, to the gram.
    expect(done.json()).toMatchObject({
      distance_km: '23.4',
      gps_distance_km: '9.7',
      payload_kg: '1234.567',
      co2e_kg: '5.556',
    });
  });

  it('counts no CO2e for a vehicle type without a factor, and says so', async () => {
    const r = await received(operator, '120');
    const t = (await operator.post('/api/trips', trip([pickup(r.id)], { vehicle_id: ids.trike }))).json();
    expect(t.emission_factor).toBeNull();
    await operator.post(`/api/trips/${t.id}/start`, { started_at: morning('07:00') });
    const done = await operator.post(`/api/trips/${t.id}/complete`, { distance_km: '12.5' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      distance_km: '12.5',
      payload_kg: '120.000',
      co2e_kg: null,
      co2e_factor: null,
      co2e_source: 'No transport emission factor for a tricycle: its emissions are not counted',
    });
  });

  it('cancels a trip in transit, keeps stops to their trip, and refuses the auditor every move', async () => {
    const r = await received(operator, '40');
    const t = (await operator.post('/api/trips', trip([pickup(r.id)]))).json();
    const other = (
      await operator.post('/api/trips', trip([pickup((await received(operator, '41')).id)]))
    ).json();
    await operator.post(`/api/trips/${t.id}/start`, { started_at: morning('07:00') });
    const elsewhere = await operator.post(`/api/trips/${t.id}/stops/${other.stops[0].id}/arrive`, {});
    expect(elsewhere.statusCode).toBe(404);
    for (const path of [`stops/${t.stops[0].id}/arrive`, 'points', 'complete'])
      expect((await auditor.post(`/api/trips/${t.id}/${path}`, { points: [MANILA] })).statusCode).toBe(403);
    const stale = await operator.post(`/api/trips/${t.id}/cancel`, { reason: 'Flooded road', version: 1 });
    expect(stale.statusCode).toBe(409);
    const res = await operator.post(`/api/trips/${t.id}/cancel`, { reason: 'Flooded road' });
    expect(res.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Flooded road' });
    expect(await auditActions(ctx, t.id)).toEqual(['trip.created', 'trip.updated', 'trip.updated']);
  });
});
