import { z } from 'zod';
import { formatCount, formatKg, formatPhp } from '../format.ts';
import { day, FIRST_DAY, LAST_DAY, versionField } from './wire.ts';

// Reports (docs/architecture.md "Reports"): the daily, monthly, annual and inventory reports. Each is one
// plain structure — title, period, organization, sections of figures and typed tables — that the page,
// the PDF and the XLSX all draw, so the three show the same numbers. Schedules e-mail one to chosen
// members through the outbox.

export const REPORT_KINDS = ['daily', 'monthly', 'annual', 'inventory'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_LABELS: Record<ReportKind, string> = {
  daily: 'Daily report',
  monthly: 'Monthly report',
  annual: 'Annual report',
  inventory: 'Inventory report',
};
/** What each report holds, in a sentence (the reports page's cards, the schedule form). */
export const REPORT_DESCRIPTIONS: Record<ReportKind, string> = {
  daily: 'One day’s deliveries received, production runs, dispatches, and cash paid out and received.',
  monthly:
    'A month’s volumes by material, landfill diversion, CO2e, and finances: purchases, sales, margin, payments and balances at month end.',
  annual:
    'A year’s volumes by material, landfill diversion, CO2e, and finances: purchases, sales, margin, payments and balances at year end.',
  inventory: 'Stock by facility and material with its value on a day, and the age of the lots in stock.',
};
/** When a schedule sends each report (the organization's time zone). */
export const REPORT_SCHEDULE_TIMES: Record<ReportKind, string> = {
  daily: 'every day at 18:00, for that day',
  monthly: 'on the 1st at 18:00, for the month before',
  annual: 'on 1 January at 18:00, for the year before',
  inventory: 'every day at 18:00, the stock of that day',
};

export const REPORT_FORMATS = ['json', 'pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** What a schedule can send: a document. */
export const REPORT_DOCUMENT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportDocumentFormat = (typeof REPORT_DOCUMENT_FORMATS)[number];
export const REPORT_FORMAT_LABELS: Record<ReportDocumentFormat, string> = {
  pdf: 'PDF',
  xlsx: 'Excel (XLSX)',
};

// ---- the period asked for ----

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const FIRST_YEAR = Number(FIRST_DAY.slice(0, 4));
const LAST_YEAR = Number(LAST_DAY.slice(0, 4));
const YEAR_RANGE = `Enter a year between ${FIRST_YEAR} and ${LAST_YEAR}`;

const format = z
  .enum(REPORT_FORMATS, 'Choose json, pdf or xlsx')
  .default('json')
  .describe('json (the figures), pdf or xlsx (a download)');

const dayParam = (what: string) =>
  day('Enter a date as YYYY-MM-DD')
    .optional()
    .describe(`${what}, YYYY-MM-DD; the organization’s today when left out`);

export const reportDailyQuerySchema = z.object({ day: dayParam('The day'), format });
export const reportInventoryQuerySchema = z.object({
  day: dayParam('The day the stock is counted at'),
  format,
});
export const reportMonthlyQuerySchema = z.object({
  month: z
    .string()
    .regex(MONTH, 'Enter a month as YYYY-MM')
    .refine((v) => Number(v.slice(0, 4)) >= FIRST_YEAR, YEAR_RANGE)
    .optional()
    .describe('The month, YYYY-MM; the organization’s current month when left out'),
  format,
});
export const reportAnnualQuerySchema = z.object({
  year: z.coerce
    .number(YEAR_RANGE)
    .int(YEAR_RANGE)
    .min(FIRST_YEAR, YEAR_RANGE)
    .max(LAST_YEAR, YEAR_RANGE)
    .optional()
    .describe('The year; the organization’s current year when left out'),
  format,
});

// ---- the report ----

/**
 * How a figure is written: kg and php are decimal strings (3 and 2 places), count a whole number, pct a
 * percentage to 1 place, number a decimal whose unit the column's label names (kWh, kg CO2e).
 */
export const REPORT_VALUE_TYPES = ['text', 'kg', 'php', 'count', 'pct', 'number'] as const;
export type ReportValueType = (typeof REPORT_VALUE_TYPES)[number];

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const grouped = (v: string) => {
  const [int = '', frac] = v.replace(/^-/, '').split('.');
  const text = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac ? `.${frac}` : '');
  return v.startsWith('-') ? `-${text}` : text;
};

/** A figure as the page and the PDF write it; a blank one is '—'. */
export function formatReportValue(type: ReportValueType, value: string | null): string {
  if (value === null || value === '') return '—';
  switch (type) {
    case 'kg':
      return formatKg(value);
    case 'php':
      return formatPhp(value);
    case 'count':
      return formatCount(value);
    case 'pct':
      return `${value} %`;
    case 'number':
      return grouped(value);
    default:
      return value;
  }
}

/** '2026-10' → 'October 2026'. */
export const reportMonthLabel = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
/** '2026-10-05' → '5 October 2026'. */
export const reportDayLabel = (d: string) => `${Number(d.slice(8, 10))} ${reportMonthLabel(d.slice(0, 7))}`;

export const REPORT_PERIOD_KINDS = ['day', 'month', 'year'] as const;
export type ReportPeriodKind = (typeof REPORT_PERIOD_KINDS)[number];

/** The period of a report: its key ('2026-10-05', '2026-10', '2026'), first and last day, and its name. */
export function reportPeriod(kind: ReportPeriodKind, key: string) {
  if (kind === 'day') return { kind, key, from: key, to: key, label: reportDayLabel(key) };
  if (kind === 'year') return { kind, key, from: `${key}-01-01`, to: `${key}-12-31`, label: key };
  const [y, m] = key.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    kind,
    key,
    from: `${key}-01`,
    to: `${key}-${String(last).padStart(2, '0')}`,
    label: reportMonthLabel(key),
  };
}

