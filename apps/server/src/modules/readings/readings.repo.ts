import type { Reading, ReadingKind, SeriesPoint } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

type Handle = Db | Tx;

/** The channel every instance LISTENs on: one notification per device per batch (readings.live.ts). */
export const READINGS_CHANNEL = 'plastrace_readings';

// Instants leave the database as ISO 8601 in UTC: milliseconds on the wire, microseconds in cursors
// (a keyset must compare the exact stored value).
const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const isoExact = (col: string) =>
  sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

// Provenance: a reading entered by a member is `hand`, one sent with a key `device`. The key's prefix and the
// member's name are primary-key lookups per row returned (pages are at most 1,000 rows).
const READING_COLUMNS = sql`r.id, r.device_id, r.seq, ${iso('r.recorded_at')} AS recorded_at,
  ${iso('r.received_at')} AS received_at, r.kind, r.value, r.unit, r.stable, r.latitude, r.longitude,
  CASE WHEN r.entered_by IS NULL THEN 'device' ELSE 'hand' END AS source,
  (SELECT k.prefix FROM api_keys k WHERE k.id = r.api_key_id) AS api_key_prefix,
  (SELECT json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name)
     FROM users u WHERE u.id = r.entered_by) AS entered_by`;

type ReadingRow = Omit<Reading, 'id' | 'seq'> & { id: string | number; seq: string | number };

/** pg answers bigint as text; ids and sequence numbers stay below 2^53. */
const toReading = (r: ReadingRow): Reading => ({ ...r, id: Number(r.id), seq: Number(r.seq) });

export type DeviceForIngest = { id: string; kind: string; archived: boolean };

/** The organization's devices among `ids` (others' and unknown ones are simply absent). */
export async function devicesForIngest(db: Handle, orgId: string, ids: string[]): Promise<DeviceForIngest[]> {
  const res = await db.execute<DeviceForIngest>(sql`
    SELECT id, kind::text AS kind, archived_at IS NOT NULL AS archived FROM devices
    WHERE organization_id = ${orgId} AND id = ANY(${sql.param(ids)}::uuid[])`);
  return res.rows;
}

/** The organization's device, or undefined. */
export async function findDevice(db: Handle, orgId: string, id: string) {
  const res = await db.execute<{ id: string; kind: string }>(sql`
    SELECT id, kind::text AS kind FROM devices WHERE organization_id = ${orgId} AND id = ${id}`);
  return res.rows[0];
}

export type NewReading = {
  deviceId: string;
  seq: number;
  recordedAt: string;
  kind: ReadingKind;
  value: number | null;
  unit: string | null;
  stable: boolean | null;
  latitude: number | null;
  longitude: number | null;
};

/** Who sent a batch: the API key (a device, over HTTP or MQTT), or the member who entered it by hand. */
export type Provenance =
  | { apiKeyId: string; enteredBy?: undefined }
  | { enteredBy: string; apiKeyId?: undefined };

export type InsertedReading = { id: number; deviceId: string; seq: number };

/**
 * One INSERT for the whole batch, its columns as arrays (ten parameters whatever the batch size). A
 * (device, seq) already stored is skipped, so only the rows written come back: the rest are duplicates.
 */
export async function insertReadings(
  tx: Handle,
  orgId: string,
  rows: NewReading[],
  from: Provenance,
): Promise<InsertedReading[]> {
  const col = <T>(pick: (r: NewReading) => T) => sql.param(rows.map(pick));
  const res = await tx.execute<{ id: string; device_id: string; seq: string }>(sql`
    INSERT INTO device_readings (organization_id, api_key_id, entered_by,
      device_id, seq, recorded_at, kind, value, unit, stable, latitude, longitude)
    SELECT ${orgId}, ${from.apiKeyId ?? null}::uuid, ${from.enteredBy ?? null}::uuid, * FROM unnest(${col((r) => r.deviceId)}::uuid[], ${col((r) => r.seq)}::bigint[],
      ${col((r) => r.recordedAt)}::timestamptz[], ${col((r) => r.kind)}::text[],
      ${col((r) => r.value)}::float8[], ${col((r) => r.unit)}::text[], ${col((r) => r.stable)}::bool[],
      ${col((r) => r.latitude)}::float8[], ${col((r) => r.longitude)}::float8[])
    ON CONFLICT (device_id, seq) DO NOTHING
    RETURNING id, device_id, seq`);
  return res.rows.map((r) => ({ id: Number(r.id), deviceId: r.device_id, seq: Number(r.seq) }));
}

export type DeviceTouch = { deviceId: string; latestAt: string | null; fromId: number; toId: number };

/**
 * Marks each device seen now and moves its last reading forward (a late reading never moves it back),
 * then tells every instance which readings arrived: the NOTIFY is delivered at commit, so a listener
 * never sees a reading that was rolled back.
 */
