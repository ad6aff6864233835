import { beforeAll, describe, expect, it } from 'vitest';
import { addDevice, addReading, minutesAgo, tripTo } from '../../test/alert-fixtures.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';

// Vehicles' GPS trackers in logistics: the live positions list, and a trip's track and distance from its
// vehicle's tracker (preferred over the points sent for the trip, never merged with them).

const ctx = useTestApp();
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
let org = '';
let other = '';
let manager: TestClient;
let operator: TestClient;
let supplier: TestClient;
let stranger: TestClient;
const db = () => ctx.database.db;

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'trackers');
  ({ manager, operator, supplier } = o);
  org = o.organizationId;
  const theirs = await seededOrganization(ctx, 'trackers-other');
  other = theirs.organizationId;
  stranger = theirs.admin;
});

const position = (orgId: string, deviceId: string, m: number, latitude: number, longitude = 120.98) =>
  addReading(db(), orgId, deviceId, {
    recordedAt: minutesAgo(now, m),
    kind: 'position',
    latitude,
    longitude,
  });

describe('live positions', () => {
  it('answers each tracked vehicle’s latest position, its trip in transit, and whether it is stale', async () => {
    const moving = await tripTo(db(), org, minutesAgo(now, 120));
    const live = await addDevice(db(), org, 'gps_tracker', { vehicleId: moving.vehicleId });
    await position(org, live.id, 30, 14.6);
    await position(org, live.id, 2, 14.65, 121.01);
    await position(org, live.id, 10, 14.62);
    // A trip of another vehicle only: this one's tracker last spoke two hours ago.
    const parked = await tripTo(db(), org, minutesAgo(now, 600));
    const quiet = await addDevice(db(), org, 'gps_tracker', {
      vehicleId: parked.vehicleId,
      offlineAfterMinutes: 30,
    });
    await position(org, quiet.id, 120, 14.7);
    const retired = await tripTo(db(), org, minutesAgo(now, 600));
    const gone = await addDevice(db(), org, 'gps_tracker', { vehicleId: retired.vehicleId, archivedAt: now });
    await position(org, gone.id, 1, 14.7);
    const theirs = await tripTo(db(), other, minutesAgo(now, 60));
    const theirTracker = await addDevice(db(), other, 'gps_tracker', { vehicleId: theirs.vehicleId });
    await position(other, theirTracker.id, 1, 10.3);

    const res = await operator.get('/api/logistics/positions');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      vehicle: { id: string };
      device: { id: string };
      trip: { id: string } | null;
      stale: boolean;
      latitude: number;
      longitude: number;
      recorded_at: string;
    }[];
    const ofVehicle = (id: string) => items.filter((i) => i.vehicle.id === id);
    expect(ofVehicle(moving.vehicleId)).toMatchObject([
      {
        device: { id: live.id },
        latitude: 14.65,
        longitude: 121.01,
        recorded_at: minutesAgo(now, 2).toISOString(),
        stale: false,
        trip: { id: moving.tripId },
      },
    ]);
    expect(ofVehicle(parked.vehicleId)).toMatchObject([{ stale: true, trip: { id: parked.tripId } }]);
    expect(ofVehicle(retired.vehicleId)).toEqual([]);
    expect(ofVehicle(theirs.vehicleId)).toEqual([]);
    expect(
      (await stranger.get('/api/logistics/positions'))
        .json()
        .items.map((i: { vehicle: { id: string } }) => i.vehicle.id),
    ).toEqual([theirs.vehicleId]);
    expect((await supplier.get('/api/logistics/positions')).statusCode).toBe(403);
  });
});

/** A trip in transit for the last hour whose truck's tracker drove 11.1 km north during it. */
async function trackedTrip() {
  const trip = await tripTo(db(), org, minutesAgo(now, 60));
  const tracker = await addDevice(db(), org, 'gps_tracker', { vehicleId: trip.vehicleId });
  for (const [m, lat] of [
    [50, 14.6],
    [40, 14.65],
    [30, 14.7],
  ] as const)
    await position(org, tracker.id, m, lat);
  return { trip, tracker };
}