export const reportPeriodSchema = z.object({
  kind: z.enum(REPORT_PERIOD_KINDS),
  key: z.string().describe('2026-10-05, 2026-10 or 2026'),
  from: z.string().describe('The first day, YYYY-MM-DD'),
  to: z.string().describe('The last day, YYYY-MM-DD'),
  label: z.string().describe('5 October 2026, October 2026 or 2026'),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_VALUE_TYPES),
  value: z.string().nullable().describe('A decimal string (or text); null when there is nothing to show'),
  note: z.string().nullable().describe('What the figure counts, in a few words'),
});
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_VALUE_TYPES),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportTableSchema = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.array(z.string().nullable())).describe('Cells in the order of the columns'),
  total: z
    .array(z.string().nullable())
    .nullable()
    .describe('The totals row (the first cell names it), when the table has one'),
  empty: z.string().describe('What the table says when it has no rows'),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export const reportSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  figures: z.array(reportFigureSchema),
  tables: z.array(reportTableSchema),
  notes: z.array(z.string()).describe('How the figures were counted'),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const reportSchema = z
  .object({
    report: z.enum(REPORT_KINDS),
    title: z.string(),
    period: reportPeriodSchema,
    organization: z.object({ id: z.string().uuid(), name: z.string(), time_zone: z.string() }),
    generated_at: z.string().describe('When the report was made (ISO 8601)'),
    sections: z.array(reportSectionSchema),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

// ---- schedules ----

export const MAX_REPORT_RECIPIENTS = 50;

export const reportScheduleInputSchema = z.object({
  report: z.enum(REPORT_KINDS, 'Choose a report'),
  format: z.enum(REPORT_DOCUMENT_FORMATS, 'Choose PDF or XLSX'),
  recipient_user_ids: z
    .array(z.string().uuid('Choose a member'), 'Choose who receives it')
    .min(1, 'Choose at least one member')
    .max(MAX_REPORT_RECIPIENTS, `Choose at most ${MAX_REPORT_RECIPIENTS} members`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each member once')
    .describe('Active members of the organization who may read reports'),
  active: z.boolean('Say whether the schedule sends').default(true),
});
export type ReportScheduleInput = z.output<typeof reportScheduleInputSchema>;
export const reportScheduleUpdateSchema = reportScheduleInputSchema.extend({ version: versionField() });

const person = z.object({ id: z.string().uuid(), name: z.string() });

export const reportRecipientSchema = z.object({
  user_id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});
export type ReportRecipient = z.infer<typeof reportRecipientSchema>;
export const reportRecipientListSchema = z.object({ items: z.array(reportRecipientSchema) });

export const reportScheduleSchema = z
  .object({
    id: z.string().uuid(),
    report: z.enum(REPORT_KINDS),
    format: z.enum(REPORT_DOCUMENT_FORMATS),
    recipient_user_ids: z.array(z.string().uuid()),
    recipients: z
      .array(reportRecipientSchema.extend({ receives: z.boolean() }))
      .describe('Each recipient; receives is false once they left or may no longer read reports'),
    active: z.boolean(),
    last_sent_for: z
      .string()
      .nullable()
      .describe('The period last sent: a day, or a month’s or year’s first day'),
    created_by: person,
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'ReportSchedule' });
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportScheduleListSchema = z.object({ items: z.array(reportScheduleSchema) });
export const reportScheduleParamsSchema = z.object({ id: z.string().uuid() });
