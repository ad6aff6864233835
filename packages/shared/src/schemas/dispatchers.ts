import { z } from 'zod';
import { customerCreateSchema, masterdataFields as m } from './masterdata.ts';
import { day, str } from './wire.ts';

// Dispatcher management (docs/architecture.md "Domain model"): the drivers, vehicles and haulers that
// carry material out. Master data like production lines; a dispatch names them (migration 0017), and
// refuses a driver whose licence or a hauler whose accreditation has expired on the dispatch day.

/** The database's vehicle_type enum. */
export const VEHICLE_TYPES = [
  'pickup',
  'closed_van',
  'dropside',
  'wing_van',
  'dump_truck',
  'tractor_trailer',
  'tricycle',
  'other',
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/**
 * A licence or an accreditation on the organization's today: expired once the day after its last
 * valid day has come, expiring while it ends within EXPIRY_WARNING_DAYS (renewals take weeks).
 */
export const EXPIRY_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];
/** A hauler without an accreditation date has nothing to expire. */
export const ACCREDITATION_STATUSES = [...EXPIRY_STATUSES, 'none'] as const;
export type AccreditationStatus = (typeof ACCREDITATION_STATUSES)[number];
export const EXPIRY_WARNING_DAYS = 30;

// The contact phone of master data: the same rules and hint as customers' and suppliers'.
const phone = customerCreateSchema.shape.phone;
const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const statusOut = <S extends readonly [string, ...string[]]>(values: S) =>
  z
    .enum(values)
    .describe(
      `On the organization's today, in its time zone: expired after the day, expiring within ${EXPIRY_WARNING_DAYS} days`,
    );

// ---- drivers ----

export const driverSchema = z
  .object({
    ...m.recordFields,
    phone: z.string().nullable(),
    licence_number: z.string(),
    licence_expires_on: z.string().describe('ISO date: the last day the licence is valid'),
    licence_status: statusOut(EXPIRY_STATUSES),
  })
  .meta({ id: 'Driver' });
export type Driver = z.infer<typeof driverSchema>;

const driverFields = {
  code: m.code.describe('An employee number or short code'),
  name: m.requiredText('Name'),
  phone,
  licence_number: str('Licence number is required')
    .trim()
    .toUpperCase()
    .min(1, 'Licence number is required')
    .max(30, 'At most 30 characters')
    .regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'Use letters, digits, spaces and hyphens only')
    .describe('The LTO licence number, e.g. N01-12-345678'),
  licence_expires_on: day('Enter the licence expiry date as YYYY-MM-DD'),
};
export const driverCreateSchema = z.object(driverFields);
export const driverUpdateSchema = z.object(driverFields).partial().extend({ version: m.version });
export const driverListQuerySchema = m.masterListQuery.extend({
  licence_status: z.enum(EXPIRY_STATUSES).optional(),
});

// ---- haulers ----

export const haulerSchema = z
  .object({
    ...m.recordFields,
    contact_name: z.string().nullable(),
    phone: z.string().nullable(),
    accreditation_number: z.string().nullable(),
    accreditation_valid_until: z.string().nullable().describe('ISO date'),
    accreditation_status: statusOut(ACCREDITATION_STATUSES),
  })
  .meta({ id: 'Hauler' });
export type Hauler = z.infer<typeof haulerSchema>;

const haulerFields = {
  code: m.code,
  name: m.requiredText('Name'),
  contact_name: m.optionalText(200),
  phone,
  accreditation_number: m.optionalText(100).describe('e.g. the DENR EMB transporter registration'),
  accreditation_valid_until: day('Enter the accreditation’s last valid day as YYYY-MM-DD').nullish(),
};
export const haulerCreateSchema = z.object(haulerFields);
export const haulerUpdateSchema = z.object(haulerFields).partial().extend({ version: m.version });
export const haulerListQuerySchema = m.masterListQuery.extend({
  accreditation_status: z.enum(ACCREDITATION_STATUSES).optional(),
});

// ---- vehicles ----

/**
 * A vehicle's code is its plate, written as yards write it (NBC 1234, ABC 123, motorcycles 123 ABC):
 * upper case, a hyphen or several spaces read as one space, so "nbc-1234" is the same truck.
 */
const plate = str('Plate number is required')
  .trim()
  .toUpperCase()
  .min(1, 'Plate number is required')
  .max(15, 'At most 15 characters')
  .regex(/^[A-Z0-9]+(?:[ -]+[A-Z0-9]+)*$/, 'Enter a plate number such as NBC 1234')
  .transform((s) => s.replace(/[ -]+/g, ' '));

export const vehicleSchema = z
  .object({
    ...m.recordFields,
    code: z.string().describe('The plate number'),
    type: z.enum(VEHICLE_TYPES),
    capacity_kg: z.string().describe('Rated payload in kg, as a decimal string'),
    hauler: ref.nullable().describe('The trucking company that runs it; null for the organization’s own'),
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof vehicleSchema>;

const vehicleFields = {
  code: plate,
  name: m.requiredText('Name'),
  type: z.enum(VEHICLE_TYPES, 'Choose a vehicle type'),
  capacity_kg: m.decimalField('Capacity', { scale: 3, digits: 11, positive: true }),
  hauler_id: z.string().uuid('Choose a hauler').nullish(),
};
export const vehicleCreateSchema = z.object(vehicleFields);
export const vehicleUpdateSchema = z.object(vehicleFields).partial().extend({ version: m.version });
export const vehicleListQuerySchema = m.masterListQuery.extend({
  type: z.enum(VEHICLE_TYPES).optional(),
  hauler_id: z.string().uuid().optional(),
});
