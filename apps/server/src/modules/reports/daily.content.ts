import type { Report } from '@plastrace/shared';
import { add, col, figure, negate, type ReportHead, table } from './content.ts';
import type { CashRow, DispatchRow, FactRow, ReceiptRow, RunRow } from './reports.repo.ts';

// The daily report: the day's figures from its daily facts, and the day's records listed — deliveries
// received, production runs, dispatches and cash in and out.

export type DayLists = { receipts: ReceiptRow[]; runs: RunRow[]; dispatches: DispatchRow[]; cash: CashRow[] };

const CASH_KINDS: Record<string, string> = {
  payment: 'Payment',
  advance: 'Advance',
  payment_reversal: 'Payment reversed',
};
const METHODS: Record<string, string> = {
  cash: 'Cash',
  gcash: 'GCash',
  bank: 'Bank transfer',
  cheque: 'Cheque',
};

const sum = (facts: FactRow[], measure: string, field: 'kg' | 'php', scale: number, kinds?: string[]) =>
  add(
    scale,
    ...facts
      .filter((f) => f.measure === measure && (!kinds || kinds.includes(f.kind ?? '')))
      .map((f) => f[field]),
  );

export function dailyReport(head: ReportHead, facts: FactRow[], lists: DayLists): Report {
  const cashOut = negate(2, sum(facts, 'payables', 'php', 2, ['payment', 'advance', 'payment_reversal']));
  const cashIn = negate(2, sum(facts, 'receivables', 'php', 2, ['payment', 'payment_reversal']));
  return {
    ...head,
    sections: [
      {
        key: 'summary',
        title: 'The day in figures',
        figures: [
          figure('deliveries', 'Deliveries received', 'count', String(lists.receipts.length), null),
          figure('received_kg', 'Received', 'kg', sum(facts, 'received', 'kg', 3), 'Net kg'),
          figure('purchases_php', 'Owed for deliveries', 'php', sum(facts, 'received', 'php', 2), null),
          figure('runs', 'Production runs', 'count', String(lists.runs.length), null),
          figure('produced_kg', 'Produced', 'kg', sum(facts, 'produced', 'kg', 3), 'Output lots'),
          figure('dispatched_kg', 'Dispatched', 'kg', sum(facts, 'dispatched', 'kg', 3), null),
          figure('sales_php', 'Sales', 'php', sum(facts, 'dispatched', 'php', 2), null),
          figure('cash_out_php', 'Cash paid out', 'php', cashOut, 'To suppliers, less reversals'),
          figure('cash_in_php', 'Cash received', 'php', cashIn, 'From customers, less reversals'),
        ],
        tables: [],
        notes: ['Posted records of the day, in the organization’s time zone; voided ones count nowhere.'],
      },
      {
        key: 'receipts',
        title: 'Deliveries received',
        figures: [],
        tables: [
          table(
            'receipts',
            'Deliveries received',
            [
              col('number', 'Number', 'text'),
              col('time', 'Time', 'text'),
              col('supplier', 'Supplier', 'text'),
              col('facility', 'Facility', 'text'),
              col('lines', 'Lines', 'count'),
              col('kg', 'Net kg', 'kg'),
              col('php', 'Owed', 'php'),
            ],
            lists.receipts.map((r) => [
              r.number,
              r.time,
              r.supplier,
              r.facility,
              String(r.lines),
              r.kg,
              r.php,
            ]),
            { empty: 'No deliveries were received on this day.', total: 'Total' },
          ),
        ],
        notes: [],
      },
      {
        key: 'runs',
        title: 'Production runs',
        figures: [],
        tables: [
          table(
            'runs',
            'Production runs ended',
            [
              col('number', 'Number', 'text'),
              col('time', 'Ended', 'text'),
              col('facility', 'Facility', 'text'),
              col('line', 'Line', 'text'),
              col('process', 'Process', 'text'),
              col('input_kg', 'Input', 'kg'),
              col('output_kg', 'Output', 'kg'),
              col('loss_kg', 'Losses', 'kg'),
            ],
            lists.runs.map((r) => [
              r.number,
              r.time,
              r.facility,
              r.line,
              r.process,
              r.input_kg,
              r.output_kg,
              r.loss_kg,
            ]),
            { empty: 'No production runs ended on this day.', total: 'Total' },
          ),
        ],
        notes: [],
      },
      {
        key: 'dispatches',
        title: 'Dispatches',
        figures: [],
        tables: [
          table(
            'dispatches',
            'Dispatches',
            [
              col('number', 'Number', 'text'),
              col('time', 'Time', 'text'),
              col('customer', 'Customer', 'text'),
              col('facility', 'Facility', 'text'),
              col('kg', 'Kg', 'kg'),
              col('php', 'Sales', 'php'),
            ],
            lists.dispatches.map((r) => [r.number, r.time, r.customer, r.facility, r.kg, r.php]),
            { empty: 'Nothing was dispatched on this day.', total: 'Total' },
          ),
        ],
        notes: [],
      },
      {
        key: 'cash',
        title: 'Cash in and out',
        figures: [],
        tables: [
          table(
            'cash',
            'Payments',
            [
              col('time', 'Time', 'text'),
              col('party', 'Paid to or by', 'text'),
              col('kind', 'Entry', 'text'),
              col('method', 'Method', 'text'),
              col('reference', 'Reference', 'text'),
              col('out_php', 'Paid out', 'php'),
              col('in_php', 'Received', 'php'),
            ],
            lists.cash.map((c) => [
              c.time,
              c.party,
              CASH_KINDS[c.kind] ?? c.kind,
              c.method ? (METHODS[c.method] ?? c.method) : null,
              c.reference,
              c.direction === 'out' ? c.php : null,
              c.direction === 'in' ? c.php : null,
            ]),
            { empty: 'No payments were made or received on this day.', total: 'Total' },
          ),
        ],
        notes: ['A reversal undoes a mistaken payment: it counts against the cash of the day it is made.'],
      },
    ],
  };
}
