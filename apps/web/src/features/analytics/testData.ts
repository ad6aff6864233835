// Test fixtures (not imported by app code): analytics answers as the API sends them.
import { analyticsIntakeSchema, analyticsProductionSchema, analyticsRecordsSchema } from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

export const SUPPLIER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3fa001';
const OTHER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3fa002';
export const RECORD = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3fa003';
const FACILITY = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3fa004', code: 'MNL1', name: 'Valenzuela Plant' };

const figures = (kg: string, payable: string, php: string, deliveries: number, perKg: string) => ({
  kg_net: kg,
  kg_payable: payable,
  php,
  deliveries,
  php_per_kg: perKg,
});

export const intakeBySupplier = wire(analyticsIntakeSchema, {
  from: '2026-09-01',
  to: '2026-10-15',
  group: 'month',
  by: 'supplier',
  periods: ['2026-09-01', '2026-10-01'],
  rows: [
    {
      period: '2026-09-01',
      period_end: '2026-09-30',
      key: SUPPLIER,
      code: 'SUP-001',
      label: 'Green Junkshop',
      ...figures('1250.500', '1200.000', '18000.00', 4, '15.00'),
    },
    {
      period: '2026-10-01',
      period_end: '2026-10-31',
      key: SUPPLIER,
      code: 'SUP-001',
      label: 'Green Junkshop',
      ...figures('800.000', '780.000', '11700.00', 2, '15.00'),
    },
    {
      period: '2026-10-01',
      period_end: '2026-10-31',
      key: OTHER,
      code: 'SUP-002',
      label: 'Barangay San Roque',
      ...figures('300.000', '300.000', '3600.00', 1, '12.00'),
    },
  ],
  keys: [
    {
      key: SUPPLIER,
      code: 'SUP-001',
      label: 'Green Junkshop',
      ...figures('2050.500', '1980.000', '29700.00', 6, '15.00'),
    },
    {
      key: OTHER,
      code: 'SUP-002',
      label: 'Barangay San Roque',
      ...figures('300.000', '300.000', '3600.00', 1, '12.00'),
    },
  ],
  totals: figures('2350.500', '2280.000', '33300.00', 7, '14.61'),
  informal: { types: ['waste_picker', 'junkshop'], kg_net: '2050.500', share_pct: '87.24' },
});

export const emptyIntake = wire(analyticsIntakeSchema, {
  ...intakeBySupplier,
  by: 'period',
  rows: [],
  keys: [],
  totals: figures('0.000', '0.000', '0.00', 0, '0.00'),
  informal: { types: ['waste_picker', 'junkshop'], kg_net: '0.000', share_pct: null },
});

const runFigures = {
  runs: 3,
  input_kg: '1000.000',
  output_kg: '900.000',
  yield_pct: '90.00',
  loss_kg: '100.000',
  losses: {
    landfill: '60.000',
    co_processing: '0.000',
    resale: '0.000',
    reject_lot: '0.000',
    evaporated: '40.000',
  },
  kwh: '250.00',
  energy_runs: 2,
  kwh_per_tonne: '312.5',
};

export const productionByPeriod = wire(analyticsProductionSchema, {
  from: '2026-09-01',
  to: '2026-10-15',
  group: 'month',
  by: 'period',
  periods: ['2026-09-01', '2026-10-01'],
  rows: [
    { period: '2026-10-01', period_end: '2026-10-31', key: null, code: null, label: 'All', ...runFigures },
  ],
  keys: [{ key: null, code: null, label: 'All', ...runFigures }],
  totals: runFigures,
});

export const records = wire(analyticsRecordsSchema, {
  measure: 'received',
  from: '2026-10-01',
  to: '2026-10-15',
  next_cursor: null,
  items: [
    {
      id: RECORD,
      number: 'RR-2026-000042',
      at: '2026-10-03T01:30:00.000000Z',
      facility: FACILITY,
      party: { id: SUPPLIER, code: 'SUP-001', name: 'Green Junkshop' },
      process: null,
      line: null,
      kg: '800.000',
      kg_out: null,
      php: '11700.00',
      cost_php: null,
      kwh: null,
      path: `/receive-records/${RECORD}`,
    },
  ],
});
