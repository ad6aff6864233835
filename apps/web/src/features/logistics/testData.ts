import { driverSchema, page as pageOf, tripDetailSchema, tripSchema, vehicleSchema } from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

// Fixtures of this feature's tests, as the API sends them (parsed by the routes' response schemas).
export const TRIP_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8001';
export const VEHICLE = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8002',
  code: 'NBC 1234',
  name: 'Isuzu wing van',
};
export const DRIVER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8003', code: 'D01', name: 'Jun Santos' };
export const SUPPLIER = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8004',
  code: 'SUP-001',
  name: 'Juan Junkshop',
};
export const CUSTOMER = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8005',
  code: 'PBI',
  name: 'Pellet Buyer Inc.',
};
export const RECEIVE_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8006';
export const DISPATCH_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8007';
export const STOP_IDS = [
  '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8011',
  '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8012',
] as const;
const PERSON = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8009', name: 'Maria Santos' };
const STAMP = '2026-01-01T00:00:00Z';
const record = { archived_at: null, version: 1, created_at: STAMP, updated_at: STAMP };

const baseTrip = {
  id: TRIP_ID,
  number: 'TR-2026-000004',
  status: 'planned',
  vehicle: { ...VEHICLE, type: 'wing_van', capacity_kg: '10000.000' },
  driver: DRIVER,
  planned_on: '2026-11-22',
  started_at: null,
  completed_at: null,
  stops_count: 2,
  payload_kg: '850.500',
  distance_km: null,
  co2e_kg: null,
  co2e_factor: null,
  co2e_source: null,
  notes: null,
  cancel_reason: null,
  created_by: PERSON,
  created_at: STAMP,
  version: 1,
};

/** A trip as GET /api/trips lists it. */
export const tripRow = (over: Record<string, unknown> = {}) => wire(tripSchema, { ...baseTrip, ...over });

const stop = (seq: 1 | 2, over: Record<string, unknown>) => ({
  id: STOP_IDS[seq - 1],
  seq,
  address: null,
  latitude: null,
  longitude: null,
  planned_at: null,
  arrived_at: null,
  departed_at: null,
  notes: null,
  ...over,
});

/** A trip as GET /api/trips/:id answers: a pick-up, then a delivery. */
export const tripDetail = (over: Record<string, unknown> = {}) =>
  wire(tripDetailSchema, {
    ...baseTrip,
    stops: [
      stop(1, {
        kind: 'pickup',
        party: SUPPLIER,
        record: { id: RECEIVE_ID, number: 'RR-2026-000031', status: 'posted', kg: '250.500' },
        address: 'Payatas Road, Quezon City',
        latitude: '14.711000',
        longitude: '121.096700',
      }),
      stop(2, {
        kind: 'delivery',
        party: CUSTOMER,
        record: { id: DISPATCH_ID, number: 'DS-2026-000012', status: 'posted', kg: '600.000' },
        address: 'Valenzuela plant gate 2',
      }),
    ],
    points: [],
    gps_distance_km: null,
    track_source: 'points',
    tracker: null,
    emission_factor: {
      vehicle_type: 'wing_van',
      kg_co2e_per_tonne_km: '0.19234',
      source: 'Defra/DECC 2012, rigid truck >17 t',
      verified: false,
      ref_version: 'ref-2026.3',
    },
    ...over,
  });

/** The GPS track of a trip under way: Manila, Quezon City, Valenzuela. */
export const TRACK = [
  { recorded_at: '2026-11-21T23:00:00.000Z', latitude: '14.589600', longitude: '120.981300' },
  { recorded_at: '2026-11-22T00:00:00.000Z', latitude: '14.646500', longitude: '121.049600' },
  { recorded_at: '2026-11-22T01:00:00.000Z', latitude: '14.683300', longitude: '120.983300' },
];

export const vehiclesPage = wire(pageOf(vehicleSchema), {
  items: [
    { ...VEHICLE, type: 'wing_van', capacity_kg: '10000.000', hauler: null, ...record },
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8020',
      code: 'ABC 987',
      name: 'Closed van',
      type: 'closed_van',
      capacity_kg: '100.000',
      hauler: null,
      ...record,
    },
  ],
  next_cursor: null,
});

export const driversPage = wire(pageOf(driverSchema), {
  items: [
    {
      ...DRIVER,
      phone: null,
      licence_number: 'N01-12-345678',
      licence_expires_on: '2028-01-31',
      licence_status: 'valid',
      ...record,
    },
  ],
  next_cursor: null,
});
