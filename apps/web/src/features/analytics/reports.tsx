import { Text } from '@mantine/core';
import {
  type AnalyticsMeasure,
  formatCount,
  formatKg,
  formatPhp,
  formatPhpPerKg,
  LOSS_FATE_LABELS,
  LOSS_FATES,
} from '@plastrace/shared';
import type { ReactNode } from 'react';
import { toCamelKey } from '../../api/caseConvert.ts';
import type { Answers, Production, ReportName } from './api.ts';

// Each tab's answer as one view: the rows a table lists and a chart draws (the same numbers), the
// table's headers and totals, and which records a row's period opens.

/** A percentage the server rounded: '12.50' → '12.50 %'. */
export const formatPct = (v: string | null | undefined) => (v == null ? '—' : `${v} %`);
/** kWh grouped as kg are (the server sends them exact). */
export const formatKwh = (v: string | null | undefined) =>
  v == null ? '—' : formatKg(v).replace(/ kg$/, ' kWh');

export type ViewRow = {
  id: string;
  period: string;
  periodEnd: string;
  key: string | null;
  label: string;
  /** What the chart draws for the row; null draws nothing. */
  value: number | null;
  cells: ReactNode[];
  /** The records of this row alone: the key's dimension and value. */
  narrow?: { by: string; key: string };
};

export type View = {
  periods: string[];
  rows: ViewRow[];
  headers: string[];
  totals: ReactNode[] | null;
  /** A line under the chart (the informal sector's share). */
  note?: ReactNode;
};

export type ReportSpec<R extends ReportName> = {
  name: R;
  label: string;
  measure: AnalyticsMeasure;
  /** What the rows are split by; the first is the whole (by period). */
  by: { value: string; label: string }[];
  filters: ('facility' | 'material')[];
  chart: { what: string; stacked: boolean; tick: (n: number) => string };
  keyHeader: (by: string) => string;
  view: (answer: Answers[R], by: string) => View;
  empty: string;
};

const narrowBy = (by: string, key: string | null) => (by !== 'period' && key ? { by, key } : undefined);
const kgTick = (n: number) => formatKg(Math.round(n));
const byLabel = (spec: { by: { value: string; label: string }[] }, by: string) =>
  spec.by.find((b) => b.value === by)?.label ?? '';

const intake: ReportSpec<'intake'> = {
  name: 'intake',
  label: 'Intake',
  measure: 'received',
  by: [
    { value: 'period', label: 'Total' },
    { value: 'supplier', label: 'Supplier' },
    { value: 'supplier_type', label: 'Supplier type' },
    { value: 'material', label: 'Material' },
    { value: 'facility', label: 'Facility' },
  ],
  filters: ['facility', 'material'],
  chart: { what: 'Net kg received', stacked: true, tick: kgTick },
  keyHeader: (by) => byLabel(intake, by),
  empty: 'No deliveries were posted in this range. Posted receive records show here by period.',
  view: (a, by) => {
    const cells = (r: Answers['intake']['totals']) => [
      formatKg(r.kgNet),
      formatKg(r.kgPayable),
      formatPhp(r.php),
      formatCount(r.deliveries),
      formatPhpPerKg(r.phpPerKg),
    ];
    return {
      periods: a.periods,
      headers: ['Net kg', 'Payable kg', 'Owed', 'Lines', 'Average ₱/kg'],
      rows: a.rows.map((r) => ({
        id: `${r.period}|${r.key}`,
        period: r.period,
        periodEnd: r.periodEnd,
        key: r.key,
        label: r.label,
        value: Number(r.kgNet),
        cells: cells(r),
        narrow: narrowBy(by, r.key),
      })),
      totals: cells(a.totals),
      note: (
        <Text size="sm">
          Informal sector (waste pickers and junkshops): <strong>{formatPct(a.informal.sharePct)}</strong> of
          the net kg, {formatKg(a.informal.kgNet)}.
        </Text>
      ),
    };
  },
};

