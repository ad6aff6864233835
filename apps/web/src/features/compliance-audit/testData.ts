// Test fixtures of the compliance pages (imported by their tests only): answers as the API sends them,
// parsed by the routes' response schemas so a fixture the server could never send fails loudly.
import {
  complianceProfileSchema,
  complianceYearSchema,
  computedFootprintSchema,
  ecarReportSchema,
  ecarSummarySchema,
  footprintYearSchema,
  page,
} from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

export const ids = {
  org: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  user: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e01',
  auditor: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e02',
  entry: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e03',
  entry2: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e04',
  block: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e05',
  batch: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e06',
  report: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e07',
  lot: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e08',
  delivery: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e09',
  run: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e0a',
  product: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e0b',
  bom: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e0c',
  review: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e0d',
};
const maria = { id: ids.user, name: 'Maria Santos' };
const auditor = { id: ids.auditor, name: 'Jose Rizal' };
export const sha = 'b'.repeat(64);

export const profile = (extra: Record<string, unknown> = {}) =>
  wire(complianceProfileSchema, {
    configured: true,
    obliged: true,
    enterprise_kind: 'brand_owner',
    total_assets_php: '250000000.00',
    registration_no: 'NSWMC-2026-0042',
    recovery_cost_php_per_kg: '12.50',
    obliged_by_assets: true,
    hint: 'Total assets above PHP 100,000,000: obliged, as declared. The organization declares.',
    version: 3,
    updated_at: '2026-10-01T00:00:00.000Z',
    ...extra,
  });

const entry = (id: string, category: string, kg: string) => ({
  id,
  year: 2026,
  category,
  kg,
  source: 'entered',
  note: null,
  entered_by: maria,
  created_at: '2026-10-02T01:00:00.000Z',
});

export const footprints = (empty = false) =>
  wire(footprintYearSchema, {
    year: 2026,
    total_kg: empty ? '0.000' : '250000.000',
    in_force: empty
      ? []
      : [entry(ids.entry, 'sachet', '50000.000'), entry(ids.entry2, 'rigid', '200000.000')],
    history: empty ? [] : [entry(ids.entry, 'sachet', '50000.000'), entry(ids.entry2, 'rigid', '200000.000')],
  });

export const computed = () =>
  wire(computedFootprintSchema, {
    year: 2026,
    runs: 2,
    total_kg: '108.225',
    by_category: [
      { category: 'flexible_laminate', kg: '2.535' },
      { category: 'rigid', kg: '105.690' },
    ],
    products: [
      {
        product: { id: ids.product, code: 'WATER-500', name: 'Water 500 ml' },
        bom_version: { id: ids.bom, version_no: 1 },
        runs: 2,
        units: '3900',
        kg: '108.225',
      },
    ],
    rule: 'Units × the BOM’s grams per category.',
  });

const retirement = {
  id: ids.block,
  batch_id: ids.batch,
  serial_prefix: 'PH-PTEPR-ECO-MNL1-2026-0001',
  first_serial: 'PH-PTEPR-ECO-MNL1-2026-0001-000001',
  last_serial: 'PH-PTEPR-ECO-MNL1-2026-0001-000050',
  credits: 50,
  kg: '50000.000',
  beneficiary: 'Brand Inc.',
  purpose: 'RA 11898 compliance 2026',
  compliance_year: 2026,
  retired_at: '2026-10-05T01:00:00.000Z',
  issuer: 'Malinis Plastics Recovery Inc.',
  vintage: 2026,
  fate: 'recycling',
  log_url: `/verify/${ids.batch}`,
};

const basis = [
  {
    figure: 'Required recovery',
    value: '150,000 kg',
    rule: '250,000 kg × 60.00 %',
    source: 'DENR via mb.com.ph',
  },
];

const figures = {
  year: 2026,
  obliged: true,
  footprint: {
    total_kg: '250000.000',
    by_category: [
      { category: 'sachet', kg: '50000.000', source: 'entered' },
      { category: 'rigid', kg: '200000.000', source: 'entered' },
    ],
  },
  target: {
    recovery_target_pct: '60.00',
    year: 2026,
    law: 'RA 11898',
    source: 'DENR via mb.com.ph',
    statement: '60.00 % of the 2022 plastic footprint is to be recovered in 2026.',
  },
  required_kg: '150000.000',
  recovered_kg: '50000.000',
  retired_credits: 50,
  surplus_kg: '0.000',
  shortfall_kg: '100000.000',
  recovery_cost_php_per_kg: '12.50',
  fine: {
    status: 'exposed',
    low_php: '5000000.00',
    high_php: '20000000.00',
    twice_cost_php: '2500000.00',
    statement: 'A shortfall of 100,000 kg exposes the organization to ₱5,000,000.00–₱20,000,000.00.',
  },
  ecar_due_on: '2027-06-30',
  basis,
};

