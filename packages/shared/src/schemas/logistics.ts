import { z } from 'zod';
import { divide, formatUnits, parseUnits } from '../decimal.ts';
import { VEHICLE_TYPES } from './dispatchers.ts';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, instant, str, versionField } from './wire.ts';

// Logistics (docs/architecture.md "Domain model"): trips of a vehicle and its driver through ordered
// stops — pick-ups of posted deliveries (receive records) and deliveries of posted dispatches — with
// the GPS track, the distance driven and the transport emissions of what was carried.

export const TRIP_STATUSES = ['planned', 'in_transit', 'completed', 'cancelled'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  planned: 'Planned',
  in_transit: 'In transit',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const STOP_KINDS = ['pickup', 'delivery'] as const;
export type StopKind = (typeof STOP_KINDS)[number];
export const STOP_KIND_LABELS: Record<StopKind, string> = { pickup: 'Pick-up', delivery: 'Delivery' };

export const MAX_TRIP_STOPS = 30;
/** GPS points per request: a tracker's buffer after a stretch without signal. */
export const MAX_TRIP_POINTS = 500;

// numeric(9, 6): about 10 cm, finer than any phone's GPS.
const latitude = decimal('Latitude', { scale: 6, digits: 2, signed: true, min: -90, max: 90 });
const longitude = decimal('Longitude', { scale: 6, digits: 3, signed: true, min: -180, max: 180 });

export const tripStopInputSchema = z.object({
  kind: z.enum(STOP_KINDS, 'Choose a pick-up or a delivery'),
  dispatch_record_id: z
    .string()
    .uuid('Choose the dispatch delivered here')
    .nullish()
    .describe('A delivery’s posted dispatch'),
  receive_record_id: z
    .string()
    .uuid('Choose the delivery picked up here')
    .nullish()
    .describe('A pick-up’s posted receive record'),
  address: str()
    .trim()
    .max(500, 'At most 500 characters')
    .nullish()
    .describe('Defaults to the dispatch’s destination or the party’s address'),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  planned_at: instant().nullish(),
  notes: str().trim().max(500, 'At most 500 characters').nullish(),
});

/** A trip's fields; `tripRules` adds the rules between them. The stops are visited in their order. */
export const tripFields = z.object({
  vehicle_id: z.string().uuid('Choose a vehicle'),
  driver_id: z.string().uuid('Choose a driver'),
  planned_on: day('Enter the planned day'),
  notes: str().trim().max(2000, 'At most 2000 characters').nullish(),
  stops: z
    .array(tripStopInputSchema)
    .min(1, 'Add at least one stop')
    .max(MAX_TRIP_STOPS, `At most ${MAX_TRIP_STOPS} stops`),
});

type StopShape = {
  kind: StopKind;
  dispatch_record_id?: string | null | undefined;
  receive_record_id?: string | null | undefined;
  latitude?: string | null | undefined;
  longitude?: string | null | undefined;
};
export type TripIssue = { path: (string | number)[]; message: string };

/**
 * The rules between a trip's stops, in the words the server answers with: a pick-up names a receive
 * record and a delivery a dispatch (not the other), a position has both coordinates, and a record is
 * on one stop only.
 */
export function tripStopIssues(stops: StopShape[]): TripIssue[] {
  const issues: TripIssue[] = [];
  const first = new Map<string, number>();
  stops.forEach((s, i) => {
    const [own, other] =
      s.kind === 'delivery'
        ? (['dispatch_record_id', 'receive_record_id'] as const)
        : (['receive_record_id', 'dispatch_record_id'] as const);
    const record = s[own];
    if (!record)
      issues.push({
        path: ['stops', i, own],
        message:
          s.kind === 'delivery' ? 'Choose the dispatch delivered here' : 'Choose the delivery picked up here',
      });
    if (s[other])
      issues.push({
        path: ['stops', i, other],
        message:
          s.kind === 'delivery'
            ? 'A delivery names a dispatch, not a receive record'
            : 'A pick-up names a receive record, not a dispatch',
      });
    if (!s.latitude !== !s.longitude)
      issues.push({
        path: ['stops', i, s.latitude ? 'longitude' : 'latitude'],
        message: 'Enter both the latitude and the longitude, or neither',
      });
    if (!record) return;
    const seen = first.get(record);
    if (seen === undefined) first.set(record, i);
    else issues.push({ path: ['stops', i, own], message: `This record is already on stop ${seen + 1}` });
  });
  return issues;
}

export function tripRules(t: { stops?: StopShape[] | undefined }, ctx: z.RefinementCtx) {
  for (const issue of tripStopIssues(t.stops ?? [])) ctx.addIssue({ code: 'custom', ...issue });
}

export const tripCreateSchema = tripFields.superRefine(tripRules);

/** A planned trip's changes: what is sent replaces what it had; `stops` replaces every stop. */
export const tripUpdateSchema = tripFields
  .partial()
  .extend({ version: versionField() })
  .superRefine(tripRules);

const optionalVersion = versionField().optional().describe('The version you read; a stale one gets 409');

export const tripStartSchema = z.object({
  started_at: instant().optional().describe('Defaults to now'),
  version: optionalVersion,
});
export const stopTimeSchema = z.object({ at: instant().optional().describe('Defaults to now') });
export const tripPointInputSchema = z.object({ recorded_at: instant(), latitude, longitude });
export const tripPointsSchema = z.object({
  points: z
    .array(tripPointInputSchema)
    .min(1, 'Send at least one point')
    .max(MAX_TRIP_POINTS, `At most ${MAX_TRIP_POINTS} points at a time`),
});
export const tripCompleteSchema = z.object({
  distance_km: decimal('Distance', { scale: 1, digits: 5 })
    .optional()
    .describe('From the odometer; without it, the GPS track’s length'),
  completed_at: instant().optional().describe('Defaults to now'),
  version: optionalVersion,
});
export const tripCancelSchema = z.object({
  reason: str().trim().min(3, 'Say why the trip is cancelled').max(500, 'At most 500 characters'),
  version: optionalVersion,
});

export const tripListQuerySchema = listQuerySchema.extend({
  q: listQuerySchema.shape.q.describe('Part of the number, the plate or the driver’s name'),
  status: z.enum(TRIP_STATUSES).optional(),
  vehicle_id: z.string().uuid().optional(),
  driver_id: z.string().uuid().optional(),
  from: day().optional().describe('Planned on or after this day'),
  to: day().optional().describe('Planned on or before this day'),
});
export const tripExportQuerySchema = tripListQuerySchema.omit({ limit: true, cursor: true });

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });

