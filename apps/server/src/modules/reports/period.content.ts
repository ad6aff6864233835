import type { Impact, Report, ReportSection } from '@plastrace/shared';
import { add, col, figure, minus, negate, type ReportHead, table } from './content.ts';
import type { FactRow } from './reports.repo.ts';

// The monthly and annual reports: one period's volumes and finances from its daily facts (one query,
// reports.repo.ts periodFacts), and its landfill diversion and CO2e as the impact page counts them
// (modules/impact, from the same facts), so the two pages never disagree.

const PAYABLE_KINDS: Record<string, string> = {
  payable: 'Owed for deliveries',
  payable_reversal: 'Voided deliveries',
  payment: 'Payments',
  advance: 'Advances',
  payment_reversal: 'Payments reversed',
};
const RECEIVABLE_KINDS: Record<string, string> = {
  receivable: 'Owed for dispatches',
  receivable_reversal: 'Voided dispatches',
  credit_note: 'Credit notes',
  payment: 'Payments received',
  payment_reversal: 'Payments reversed',
};

/** Sums a figure of the facts that match. */
function sumOf(
  facts: FactRow[],
  field: 'kg' | 'php' | 'php2' | 'kwh',
  scale: number,
  match: (f: FactRow) => boolean,
) {
  return add(scale, ...facts.filter(match).map((f) => f[field]));
}
const countOf = (facts: FactRow[], match: (f: FactRow) => boolean) =>
  String(facts.filter(match).reduce((t, f) => t + f.n, 0));

const isMeasure = (m: string) => (f: FactRow) => f.measure === m;

/** The materials a set of measures touched, by name. */
function materials(facts: FactRow[], measures: string[]) {
  const rows = facts.filter((f) => measures.includes(f.measure) && f.material_id);
  const names = new Map(rows.map((f) => [f.material_id as string, f.material_name ?? '']));
  return [...names].sort((a, b) => a[1].localeCompare(b[1]));
}

function volumes(facts: FactRow[]): ReportSection {
  const kgOf = (m: string, id?: string) =>
    sumOf(facts, 'kg', 3, (f) => f.measure === m && (id === undefined || f.material_id === id));
  const rows = materials(facts, ['received', 'produced', 'dispatched']).map(([id, name]) => [
    name,
    kgOf('received', id),
    kgOf('produced', id),
    kgOf('dispatched', id),
  ]);
  return {
    key: 'volumes',
    title: 'Volumes',
    figures: [
      figure('received_kg', 'Received', 'kg', kgOf('received'), 'Net kg of posted deliveries'),
      figure('produced_kg', 'Produced', 'kg', kgOf('produced'), 'Output lots of posted runs'),
      figure('dispatched_kg', 'Dispatched', 'kg', kgOf('dispatched'), 'Kg of posted dispatches'),
      figure('runs', 'Production runs', 'count', countOf(facts, isMeasure('run')), null),
    ],
    tables: [
      table(
        'by_material',
        'By material',
        [
          col('material', 'Material', 'text'),
          col('received_kg', 'Received', 'kg'),
          col('produced_kg', 'Produced', 'kg'),
          col('dispatched_kg', 'Dispatched', 'kg'),
        ],
        rows,
        { empty: 'Nothing was received, produced or dispatched in this period.', total: 'Total' },
      ),
    ],
    notes: [
      'A voided record counts nowhere; each record counts on its own day (received, run ended, dispatched).',
    ],
  };
}

/** Where the collected kilograms went, as the impact page counts them (modules/impact). */
function diversion(impact: Impact): ReportSection {
  const f = impact.fates;
  const rules = impact.basis
    .filter((b) => DIVERSION_RULES.includes(b.figure))
    .map((b) => `${b.figure}: ${b.rule}`);
  return {
    key: 'diversion',
    title: 'Landfill diversion',
    figures: [
      figure('collected_kg', 'Collected', 'kg', f.collected_kg, 'Net kg of posted deliveries'),
      figure('diverted_kg', 'Diverted from landfill', 'kg', f.diverted_kg, 'Collected less landfilled'),
      figure('landfill_kg', 'Sent to landfill', 'kg', f.landfill_kg, 'Run losses whose fate was landfill'),
      figure('diversion_pct', 'Diversion rate', 'pct', f.diversion_rate_pct, 'Diverted ÷ collected'),
    ],
    tables: [
      table(
        'fates',
        'Where it went',
        [col('fate', 'Fate', 'text'), col('kg', 'Kg', 'kg')],
        [
          ['Recycled in our runs', f.processed_kg],
          ['Passed on unprocessed for recycling', f.passed_on_kg],
          ['Co-processing', f.co_processing_kg],
          ['Resale', f.resale_kg],
          ['Kept as reject lots', f.reject_lot_kg],
          ['Evaporated or drained (water)', f.evaporated_kg],
          ['Landfill', f.landfill_kg],
        ],
        { empty: 'Nothing was collected or processed in this period.' },
      ),
    ],
    notes: rules,
  };
}

const DIVERSION_RULES = [
  'Collected',
  'Processed',
  'Passed on for recycling',
  'Landfill',
  'Diverted from landfill',
];
const HEADLINE_BASIS = 'warm_recycling';