const prices: ReportSpec<'prices'> = {
  name: 'prices',
  label: 'Prices',
  measure: 'received',
  by: [],
  filters: ['facility', 'material'],
  chart: { what: 'Paid against the buying price list, %', stacked: false, tick: (n) => `${Math.round(n)} %` },
  keyHeader: () => 'Material · region',
  empty: 'No deliveries were posted in this range, so nothing was paid to compare with the price list.',
  view: (a) => ({
    periods: a.periods,
    headers: ['Payable kg', 'Owed', 'Paid ₱/kg', 'List ₱/kg', 'Difference'],
    rows: a.rows.map((r) => ({
      id: `${r.period}|${r.material.id}|${r.region}`,
      period: r.period,
      periodEnd: r.periodEnd,
      key: `${r.material.id}|${r.region ?? ''}`,
      label: `${r.material.name} · ${r.region ?? 'no region'}`,
      value: r.differencePct === null ? null : Number(r.differencePct),
      cells: [
        formatKg(r.kgPayable),
        formatPhp(r.php),
        formatPhpPerKg(r.paidPerKg),
        r.listPerKg === null
          ? 'No price on file'
          : `${formatPhpPerKg(r.listPerKg)} (from ${r.listEffectiveFrom})`,
        formatPct(r.differencePct),
      ],
      narrow: { by: 'material', key: r.material.id },
    })),
    totals: null,
    note: (
      <Text size="sm" c="dimmed">
        {a.basis}
      </Text>
    ),
  }),
};

function losses(l: Production['totals']['losses']) {
  const kept = LOSS_FATES.map((f) => [f, l[toCamelKey(f) as keyof typeof l]] as const).filter(
    ([, kg]) => Number(kg) > 0,
  );
  return kept.length ? kept.map(([f, kg]) => `${LOSS_FATE_LABELS[f]} ${formatKg(kg)}`).join(' · ') : '—';
}

const production: ReportSpec<'production'> = {
  name: 'production',
  label: 'Production',
  measure: 'production',
  by: [
    { value: 'period', label: 'Total' },
    { value: 'line', label: 'Production line' },
    { value: 'process', label: 'Process' },
    { value: 'facility', label: 'Facility' },
  ],
  filters: ['facility'],
  chart: { what: 'Inputs, kg', stacked: true, tick: kgTick },
  keyHeader: (by) => byLabel(production, by),
  empty: 'No production runs were posted in this range. Posted runs show here with their yield and energy.',
  view: (a, by) => {
    const cells = (r: Production['totals']) => [
      formatCount(r.runs),
      formatKg(r.inputKg),
      formatKg(r.outputKg),
      formatPct(r.yieldPct),
      <span key="losses">
        {formatKg(r.lossKg)}
        <Text span size="xs" c="dimmed" display="block">
          {losses(r.losses)}
        </Text>
      </span>,
      formatKwh(r.kwh),
      r.kwhPerTonne === null ? '—' : `${formatKwh(r.kwhPerTonne)}/t (${formatCount(r.energyRuns)} runs)`,
    ];
    return {
      periods: a.periods,
      headers: ['Runs', 'Inputs', 'Outputs', 'Yield', 'Losses', 'kWh', 'kWh per tonne'],
      rows: a.rows.map((r) => ({
        id: `${r.period}|${r.key}`,
        period: r.period,
        periodEnd: r.periodEnd,
        key: r.key,
        label: r.label,
        value: Number(r.inputKg),
        cells: cells(r),
        narrow: narrowBy(by, r.key),
      })),
      totals: cells(a.totals),
      note: (
        <Text size="sm" c="dimmed">
          kWh per tonne of input counts only the runs whose energy is known (metered, entered or calculated).
        </Text>
      ),
    };
  },
};

const sales: ReportSpec<'sales'> = {
  name: 'sales',
  label: 'Sales',
  measure: 'dispatched',
  by: [
    { value: 'period', label: 'Total' },
    { value: 'customer', label: 'Customer' },
    { value: 'material', label: 'Material' },
  ],
  filters: ['facility', 'material'],
  chart: { what: 'Sales, ₱', stacked: true, tick: (n) => formatPhp(Math.round(n)).replace(/\.00$/, '') },
  keyHeader: (by) => byLabel(sales, by),
  empty: 'No dispatches were posted in this range. Posted dispatches show here with their margin.',
  view: (a, by) => {
    const cells = (r: Answers['sales']['totals']) => [
      formatKg(r.kg),
      formatPhp(r.salesPhp),
      formatPhp(r.costPhp),
      formatPhp(r.marginPhp),
      formatPct(r.marginPct),
      formatCount(r.lines),
    ];
    return {
      periods: a.periods,
      headers: ['kg', 'Sales', 'Cost of lots sold', 'Margin', 'Margin %', 'Lines'],
      rows: a.rows.map((r) => ({
        id: `${r.period}|${r.key}`,
        period: r.period,
        periodEnd: r.periodEnd,
        key: r.key,
        label: r.label,
        value: Number(r.salesPhp),
        cells: cells(r),
        narrow: narrowBy(by, r.key),
      })),
      totals: cells(a.totals),
    };
  },
};

export const REPORTS = { intake, prices, production, sales } as const;
export const REPORT_ORDER: ReportName[] = ['intake', 'prices', 'production', 'sales'];
