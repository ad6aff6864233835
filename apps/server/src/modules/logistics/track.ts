import type { VehiclePosition } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as tracker from './tracker.repo.ts';

// A trip's GPS track: its vehicle's tracker when the tracker reported at least two positions between the
// trip's start and its completion (or now), else the points sent for the trip (a phone's). One source,
// never both merged: two devices sampling at different moments zigzag between each other and lengthen
// the distance, and the tracker — bolted to the truck, reporting by itself — is the better evidence.
// Completing a trip keeps the tracker's track as the trip's own points (tracker.repo.ts freezeTrack):
// a completed trip reads only what it kept, never the vehicle's tracker of today. A trip cancelled in
// transit keeps its track up to the cancellation the same way.

type TripTimes = {
  id: string;
  vehicleId: string;
  status: string;
  startedAt: Date | null;
  completedAt: Date | null;
};

export async function trackOf(
  db: Db | Tx,
  orgId: string,
  trip: TripTimes,
  until: Date | null = trip.completedAt,
) {
  if (trip.status === 'completed' || trip.status === 'cancelled') return keptTrack(db, orgId, trip.id);
  // One after another: `db` may be a transaction.
  const device = await tracker.trackerOf(db, orgId, trip.vehicleId);
  if (device && trip.startedAt) {
    const track = tracker.trackerTrack(orgId, device.id, trip.startedAt, until);
    if ((await tracker.countOf(db, track)) >= 2) return { source: 'tracker' as const, device, track };
  }
  return { source: 'points' as const, device: device ?? null, track: tracker.pointsTrack(orgId, trip.id) };
}

/** A completed or cancelled trip's track as it was kept: the tracker's positions it copied, else the points sent for it. */
async function keptTrack(db: Db | Tx, orgId: string, tripId: string) {
  const device = await tracker.frozenTracker(db, orgId, tripId);
  if (device)
    return { source: 'tracker' as const, device, track: tracker.frozenTrack(orgId, tripId, device.id) };
  return { source: 'points' as const, device: null, track: tracker.pointsTrack(orgId, tripId) };
}

/**
 * Keeps the trip's track as it completes: the tracker's positions up to `at` are copied into the trip's
 * points (when the tracker gave the track), and the track answered is the kept one, whose length is the
 * GPS distance the completed trip shows from then on.
 */
export async function keepTrack(tx: Tx, orgId: string, trip: TripTimes, at: Date) {
  const live = await trackOf(tx, orgId, trip, at);
  if (live.source !== 'tracker') return live;
  await tracker.freezeTrack(tx, orgId, trip.id, live.device.id, live.track);
  return { ...live, track: tracker.frozenTrack(orgId, trip.id, live.device.id) };
}

/** Where every vehicle with a GPS tracker is now, by vehicle code. */
export async function positions(ctx: AppContext, caller: Caller): Promise<{ items: VehiclePosition[] }> {
  const rows = await tracker.positions(ctx.db, caller.organizationId);
  const items = rows.map((r) => ({
    vehicle: {
      id: r.vehicle_id,
      code: r.vehicle_code,
      name: r.vehicle_name,
      type: r.vehicle_type as VehiclePosition['vehicle']['type'],
    },
    device: { id: r.device_id, code: r.device_code, name: r.device_name },
    latitude: r.latitude,
    longitude: r.longitude,
    recorded_at: new Date(r.recorded_at).toISOString(),
    stale: r.stale,
    trip: r.trip_id && r.trip_number ? { id: r.trip_id, number: r.trip_number } : null,
  }));
  return { items: items.sort((a, b) => a.vehicle.code.localeCompare(b.vehicle.code)) };
}
