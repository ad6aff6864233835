import type { IotAlertRule } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';

// The anomaly rules (docs/architecture.md "Devices and identification"). Each is one SELECT of the alerts it
// would raise now — organization, device, subject, message, details — and evaluate.ts inserts them ON
// CONFLICT DO NOTHING against the one-unresolved-alert index (migration 0032), so a round, a second
// instance or a restart never raises the same alert twice. Record rules look only at records dated in the
// last LOOKBACK_DAYS (the records' own indexed date: received_at, dispatched_at, ended_at), so a round
// costs the same on a ten-year ledger; a record back-dated further than that is not looked at.

export const LOOKBACK_DAYS = 7;
/** A weighing and the tracker's nearest position must be this close in time to be compared. */
export const GPS_WINDOW_MINUTES = 10;
/** A truck farther than this from the facility when its load was weighed there is an alert. */
export const GPS_FAR_KM = 2;
/** kWh per tonne is compared with the median of the line's last runs (at most this many, at least 5). */
export const BAND_RUNS = 20;
export const BAND_MIN_RUNS = 5;

export type RuleScope = { organizationId?: string; now: Date; since: Date };

const SCALES = sql`('weighbridge', 'platform_scale')`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const orgOf = (alias: string, s: RuleScope) =>
  s.organizationId ? sql`AND ${sql.raw(alias)}.organization_id = ${s.organizationId}::uuid` : sql``;

/** IUGG mean Earth radius, km, as logistics.repo.ts's track length uses. */
const EARTH_KM = 6371.0088;
const haversineKm = (
  lat1: SQL,
  lon1: SQL,
  lat2: SQL,
  lon2: SQL,
) => sql`(2 * ${EARTH_KM}::float8 * asin(least(1, sqrt(
  sin(radians(${lat2} - ${lat1}) / 2) ^ 2
  + cos(radians(${lat1})) * cos(radians(${lat2})) * sin(radians(${lon2} - ${lon1}) / 2) ^ 2))))`;

/** A device (not archived, seen at least once) silent for longer than its offline_after_minutes. */
const offline = (s: RuleScope) => sql`
  SELECT d.organization_id, d.id AS device_id, NULL::text AS subject_type, NULL::uuid AS subject_id,
    format('%s (%s) has sent nothing for more than %s minutes', d.name, d.code, d.offline_after_minutes) AS message,
    jsonb_build_object('last_seen_at', d.last_seen_at, 'offline_after_minutes', d.offline_after_minutes) AS details
  FROM devices d
  WHERE d.archived_at IS NULL AND d.last_seen_at IS NOT NULL ${orgOf('d', s)}
    AND d.last_seen_at < ${at(s.now)} - make_interval(mins => d.offline_after_minutes)`;

/**
 * Posted records with lines weighed by hand at a facility where a scale stood at the record's time (created
 * before it, not archived before it): the scale that was there first is the alert's device.
 */
function manualWeight(kind: 'receive' | 'dispatch', s: RuleScope) {
  const [records, lines, atCol, kgCol] =
    kind === 'receive'
      ? ['receive_records', 'receive_lines', 'received_at', 'gross_kg']
      : ['dispatch_records', 'dispatch_lines', 'dispatched_at', 'kg'];
  const time = sql.raw(`r.${atCol}`);
  return sql`
  SELECT r.organization_id, sc.id AS device_id, ${`${kind}_record`}::text AS subject_type, r.id AS subject_id,
    format('%s: %s weighed by hand (%s) at %s, where scale %s stands', r.number,
      CASE WHEN m.n = 1 THEN '1 line' ELSE m.n || ' lines' END, pt_kg(m.kg), f.name, sc.code) AS message,
    jsonb_build_object('lines', m.line_nos, 'kg', m.kg::text, 'facility', f.code, 'scale', sc.code) AS details
  FROM ${sql.raw(records)} r
  JOIN facilities f ON f.id = r.facility_id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, sum(l.${sql.raw(kgCol)}) AS kg, array_agg(l.line_no ORDER BY l.line_no) AS line_nos
    FROM ${sql.raw(lines)} l WHERE l.record_id = r.id AND l.device_id IS NULL) m
  JOIN LATERAL (
    SELECT d.id, d.code FROM devices d
    WHERE d.organization_id = r.organization_id AND d.facility_id = r.facility_id AND d.kind IN ${SCALES}
      AND d.created_at <= ${time} AND (d.archived_at IS NULL OR d.archived_at > ${time})
    ORDER BY d.created_at, d.id LIMIT 1) sc ON true
  WHERE r.status = 'posted' AND ${time} >= ${at(s.since)} AND m.n > 0 ${orgOf('r', s)}`;
}