/** Where a trip's track comes from: its vehicle's tracker, or the points sent for it (a phone). */
export const TRACK_SOURCES = ['tracker', 'points'] as const;

export const tripSchema = z
  .object({
    id: z.string().uuid(),
    number: z.string(),
    status: z.enum(TRIP_STATUSES),
    vehicle: ref.extend({ type: z.enum(VEHICLE_TYPES), capacity_kg: z.string() }),
    driver: ref,
    planned_on: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    stops_count: z.number().int(),
    payload_kg: z
      .string()
      .describe('Kg of the stops’ posted records; fixed at completion, as the emissions were counted on it'),
    distance_km: z.string().nullable(),
    co2e_kg: z.string().nullable().describe('Tonnes carried × km × the factor; null without a factor'),
    co2e_factor: z.string().nullable().describe('kg CO2e per tonne-km used at completion'),
    co2e_source: z.string().nullable(),
    notes: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    created_by: z.object({ id: z.string().uuid(), name: z.string() }),
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Trip' });

export const tripStopSchema = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  kind: z.enum(STOP_KINDS),
  party: ref.nullable().describe('The supplier picked up from, or the customer delivered to'),
  record: z
    .object({
      id: z.string().uuid(),
      number: z.string(),
      status: z.enum(['draft', 'posted', 'voided']),
      kg: z.string(),
    })
    .nullable(),
  address: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  planned_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  departed_at: z.string().nullable(),
  notes: z.string().nullable(),
});

export const tripPointSchema = z.object({
  recorded_at: z.string(),
  latitude: z.string(),
  longitude: z.string(),
});

export const emissionFactorSchema = z.object({
  vehicle_type: z.string(),
  kg_co2e_per_tonne_km: z.string(),
  source: z.string(),
  verified: z.boolean(),
  ref_version: z.string(),
});

export const tripDetailSchema = tripSchema
  .extend({
    stops: z.array(tripStopSchema),
    points: z.array(tripPointSchema).describe('The GPS track, in time order'),
    gps_distance_km: z
      .string()
      .nullable()
      .describe('The track’s length (haversine between points in time order); null under two points'),
    track_source: z
      .enum(TRACK_SOURCES)
      .describe(
        'tracker: the positions the vehicle’s GPS tracker reported between start and completion (preferred when it reported two or more); points: the GPS points sent for the trip',
      ),
    tracker: ref.nullable().describe('The vehicle’s GPS tracker, when it has one'),
    emission_factor: emissionFactorSchema
      .nullable()
      .describe(
        'The reference factor of the vehicle’s type, which completion uses; null for a type without one',
      ),
  })
  .meta({ id: 'TripDetail' });

/** A vehicle's latest position from its GPS tracker (GET /api/logistics/positions). */
export const vehiclePositionSchema = z.object({
  vehicle: ref.extend({ type: z.enum(VEHICLE_TYPES) }),
  device: ref.describe('The GPS tracker'),
  latitude: z.number(),
  longitude: z.number(),
  recorded_at: z.string(),
  stale: z.boolean().describe('Older than the tracker’s offline_after_minutes'),
  trip: z
    .object({ id: z.string().uuid(), number: z.string() })
    .nullable()
    .describe('The trip the vehicle is on in transit'),
});
export type VehiclePosition = z.infer<typeof vehiclePositionSchema>;

export const tripPointsResultSchema = z.object({
  added: z.number().int().describe('Points recorded; one already recorded at the same instant is skipped'),
  total: z.number().int(),
});

export type Trip = z.infer<typeof tripSchema>;
export type TripDetail = z.infer<typeof tripDetailSchema>;
export type TripStop = z.infer<typeof tripStopSchema>;

/**
 * A trip's transport emissions in kg CO2e: tonnes carried × km × kg CO2e per tonne-km, exactly, to the
 * gram (half away from zero, as PostgreSQL's round): what completion stores and the page estimates.
 * Null while a figure is not a decimal.
 */
export function transportCo2eKg(payloadKg: string, distanceKm: string, kgPerTonneKm: string): string | null {
  const kg = parseUnits(payloadKg, 3);
  const km = parseUnits(distanceKm, 1);
  const factor = parseUnits(kgPerTonneKm, 5);
  if (kg === null || km === null || factor === null) return null;
  // kg × km × factor carries 3 + 1 + 5 decimals; ÷ 1000 turns kilograms carried into tonnes.
  const co2e = divide(kg * km * factor, 9, 1000n, 0, 3);
  return co2e === null ? null : formatUnits(co2e, 3);
}
