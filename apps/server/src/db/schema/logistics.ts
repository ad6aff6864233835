import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id, timestamps, version } from './common.ts';
import { devices } from './iot.ts';
import { customers, facilities, suppliers } from './masterdata.ts';
import { organizations } from './organizations.ts';
import { dispatchRecords, drivers, vehicles } from './outbound.ts';
import { receiveRecords } from './stock.ts';

// Logistics and franchisees (docs/architecture.md "Domain model"): trips that pick material up at
// suppliers and franchisees and deliver it to customers, and the network of franchised collection points.

const tstz = () => timestamp({ withTimezone: true });
const kg = () => numeric({ precision: 14, scale: 3 });
const lat = () => numeric({ precision: 9, scale: 6 });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

export const tripStatus = pgEnum('trip_status', ['planned', 'in_transit', 'completed', 'cancelled']);
export const stopKind = pgEnum('stop_kind', ['pickup', 'delivery']);

export const trips = pgTable(
  'trips',
  {
    id: id(),
    organizationId: orgId(),
    number: text().notNull(),
    status: tripStatus().notNull().default('planned'),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id),
    plannedOn: date().notNull(),
    startedAt: tstz(),
    completedAt: tstz(),
    /** Entered from the odometer, or summed from GPS points when none is entered. */
    distanceKm: numeric({ precision: 10, scale: 1 }),
    /** Set at completion: tonnes carried × km × the vehicle type's factor, with the factor used. */
    payloadKg: kg(),
    co2eKg: numeric({ precision: 12, scale: 3 }),
    co2eFactor: numeric({ precision: 8, scale: 5 }),
    co2eSource: text(),
    notes: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    cancelReason: text(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.number),
    index().on(t.organizationId, t.plannedOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('trips_distance', sql`${t.distanceKm} IS NULL OR ${t.distanceKm} >= 0`),
  ],
);

/** A trip's stops in order: a pick-up at a supplier (its receive record) or a delivery (its dispatch). */
export const tripStops = pgTable(
  'trip_stops',
  {
    id: id(),
    organizationId: orgId(),
    tripId: uuid()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    seq: smallint().notNull(),
    kind: stopKind().notNull(),
    supplierId: uuid().references(() => suppliers.id),
    customerId: uuid().references(() => customers.id),
    facilityId: uuid().references(() => facilities.id),
    receiveRecordId: uuid().references(() => receiveRecords.id),
    dispatchRecordId: uuid().references(() => dispatchRecords.id),
    address: text(),
    latitude: lat(),
    longitude: lat(),
    plannedAt: tstz(),
    arrivedAt: tstz(),
    departedAt: tstz(),
    notes: text(),
  },
  (t) => [
    unique().on(t.tripId, t.seq),
    index().on(t.organizationId, t.dispatchRecordId),
    index().on(t.organizationId, t.receiveRecordId),
    check(
      'trip_stops_party',
      sql`(${t.kind} = 'pickup' AND ${t.customerId} IS NULL AND ${t.dispatchRecordId} IS NULL)
        OR (${t.kind} = 'delivery' AND ${t.supplierId} IS NULL AND ${t.receiveRecordId} IS NULL)`,
    ),
  ],
);

/** GPS positions reported along a trip (a phone or a tracker); their path gives the distance. */
export const tripPoints = pgTable(
  'trip_points',
  {
    id: id(),
    organizationId: orgId(),
    tripId: uuid()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    recordedAt: tstz().notNull(),
    latitude: lat().notNull(),
    longitude: lat().notNull(),
    /** The GPS tracker these positions were copied from when the trip completed; null on points sent for the trip. */
    deviceId: uuid().references(() => devices.id),
  },
  (t) => [index().on(t.tripId, t.recordedAt)],
);

export const franchiseFeeKind = pgEnum('franchise_fee_kind', ['royalty_pct', 'per_kg', 'fixed_monthly']);

/**
 * A franchised collection point (a junkshop under the organization's brand). It sells to the
 * organization as a supplier, so its deliveries and payouts are the supplier's.
 */
export const franchisees = pgTable(
  'franchisees',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    supplierId: uuid()
      .notNull()
      .references(() => suppliers.id),
    ownerName: text().notNull(),
    phone: text(),
    addressLine: text(),
    city: text(),
    province: text(),
    latitude: lat(),
    longitude: lat(),
    agreementStart: date().notNull(),
    agreementEnd: date(),
    /** What the franchisee owes the brand: a % of what it sold us, PHP per kg, or a fixed monthly fee. */
    feeKind: franchiseFeeKind().notNull(),
    feeValue: numeric({ precision: 12, scale: 2 }).notNull(),
    monthlyTargetKg: kg().notNull(),
    archivedAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    unique().on(t.organizationId, t.supplierId),
    check('franchisees_target', sql`${t.monthlyTargetKg} >= 0 AND ${t.feeValue} >= 0`),
    check(
      'franchisees_agreement',
      sql`${t.agreementEnd} IS NULL OR ${t.agreementEnd} >= ${t.agreementStart}`,
    ),
  ],
);
