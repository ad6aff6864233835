// Wire data (snake_case, as the server sends it) for the customer ledger's tests.
import {
  customerBalancePageSchema,
  customerLedgerEntrySchema,
  customerStatementSchema,
} from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

export const CUSTOMER_REF = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001',
  code: 'CUS-001',
  name: 'Pasig Pellet Works',
  type: 'recycler',
};
export const OTHER_CUSTOMER = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002',
  code: 'CUS-002',
  name: 'Bulacan Bottlers',
  type: 'manufacturer',
};
export const LEDGER = '/api/customer-ledger';
export const STATEMENT_PATH = `${LEDGER}/${CUSTOMER_REF.id}`;
const NOTHING = { current: '0.00', days_31_to_60: '0.00', days_61_to_90: '0.00', over_90_days: '0.00' };

export const customerBalance = (customer = CUSTOMER_REF, amount = '800.00', ageing = {}) => ({
  customer,
  balance: amount,
  currency: 'PHP',
  last_entry_at: '2026-10-26T04:00:00Z',
  ageing: { ...NOTHING, ...ageing },
});

export const customerBalancePage = (items: unknown[], next_cursor: string | null = null) =>
  wire(customerBalancePageSchema, {
    items,
    next_cursor,
    totals: {
      customers: items.length,
      owed: '800.00',
      credits: '100.00',
      net: '700.00',
      ageing: { current: '200.00', days_31_to_60: '300.00', days_61_to_90: '300.00', over_90_days: '0.00' },
    },
    as_of: null,
    currency: 'PHP',
  });

let n = 0;
export const customerEntry = (over: Record<string, unknown> = {}) =>
  wire(customerLedgerEntrySchema, {
    id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6${String(100 + n++).padStart(3, '0')}`,
    kind: 'receivable',
    amount: '1800.00',
    balance: '1800.00',
    currency: 'PHP',
    method: null,
    reference: null,
    source_type: 'dispatch_record',
    source_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6099',
    note: null,
    posted_at: '2026-09-16T04:00:00Z',
    reversed_by: null,
    ...over,
  });

export const customerStatement = (items: unknown[], over: Record<string, unknown> = {}) =>
  wire(customerStatementSchema, {
    items,
    next_cursor: null,
    customer: CUSTOMER_REF,
    from: null,
    to: null,
    opening_balance: '0.00',
    closing_balance: '1800.00',
    total_increase: '1800.00',
    total_decrease: '0.00',
    currency: 'PHP',
    ...over,
  });