/** CO2e avoided by the recycled kilograms, on the impact page's headline basis (modules/impact). */
function co2e(impact: Impact): ReportSection {
  const total = impact.co2e.totals.find((t) => t.basis === HEADLINE_BASIS);
  const rows = impact.co2e.by_material_type.map((m) => {
    const factor = m.factors.find((x) => x.basis === HEADLINE_BASIS);
    return [
      m.name ?? 'Materials without a reference type',
      m.recycled_kg,
      factor?.kg_co2e_per_t ?? null,
      factor?.kg_co2e_avoided ?? null,
      factor?.source ?? factor?.not_calculated ?? null,
    ];
  });
  return {
    key: 'co2e',
    title: 'Greenhouse gas (CO2e)',
    figures: [
      figure(
        'kg_co2e_avoided',
        'kg CO2e avoided',
        'number',
        total?.kg_co2e_avoided ?? null,
        total?.label ?? null,
      ),
      figure('recycled_kg', 'Recycled', 'kg', impact.fates.recycled_kg, 'In our runs and passed on'),
      figure(
        'without_factor_kg',
        'Recycled without a factor',
        'kg',
        total?.kg_not_calculated ?? null,
        'Not in the CO2e figure',
      ),
    ],
    tables: [
      table(
        'by_type',
        'By material type recycled',
        [
          col('type', 'Material type', 'text'),
          col('kg', 'Recycled', 'kg'),
          col('factor', 'kg CO2e per tonne', 'number'),
          col('kg_co2e', 'kg CO2e avoided', 'number'),
          col('source', 'Source of the factor', 'text'),
        ],
        rows,
        { empty: 'Nothing was recycled in this period.', total: 'Total', notSummed: ['factor'] },
      ),
    ],
    notes: total ? [total.statement] : [],
  };
}

function finances(facts: FactRow[]): ReportSection {
  const php = (match: (f: FactRow) => boolean, field: 'php' | 'php2' = 'php') =>
    sumOf(facts, field, 2, match);
  const kgOf = (m: string, id: string) =>
    sumOf(facts, 'kg', 3, (f) => f.measure === m && f.material_id === id);
  const purchases = php(isMeasure('received'));
  const sales = php(isMeasure('dispatched'));
  const cost = php(isMeasure('dispatched'), 'php2');
  const paidOut = negate(
    2,
    php((f) => f.measure === 'payables' && ['payment', 'advance', 'payment_reversal'].includes(f.kind ?? '')),
  );
  const paidIn = negate(
    2,
    php((f) => f.measure === 'receivables' && ['payment', 'payment_reversal'].includes(f.kind ?? '')),
  );
  const byMaterial = materials(facts, ['received', 'dispatched']).map(([id, name]) => {
    const mine = (m: string) => (f: FactRow) => f.measure === m && f.material_id === id;
    const sold = php(mine('dispatched'));
    const soldCost = php(mine('dispatched'), 'php2');
    return [
      name,
      kgOf('received', id),
      php(mine('received')),
      kgOf('dispatched', id),
      sold,
      soldCost,
      minus(2, sold, soldCost),
    ];
  });
  const ledger = facts
    .filter((f) => f.measure === 'payables' || f.measure === 'receivables')
    .map((f) => {
      const supplier = f.measure === 'payables';
      const label = (supplier ? PAYABLE_KINDS : RECEIVABLE_KINDS)[f.kind ?? ''] ?? f.kind ?? '';
      return [supplier ? 'Suppliers' : 'Customers', label, String(f.n), f.php];
    });
  return {
    key: 'finances',
    title: 'Finances',
    figures: [
      figure('purchases_php', 'Purchases', 'php', purchases, 'Owed for posted deliveries'),
      figure('sales_php', 'Sales', 'php', sales, 'Posted dispatches'),
      figure('cost_php', 'Cost of goods sold', 'php', cost, 'Value of the lots dispatched'),
      figure('margin_php', 'Gross margin', 'php', minus(2, sales, cost), 'Sales less cost of goods sold'),
      figure('energy_php', 'Energy cost', 'php', php(isMeasure('run')), 'Of posted runs'),
      figure('paid_out_php', 'Paid to suppliers', 'php', paidOut, 'Payments and advances, less reversals'),
      figure('paid_in_php', 'Received from customers', 'php', paidIn, 'Payments, less reversals'),
      figure(
        'payables_php',
        'Owed to suppliers at period end',
        'php',
        php(isMeasure('payables_balance')),
        null,
      ),
      figure(
        'receivables_php',
        'Owed by customers at period end',
        'php',
        php(isMeasure('receivables_balance')),
        null,
      ),
    ],
    tables: [
      table(
        'by_material',
        'Purchases and sales by material',
        [
          col('material', 'Material', 'text'),
          col('bought_kg', 'Bought', 'kg'),
          col('purchases_php', 'Purchases', 'php'),
          col('sold_kg', 'Sold', 'kg'),
          col('sales_php', 'Sales', 'php'),
          col('cost_php', 'Cost', 'php'),
          col('margin_php', 'Margin', 'php'),
        ],
        byMaterial,
        { empty: 'Nothing was bought or sold in this period.', total: 'Total' },
      ),
      table(
        'ledgers',
        'Supplier and customer books',
        [
          col('book', 'Book', 'text'),
          col('entry', 'Entries', 'text'),
          col('count', 'Count', 'count'),
          col('php', 'Amount', 'php'),
        ],
        ledger,
        { empty: 'No entries in the books in this period.' },
      ),
    ],
    notes: [
      'Amounts in the books raise (positive) or lower (negative) what is owed. Balances are every entry through the period’s last day.',
    ],
  };
}

/** The monthly or annual report of a period: `impact` is the impact module's figures of the same days. */
export function periodReport(head: ReportHead, facts: FactRow[], impact: Impact): Report {
  return { ...head, sections: [volumes(facts), diversion(impact), co2e(impact), finances(facts)] };
}
