import { z } from 'zod';
import { cursorParam, instant, str } from './wire.ts';

/**
 * What a device measures. A scale sends `weight` (kg, with `stable` once it settles), an energy meter
 * its cumulative `energy` (kWh) and may add `power` (kW), a GPS tracker a `position` (latitude and
 * longitude; its value, when sent, is the speed in km/h), an environment sensor `temperature` (°C) and
 * `humidity` (%).
 */
export const READING_KINDS = ['weight', 'energy', 'power', 'position', 'temperature', 'humidity'] as const;
export type ReadingKind = (typeof READING_KINDS)[number];

/** The unit each kind's value is stored in; a reading may leave it out or must name this one. */
export const READING_UNITS: Record<ReadingKind, string> = {
  weight: 'kg',
  energy: 'kWh',
  power: 'kW',
  position: 'km/h',
  temperature: '°C',
  humidity: '%',
};

/** The kinds each kind of device may send; the first is what its charts show by default. */
export const READING_KINDS_BY_DEVICE: Record<string, readonly ReadingKind[]> = {
  weighbridge: ['weight'],
  platform_scale: ['weight'],
  energy_meter: ['energy', 'power'],
  gps_tracker: ['position'],
  environment_sensor: ['temperature', 'humidity'],
};

/** Readings one request (or one MQTT message) may carry. */
export const READINGS_BATCH_MAX = 5000;

/** MQTT topics: devices publish to the first, and the embedded broker answers each batch on the second. */
export const readingsTopic = (deviceId: string) => `plastrace/devices/${deviceId}/readings`;
export const readingsResultsTopic = (deviceId: string) => `plastrace/devices/${deviceId}/readings/results`;

/** One reading as a device sends it (checked one by one: a bad reading is refused alone, not its batch). */
export const readingInputSchema = z.object({
  device_id: z.string().uuid('Send the device id (a UUID)'),
  seq: z
    .number({ message: 'Send the reading’s sequence number' })
    .int('The sequence number is a whole number')
    .min(0, 'The sequence number is 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'The sequence number is too large'),
  recorded_at: instant('Send when it was measured, as ISO 8601 with an offset (2026-11-23T08:30:00Z)'),
  kind: z.enum(READING_KINDS, { message: `The kind is one of ${READING_KINDS.join(', ')}` }),
  value: z.number({ message: 'The value is a number' }).nullable().optional(),
  unit: str().trim().max(16, 'The unit is at most 16 characters').nullable().optional(),
  stable: z.boolean({ message: 'stable is true or false' }).nullable().optional(),
  latitude: z
    .number()
    .min(-90, 'Latitude is −90 to 90')
    .max(90, 'Latitude is −90 to 90')
    .nullable()
    .optional(),
  longitude: z
    .number()
    .min(-180, 'Longitude is −180 to 180')
    .max(180, 'Longitude is −180 to 180')
    .nullable()
    .optional(),
});
export type ReadingInput = z.infer<typeof readingInputSchema>;

/**
 * A batch of readings. Each item is checked on its own (its result says why it was refused), so the
 * body's schema only asks for a list; the items are `readingInputSchema`.
 */
export const readingsIngestSchema = z.object({
  readings: z
    .array(z.unknown())
    .min(1, 'Send at least one reading')
    .max(READINGS_BATCH_MAX, `Send at most ${READINGS_BATCH_MAX} readings per request`)
    .describe(
      'Readings: {device_id, seq, recorded_at, kind, value?, unit?, stable?, latitude?, longitude?}; idempotent by device and seq',
    ),
});

export const READING_STATUSES = ['accepted', 'duplicate', 'rejected'] as const;

export const readingResultSchema = z.object({
  index: z.number().int(),
  device_id: z.string().nullable(),
  seq: z.number().int().nullable(),
  status: z.enum(READING_STATUSES),
  reading_id: z.number().int().optional(),
  message: z.string().optional(),
});
export type ReadingResult = z.infer<typeof readingResultSchema>;

export const readingsIngestResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  results: z.array(readingResultSchema),
});
export type ReadingsIngestResult = z.infer<typeof readingsIngestResultSchema>;

export const READING_SOURCES = ['device', 'hand'] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

// One stored reading as the API answers it.
export const readingSchema = z.object({
  id: z.number().int(),
  device_id: z.string().uuid(),
  seq: z.number().int(),
  recorded_at: z.string(),
  /** When the server stored it (a late reading arrives long after it was measured). */
  received_at: z.string().optional(),
  kind: z.string(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  stable: z.boolean().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /**
   * Where it came from: `device` (sent with an API key, over HTTP or MQTT) or `hand` (a member posted it
   * with a session). Only a device's reading is evidence of a weighing or of metered energy. Always sent;
   * optional here only so fixtures written before it still parse.
   */
  source: z.enum(READING_SOURCES).optional(),
  /** The first characters of the API key that sent it (null when entered by hand, or the key is gone). */
  api_key_prefix: z.string().nullable().optional(),
  /** The member who entered it by hand. */
  entered_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable().optional(),
});
export type Reading = z.infer<typeof readingSchema>;

const kindParam = z.enum(READING_KINDS).optional();

export const readingsQuerySchema = z.object({
  from: instant().optional().describe('From this instant (inclusive)'),
  to: instant().optional().describe('Before this instant'),
  kind: kindParam,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: cursorParam(),
});

export const SERIES_BUCKETS_MAX = 1000;

export const readingSeriesQuerySchema = z.object({
  from: instant().optional().describe('From this instant (default: an hour before `to`)'),
  to: instant().optional().describe('Up to this instant (default: now)'),
  kind: kindParam.describe('Default: the first kind the device sends (weight, energy, position…)'),
  buckets: z.coerce.number().int().min(1).max(SERIES_BUCKETS_MAX).default(120),
});

export const seriesPointSchema = z.object({
  /** The bucket's start. */
  t: z.string(),
  count: z.number().int(),
  avg: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  last: z.number().nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const readingSeriesSchema = z.object({
  device_id: z.string().uuid(),
  kind: z.enum(READING_KINDS),
  unit: z.string(),
  from: z.string(),
  to: z.string(),
  bucket_seconds: z.number(),
  /** Buckets that hold readings, oldest first (empty ones are left out). */
  points: z.array(seriesPointSchema),
});
export type ReadingSeries = z.infer<typeof readingSeriesSchema>;

export const latestReadingQuerySchema = z.object({
  kind: kindParam,
  stable: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('true: the latest reading the scale marked stable'),
});

export const latestReadingSchema = z.object({ reading: readingSchema.nullable() });