/** A posted run's kg of input and its line (with the line's energy meter); runs without either are never compared. */
const runsFrom = sql`
  FROM production_records r
  JOIN production_lines pl ON pl.id = r.production_line_id
  CROSS JOIN LATERAL (SELECT sum(pi.kg) AS kg FROM production_inputs pi WHERE pi.record_id = r.id) i
  LEFT JOIN LATERAL (
    SELECT d.id FROM devices d WHERE d.production_line_id = r.production_line_id AND d.kind = 'energy_meter'
      AND d.organization_id = r.organization_id ORDER BY d.archived_at NULLS FIRST, d.created_at, d.id LIMIT 1) lm ON true`;
const runsWhere = (s: RuleScope) =>
  sql`r.status = 'posted' AND r.ended_at >= ${at(s.since)} AND i.kg > 0 ${orgOf('r', s)}`;

/**
 * kWh per tonne of input outside [0.5, 2] × the median of the line's previous metered runs (at least 5).
 * Per tonne of input, as production_do_post's process factors and capacity check count a run: what the
 * machines processed is what drew the energy, and claimed output cannot grow without input (the mass
 * balance holds them within tolerance).
 */
const energyBand = (s: RuleScope) => sql`
  SELECT r.organization_id, coalesce(r.meter_device_id, lm.id) AS device_id, 'production_record'::text AS subject_type,
    r.id AS subject_id,
    format('%s on line %s: %s kWh per tonne of input, outside the line''s usual %s–%s kWh/t (claimed tonnes vs metered energy)',
      r.number, pl.code, round(cur.kwh_t, 1), round(band.median * 0.5, 1), round(band.median * 2, 1)) AS message,
    jsonb_build_object('kwh', r.energy_kwh::text, 'input_kg', i.kg::text, 'kwh_per_tonne', round(cur.kwh_t, 1)::text,
      'median_kwh_per_tonne', round(band.median, 1)::text, 'band_low', round(band.median * 0.5, 1)::text,
      'band_high', round(band.median * 2, 1)::text, 'runs_compared', band.n) AS details
  ${runsFrom}
  CROSS JOIN LATERAL (SELECT r.energy_kwh * 1000 / i.kg AS kwh_t) cur
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY p.kwh_t)::numeric AS median
    FROM (
      SELECT q.energy_kwh * 1000 / nullif((SELECT sum(x.kg) FROM production_inputs x WHERE x.record_id = q.id), 0) AS kwh_t
      FROM production_records q
      WHERE q.organization_id = r.organization_id AND q.production_line_id = r.production_line_id
        AND q.status = 'posted' AND q.energy_basis = 'metered' AND q.energy_kwh IS NOT NULL
        AND (q.ended_at, q.id) < (r.ended_at, r.id)
      ORDER BY q.ended_at DESC, q.id DESC LIMIT ${BAND_RUNS}) p
    WHERE p.kwh_t IS NOT NULL) band
  WHERE ${runsWhere(s)} AND r.energy_basis = 'metered' AND r.energy_kwh IS NOT NULL
    AND band.n >= ${BAND_MIN_RUNS} AND (cur.kwh_t < band.median * 0.5 OR cur.kwh_t > band.median * 2)`;

/**
 * A run whose input per hour is above its line's rated capacity. Posting lets a run within 10 % through
 * and asks a manager's reason beyond; either way the alert records that it happened, with the reason.
 */
