import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { dbNow, id, timestamps, version } from './common.ts';
import { facilities, materials, productionLines } from './masterdata.ts';
import { organizations } from './organizations.ts';
import { vehicles } from './outbound.ts';
import { lots, receiveLines } from './stock.ts';

// Devices and identification (docs/architecture.md "Devices and identification"): organization API keys
// (the first machine credential), the scales, meters, trackers and sensors that write readings, the
// readings themselves, the alerts the anomaly rules raise, and polymer identifications from spectra.

const tstz = () => timestamp({ withTimezone: true });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

export const deviceKind = pgEnum('device_kind', [
  'weighbridge',
  'platform_scale',
  'energy_meter',
  'gps_tracker',
  'environment_sensor',
]);

/**
 * A device: a scale (at a facility, with its capacity), an energy meter (on a production line), a GPS
 * tracker (on a vehicle) or an environment sensor. Its last reading is kept on the row for the list.
 */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    kind: deviceKind().notNull(),
    facilityId: uuid().references(() => facilities.id),
    productionLineId: uuid().references(() => productionLines.id),
    vehicleId: uuid().references(() => vehicles.id),
    /** A scale's maximum load. */
    capacityKg: numeric({ precision: 14, scale: 3 }),
    /** Minutes without a reading after which the device counts as offline (an alert). */
    offlineAfterMinutes: integer().notNull().default(15),
    manufacturer: text(),
    model: text(),
    serialNo: text(),
    notes: text(),
    lastReadingAt: tstz(),
    lastSeenAt: tstz(),
    archivedAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    index().on(t.organizationId, t.kind),
    check('devices_offline_after', sql`${t.offlineAfterMinutes} BETWEEN 1 AND 10080`),
    check('devices_capacity', sql`${t.capacityKg} IS NULL OR ${t.capacityKg} > 0`),
  ],
);

/** A scale's calibrations, append-only: the latest says whether it is overdue. */
export const deviceCalibrations = pgTable(
  'device_calibrations',
  {
    id: id(),
    organizationId: orgId(),
    deviceId: uuid()
      .notNull()
      .references(() => devices.id),
    calibratedOn: date().notNull(),
    certificateNo: text().notNull(),
    nextDueOn: date().notNull(),
    calibratedBy: text(),
    notes: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.deviceId, t.calibratedOn.desc()),
    check('device_calibrations_due', sql`${t.nextDueOn} > ${t.calibratedOn}`),
  ],
);

/**
 * An organization API key: a random secret shown once, of which only the SHA-256 is kept. `scopes` holds
 * `ingest` (readings, only for `deviceId` when set) and/or `read` (the read API, as an auditor sees it).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: orgId(),
    name: text().notNull(),
    /** The first characters of the secret, to tell keys apart in lists and logs. */
    prefix: text().notNull(),
    secretHash: text().notNull(),
    scopes: text().array().notNull(),
    deviceId: uuid().references(() => devices.id),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
    lastUsedAt: tstz(),
    revokedAt: tstz(),
    revokedBy: uuid().references(() => users.id),
  },
  (t) => [unique().on(t.secretHash), index().on(t.organizationId, t.createdAt.desc())],
);

/**
 * Readings, append-only. Idempotent by (device, sequence number); `recordedAt` is the device's time, so
 * late and out-of-order readings land where they belong. A position carries latitude and longitude, every
 * other kind a value in its unit; a scale says whether the weight was stable.
 */
export const deviceReadings = pgTable(
  'device_readings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    deviceId: uuid()
      .notNull()
      .references(() => devices.id),
    seq: bigint({ mode: 'number' }).notNull(),
    recordedAt: tstz().notNull(),
    receivedAt: tstz().notNull().default(dbNow),
    kind: text().notNull(),
    value: doublePrecision(),
    unit: text(),
    stable: boolean(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /**
     * Where it came from: the device's API key (MQTT or HTTP), or the member who entered it by hand. A hand
     * entry is never evidence of a weighing or of metered energy: the records refuse it.
     */
    apiKeyId: uuid(),
    enteredBy: uuid(),
  },
  (t) => [
    unique().on(t.deviceId, t.seq),
    // Built with INCLUDE (organization_id, kind, value, stable, id) by migration 0035 (Drizzle cannot say
    // INCLUDE): a day's chart is an index-only scan. Same name and key, so Drizzle sees no change.
    index().on(t.deviceId, t.recordedAt),
    index('device_readings_recorded_brin').using('brin', t.recordedAt),
  ],
);