export async function touchDevices(tx: Handle, orgId: string, touches: DeviceTouch[]): Promise<void> {
  // The rows are locked first, in id order: an UPDATE … FROM unnest locks them in whatever order its plan
  // joins, and two batches naming the same devices in another order (or planned otherwise) would deadlock.
  await tx.execute(sql`
    SELECT 1 FROM devices WHERE organization_id = ${orgId}
      AND id = ANY(${sql.param(touches.map((t) => t.deviceId))}::uuid[])
    ORDER BY id FOR NO KEY UPDATE`);
  const ids = sql.param(touches.map((t) => t.deviceId));
  const latest = sql.param(touches.map((t) => t.latestAt));
  const notes = sql.param(
    touches
      .filter((t) => t.latestAt)
      .map((t) => JSON.stringify({ d: t.deviceId, from: t.fromId, to: t.toId })),
  );
  await tx.execute(sql`
    WITH seen AS (
      UPDATE devices d SET last_seen_at = pt_now(), last_reading_at = greatest(d.last_reading_at, v.latest)
      FROM unnest(${ids}::uuid[], ${latest}::timestamptz[]) AS v(id, latest)
      WHERE d.id = v.id AND d.organization_id = ${orgId}
      RETURNING d.id)
    SELECT pg_notify(${READINGS_CHANNEL}, n) FROM unnest(${notes}::text[]) AS n`);
}

/** Readings of one device with ids in a range (a notification's), oldest first. */
export async function readingsInRange(db: Handle, deviceId: string, fromId: number, toId: number) {
  const res = await db.execute<ReadingRow>(sql`
    SELECT ${READING_COLUMNS} FROM device_readings r
    WHERE r.device_id = ${deviceId} AND r.id BETWEEN ${fromId} AND ${toId}
    ORDER BY r.recorded_at, r.id`);
  return res.rows.map(toReading);
}

export type ReadingFilter = {
  from?: string;
  to?: string;
  kind?: ReadingKind;
  stable?: boolean;
  /** Keyset: readings strictly before this (recorded_at, id). */
  before?: [string, number];
  limit: number;
};

/** Newest first on the (device_id, recorded_at) index; `sort_at` is the exact instant for the cursor. */
export async function listReadings(db: Handle, orgId: string, deviceId: string, f: ReadingFilter) {
  const res = await db.execute<ReadingRow & { sort_at: string }>(sql`
    SELECT ${READING_COLUMNS}, ${isoExact('r.recorded_at')} AS sort_at FROM device_readings r
    WHERE r.device_id = ${deviceId} AND r.organization_id = ${orgId}
      ${f.from ? sql`AND r.recorded_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`AND r.recorded_at < ${f.to}::timestamptz` : sql``}
      ${f.kind ? sql`AND r.kind = ${f.kind}` : sql``}
      ${f.stable !== undefined ? sql`AND r.stable IS ${f.stable ? sql`TRUE` : sql`NOT TRUE`}` : sql``}
      ${f.before ? sql`AND (r.recorded_at, r.id) < (${f.before[0]}::timestamptz, ${f.before[1]})` : sql``}
    ORDER BY r.recorded_at DESC, r.id DESC
    LIMIT ${f.limit}`);
  return res.rows.map((r) => ({ reading: toReading(r), sortAt: r.sort_at }));
}

/**
 * Time buckets of one kind of one device's readings: [from, to) cut into equal buckets, each with its
 * count, average, minimum, maximum and last value (the newest; the id breaks a tie of equal times). One
 * range scan of the (device_id, recorded_at) index, which carries every column read here (0035): no
 * heap page is read once the table's pages are all-visible.
 */
export async function readingSeries(
  db: Handle,
  orgId: string,
  deviceId: string,
  q: { from: string; to: string; kind: ReadingKind; bucketSeconds: number },
): Promise<SeriesPoint[]> {
  const res = await db.execute<{
    n: number;
    count: string;
    avg: number;
    min: number;
    max: number;
    last: number;
  }>(sql`
    SELECT floor(extract(epoch FROM r.recorded_at - ${q.from}::timestamptz) / ${q.bucketSeconds})::int AS n,
      count(*) AS count, avg(r.value) AS avg, min(r.value) AS min, max(r.value) AS max,
      (array_agg(r.value ORDER BY r.recorded_at DESC, r.id DESC))[1] AS last
    FROM device_readings r
    WHERE r.device_id = ${deviceId} AND r.organization_id = ${orgId} AND r.kind = ${q.kind}
      AND r.recorded_at >= ${q.from}::timestamptz AND r.recorded_at < ${q.to}::timestamptz
    GROUP BY 1 ORDER BY 1`);
  const start = Date.parse(q.from);
  return res.rows.map((p) => ({
    t: new Date(start + p.n * q.bucketSeconds * 1000).toISOString(),
    count: Number(p.count),
    avg: p.avg,
    min: p.min,
    max: p.max,
    last: p.last,
  }));
}

/**
 * Deletes up to `limit` readings older than `days` days, keeping those a receive or dispatch line names
 * (the evidence of a weighing). Runs through `device_readings_prune` (migration 0033), since the app's
 * role may not delete from the append-only tables itself.
 */
export async function pruneReadings(db: Handle, days: number, limit: number): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`SELECT device_readings_prune(${days}, ${limit}) AS n`);
  return Number(res.rows[0]?.n ?? 0);
}