const summary = (extra: Record<string, unknown> = {}) => ({
  id: ids.report,
  year: 2026,
  version: 1,
  status: 'draft',
  content_sha256: sha,
  created_by: maria,
  created_at: '2026-10-06T01:00:00.000Z',
  signed_by: null,
  signed_at: null,
  item_count: 2,
  accepted_count: 0,
  ...extra,
});

export const year = (extra: Record<string, unknown> = {}) =>
  wire(complianceYearSchema, {
    ...figures,
    profile_configured: true,
    retirements: [retirement],
    ecar: { due_on: '2027-06-30', latest: null },
    checklist: [
      { key: 'profile', label: 'Compliance profile', done: true, detail: 'Brand owner, obliged' },
      { key: 'footprint', label: 'Plastic footprint 2026', done: true, detail: '250,000 kg in 2 categories' },
      { key: 'retirements', label: 'Credits retired for 2026', done: true, detail: '50 credits' },
      { key: 'ecar_drafted', label: 'ECAR drafted', done: false, detail: 'Draft the report: due 2027-06-30' },
      { key: 'ecar_signed', label: 'ECAR signed off by the auditor', done: false, detail: 'No report yet' },
    ],
    ...extra,
  });

export const ecarList = (items: Record<string, unknown>[] = []) =>
  wire(page(ecarSummarySchema), { items: items.map((i) => summary(i)), next_cursor: null });

const review = (item_key: string, decision: string, comment: string | null = null) => ({
  id: ids.review,
  item_key,
  decision,
  comment,
  reviewed_by: auditor,
  reviewed_at: '2026-10-07T01:00:00.000Z',
});

/** A report of two items (the rigid footprint and a retirement), reviewed as `decisions` say. */
export const report = (
  decisions: Record<string, 'accepted' | 'queried'> = {},
  extra: Record<string, unknown> = {},
) => {
  const keys = ['footprint:rigid', `retirement:${ids.block}`];
  const latest = (k: string) => {
    const d = decisions[k];
    return d ? review(k, d, d === 'queried' ? 'Which sales report?' : null) : null;
  };
  return wire(ecarReportSchema, {
    ...summary({ accepted_count: keys.filter((k) => decisions[k] === 'accepted').length }),
    opinion: null,
    content: {
      organization: {
        id: ids.org,
        name: 'EcoPlast Recycling Inc.',
        registration_no: 'NSWMC-2026-0042',
        enterprise_kind: 'brand_owner',
        obliged: true,
      },
      year: 2026,
      version: 1,
      statement: figures,
      items: [
        {
          key: keys[0],
          kind: 'footprint',
          title: 'Footprint: Rigid',
          kg: '200000.000',
          detail: 'Entered on 2026-10-02 by Maria Santos',
          footprint: {
            category: 'rigid',
            source: 'entered',
            note: null,
            entry_id: ids.entry2,
            entered_at: '2026-10-02T01:00:00.000Z',
          },
          retirement: null,
          evidence: [],
        },
        {
          key: keys[1],
          kind: 'retirement',
          title: 'Retired credits PH-PTEPR-ECO-MNL1-2026-0001-000001 to PH-PTEPR-ECO-MNL1-2026-0001-000050',
          kg: '50000.000',
          detail: '50 credits of batch PH-PTEPR-ECO-MNL1-2026-0001.',
          footprint: null,
          retirement,
          evidence: [
            {
              lot: { id: ids.lot, code: 'MNL1-261120-001' },
              kg: '1000.000',
              fate: 'recycling',
              delivery: {
                id: ids.delivery,
                number: 'RR-2026-000123',
                received_at: '2026-11-20T00:00:00.000Z',
                weighbridge_ticket: 'WB-778',
                proof_url: `/verify/${ids.delivery}`,
              },
              recovery: {
                kind: 'production_record',
                id: ids.run,
                number: 'PR-2026-000045',
                proof_url: `/verify/${ids.run}`,
              },
            },
          ],
        },
      ],
    },
    reviews: keys.map((k) => ({ item_key: k, latest: latest(k), history: latest(k) ? [latest(k)] : [] })),
    open_items: keys.filter((k) => decisions[k] !== 'accepted'),
    ...extra,
  });
};
