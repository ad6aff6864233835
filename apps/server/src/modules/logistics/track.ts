import type { VehiclePosition } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as tracker from './tracker.repo.ts';

// A trip's GPS track: its vehicle's tracker when the tracker reported at least two positions between the
// trip's start and its completion (or now), else the points sent for the trip (a phone's). One source,
// never both merged: two devices sampling at different moments zigzag between each other and lengthen
// the distance, and the tracker — bolted to the truck, reporting by itself — is the better evidence.

type TripTimes = { id: string; vehicleId: string; startedAt: Date | null; completedAt: Date | null };

export async function trackOf(
  db: Db | Tx,
  orgId: string,
  trip: TripTimes,
  until: Date | null = trip.completedAt,
) {
  // One after another: `db` may be a transaction.
  const device = await tracker.trackerOf(db, orgId, trip.vehicleId);
  if (device && trip.startedAt) {
    const track = tracker.trackerTrack(orgId, device.id, trip.startedAt, until);
    if ((await tracker.countOf(db, track)) >= 2) return { source: 'tracker' as const, device, track };
  }
  return { source: 'points' as const, device: device ?? null, track: tracker.pointsTrack(orgId, trip.id) };
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