describe('a trip’s track', () => {
  it('comes from the vehicle’s tracker between start and completion, which gives the distance', async () => {
    const { trip, tracker } = await trackedTrip();
    // Before the start: another job of the same truck, not this trip's.
    await position(org, tracker.id, 90, 15.5);
    // A phone's points for the same trip are kept but not merged into the tracker's track.
    const sent = await operator.post(`/api/trips/${trip.tripId}/points`, {
      points: [{ recorded_at: minutesAgo(now, 45).toISOString(), latitude: '14.9', longitude: '121.5' }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = (await manager.get(`/api/trips/${trip.tripId}`)).json();
    expect(detail).toMatchObject({
      track_source: 'tracker',
      tracker: { id: tracker.id, code: tracker.code },
      gps_distance_km: '11.1',
    });
    expect(detail.points).toEqual([
      { recorded_at: minutesAgo(now, 50).toISOString(), latitude: '14.600000', longitude: '120.980000' },
      { recorded_at: minutesAgo(now, 40).toISOString(), latitude: '14.650000', longitude: '120.980000' },
      { recorded_at: minutesAgo(now, 30).toISOString(), latitude: '14.700000', longitude: '120.980000' },
    ]);
    const done = await operator.post(`/api/trips/${trip.tripId}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', distance_km: '11.1', track_source: 'tracker' });
    // Positions after the completion are the truck's next job.
    await position(org, tracker.id, -1, 16);
    expect((await manager.get(`/api/trips/${trip.tripId}`)).json().gps_distance_km).toBe('11.1');
  });

  it('is kept as the trip completes: archiving the tracker or fitting another changes nothing after', async () => {
    const { trip, tracker } = await trackedTrip();
    const phone = await operator.post(`/api/trips/${trip.tripId}/points`, {
      points: [{ recorded_at: minutesAgo(now, 45).toISOString(), latitude: '14.9', longitude: '121.5' }],
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const done = await operator.post(`/api/trips/${trip.tripId}/complete`, {
      completed_at: minutesAgo(now, 20).toISOString(),
    });
    expect(done.statusCode, done.body).toBe(200);
    const kept = (await manager.get(`/api/trips/${trip.tripId}`)).json();
    expect(kept).toMatchObject({
      status: 'completed',
      distance_km: '11.1',
      gps_distance_km: '11.1',
      track_source: 'tracker',
      tracker: { id: tracker.id, code: tracker.code },
    });
    expect(kept.points).toHaveLength(3);

    // A late reading inside the trip's window, the tracker archived, another fitted that reported along
    // the same hour: what the trip shows was fixed when it completed.
    await position(org, tracker.id, 35, 15.2);
    expect((await manager.post(`/api/devices/${tracker.id}/archive`)).statusCode).toBe(200);
    const fitted = await addDevice(db(), org, 'gps_tracker', { vehicleId: trip.vehicleId });
    for (const [m, lat] of [
      [55, 13.9],
      [25, 14.9],
    ] as const)
      await position(org, fitted.id, m, lat);
    expect((await manager.get(`/api/trips/${trip.tripId}`)).json()).toEqual(kept);
  });

  it('is kept when a trip in transit is cancelled: the truck’s next job is not this trip’s', async () => {
    const { trip, tracker } = await trackedTrip();
    const { version } = (await manager.get(`/api/trips/${trip.tripId}`)).json();
    const cancelled = await manager.post(`/api/trips/${trip.tripId}/cancel`, {
      reason: 'Truck broke down on NLEX',
      version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const kept = (await manager.get(`/api/trips/${trip.tripId}`)).json();
    expect(kept).toMatchObject({
      status: 'cancelled',
      track_source: 'tracker',
      tracker: { id: tracker.id },
      gps_distance_km: '11.1',
    });
    expect(kept.points).toHaveLength(3);
    // The same truck drives on (towed, or its next job): none of it is the cancelled trip's.
    await position(org, tracker.id, -1, 16);
    expect((await manager.get(`/api/trips/${trip.tripId}`)).json()).toEqual(kept);
  });

  it('keeps a completed trip on its own points when the tracker gave no track then', async () => {
    const trip = await tripTo(db(), org, minutesAgo(now, 60));
    const sent = await operator.post(`/api/trips/${trip.tripId}/points`, {
      points: [
        { recorded_at: minutesAgo(now, 40).toISOString(), latitude: '14.6', longitude: '120.98' },
        { recorded_at: minutesAgo(now, 20).toISOString(), latitude: '14.62', longitude: '120.98' },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const done = await operator.post(`/api/trips/${trip.tripId}/complete`, {});
    expect(done.json()).toMatchObject({ distance_km: '2.2', track_source: 'points', tracker: null });
    // A tracker fitted afterwards whose clock puts its positions inside the trip's hours.
    const fitted = await addDevice(db(), org, 'gps_tracker', { vehicleId: trip.vehicleId });
    await position(org, fitted.id, 50, 15);
    await position(org, fitted.id, 30, 15.5);
    expect((await manager.get(`/api/trips/${trip.tripId}`)).json()).toMatchObject({
      track_source: 'points',
      tracker: null,
      gps_distance_km: '2.2',
      points: [{ latitude: '14.600000' }, { latitude: '14.620000' }],
    });
  });

  it('falls back to the trip’s points when the tracker reported fewer than two positions', async () => {
    const trip = await tripTo(db(), org, minutesAgo(now, 60));
    const tracker = await addDevice(db(), org, 'gps_tracker', { vehicleId: trip.vehicleId });
    await position(org, tracker.id, 30, 14.6);
    const sent = await operator.post(`/api/trips/${trip.tripId}/points`, {
      points: [
        { recorded_at: minutesAgo(now, 40).toISOString(), latitude: '14.6', longitude: '120.98' },
        { recorded_at: minutesAgo(now, 20).toISOString(), latitude: '14.62', longitude: '120.98' },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = (await manager.get(`/api/trips/${trip.tripId}`)).json();
    expect(detail).toMatchObject({
      track_source: 'points',
      tracker: { id: tracker.id },
      gps_distance_km: '2.2',
    });
    expect(detail.points).toHaveLength(2);
    const done = await operator.post(`/api/trips/${trip.tripId}/complete`, {});
    expect(done.json()).toMatchObject({ distance_km: '2.2', track_source: 'points' });
  });
});