const overCapacity = (s: RuleScope) => sql`
  SELECT r.organization_id, coalesce(r.meter_device_id, lm.id) AS device_id, 'production_record'::text AS subject_type,
    r.id AS subject_id,
    format('%s on line %s: %s kg/h, above its rated %s kg/h (%s in %s h)', r.number, pl.code,
      round(i.kg / h.hours, 1), pl.capacity_kg_per_h, pt_kg(i.kg), round(h.hours, 2)) AS message,
    jsonb_build_object('kg_per_h', round(i.kg / h.hours, 1)::text, 'capacity_kg_per_h', pl.capacity_kg_per_h::text,
      'input_kg', i.kg::text, 'hours', round(h.hours, 2)::text, 'over_capacity_reason', r.over_capacity_reason) AS details
  ${runsFrom}
  CROSS JOIN LATERAL (SELECT extract(epoch FROM r.ended_at - r.started_at)::numeric / 3600 AS hours) h
  WHERE ${runsWhere(s)} AND pl.capacity_kg_per_h IS NOT NULL AND i.kg / h.hours > pl.capacity_kg_per_h`;

/**
 * A load weighed by a scale (the line's reading) while the truck carrying it — the vehicle of a trip that
 * stops at the record, or the dispatch's own vehicle — was, by its tracker's position nearest the weighing
 * (within ±GPS_WINDOW_MINUTES), more than GPS_FAR_KM from the facility. One alert per record and tracker,
 * for its farthest weighing.
 */
const gpsFar = (s: RuleScope) => sql`
  WITH weighed AS (
    SELECT 'receive_record'::text AS subject_type, r.id AS subject_id, r.organization_id, r.number, r.facility_id,
      l.line_no, l.device_id AS scale_id, l.reading_id, NULL::uuid AS own_vehicle
    FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
    WHERE r.status = 'posted' AND r.received_at >= ${at(s.since)} AND l.reading_id IS NOT NULL ${orgOf('r', s)}
    UNION ALL
    SELECT 'dispatch_record', r.id, r.organization_id, r.number, r.facility_id, l.line_no, l.device_id, l.reading_id,
      r.vehicle_id
    FROM dispatch_records r JOIN dispatch_lines l ON l.record_id = r.id
    WHERE r.status = 'posted' AND r.dispatched_at >= ${at(s.since)} AND l.reading_id IS NOT NULL ${orgOf('r', s)}
  ), found AS (
    SELECT w.*, wr.recorded_at AS weighed_at, g.id AS tracker_id, g.code AS tracker_code, v.code AS vehicle_code,
      f.name AS facility_name, pos.recorded_at AS position_at, pos.latitude, pos.longitude,
      ${haversineKm(sql`pos.latitude`, sql`pos.longitude`, sql`f.latitude::float8`, sql`f.longitude::float8`)} AS km
    FROM weighed w
    JOIN device_readings wr ON wr.id = w.reading_id AND wr.device_id = w.scale_id
    JOIN facilities f ON f.id = w.facility_id AND f.latitude IS NOT NULL AND f.longitude IS NOT NULL
    JOIN vehicles v ON v.organization_id = w.organization_id AND (v.id = w.own_vehicle OR v.id IN (
      SELECT t.vehicle_id FROM trip_stops ts JOIN trips t ON t.id = ts.trip_id
      WHERE t.status <> 'cancelled' AND ts.organization_id = w.organization_id
        AND (ts.receive_record_id = w.subject_id OR ts.dispatch_record_id = w.subject_id)))
    JOIN devices g ON g.vehicle_id = v.id AND g.kind = 'gps_tracker' AND g.archived_at IS NULL
      AND g.organization_id = w.organization_id
    CROSS JOIN LATERAL (
      SELECT p.recorded_at, p.latitude, p.longitude FROM device_readings p
      WHERE p.device_id = g.id AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
        AND p.recorded_at BETWEEN wr.recorded_at - make_interval(mins => ${GPS_WINDOW_MINUTES})
                              AND wr.recorded_at + make_interval(mins => ${GPS_WINDOW_MINUTES})
      ORDER BY abs(extract(epoch FROM p.recorded_at - wr.recorded_at)), p.id LIMIT 1) pos
  )
  SELECT DISTINCT ON (subject_id, tracker_id) organization_id, tracker_id AS device_id, subject_type, subject_id,
    format('%s: truck %s was %s km from %s when line %s was weighed', number, vehicle_code, round(km::numeric, 1),
      facility_name, line_no) AS message,
    jsonb_build_object('km', round(km::numeric, 1)::text, 'line', line_no, 'scale_device_id', scale_id,
      'reading_id', reading_id, 'weighed_at', weighed_at, 'position_at', position_at,
      'latitude', latitude, 'longitude', longitude, 'vehicle', vehicle_code, 'tracker', tracker_code) AS details
  FROM found WHERE km > ${GPS_FAR_KM}
  ORDER BY subject_id, tracker_id, km DESC`;