export const iotAlertRule = pgEnum('iot_alert_rule', [
  'offline',
  'manual_weight',
  'energy_band',
  'over_capacity',
  'gps_far',
  'calibration_overdue',
]);

/** An anomaly an IoT rule found: open until resolved (by the rule, or acknowledged by a person). */
export const iotAlerts = pgTable(
  'iot_alerts',
  {
    id: id(),
    organizationId: orgId(),
    rule: iotAlertRule().notNull(),
    deviceId: uuid().references(() => devices.id),
    /** The record it concerns (receive record, dispatch, production run, trip), when one. */
    subjectType: text(),
    subjectId: uuid(),
    message: text().notNull(),
    details: jsonb().notNull().default({}),
    raisedAt: tstz().notNull().default(dbNow),
    resolvedAt: tstz(),
    acknowledgedAt: tstz(),
    acknowledgedBy: uuid().references(() => users.id),
    acknowledgedNote: text(),
  },
  (t) => [
    index().on(t.organizationId, t.raisedAt.desc()),
    index().on(t.deviceId, t.raisedAt.desc()),
    // One unresolved alert per rule, device and subject: the rules insert ON CONFLICT DO NOTHING, so this
    // index, not a read first, decides which instance or round raised it. An acknowledged alert stays
    // unresolved (blocking its twin) until its condition ends; a device-wide alert has no subject and a
    // run's may have no device, so the COALESCE makes those NULLs equal.
    uniqueIndex('iot_alerts_one_open')
      .on(
        t.organizationId,
        t.rule,
        sql`COALESCE(${t.deviceId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`COALESCE(${t.subjectId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`resolved_at IS NULL`),
    index('iot_alerts_open')
      .on(t.organizationId, t.raisedAt.desc())
      .where(sql`resolved_at IS NULL AND acknowledged_at IS NULL`),
  ],
);

export const spectrumTechnique = pgEnum('spectrum_technique', ['FTIR', 'NIR', 'Raman']);

/** An organization's own reference spectra (its site library), for its instruments. */
export const referenceSpectra = pgTable(
  'reference_spectra',
  {
    id: id(),
    organizationId: orgId(),
    polymer: text().notNull(),
    name: text().notNull(),
    technique: spectrumTechnique().notNull(),
    wavenumbers: real().array().notNull(),
    intensities: real().array().notNull(),
    notes: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
    archivedAt: tstz(),
  },
  (t) => [index().on(t.organizationId, t.polymer)],
);

/**
 * An identification: the spectrum, what it matched, and — once a person confirms — the material it set on
 * a lot or a receive line.
 */
export const identifications = pgTable(
  'identifications',
  {
    id: id(),
    organizationId: orgId(),
    technique: spectrumTechnique().notNull(),
    fileName: text(),
    wavenumbers: real().array().notNull(),
    intensities: real().array().notNull(),
    bestPolymer: text(),
    bestScore: real(),
    result: jsonb().notNull(),
    lotId: uuid().references(() => lots.id),
    // A draft's edit rewrites its lines, so the link then falls to NULL rather than refusing the edit; the
    // material, who confirmed and when stay.
    receiveLineId: uuid().references(() => receiveLines.id, { onDelete: 'set null' }),
    materialId: uuid().references(() => materials.id),
    confirmedBy: uuid().references(() => users.id),
    confirmedAt: tstz(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
    version: version(),
  },
  (t) => [index().on(t.organizationId, t.createdAt.desc(), t.id.desc())],
);
