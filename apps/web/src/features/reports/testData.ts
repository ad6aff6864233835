// Test fixtures (not imported by app code), parsed by the routes' response schemas.
import { type ReportKind, reportPeriod, reportScheduleSchema, reportSchema } from '@plastrace/shared';
import { wireUser } from '../../test/fakeApi.ts';
import { wire } from '../../test/wire.ts';

export const ORG = wireUser.organization;
export const AUDITOR = {
  user_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01',
  name: 'Celia Navarro',
  email: 'celia@ecoplast.ph',
  role: 'auditor',
};
export const ADMIN = {
  user_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02',
  name: 'Ana Cruz',
  email: 'ana@ecoplast.ph',
  role: 'admin',
};

const PERIOD_KIND = { daily: 'day', inventory: 'day', monthly: 'month', annual: 'year' } as const;

/** A report of `kind` for `key` whose volumes are `receivedKg` (a small monthly-like content). */
export function reportOf(kind: ReportKind, key: string, receivedKg = '29440.500') {
  return wire(reportSchema, {
    report: kind,
    title: {
      daily: 'Daily report',
      monthly: 'Monthly report',
      annual: 'Annual report',
      inventory: 'Inventory report',
    }[kind],
    period: reportPeriod(PERIOD_KIND[kind], key),
    organization: { id: ORG.id, name: ORG.name, time_zone: ORG.time_zone },
    generated_at: '2026-11-05T02:00:00.000Z',
    sections: [
      {
        key: 'volumes',
        title: 'Volumes',
        figures: [
          {
            key: 'received_kg',
            label: 'Received',
            type: 'kg',
            value: receivedKg,
            note: 'Net kg of posted deliveries',
          },
          { key: 'runs', label: 'Production runs', type: 'count', value: '12', note: null },
        ],
        tables: [
          {
            key: 'by_material',
            title: 'By material',
            columns: [
              { key: 'material', label: 'Material', type: 'text' },
              { key: 'received_kg', label: 'Received', type: 'kg' },
              { key: 'php', label: 'Purchases', type: 'php' },
            ],
            rows: [
              ['PET clear bottles', '12887.200', '217828.44'],
              ['HDPE natural rigid', '16553.300', '201704.84'],
            ],
            total: ['Total', receivedKg, '419533.28'],
            empty: 'Nothing was received in this period.',
          },
        ],
        notes: ['A voided record counts nowhere.'],
      },
      {
        key: 'finances',
        title: 'Finances',
        figures: [{ key: 'margin_php', label: 'Gross margin', type: 'php', value: '82745.20', note: null }],
        tables: [
          {
            key: 'ledgers',
            title: 'Supplier and customer books',
            columns: [
              { key: 'book', label: 'Book', type: 'text' },
              { key: 'php', label: 'Amount', type: 'php' },
            ],
            rows: [],
            total: null,
            empty: 'No entries in the books in this period.',
          },
        ],
        notes: [],
      },
    ],
  });
}

export function scheduleOf(over: Partial<Parameters<typeof reportScheduleSchema.parse>[0]> = {}) {
  return wire(reportScheduleSchema, {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
    report: 'monthly',
    format: 'xlsx',
    recipient_user_ids: [ADMIN.user_id, AUDITOR.user_id],
    recipients: [
      { ...ADMIN, receives: true },
      { ...AUDITOR, receives: false },
    ],
    active: true,
    last_sent_for: '2026-10-01',
    created_by: { id: wireUser.id, name: 'Maria Santos' },
    created_at: '2026-10-20T01:00:00.000Z',
    updated_at: '2026-10-20T01:00:00.000Z',
    version: 2,
    ...(over as object),
  });
}
