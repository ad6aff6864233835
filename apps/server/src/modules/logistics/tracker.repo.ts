import { type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../../db/client.ts';

// Vehicles' GPS trackers (devices of kind gps_tracker, readings with a position): where each vehicle is
// now, and the track a trip's vehicle reported between its start and its completion.

type Handle = Db | Tx;

/** IUGG mean Earth radius, km: the haversine's sphere. */
const EARTH_KM = 6371.0088;

/**
 * The length of a track given as rows (recorded_at, lat, lon in float8): the haversine (great-circle)
 * distance between each point and the one before it in time, summed, to 100 m; null under two points.
 */
export async function lengthKm(db: Handle, track: SQL): Promise<string | null> {
  const rows = await db.execute<{ km: string | null }>(sql`
    SELECT round(sum(2 * ${EARTH_KM}::float8 * asin(least(1, sqrt(
             sin(radians(lat - prev_lat) / 2) ^ 2
             + cos(radians(prev_lat)) * cos(radians(lat)) * sin(radians(lon - prev_lon) / 2) ^ 2))))::numeric, 1)::text AS km
    FROM (SELECT lat, lon, lag(lat) OVER w AS prev_lat, lag(lon) OVER w AS prev_lon
          FROM (${track}) t WINDOW w AS (ORDER BY recorded_at)) track
    WHERE prev_lat IS NOT NULL`);
  return rows.rows[0]?.km ?? null;
}

export type Tracker = { id: string; code: string; name: string };

/** The vehicle's GPS tracker: the first registered that is not archived, if it has one. */
export async function trackerOf(db: Handle, orgId: string, vehicleId: string): Promise<Tracker | undefined> {
  const rows = await db.execute<Tracker>(sql`
    SELECT id, code, name FROM devices
    WHERE organization_id = ${orgId} AND vehicle_id = ${vehicleId} AND kind = 'gps_tracker' AND archived_at IS NULL
    ORDER BY created_at, id LIMIT 1`);
  return rows.rows[0];
}

/** The tracker's positions from `from` to `to` (or now), as rows lengthKm reads. */
export const trackerTrack = (orgId: string, deviceId: string, from: Date, to: Date | null) => sql`
  SELECT recorded_at, latitude AS lat, longitude AS lon FROM device_readings
  WHERE organization_id = ${orgId} AND device_id = ${deviceId} AND latitude IS NOT NULL AND longitude IS NOT NULL
    AND recorded_at >= ${from.toISOString()}::timestamptz
    AND recorded_at <= coalesce(${to?.toISOString() ?? null}::timestamptz, pt_now())`;

/** The GPS points sent for a trip (a phone's), as rows lengthKm reads. */
export const pointsTrack = (orgId: string, tripId: string) => sql`
  SELECT recorded_at, latitude::float8 AS lat, longitude::float8 AS lon FROM trip_points
  WHERE organization_id = ${orgId} AND trip_id = ${tripId} AND device_id IS NULL`;

/** The tracker's positions a completed trip kept (see freezeTrack), as rows lengthKm reads. */
export const frozenTrack = (orgId: string, tripId: string, deviceId: string) => sql`
  SELECT recorded_at, latitude::float8 AS lat, longitude::float8 AS lon FROM trip_points
  WHERE organization_id = ${orgId} AND trip_id = ${tripId} AND device_id = ${deviceId}`;

/** The tracker whose positions a completed trip kept, archived or moved since or not; none for a phone's track. */
export async function frozenTracker(db: Handle, orgId: string, tripId: string): Promise<Tracker | undefined> {
  const rows = await db.execute<Tracker>(sql`
    SELECT d.id, d.code, d.name FROM devices d
    WHERE d.organization_id = ${orgId} AND d.id = (
      SELECT p.device_id FROM trip_points p
      WHERE p.organization_id = ${orgId} AND p.trip_id = ${tripId} AND p.device_id IS NOT NULL LIMIT 1)`);
  return rows.rows[0];
}

/**
 * Copies a tracker's track into the trip's own points, marked with the tracker, as the trip completes:
 * from then on the trip reads only these, so archiving the tracker, moving it to another vehicle or its
 * late readings change neither the track nor its length. Coordinates are kept to six decimals, as sent
 * points are. Answers how many were copied.
 */
export async function freezeTrack(tx: Tx, orgId: string, tripId: string, deviceId: string, track: SQL) {
  // The instants as text, to the microsecond: a Date would cut them to milliseconds.
  const points = await tx.execute<{ recorded_at: string; latitude: string; longitude: string }>(sql`
    SELECT to_json(recorded_at)#>>'{}' AS recorded_at, round(lat::numeric, 6)::text AS latitude,
      round(lon::numeric, 6)::text AS longitude
    FROM (${track}) t ORDER BY recorded_at`);
  const batch = JSON.stringify(points.rows.map((p) => ({ ...p, id: uuidv7() })));
  const rows = await tx.execute(sql`
    INSERT INTO trip_points (id, organization_id, trip_id, device_id, recorded_at, latitude, longitude)
    SELECT p.id, ${orgId}, ${tripId}, ${deviceId}, p.recorded_at, p.latitude, p.longitude
    FROM jsonb_to_recordset(${batch}::jsonb)
      AS p(id uuid, recorded_at timestamptz, latitude numeric, longitude numeric)`);
  return rows.rowCount ?? 0;
}

/** The positions of a track in time order, with coordinates written to six decimals as trip points are. */
export async function trackPoints(db: Handle, track: SQL) {
  const rows = await db.execute<{ recorded_at: string; latitude: string; longitude: string }>(sql`
    SELECT to_json(recorded_at)#>>'{}' AS recorded_at, round(lat::numeric, 6)::text AS latitude,
      round(lon::numeric, 6)::text AS longitude
    FROM (${track}) t ORDER BY recorded_at`);
  return rows.rows.map((r) => ({
    recordedAt: new Date(r.recorded_at),
    latitude: r.latitude,
    longitude: r.longitude,
  }));
}

export async function countOf(db: Handle, track: SQL): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${track}) t`);
  return rows.rows[0]?.n ?? 0;
}

export type PositionRow = {
  vehicle_id: string;
  vehicle_code: string;
  vehicle_name: string;
  vehicle_type: string;
  device_id: string;
  device_code: string;
  device_name: string;
  latitude: number;
  longitude: number;
  recorded_at: string;
  stale: boolean;
  trip_id: string | null;
  trip_number: string | null;
};

/**
 * The latest position of every vehicle with a tracker (not archived) that has reported one, with the trip
 * the vehicle is on in transit; stale when older than the tracker's offline_after_minutes. Each latest
 * position is one backward step of the (device_id, recorded_at) index.
 */
export async function positions(db: Handle, orgId: string): Promise<PositionRow[]> {
  const rows = await db.execute<PositionRow>(sql`
    SELECT DISTINCT ON (v.id) v.id AS vehicle_id, v.code AS vehicle_code, v.name AS vehicle_name,
      v.type AS vehicle_type, g.id AS device_id, g.code AS device_code, g.name AS device_name,
      p.latitude, p.longitude, to_json(p.recorded_at)#>>'{}' AS recorded_at,
      p.recorded_at < pt_now() - make_interval(mins => g.offline_after_minutes) AS stale,
      t.id AS trip_id, t.number AS trip_number
    FROM devices g
    JOIN vehicles v ON v.id = g.vehicle_id AND v.organization_id = g.organization_id
    CROSS JOIN LATERAL (
      SELECT r.recorded_at, r.latitude, r.longitude FROM device_readings r
      WHERE r.device_id = g.id AND r.latitude IS NOT NULL AND r.longitude IS NOT NULL
      ORDER BY r.recorded_at DESC LIMIT 1) p
    LEFT JOIN LATERAL (
      SELECT id, number FROM trips
      WHERE organization_id = g.organization_id AND vehicle_id = v.id AND status = 'in_transit'
      ORDER BY started_at DESC LIMIT 1) t ON true
    WHERE g.organization_id = ${orgId} AND g.kind = 'gps_tracker' AND g.archived_at IS NULL
    ORDER BY v.id, p.recorded_at DESC`);
  return rows.rows;
}
