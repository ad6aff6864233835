// Test fixtures (not imported by app code): franchisees and their figures as the API sends them.
import { franchiseePerformanceSchema, franchiseeSchema, page, supplierSchema } from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

const STAMP = '2026-01-01T00:00:00Z';
const id = (n: number) => `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6${String(n).padStart(3, '0')}`;
const supplier = (n: number, name: string) => ({ id: id(100 + n), code: `SUP-000${n}`, name });

const SUPPLIERS = [supplier(3, 'JM Santos Junkshop'), supplier(4, 'Tatay Ben Junkshop')];

/** The suppliers the form offers. */
export const supplierPage = wire(page(supplierSchema), {
  items: SUPPLIERS.map((s) => ({
    ...s,
    type: 'junkshop',
    contact_name: null,
    phone: null,
    email: null,
    address_line: null,
    city: null,
    province: null,
    payment_method: 'cash',
    payment_details: null,
    archived_at: null,
    version: 1,
    created_at: STAMP,
    updated_at: STAMP,
  })),
  next_cursor: null,
});

export const TONDO = wire(franchiseeSchema, {
  id: id(1),
  code: 'FR-TONDO',
  name: 'Point Tondo',
  supplier: SUPPLIERS[0],
  owner_name: 'Jose Maria Santos',
  phone: null,
  address_line: null,
  city: 'Manila',
  province: 'Metro Manila',
  latitude: '14.619870',
  longitude: '120.968210',
  agreement_start: '2026-01-01',
  agreement_end: null,
  fee_kind: 'royalty_pct',
  fee_value: '3.75',
  monthly_target_kg: '400.000',
  archived_at: null,
  version: 1,
  created_at: STAMP,
  updated_at: STAMP,
});
export const franchiseePage = (items: unknown[]) =>
  wire(page(franchiseeSchema), { items, next_cursor: null });

const figures = (
  volume_kg: string,
  purchases_php: string,
  target_kg: string,
  target_pct: string | null,
  fee_due_php: string,
  payouts_php: string,
) => ({ volume_kg, purchases_php, target_kg, target_pct, fee_due_php, payouts_php });

const ref = (f: typeof TONDO) => ({
  id: f.id,
  code: f.code,
  name: f.name,
  supplier: f.supplier,
  city: f.city,
  latitude: f.latitude,
  longitude: f.longitude,
  fee_kind: f.fee_kind,
  fee_value: f.fee_value,
  archived: false,
});

/** Tondo (on the map, on target in October) and Caloocan (no coordinates, its agreement from 15 Oct). */
export const PERFORMANCE = wire(franchiseePerformanceSchema, {
  months: ['2026-09', '2026-10'],
  items: [
    {
      franchisee: {
        ...ref(TONDO),
        id: id(2),
        code: 'FR-CALOOCAN',
        name: 'Point Caloocan',
        supplier: SUPPLIERS[1],
        city: 'Caloocan',
        latitude: null,
        longitude: null,
        fee_kind: 'per_kg',
        fee_value: '0.35',
      },
      months: [
        {
          month: '2026-09',
          in_agreement: false,
          ...figures('80.000', '800.00', '500.000', '16.0', '0.00', '0.00'),
        },
        {
          month: '2026-10',
          in_agreement: true,
          ...figures('120.500', '1203.80', '500.000', '24.1', '42.18', '0.00'),
        },
      ],
      total: figures('200.500', '2003.80', '1000.000', '20.1', '42.18', '0.00'),
    },
    {
      franchisee: ref(TONDO),
      months: [
        {
          month: '2026-09',
          in_agreement: true,
          ...figures('350.000', '3950.00', '400.000', '87.5', '148.13', '1000.00'),
        },
        {
          month: '2026-10',
          in_agreement: true,
          ...figures('425.250', '5103.00', '400.000', '106.3', '191.36', '500.00'),
        },
      ],
      total: figures('775.250', '9053.00', '800.000', '96.9', '339.49', '1500.00'),
    },
  ],
  network: {
    months: [
      { month: '2026-09', ...figures('430.000', '4750.00', '900.000', '47.8', '148.13', '1000.00') },
      { month: '2026-10', ...figures('545.750', '6306.80', '900.000', '60.6', '233.54', '500.00') },
    ],
    total: figures('975.750', '11056.80', '1800.000', '54.2', '381.67', '1500.00'),
  },
});

export const NO_FRANCHISEES = wire(franchiseePerformanceSchema, {
  months: ['2026-11'],
  items: [],
  network: {
    months: [{ month: '2026-11', ...figures('0.000', '0.00', '0.000', null, '0.00', '0.00') }],
    total: figures('0.000', '0.00', '0.000', null, '0.00', '0.00'),
  },
});

/** The same figures for the two months ending with `last` (a fake answering the months asked for). */
export const performanceEnding = (previous: string, last: string): typeof PERFORMANCE =>
  JSON.parse(
    JSON.stringify(PERFORMANCE).replace(/2026-(09|10)/g, (m) => (m === '2026-10' ? last : previous)),
  );
