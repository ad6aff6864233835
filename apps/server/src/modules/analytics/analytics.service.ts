import {
  ANALYTICS_FILTERS,
  ANALYTICS_GROUP_LABELS,
  ANALYTICS_MEASURE_REPORT,
  ANALYTICS_REPORT_FILTERS,
  type AnalyticsFilter,
  type AnalyticsGroup,
  type AnalyticsQuery,
  type AnalyticsRecords,
  type AnalyticsRecordsQuery,
  type AnalyticsReport,
  analyticsDefaultFrom,
  analyticsPeriodEnd,
  analyticsRangeIssues,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import { assertMay } from '../../lib/policy.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logExport } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';
import { getOrganization, timeZoneOf } from '../organization/organization.repo.ts';
import * as repo from './analytics.repo.ts';
import { type Answer, type Cell, columnsOf, rowsOf } from './analytics.table.ts';
import { intakeView, pricesView, productionView, salesView } from './analytics.views.ts';
import { toXlsx, XLSX_TYPE } from './analytics.xlsx.ts';
import { records as readRecords } from './records.repo.ts';

const REPORT_NAMES: Record<AnalyticsReport, string> = {
  intake: 'Intake',
  prices: 'Prices paid',
  production: 'Production',
  sales: 'Sales and margins',
};
const FILTER_NOUNS: Record<AnalyticsFilter, string> = {
  facility_id: 'facility',
  material_id: 'material',
  supplier_id: 'supplier',
  customer_id: 'customer',
};

const invalid = (fields: Record<string, string>) =>
  new AppError('validation_failed', Object.values(fields)[0] ?? 'Some fields are invalid', { fields });

/**
 * The range (defaults on the organization's today) and the filters of a report. A filter the report has
 * no dimension for is refused, not ignored: production "for one customer" would answer every customer's.
 */
async function scopeOf(db: Db | Tx, caller: Caller, q: AnalyticsQuery, report: AnalyticsReport) {
  const allowed = ANALYTICS_REPORT_FILTERS[report];
  const refused = ANALYTICS_FILTERS.filter((f) => q[f] && !allowed.includes(f));
  if (refused.length)
    throw invalid(
      Object.fromEntries(
        refused.map((f) => [
          `querystring.${f}`,
          `${REPORT_NAMES[report]} is not split by ${FILTER_NOUNS[f]}`,
        ]),
      ),
    );
  const to = q.to ?? dayIn(new Date(), await timeZoneOf(db, caller.organizationId));
  const from = q.from ?? analyticsDefaultFrom(to);
  const issues = analyticsRangeIssues(from, to);
  if (issues.length)
    throw invalid(Object.fromEntries(issues.map((i) => [`querystring.${i.path}`, i.message])));
  return {
    orgId: caller.organizationId,
    from,
    to,
    group: q.group,
    filters: Object.fromEntries(allowed.map((f) => [f, q[f]])) as Partial<Record<AnalyticsFilter, string>>,
  } satisfies repo.Scope;
}

type Query<By> = AnalyticsQuery & { by: By };

export async function intake(ctx: AppContext, caller: Caller, q: Query<repo.IntakeBy>) {
  const s = await scopeOf(ctx.db, caller, q, 'intake');
  return intakeView(s, q.by, await repo.intake(ctx.db, s, q.by));
}

export async function prices(ctx: AppContext, caller: Caller, q: AnalyticsQuery) {
  const s = await scopeOf(ctx.db, caller, q, 'prices');
  return pricesView(s, await repo.prices(ctx.db, s));
}

export async function production(ctx: AppContext, caller: Caller, q: Query<repo.ProductionBy>) {
  const s = await scopeOf(ctx.db, caller, q, 'production');
  return productionView(s, q.by, await repo.production(ctx.db, s, q.by));
}

export async function sales(ctx: AppContext, caller: Caller, q: Query<repo.SalesBy>) {
  const s = await scopeOf(ctx.db, caller, q, 'sales');
  return salesView(s, q.by, await repo.sales(ctx.db, s, q.by));
}

/** One report's answer on a database handle (the export's snapshot). */
async function answer(db: Db | Tx, report: AnalyticsReport, s: repo.Scope, by: string): Promise<Answer> {
  switch (report) {
    case 'intake':
      return {
        report,
        answer: intakeView(s, by as repo.IntakeBy, await repo.intake(db, s, by as repo.IntakeBy)),
      };
    case 'prices':
      return { report, answer: pricesView(s, await repo.prices(db, s)) };
    case 'production': {
      const b = by as repo.ProductionBy;
      return { report, answer: productionView(s, b, await repo.production(db, s, b)) };
    }
    case 'sales':
      return {
        report,
        answer: salesView(s, by as repo.SalesBy, await repo.sales(db, s, by as repo.SalesBy)),
      };
  }
}

/**
 * A report as CSV (streamed through the exports' helper, which logs EXPORT_DATA) or XLSX (built whole in
 * memory: one grouped query, a row only per period × key that recorded something), logged the same way
 * before it is sent.
 */
export async function exportReport(
  ctx: AppContext,
  caller: Caller,
  report: AnalyticsReport,
  q: AnalyticsQuery & { by?: string; format: 'csv' | 'xlsx' },
  reply: FastifyReply,
) {
  // The route asks data.export; the figures are analytics' to show.
  assertMay(caller, 'analytics.read');
  const s = await scopeOf(ctx.db, caller, q, report);
  const by = q.by ?? 'period';
  const name = `analytics-${report}${report === 'prices' ? '' : `-by-${by.replaceAll('_', '-')}`}-${s.from}-to-${s.to}`;
  const parameters = { report, by, from: s.from, to: s.to, group: s.group, ...s.filters };
  const columns = columnsOf(report, by);
  const dataType = `analytics_${report}`;
  if (q.format === 'csv')
    return streamCsv<Cell[], never>(ctx, caller, reply, {
      filename: `${name}.csv`,
      dataType,
      parameters,
      columns: columns.map((c, i) => [c.header, (r: Cell[]) => r[i]]),
      page: async (tx) => ({ rows: rowsOf(await answer(tx, report, s, by)), next: undefined }),
    });

  const organization = await getOrganization(ctx.db, caller.organizationId);
  const rows = rowsOf(await answer(ctx.db, report, s, by));
  const title = `${organization?.name ?? ''} — ${REPORT_NAMES[report]}${report === 'prices' ? '' : ` by ${by.replaceAll('_', ' ')}`}, ${s.from} to ${s.to}, by ${ANALYTICS_GROUP_LABELS[s.group as AnalyticsGroup].toLowerCase()}`;
  const file = await toXlsx({ columns, rows }, { sheet: REPORT_NAMES[report], title });
  await logExport(ctx.db, caller, { dataType, format: 'xlsx', recordCount: rows.length, parameters });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(file);
}

const PATHS = {
  received: 'receive-records',
  dispatched: 'dispatch-records',
  production: 'production-records',
};

/** The records behind one bar: its period within the range, the report's filters, keyset pages on (time, id). */
export async function records(
  ctx: AppContext,
  caller: Caller,
  q: AnalyticsRecordsQuery,
): Promise<AnalyticsRecords> {
  const s = await scopeOf(ctx.db, caller, q, ANALYTICS_MEASURE_REPORT[q.measure]);
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const from = q.period_start > s.from ? q.period_start : s.from;
  const end = analyticsPeriodEnd(q.period_start, s.group);
  const to = end < s.to ? end : s.to;
  const rows =
    from > to
      ? []
      : await readRecords(ctx.db, q.measure, {
          orgId: s.orgId,
          from,
          to,
          facilityId: s.filters.facility_id,
          materialId: s.filters.material_id,
          partyId: q.measure === 'received' ? s.filters.supplier_id : s.filters.customer_id,
          key: q.by && q.key ? { by: q.by, value: q.key } : undefined,
          limit: q.limit + 1,
          after: after ? [after[0], after[1]] : undefined,
        });
  const page = toPage(rows, q.limit, (r) => [r.at, r.id]);
  return {
    measure: q.measure,
    from,
    to,
    next_cursor: page.next_cursor,
    items: page.items.map((r) => ({
      id: r.id,
      number: r.number,
      at: r.at,
      facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name },
      party:
        r.party_id && r.party_code && r.party_name
          ? { id: r.party_id, code: r.party_code, name: r.party_name }
          : null,
      process: r.process,
      line: r.line,
      kg: r.kg,
      kg_out: r.kg_out,
      php: r.php,
      cost_php: r.cost_php,
      kwh: r.kwh,
      path: `/${PATHS[q.measure]}/${r.id}`,
    })),
  };
}
