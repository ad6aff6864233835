import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, str, versionField } from './wire.ts';

// Devices (docs/architecture.md "Machine credentials: organization API keys"): the scales, meters,
// trackers and sensors that write readings, a scale's calibrations, and the organization API keys
// machines authenticate with. Enum values match the database enums.

export const DEVICE_KINDS = [
  'weighbridge',
  'platform_scale',
  'energy_meter',
  'gps_tracker',
  'environment_sensor',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const DEVICE_KIND_LABELS: Record<DeviceKind, string> = {
  weighbridge: 'Weighbridge',
  platform_scale: 'Platform scale',
  energy_meter: 'Energy meter',
  gps_tracker: 'GPS tracker',
  environment_sensor: 'Environment sensor',
};
/** Scales weigh what records carry, so they are calibrated and have a capacity. */
export const SCALE_KINDS = ['weighbridge', 'platform_scale'] as const;
export const isScaleKind = (kind: string): boolean => (SCALE_KINDS as readonly string[]).includes(kind);

/** Online while a reading came within the device's offline_after_minutes; never when none came. */
export const DEVICE_STATUSES = ['online', 'offline', 'never'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  never: 'No readings yet',
};

export const CALIBRATION_STATES = ['valid', 'due_soon', 'overdue', 'never'] as const;
export type CalibrationState = (typeof CALIBRATION_STATES)[number];
export const CALIBRATION_STATE_LABELS: Record<CalibrationState, string> = {
  valid: 'Calibrated',
  due_soon: 'Calibration due soon',
  overdue: 'Calibration overdue',
  never: 'Never calibrated',
};
/** A calibration due within this many days (today included) is "due soon". */
export const CALIBRATION_DUE_SOON_DAYS = 30;

export const API_KEY_SCOPES = ['ingest', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  ingest: 'Send readings',
  read: 'Read API (as an auditor)',
};

// ---- input fields ----

const optionalText = (max: number) =>
  str()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v === '' ? null : v));
const requiredText = (label: string, max = 200) =>
  str().trim().min(1, `${label} is required`).max(max, `At most ${max} characters`);
/** Codes are painted on the device and typed in its configuration: upper case, unique per organization. */
const code = str()
  .trim()
  .toUpperCase()
  .min(1, 'Code is required')
  .max(30, 'At most 30 characters')
  .regex(/^[A-Z0-9][A-Z0-9_.-]*$/, 'Use letters, digits and - _ . only');
const optionalId = (message: string) =>
  z
    .union([z.literal(''), z.string().uuid(message)])
    .nullish()
    .transform((v) => (v === '' ? null : v));

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const person = z.object({ id: z.string().uuid(), name: z.string() });

// ---- devices ----

export const calibrationSummarySchema = z
  .object({
    state: z.enum(CALIBRATION_STATES),
    last: z
      .object({ calibrated_on: z.string(), certificate_no: z.string(), next_due_on: z.string() })
      .nullable(),
  })
  .meta({ id: 'CalibrationSummary' });

export const deviceLastReadingSchema = z
  .object({
    kind: z.string(),
    value: z.number().nullable(),
    unit: z.string().nullable(),
    stable: z.boolean().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    recorded_at: z.string(),
  })
  .meta({ id: 'DeviceLastReading' });

