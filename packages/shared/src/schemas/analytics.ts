import { z } from 'zod';
import { page } from './pagination.ts';
import { LOSS_FATES } from './production.ts';
import { cursorParam, day, str } from './wire.ts';

// Analytics (docs/architecture.md "Insight: analytics"): intake, prices paid, production and sales grouped
// by period and by one dimension, read from the daily facts. Days are the organization's; periods are
// PostgreSQL's date_trunc (weeks start on Monday, ISO 8601), and the helpers below compute them alike.

export const ANALYTICS_GROUPS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];
export const ANALYTICS_GROUP_LABELS: Record<AnalyticsGroup, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};
/** A wider range would be a scan nobody reads: five years of days is 1,826 bars already. */
export const ANALYTICS_MAX_YEARS = 5;

export const ANALYTICS_INTAKE_BY = ['period', 'supplier', 'supplier_type', 'material', 'facility'] as const;
export const ANALYTICS_PRODUCTION_BY = ['period', 'line', 'process', 'facility'] as const;
export const ANALYTICS_SALES_BY = ['period', 'customer', 'material'] as const;
export const ANALYTICS_MEASURES = ['received', 'dispatched', 'production'] as const;
export type AnalyticsMeasure = (typeof ANALYTICS_MEASURES)[number];
export const ANALYTICS_FORMATS = ['csv', 'xlsx'] as const;

export const ANALYTICS_FILTERS = ['facility_id', 'material_id', 'supplier_id', 'customer_id'] as const;
export type AnalyticsFilter = (typeof ANALYTICS_FILTERS)[number];
export type AnalyticsReport = 'intake' | 'prices' | 'production' | 'sales';
/**
 * The filters each report has a dimension for; the server refuses the others rather than ignore them
 * (a production total "for PET" that is every material's would mislead). Runs carry no material.
 */
export const ANALYTICS_REPORT_FILTERS: Record<AnalyticsReport, readonly AnalyticsFilter[]> = {
  intake: ['facility_id', 'material_id', 'supplier_id'],
  prices: ['facility_id', 'material_id', 'supplier_id'],
  production: ['facility_id'],
  sales: ['facility_id', 'material_id', 'customer_id'],
};
/** The report whose bars a drill-down measure lists the records of. */
export const ANALYTICS_MEASURE_REPORT: Record<AnalyticsMeasure, AnalyticsReport> = {
  received: 'intake',
  dispatched: 'sales',
  production: 'production',
};

// ---- days and periods (UTC arithmetic on calendar days: no time zone enters) ----

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const parts = (d: string) => d.split('-').map(Number) as [number, number, number];
const ymd = (t: Date) => `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function shiftDays(d: string, n: number): string {
  const [y, m, dd] = parts(d);
  return ymd(new Date(Date.UTC(y, m - 1, dd + n)));
}

/** Months later, on the same day or the month's last when it has fewer (31 Jan + 1 → 28 or 29 Feb). */
export function shiftMonths(d: string, n: number): string {
  const [y, m, dd] = parts(d);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(dd, lastDayOf(year, month)))}`;
}

