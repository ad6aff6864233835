// Test fixtures (not imported by app code): API answers of /api/credits, parsed by their response
// schemas (test/wire.ts), so a fixture the API could never send fails loudly.
import {
  creditBatchSchema,
  creditBlockSchema,
  creditRecoverySchema,
  creditSummarySchema,
  page,
} from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

export const FACILITY = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5001', code: 'MNL1', name: 'Manila MRF' };
export const BATCH_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5002';
export const BLOCK_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5003';
export const PREFIX = 'PH-PTEPR-ECOPLAST-MNL1-2026-0001';
const RUN = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5010',
  kind: 'production_record',
  number: 'PR-2026-000007',
};
const ORG = { name: 'EcoPlast Recycling Inc.', slug: 'ecoplast' };

const row = (n: number, available: string, netKg: string, amount: string) => ({
  lot: { id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f502${n}`, code: `MNL1-26112${n}-0001` },
  recovery: RUN,
  fate: 'recycling',
  recovered_on: '2026-11-21',
  kg: available,
  claimed_kg: '0.000',
  available_kg: available,
  material: {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5030',
    name: 'PET bottles, clear',
    type: 'PET_BOTTLES_CLEAR',
  },
  facility: FACILITY,
  delivery: {
    id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f504${n}`,
    number: `RR-2026-00000${n}`,
    received_at: '2026-11-20T00:00:00.000Z',
    weighbridge_ticket: `WB-${n}`,
    photos: n,
  },
  supplier_type: 'waste_picker',
  line_net_kg: netKg,
  line_amount: amount,
});

/** 2,400 kg at MNL1: 1,440 kg of a delivery paid ₱26,640 for 1,500 kg, and 960 kg of one paid ₱20 a kg. */
export const recovery = () =>
  wire(creditRecoverySchema, {
    rows: [row(1, '1440.000', '1500.000', '26640.00'), row(2, '960.000', '1000.000', '20000.00')],
    groups: [
      {
        facility: FACILITY,
        fate: 'recycling',
        material_type: 'PET_BOTTLES_CLEAR',
        vintage: 2026,
        available_kg: '2400.000',
        credits: 2,
        carried_kg: '400.000',
      },
    ],
    totals: { available_kg: '2400.000', credits: 2, carried_kg: '400.000' },
  });

const serial = (n: number) => `${PREFIX}-${String(n).padStart(6, '0')}`;

export const block = (extra: Record<string, unknown> = {}) =>
  wire(creditBlockSchema, {
    id: BLOCK_ID,
    batch: {
      id: BATCH_ID,
      serial_prefix: PREFIX,
      vintage: 2026,
      fate: 'recycling',
      material_type: 'PET_BOTTLES_CLEAR',
      issuer: ORG,
    },
    holder: ORG,
    first_no: 1,
    last_no: 9,
    first_serial: serial(1),
    last_serial: serial(9),
    quantity: 9,
    status: 'held',
    public_status: 'issued',
    beneficiary: null,
    compliance_year: null,
    purpose: null,
    retired_at: null,
    ...extra,
  });

export const holdings = (items = [block()]) => wire(page(creditBlockSchema), { items, next_cursor: null });

export const summary = () =>
  wire(creditSummarySchema, {
    rows: [{ vintage: 2026, fate: 'recycling', status: 'issued', credits: 9 }],
    totals: { issued: 9, transferred: 0, retired: 0 },
  });

export const batch = (quantity = 2) =>
  wire(creditBatchSchema, {
    id: BATCH_ID,
    batch_no: 1,
    serial_prefix: PREFIX,
    first_serial: serial(1),
    last_serial: serial(quantity),
    country: 'PH',
    programme: 'PTEPR',
    vintage: 2026,
    fate: 'recycling',
    material_type: 'PET_BOTTLES_CLEAR',
    quantity,
    kg: `${quantity * 1000}.000`,
    coc_model: 'identity_preserved',
    issuer: ORG,
    facility: { ...FACILITY, region: 'NCR' },
    issued_at: '2026-11-26T02:00:00.000Z',
    is_issuer: true,
    counts: { issued: quantity, transferred: 0, retired: 0 },
    held_by_you: quantity,
    collector_pay_php: '36774.40',
    collector_pay_per_kg: '18.3872',
    evidence: [],
    issued_by: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5060', name: 'Maria Santos' },
    blocks: [],
    movements: [],
    log_url: `http://localhost:3000/verify/${BATCH_ID}`,
  });
