// Wire data (snake_case, as the server sends it) for the supplier-ledger page tests.
import { onTestFinished, vi } from 'vitest';
import { SUPPLIER } from '../receive-records/testData.ts';

export const SUPPLIER_REF = { id: SUPPLIER.id, code: SUPPLIER.code, name: SUPPLIER.name, type: 'junkshop' };
export const OTHER_REF = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5009',
  code: 'SUP-002',
  name: 'Payatas Cooperative',
  type: 'cooperative',
};
export const STATEMENT_PATH = `/api/supplier-ledger/${SUPPLIER.id}`;

export const balance = (supplier = SUPPLIER_REF, amount = '21942.08') => ({
  supplier,
  balance: amount,
  currency: 'PHP',
  last_entry_at: '2026-05-20T02:00:00Z',
});

export const balancePage = (items: unknown[], next_cursor: string | null = null) => ({
  items,
  next_cursor,
  totals: { suppliers: items.length, owed: '21942.08', advances: '150.00', net: '21792.08' },
  as_of: null,
  currency: 'PHP',
});

let n = 0;
export const entry = (over: Record<string, unknown> = {}) => ({
  id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5${String(100 + n++).padStart(3, '0')}`,
  kind: 'payable',
  amount: '21942.08',
  balance: '21942.08',
  currency: 'PHP',
  method: null,
  reference: 'RR-2026-0042',
  source_type: 'receive_record',
  source_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5003',
  note: null,
  posted_at: '2026-05-20T02:00:00Z',
  reversed_by: null,
  ...over,
});

export const statement = (items: unknown[], over: Record<string, unknown> = {}) => ({
  items,
  next_cursor: null,
  supplier: SUPPLIER_REF,
  from: null,
  to: null,
  opening_balance: '0.00',
  closing_balance: '21942.08',
  total_increase: '21942.08',
  total_decrease: '0.00',
  currency: 'PHP',
  ...over,
});

/** jsdom has no object URLs: stubs them and the download link's click, which is what a test checks. */
export function stubDownloads() {
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn(() => 'blob:ledger');
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

export const csv = (name: string) => () =>
  new Response('supplier_code\r\n', {
    headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${name}"` },
  });