/** The first day of the period holding `d`, as date_trunc answers it. */
export function analyticsPeriodStart(d: string, group: AnalyticsGroup): string {
  const [y, m] = parts(d);
  switch (group) {
    case 'day':
      return d;
    case 'week': {
      const weekday = (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      return shiftDays(d, -weekday);
    }
    case 'month':
      return `${pad(y, 4)}-${pad(m)}-01`;
    case 'quarter':
      return `${pad(y, 4)}-${pad(Math.floor((m - 1) / 3) * 3 + 1)}-01`;
    case 'year':
      return `${pad(y, 4)}-01-01`;
  }
}

/** The first day of the next period. */
export function analyticsNextPeriod(start: string, group: AnalyticsGroup): string {
  if (group === 'day') return shiftDays(start, 1);
  if (group === 'week') return shiftDays(start, 7);
  return shiftMonths(start, group === 'month' ? 1 : group === 'quarter' ? 3 : 12);
}

export const analyticsPeriodEnd = (start: string, group: AnalyticsGroup) =>
  shiftDays(analyticsNextPeriod(start, group), -1);

/** Every period touching [from, to], by its first day. */
export function analyticsPeriods(from: string, to: string, group: AnalyticsGroup): string[] {
  const out: string[] = [];
  for (let p = analyticsPeriodStart(from, group); p <= to; p = analyticsNextPeriod(p, group)) out.push(p);
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How a period is named on a chart or in a table: "12 Oct 2026", "Week of 12 Oct 2026", "Oct 2026", "2026 Q4", "2026". */
export function analyticsPeriodLabel(start: string, group: AnalyticsGroup): string {
  const [y, m, d] = parts(start);
  const month = MONTHS[m - 1];
  switch (group) {
    case 'day':
      return `${d} ${month} ${y}`;
    case 'week':
      return `Week of ${d} ${month} ${y}`;
    case 'month':
      return `${month} ${y}`;
    case 'quarter':
      return `${y} Q${Math.floor((m - 1) / 3) + 1}`;
    case 'year':
      return String(y);
  }
}

/** The default range ending `to`: twelve calendar months, the first from its first day. */
export const analyticsDefaultFrom = (to: string) => shiftMonths(analyticsPeriodStart(to, 'month'), -11);

/** What is wrong with a range, by field: from after to, or longer than five years. */
export function analyticsRangeIssues(from: string, to: string): { path: 'from' | 'to'; message: string }[] {
  if (from > to) return [{ path: 'from', message: 'The range starts after it ends' }];
  if (to >= shiftMonths(from, ANALYTICS_MAX_YEARS * 12))
    return [{ path: 'to', message: `A range is at most ${ANALYTICS_MAX_YEARS} years` }];
  return [];
}

// ---- queries ----

const filterFields = {
  from: day('Enter the first day as YYYY-MM-DD')
    .optional()
    .describe(
      'The first day (the organization’s); default: the first of the month eleven months before `to`',
    ),
  to: day('Enter the last day as YYYY-MM-DD')
    .optional()
    .describe('The last day; default: the organization’s today'),
  group: z.enum(ANALYTICS_GROUPS, 'Choose day, week, month, quarter or year').default('month'),
  facility_id: z.string().uuid('Choose a facility').optional(),
  material_id: z.string().uuid('Choose a material').optional(),
  supplier_id: z.string().uuid('Choose a supplier').optional(),
  customer_id: z.string().uuid('Choose a customer').optional(),
};

type RangeQuery = { from?: string; to?: string };
const rangeRule = (q: RangeQuery, ctx: z.RefinementCtx) => {
  if (q.from && q.to)
    for (const issue of analyticsRangeIssues(q.from, q.to))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** The parameters every analytics answer takes. */
export const analyticsQuerySchema = z.object(filterFields).superRefine(rangeRule);
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const format = z.enum(ANALYTICS_FORMATS, 'Choose csv or xlsx').default('csv');
const by = <const T extends readonly ['period', ...string[]]>(keys: T) =>
  z.enum(keys, `Choose one of ${keys.join(', ')}`).default('period');

export const analyticsIntakeQuerySchema = z
  .object({ ...filterFields, by: by(ANALYTICS_INTAKE_BY) })
  .superRefine(rangeRule);
export const analyticsPricesQuerySchema = analyticsQuerySchema;
export const analyticsProductionQuerySchema = z
  .object({ ...filterFields, by: by(ANALYTICS_PRODUCTION_BY) })
  .superRefine(rangeRule);
export const analyticsSalesQuerySchema = z
  .object({ ...filterFields, by: by(ANALYTICS_SALES_BY) })
  .superRefine(rangeRule);

export const analyticsIntakeExportQuerySchema = z
  .object({ ...filterFields, by: by(ANALYTICS_INTAKE_BY), format })
  .superRefine(rangeRule);
export const analyticsPricesExportQuerySchema = z.object({ ...filterFields, format }).superRefine(rangeRule);
export const analyticsProductionExportQuerySchema = z
  .object({ ...filterFields, by: by(ANALYTICS_PRODUCTION_BY), format })
  .superRefine(rangeRule);
export const analyticsSalesExportQuerySchema = z
  .object({ ...filterFields, by: by(ANALYTICS_SALES_BY), format })
  .superRefine(rangeRule);

export const ANALYTICS_RECORDS_MAX = 200;
/** The keys a drill-down may narrow a period to (a table row's or a chart segment's), per measure. */
export const ANALYTICS_RECORD_KEYS: Record<AnalyticsMeasure, readonly string[]> = {
  received: ['supplier', 'supplier_type', 'material', 'facility'],
  dispatched: ['customer', 'material'],
  production: ['line', 'process', 'facility'],
};
/** Keys that are ids; a supplier type or a process code is text. */
const ID_KEYS = new Set(['supplier', 'material', 'facility', 'customer', 'line']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const analyticsRecordsQuerySchema = z
  .object({
    ...filterFields,
    measure: z.enum(ANALYTICS_MEASURES, 'Choose received, dispatched or production'),
    period_start: day('Enter the period’s first day as YYYY-MM-DD').describe(
      'The first day of the bar’s period (its `period`); the records are those of that period within from–to',
    ),
    by: z
      .enum(['supplier', 'supplier_type', 'material', 'facility', 'customer', 'line', 'process'])
      .optional()
      .describe('With `key`: only the records of one key of the bar (a supplier, a supplier type, a line…)'),
    key: str().trim().min(1).max(100).optional().describe('The key’s value, as the answer’s `key`'),
    limit: z.coerce.number().int().min(1).max(ANALYTICS_RECORDS_MAX).default(50),
    cursor: cursorParam(),
  })
  .superRefine((q, ctx) => {
    rangeRule(q, ctx);
    if (q.by && !ANALYTICS_RECORD_KEYS[q.measure].includes(q.by))
      ctx.addIssue({
        code: 'custom',
        path: ['by'],
        message: `The ${q.measure} records narrow by ${ANALYTICS_RECORD_KEYS[q.measure].join(', ')}`,
      });
    else if (q.by && !q.key)
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'Give the key to narrow to' });
    else if (q.key && !q.by)
      ctx.addIssue({ code: 'custom', path: ['by'], message: 'Say which dimension the key is' });
    else if (q.by && q.key && ID_KEYS.has(q.by) && !UUID.test(q.key))
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'Not an id' });
    if (
      /^\d{4}-\d{2}-\d{2}$/.test(q.period_start) &&
      analyticsPeriodStart(q.period_start, q.group) !== q.period_start
    )
      ctx.addIssue({
        code: 'custom',
        path: ['period_start'],
        message: `Not the first day of a ${q.group}: use a bar’s period`,
      });
  });
