import {
  REPORT_LABELS,
  type Report,
  type ReportDocumentFormat,
  type ReportFormat,
  type ReportKind,
  reportPeriod,
} from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { insertEntry } from '../activity/activity.repo.ts';
import { impactOf } from '../impact/impact.figures.ts';
import * as impactRepo from '../impact/impact.repo.ts';
import { logoContent } from '../organization/logo.repo.ts';
import { dailyReport } from './daily.content.ts';
import { inventoryReport } from './inventory.content.ts';
import { periodReport } from './period.content.ts';
import { reportPdf } from './reports.pdf.ts';
import * as repo from './reports.repo.ts';
import { reportXlsx } from './reports.xlsx.ts';

// Reports on screen (JSON), as PDF and as XLSX: one content per report (the *.content.ts builders) that
// every format draws, so their figures agree. Every generation is logged (GENERATE_REPORT).

type Handle = Db | Tx;

/** What a report is of: a day (daily, inventory), a month, a year; its key '2026-10-05', '2026-10', '2026'. */
export const PERIOD_OF = { daily: 'day', inventory: 'day', monthly: 'month', annual: 'year' } as const;

export type ReportQuery = { day?: string; month?: string; year?: number; format: ReportFormat };

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', message, { fields: { [`querystring.${field}`]: message } });

/** The period asked for (today's when left out); a period that has not begun is refused. */
export function periodKey(kind: ReportKind, q: ReportQuery, today: string): string {
  switch (PERIOD_OF[kind]) {
    case 'day': {
      const day = q.day ?? today;
      if (day > today) throw fieldError('day', 'Choose today or a day before: this day has not come yet');
      return day;
    }
    case 'month': {
      const month = q.month ?? today.slice(0, 7);
      if (month > today.slice(0, 7))
        throw fieldError('month', 'Choose this month or one before: it has not begun');
      return month;
    }
    default: {
      const year = String(q.year ?? today.slice(0, 4));
      if (year > today.slice(0, 4))
        throw fieldError('year', 'Choose this year or one before: it has not begun');
      return year;
    }
  }
}

/**
 * Builds a report's content. The queries run one after another, so `h` may be a transaction (the
 * schedule worker builds inside the one that records the sending).
 */
export async function buildReport(h: Handle, orgId: string, kind: ReportKind, key: string): Promise<Report> {
  const org = await repo.orgOf(h, orgId);
  if (!org) throw notFound('Organization');
  const period = reportPeriod(PERIOD_OF[kind], key);
  const head = {
    report: kind,
    title: REPORT_LABELS[kind],
    period,
    organization: { id: org.id, name: org.name, time_zone: org.time_zone },
    generated_at: new Date().toISOString(),
  };
  if (kind === 'inventory')
    return inventoryReport(
      head,
      await repo.stockOn(h, orgId, key),
      await repo.stockAges(h, orgId),
      org.today,
    );
  const facts = await repo.periodFacts(h, orgId, period.from, period.to);
  if (kind !== 'daily') return periodReport(head, facts, await impactFigures(h, org, period.from, period.to));
  return dailyReport(head, facts, {
    receipts: await repo.dayReceipts(h, orgId, key),
    runs: await repo.dayRuns(h, orgId, key),
    dispatches: await repo.dayDispatches(h, orgId, key),
    cash: await repo.dayCash(h, orgId, key),
  });
}

/** The impact page's figures of the same days (as modules/impact/impact.service.ts reads them). */
async function impactFigures(h: Handle, org: repo.OrgRow, from: string, to: string) {
  const rows = await impactRepo.facts(h, { orgId: org.id, from, to, country: org.country });
  const codes = [...new Set(rows.map((r) => r.type_code).filter((c): c is string => c !== null))];
  const types = new Map((await impactRepo.materialTypes(h, codes)).map((t) => [t.code, t]));
  return impactOf({ from, to, country: org.country, rows, types, months: false });
}

export const MIME: Record<ReportDocumentFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A report drawn as a document: its bytes and file name. */
export async function renderReport(h: Handle, r: Report, format: ReportDocumentFormat) {
  const filename = `${r.report}-report-${r.period.key}.${format}`;
  if (format === 'xlsx') return { bytes: await reportXlsx(r), filename, mime: MIME.xlsx };
  const logo = await logoContent(h, r.organization.id);
  return { bytes: await reportPdf(r, logo?.bytes ?? null), filename, mime: MIME.pdf };
}

const FORMAT_NAMES: Record<ReportFormat, string> = { json: 'on screen', pdf: 'as PDF', xlsx: 'as XLSX' };

/** The GENERATE_REPORT entry of one generation, by whom (a schedule: its creator) and how. */
export function logGeneration(
  h: Handle,
  who: { organizationId: string; userId: string },
  r: Report,
  format: ReportFormat,
  extra: { description?: string; scheduleId?: string } = {},
) {
  const param = PERIOD_OF[r.report];
  return insertEntry(h, {
    organizationId: who.organizationId,
    userId: who.userId,
    transactionType: 'GENERATE_REPORT',
    description:
      extra.description ??
      `Generated the ${r.title.toLowerCase()} for ${r.period.label} ${FORMAT_NAMES[format]}`,
    referenceId: `${r.report}:${r.period.key}`,
    metadata: {
      reportType: r.report,
      format,
      parameters: { [param]: r.period.key },
      ...(extra.scheduleId ? { scheduleId: extra.scheduleId } : {}),
    },
  });
}

export type Generated =
  | { format: 'json'; report: Report }
  | { format: ReportDocumentFormat; bytes: Buffer; filename: string; mime: string };

/** A report of the caller's organization in the format asked for, logged. */
export async function generate(
  ctx: AppContext,
  caller: Caller,
  kind: ReportKind,
  q: ReportQuery,
): Promise<Generated> {
  const org = await repo.orgOf(ctx.db, caller.organizationId);
  if (!org) throw notFound('Organization');
  const key = periodKey(kind, q, org.today);
  // One snapshot: a posting committed while the report is read cannot make its figures and lists disagree.
  const report = await ctx.db.transaction((tx) => buildReport(tx, caller.organizationId, kind, key), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const out: Generated =
    q.format === 'json'
      ? { format: 'json', report }
      : { format: q.format, ...(await renderReport(ctx.db, report, q.format)) };
  await logGeneration(ctx.db, caller, report, q.format);
  return out;
}