export const deviceSchema = z
  .object({
    id: z.string().uuid(),
    code: z.string(),
    name: z.string(),
    kind: z.enum(DEVICE_KINDS),
    facility: ref.nullable().describe('Where a scale or sensor stands; an energy meter’s line’s facility'),
    production_line: ref.nullable().describe('An energy meter’s line'),
    vehicle: ref.nullable().describe('A GPS tracker’s vehicle'),
    capacity_kg: z.string().nullable().describe('A scale’s maximum load, as a decimal string'),
    offline_after_minutes: z.number().int(),
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    serial_no: z.string().nullable(),
    notes: z.string().nullable(),
    status: z.enum(DEVICE_STATUSES),
    last_seen_at: z.string().nullable(),
    last_reading: deviceLastReadingSchema.nullable(),
    calibration: calibrationSummarySchema.nullable().describe('Scales only; null for other kinds'),
    archived_at: z.string().nullable(),
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;

const deviceFields = {
  code,
  name: requiredText('Name'),
  facility_id: optionalId('Choose a facility'),
  production_line_id: optionalId('Choose a production line'),
  vehicle_id: optionalId('Choose a vehicle'),
  capacity_kg: decimal('Capacity', { scale: 3, digits: 11, positive: true })
    .nullish()
    .describe('A scale’s maximum load in kg'),
  offline_after_minutes: z
    .number('Enter a number of minutes')
    .int('Enter whole minutes')
    .min(1, 'At least 1 minute')
    .max(10080, 'At most 10080 minutes (a week)')
    .optional(),
  manufacturer: optionalText(100),
  model: optionalText(100),
  serial_no: optionalText(100),
  notes: optionalText(2000),
};
/**
 * What a device needs depends on its kind: a scale a facility and its capacity, an energy meter its
 * production line, a GPS tracker its vehicle, a sensor its facility (the server names the missing field).
 */
export const deviceCreateSchema = z.object({
  ...deviceFields,
  kind: z.enum(DEVICE_KINDS, 'Choose the kind of device'),
});
/** The kind is fixed once readings may have come: register another device instead. */
export const deviceUpdateSchema = z.object(deviceFields).partial().extend({ version: versionField() });
export const deviceListQuerySchema = listQuerySchema.extend({
  sort: z
    .enum(['name', '-name', 'code', '-code', 'created_at', '-created_at'], 'Sort by name, code or created_at')
    .default('name'),
  kind: z.enum(DEVICE_KINDS).optional(),
  facility_id: z.string().uuid().optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  include_archived: z.stringbool().optional().describe('Also list archived devices'),
});

// ---- calibrations ----

export const calibrationSchema = z
  .object({
    id: z.string().uuid(),
    device_id: z.string().uuid(),
    calibrated_on: z.string(),
    certificate_no: z.string(),
    next_due_on: z.string(),
    calibrated_by: z.string().nullable().describe('The laboratory or technician'),
    notes: z.string().nullable(),
    created_by: person,
    created_at: z.string(),
  })
  .meta({ id: 'Calibration' });
export type Calibration = z.infer<typeof calibrationSchema>;

export const calibrationCreateSchema = z
  .object({
    calibrated_on: day(),
    certificate_no: requiredText('Certificate number', 100),
    next_due_on: day(),
    calibrated_by: optionalText(200),
    notes: optionalText(2000),
  })
  .refine((c) => c.next_due_on > c.calibrated_on, {
    path: ['next_due_on'],
    message: 'The next calibration is due after this one',
  });

// ---- API keys ----

export const apiKeySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the secret, to tell keys apart'),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    device: ref.nullable().describe('The one device an ingest key may send readings for, when bound'),
    created_at: z.string(),
    created_by: person,
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    issuer_deactivated: z
      .boolean()
      .describe('The member who issued it is no longer active here: the key is refused, issue a new one'),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to issuing a key: the only time its secret is sent. */
export const issuedApiKeySchema = apiKeySchema
  .extend({ secret: z.string().describe('Shown once: store it now, it cannot be read again') })
  .meta({ id: 'IssuedApiKey' });

export const apiKeyCreateSchema = z.object({
  name: requiredText('Name', 100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, 'A scope is ingest or read'), 'Choose at least one scope')
    .min(1, 'Choose at least one scope')
    .max(2)
    .refine((s) => new Set(s).size === s.length, 'Name each scope once'),
  device_id: optionalId('Choose a device'),
});
export const apiKeyListQuerySchema = listQuerySchema.omit({ q: true }).extend({
  include_revoked: z.stringbool().optional().default(true).describe('Also list revoked keys'),
});