export type AnalyticsRecordsQuery = z.output<typeof analyticsRecordsQuerySchema>;

// ---- answers ----

const kg = (what = 'kg, exact to the gram') => z.string().describe(what);
const php = (what = 'PHP, to the centavo') => z.string().describe(what);
const pct = (what: string) => z.string().nullable().describe(`${what}, 2 decimals; null when undefined`);

const rangeOut = {
  from: z.string(),
  to: z.string(),
  group: z.enum(ANALYTICS_GROUPS),
  periods: z.array(z.string()).describe('The first day of every period the range touches, empty ones too'),
};
const keyed = {
  key: z
    .string()
    .nullable()
    .describe('The dimension’s value: an id, a supplier type or a process code; null for none or by=period'),
  code: z.string().nullable(),
  label: z.string(),
};
const periodOut = { period: z.string().describe('The period’s first day'), period_end: z.string() };

const intakeFigures = {
  kg_net: kg('Net kg received'),
  kg_payable: kg('Payable kg (net less deductions)'),
  php: php('Amount owed to suppliers'),
  deliveries: z.number().int().describe('Receive lines'),
  php_per_kg: z.string().nullable().describe('Average paid per payable kg (php ÷ kg_payable), 2 decimals'),
};
export const analyticsIntakeSchema = z
  .object({
    ...rangeOut,
    by: z.enum(ANALYTICS_INTAKE_BY),
    rows: z.array(z.object({ ...periodOut, ...keyed, ...intakeFigures })),
    keys: z
      .array(z.object({ ...keyed, ...intakeFigures }))
      .describe('Each key over the range, most kg first'),
    totals: z.object(intakeFigures),
    informal: z.object({
      types: z.array(z.string()).describe('The supplier types counted as informal'),
      kg_net: kg(),
      share_pct: pct('Informal kg net ÷ all kg net × 100'),
    }),
  })
  .meta({ id: 'AnalyticsIntake' });
export type AnalyticsIntake = z.infer<typeof analyticsIntakeSchema>;

