// Test fixtures (not imported by app code): traces as GET /api/trace/… sends them, checked by the
// shared schema. The story: PR-0007 made flakes lot MNL1-261120-0002 (900 kg) from two deliveries
// (60% Juan's junkshop, 40% Barangay 12); the flakes were split in two and both halves dispatched.
import { type Trace, traceSchema } from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

const id = (n: number) => `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f${String(7000 + n)}`;

export const IDS = {
  flakes: id(1),
  bottlesA: id(2),
  bottlesB: id(3),
  halfA: id(4),
  halfB: id(5),
  run: id(10),
  split: id(11),
  rrA: id(20),
  rrB: id(21),
  drA: id(30),
  drB: id(31),
  juan: id(40),
  barangay: id(41),
  plasticorp: id(50),
  greenpack: id(51),
} as const;

const pet = { id: id(60), code: 'PET-BTL', name: 'PET bottles' };
const flakes = { id: id(61), code: 'PET-FLK', name: 'PET flakes' };
const mnl = { id: id(62), code: 'MNL1', name: 'Manila MRF' };

const lot = (
  lotId: string,
  code: string,
  level: number,
  kg: string,
  shareKg: string,
  extra: Record<string, unknown> = {},
) => ({
  id: lotId,
  code,
  status: 'consumed',
  material: level < 0 ? pet : flakes,
  facility: mnl,
  kg,
  on_hand_kg: '0.000',
  share_kg: shareKg,
  origin_type: level < 0 ? 'receive_line' : level === 0 ? 'production_output' : 'split',
  level,
  ...extra,
});

const juan = { id: IDS.juan, code: 'SUP-001', name: 'Juan, "Kuya" Junkshop', type: 'junkshop' };
const barangay = { id: IDS.barangay, code: 'SUP-002', name: 'Barangay 12 MRF', type: 'lgu' };
const plasticorp = { id: IDS.plasticorp, code: 'CUS-001', name: 'PlastiCorp', type: 'manufacturer' };
const greenpack = { id: IDS.greenpack, code: 'CUS-002', name: 'GreenPack', type: 'brand_owner' };

const both = {
  start: { lot_ids: [IDS.flakes], record: null, kg: '900.000' },
  direction: 'both',
  depth: 10,
  truncated: false,
  lots: [
    lot(IDS.bottlesA, 'MNL1-261101-0001', -1, '600.000', '540.000'),
    lot(IDS.bottlesB, 'MNL1-261105-0003', -1, '400.000', '360.000'),
    lot(IDS.flakes, 'MNL1-261120-0002', 0, '900.000', '900.000'),
    lot(IDS.halfA, 'MNL1-261121-0001', 1, '500.000', '500.000', { status: 'dispatched' }),
    lot(IDS.halfB, 'MNL1-261121-0002', 1, '400.000', '400.000', {
      status: 'available',
      on_hand_kg: '150.000',
    }),
  ],
  edges: [
    {
      from_lot_id: IDS.bottlesA,
      to_lot_id: IDS.flakes,
      kg: '600.000',
      via: { type: 'production_record', id: IDS.run, number: 'PR-0007' },
    },
    {
      from_lot_id: IDS.bottlesB,
      to_lot_id: IDS.flakes,
      kg: '400.000',
      via: { type: 'production_record', id: IDS.run, number: 'PR-0007' },
    },
    {
      from_lot_id: IDS.flakes,
      to_lot_id: IDS.halfA,
      kg: '500.000',
      via: { type: 'split', id: IDS.split, number: null },
    },
    {
      from_lot_id: IDS.flakes,
      to_lot_id: IDS.halfB,
      kg: '400.000',
      via: { type: 'split', id: IDS.split, number: null },
    },
  ],
  origins: [
    {
      lot_id: IDS.bottlesA,
      origin_type: 'receive_line',
      receive_record: { id: IDS.rrA, number: 'RR-0011', received_at: '2026-11-01T02:00:00Z' },
      supplier: juan,
      kg: '540.000',
      share_pct: '60.00',
    },
    {
      lot_id: IDS.bottlesB,
      origin_type: 'receive_line',
      receive_record: { id: IDS.rrB, number: 'RR-0014', received_at: '2026-11-05T02:00:00Z' },
      supplier: barangay,
      kg: '360.000',
      share_pct: '40.00',
    },
  ],
  suppliers: [
    { supplier: juan, kg: '540.000', share_pct: '60.00', records: 1 },
    { supplier: barangay, kg: '360.000', share_pct: '40.00', records: 1 },
  ],
  destinations: [
    {
      lot_id: IDS.halfA,
      dispatch_record: {
        id: IDS.drA,
        number: 'DR-0021',
        dispatched_at: '2026-11-22T03:00:00Z',
        delivered: true,
      },
      customer: plasticorp,
      dispatched_kg: '500.000',
      kg: '500.000',
      share_pct: '55.56',
    },
    {
      lot_id: IDS.halfB,
      dispatch_record: {
        id: IDS.drB,
        number: 'DR-0022',
        dispatched_at: '2026-11-23T03:00:00Z',
        delivered: false,
      },
      customer: greenpack,
      dispatched_kg: '250.000',
      kg: '250.000',
      share_pct: '27.78',
    },
  ],
  customers: [
    { customer: plasticorp, kg: '500.000', share_pct: '55.56', records: 1 },
    { customer: greenpack, kg: '250.000', share_pct: '27.78', records: 1 },
  ],
};

/** The flakes lot traced both ways, as the API sends it; `patch` changes top-level fields. */
export const traceOf = (patch: Partial<Record<keyof Trace, unknown>> = {}): Trace =>
  wire(traceSchema, { ...both, ...patch });

/** Delivery RR-0011 traced downstream (a recall): its lot and everything it went into. */
export const recallOf = (): Trace =>
  wire(traceSchema, {
    ...both,
    start: {
      lot_ids: [IDS.bottlesA],
      record: { type: 'receive_record', id: IDS.rrA, number: 'RR-0011' },
      kg: '600.000',
    },
    direction: 'downstream',
    lots: [
      lot(IDS.bottlesA, 'MNL1-261101-0001', 0, '600.000', '600.000', {
        material: pet,
        origin_type: 'receive_line',
      }),
      lot(IDS.flakes, 'MNL1-261120-0002', 1, '900.000', '540.000'),
      lot(IDS.halfA, 'MNL1-261121-0001', 2, '500.000', '300.000', { status: 'dispatched' }),
      lot(IDS.halfB, 'MNL1-261121-0002', 2, '400.000', '240.000'),
    ],
    edges: both.edges.filter((e) => e.from_lot_id !== IDS.bottlesB),
    origins: [],
    suppliers: [],
    destinations: [
      { ...both.destinations[0], kg: '300.000', share_pct: '50.00' },
      { ...both.destinations[1], kg: '150.000', share_pct: '25.00' },
    ],
    customers: [
      { customer: plasticorp, kg: '300.000', share_pct: '50.00', records: 1 },
      { customer: greenpack, kg: '150.000', share_pct: '25.00', records: 1 },
    ],
  });