/** The latest calibration of each scale, and the organization's today it is due against. */
const calibrations = sql`
  JOIN organizations o ON o.id = d.organization_id
  LEFT JOIN LATERAL (
    SELECT c.next_due_on, c.certificate_no FROM device_calibrations c WHERE c.device_id = d.id
    ORDER BY c.calibrated_on DESC, c.created_at DESC LIMIT 1) c ON true`;
const today = (s: RuleScope) => sql`(${at(s.now)} AT TIME ZONE o.time_zone)::date`;

/** A scale that weighed in the lookback (a reading) while its latest calibration is past due, or it has none. */
const calibrationOverdue = (s: RuleScope) => sql`
  SELECT d.organization_id, d.id AS device_id, NULL::text AS subject_type, NULL::uuid AS subject_id,
    CASE WHEN c.next_due_on IS NULL THEN format('Scale %s (%s) weighs without a calibration on record', d.code, d.name)
      ELSE format('Scale %s (%s) weighs past its calibration due date, %s (certificate %s)', d.code, d.name,
        c.next_due_on, c.certificate_no) END AS message,
    jsonb_build_object('next_due_on', c.next_due_on, 'certificate_no', c.certificate_no) AS details
  FROM devices d ${calibrations}
  WHERE d.kind IN ${SCALES} AND d.archived_at IS NULL ${orgOf('d', s)}
    AND (c.next_due_on IS NULL OR c.next_due_on < ${today(s)})
    AND EXISTS (SELECT 1 FROM device_readings x WHERE x.device_id = d.id AND x.recorded_at >= ${at(s.since)})`;

/** Every rule's candidates, as (rule, SELECT). */
export const RULES: [IotAlertRule, (s: RuleScope) => SQL][] = [
  ['offline', offline],
  ['manual_weight', (s) => sql`${manualWeight('receive', s)} UNION ALL ${manualWeight('dispatch', s)}`],
  ['energy_band', energyBand],
  ['over_capacity', overCapacity],
  ['gps_far', gpsFar],
  ['calibration_overdue', calibrationOverdue],
];

/**
 * The conditions that end an unresolved alert (alias `a`): an offline device heard from again (or
 * archived), a scale calibrated again (or archived), a record voided. Acknowledged ones are resolved too,
 * keeping who acknowledged them.
 */
export const endedConditions = (s: RuleScope) => sql`
  (a.rule = 'offline' AND EXISTS (SELECT 1 FROM devices d WHERE d.id = a.device_id
    AND (d.archived_at IS NOT NULL OR d.last_seen_at >= ${at(s.now)} - make_interval(mins => d.offline_after_minutes))))
  OR (a.rule = 'calibration_overdue' AND EXISTS (SELECT 1 FROM devices d ${calibrations} WHERE d.id = a.device_id
    AND (d.archived_at IS NOT NULL OR c.next_due_on >= ${today(s)})))
  OR (a.subject_type = 'receive_record' AND EXISTS (SELECT 1 FROM receive_records x WHERE x.id = a.subject_id AND x.status = 'voided'))
  OR (a.subject_type = 'dispatch_record' AND EXISTS (SELECT 1 FROM dispatch_records x WHERE x.id = a.subject_id AND x.status = 'voided'))
  OR (a.subject_type = 'production_record' AND EXISTS (SELECT 1 FROM production_records x WHERE x.id = a.subject_id AND x.status = 'voided'))`;