export const analyticsPricesSchema = z
  .object({
    ...rangeOut,
    basis: z.string().describe('How the list price compared with is chosen'),
    rows: z.array(
      z.object({
        ...periodOut,
        material: z.object({ id: z.string(), code: z.string(), name: z.string(), grade: z.string() }),
        region: z.string().nullable().describe('The receiving facilities’ region; null when unset'),
        kg_payable: kg(),
        php: php(),
        deliveries: z.number().int(),
        paid_per_kg: z.string().nullable().describe('php ÷ kg_payable, 2 decimals'),
        list_per_kg: z.string().nullable().describe('The buying price in force at the period’s end'),
        list_effective_from: z.string().nullable(),
        difference_pct: pct('(paid − list) ÷ list × 100'),
      }),
    ),
  })
  .meta({ id: 'AnalyticsPrices' });
export type AnalyticsPrices = z.infer<typeof analyticsPricesSchema>;

const lossesShape = Object.fromEntries(LOSS_FATES.map((f) => [f, kg()])) as Record<
  (typeof LOSS_FATES)[number],
  z.ZodString
>;
const productionFigures = {
  runs: z.number().int(),
  input_kg: kg(),
  output_kg: kg(),
  yield_pct: pct('output ÷ input × 100'),
  loss_kg: kg('Every loss, kept reject lots included'),
  losses: z.object(lossesShape).describe('kg lost by fate'),
  kwh: z.string().describe('kWh of the runs whose energy is known'),
  energy_runs: z.number().int().describe('Runs whose kWh is known'),
  kwh_per_tonne: z
    .string()
    .nullable()
    .describe('kWh ÷ the input tonnes of the runs whose kWh is known, 1 decimal; null without any'),
};
export const analyticsProductionSchema = z
  .object({
    ...rangeOut,
    by: z.enum(ANALYTICS_PRODUCTION_BY),
    rows: z.array(z.object({ ...periodOut, ...keyed, ...productionFigures })),
    keys: z.array(z.object({ ...keyed, ...productionFigures })),
    totals: z.object(productionFigures),
  })
  .meta({ id: 'AnalyticsProduction' });
export type AnalyticsProduction = z.infer<typeof analyticsProductionSchema>;

const salesFigures = {
  kg: kg('kg dispatched'),
  sales_php: php('What customers owe for them'),
  cost_php: php('The lots’ value out (average cost)'),
  margin_php: php('sales − cost'),
  margin_pct: pct('margin ÷ sales × 100'),
  lines: z.number().int().describe('Dispatch lines'),
};
export const analyticsSalesSchema = z
  .object({
    ...rangeOut,
    by: z.enum(ANALYTICS_SALES_BY),
    rows: z.array(z.object({ ...periodOut, ...keyed, ...salesFigures })),
    keys: z.array(z.object({ ...keyed, ...salesFigures })),
    totals: z.object(salesFigures),
  })
  .meta({ id: 'AnalyticsSales' });
export type AnalyticsSales = z.infer<typeof analyticsSalesSchema>;

const ref = z.object({ id: z.string(), code: z.string(), name: z.string() });
export const analyticsRecordSchema = z.object({
  id: z.string(),
  number: z.string(),
  at: z.string().describe('Received, dispatched or (a run) ended'),
  facility: ref,
  party: ref.nullable().describe('The supplier or customer; null for a run'),
  process: z.string().nullable().describe('A run’s process step'),
  line: z.string().nullable().describe('A run’s production line'),
  kg: kg('Net kg received, kg dispatched, or a run’s inputs (of the filtered material only)'),
  kg_out: z.string().nullable().describe('A run’s outputs'),
  php: z.string().nullable().describe('Amount owed, or sales amount'),
  cost_php: z.string().nullable().describe('A dispatch’s cost of the lots'),
  kwh: z.string().nullable().describe('A run’s kWh, when known'),
  path: z.string().describe('The record’s page in the web app'),
});
export type AnalyticsRecord = z.infer<typeof analyticsRecordSchema>;
export const analyticsRecordsSchema = page(analyticsRecordSchema)
  .extend({
    measure: z.enum(ANALYTICS_MEASURES),
    from: z.string().describe('The first day listed: the period’s, or the range’s when later'),
    to: z.string().describe('The last day listed'),
  })
  .meta({ id: 'AnalyticsRecords' });
export type AnalyticsRecords = z.infer<typeof analyticsRecordsSchema>;
