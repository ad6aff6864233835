import {
  ECAR_DECISION_LABELS,
  type EcarContent,
  type EcarListQuery,
  type EcarReport,
  type EcarReview,
  type EcarReviewInput,
  type EcarSummary,
} from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { appendEntries } from '../log/log.repo.ts';
import { idempotent } from '../security/idempotency.ts';
import { contentSha256, ecarContent } from './ecar.content.ts';
import { ecarPdf } from './ecar.pdf.ts';
import * as repo from './ecar.repo.ts';
import { yearFacts } from './year.ts';

// EPR Compliance Audit Reports: a manager drafts version n + 1 of a year (its content frozen); an
// auditor of the organization accepts, queries or rejects each item and signs off once every item is
// accepted. Sign-off freezes the report for good (trigger) and enters it into the record log.

type Handle = Db | Tx;

const FROZEN = 'This ECAR is signed off and frozen: draft a new version to change it';

export const ecarSummary = (r: repo.ReportRow): EcarSummary => ({
  id: r.id,
  year: r.year,
  version: r.version_no,
  status: r.status,
  content_sha256: r.content_sha256,
  created_by: { id: r.created_by, name: r.created_by_name },
  created_at: r.created_at,
  signed_by: r.signed_by ? { id: r.signed_by, name: r.signed_by_name ?? '' } : null,
  signed_at: r.signed_at,
  item_count: r.item_count,
  accepted_count: r.accepted_count,
});

const reviewView = (r: repo.ReviewRow): EcarReview => ({
  id: r.id,
  item_key: r.item_key,
  decision: r.decision,
  comment: r.comment,
  reviewed_by: { id: r.reviewed_by, name: r.reviewed_by_name },
  reviewed_at: r.reviewed_at,
});

/** Items whose latest decision is not an acceptance, with that decision (null: not reviewed). */
function openItems(content: EcarContent, latest: Map<string, EcarReview>) {
  return content.items
    .filter((i) => latest.get(i.key)?.decision !== 'accepted')
    .map((i) => ({ item_key: i.key, title: i.title, decision: latest.get(i.key)?.decision ?? null }));
}

async function detail(h: Handle, orgId: string, id: string, lock = false) {
  const row = await repo.getReport(h, orgId, id, lock);
  if (!row) throw notFound('ECAR');
  const content = row.content as EcarContent;
  const history = new Map<string, EcarReview[]>();
  for (const r of await repo.reviews(h, orgId, id))
    history.set(r.item_key, [...(history.get(r.item_key) ?? []), reviewView(r)]);
  const latest = new Map([...history].flatMap(([k, list]) => (list[0] ? [[k, list[0]] as const] : [])));
  const report: EcarReport = {
    ...ecarSummary(row),
    opinion: row.opinion,
    content,
    reviews: content.items.map((i) => ({
      item_key: i.key,
      latest: latest.get(i.key) ?? null,
      history: history.get(i.key) ?? [],
    })),
    open_items: openItems(content, latest).map((o) => o.item_key),
  };
  return { report, latest };
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  return (await detail(ctx.db, caller.organizationId, id)).report;
}

export async function list(ctx: AppContext, caller: Caller, q: EcarListQuery) {
  const after = decodeCursor(q.cursor, ['int', 'int']);
  const rows = await repo.listReports(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    year: q.year,
    after,
  });
  const page = toPage(rows, q.limit, (r) => [r.year, r.version_no]);
  return { items: page.items.map(ecarSummary), next_cursor: page.next_cursor };
}

/** Drafts the next version of a year's ECAR from the figures and evidence as they stand now. */
export function draft(ctx: AppContext, caller: Caller, year: number, key?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'compliance:ecar-draft', key };
  return idempotent(ctx.db, scope, { year }, async (tx) => {
    await repo.lockYear(tx, org, year);
    const facts = await yearFacts(tx, org, year);
    if (facts.footprint.length === 0)
      throw unprocessable(
        `Enter the ${year} plastic footprint before drafting its ECAR: the report audits it`,
      );
    const version = (await repo.lastVersion(tx, org, year)) + 1;
    const content = ecarContent(facts, version);
    const sha256 = contentSha256(content);
    const id = uuidv7();
    await repo.insertReport(tx, {
      id,
      orgId: org,
      year,
      versionNo: version,
      content,
      sha256,
      userId: caller.userId,
    });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'ecar',
      entityId: id,
      description: `Drafted version ${version} of the ${year} ECAR (${content.items.length} items)`,
      after: { year, version, content_sha256: sha256 },
    });
    return { status: 201, body: (await detail(tx, org, id)).report };
  });
}

/** Locks a report that may still change, or refuses: another organization's is not found. */
async function openReport(tx: Tx, orgId: string, id: string) {
  const d = await detail(tx, orgId, id, true);
  if (d.report.status === 'signed_off') throw unprocessable(FROZEN);
  return d;
}

export async function review(ctx: AppContext, caller: Caller, id: string, input: EcarReviewInput) {
  const org = caller.organizationId;
  await ctx.db.transaction(async (tx) => {
    const { report } = await openReport(tx, org, id);
    const item = report.content.items.find((i) => i.key === input.item_key);
    if (!item)
      throw unprocessable(`This report has no item ${input.item_key}`, {
        fields: { 'body.item_key': 'Not an item of this report' },
      });
    await repo.insertReview(tx, {
      orgId: org,
      reportId: id,
      itemKey: item.key,
      decision: input.decision,
      comment: input.comment,
      userId: caller.userId,
    });
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'ecar',
      entityId: id,
      description: `${ECAR_DECISION_LABELS[input.decision]} “${item.title}” in version ${report.version} of the ${report.year} ECAR`,
      after: input,
    });
  });
  return get(ctx, caller, id);
}

/** Signs the report off once every item's latest decision is an acceptance; it is then frozen and logged. */
export async function signOff(ctx: AppContext, caller: Caller, id: string, opinion: string) {
  const org = caller.organizationId;
  await ctx.db.transaction(async (tx) => {
    const { report, latest } = await openReport(tx, org, id);
    // One signed report per year: the one in force is the latest version drafted.
    await repo.lockYear(tx, org, report.year);
    const last = await repo.lastVersion(tx, org, report.year);
    if (report.version < last)
      throw unprocessable(
        `Version ${report.version} is superseded by version ${last} of the ${report.year} ECAR: review and sign off the latest`,
      );
    const open = openItems(report.content, latest);
    if (open.length)
      throw unprocessable(
        `Every item must be accepted before signing off: ${open.length} of ${report.content.items.length} ${open.length === 1 ? 'is' : 'are'} not (${open
          .slice(0, 5)
          .map((o) => `${o.title}: ${o.decision ?? 'not reviewed'}`)
          .join('; ')}${open.length > 5 ? '; …' : ''})`,
        { items: open },
      );
    await repo.signOff(tx, org, id, caller.userId, opinion);
    // Into the verifiable record log: its digest and opinion, provably as signed.
    await appendEntries(tx, org, 'ecar', [id], 'signed_off', [1]);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'ecar',
      entityId: id,
      description: `Signed off version ${report.version} of the ${report.year} ECAR`,
      before: { status: 'draft' },
      after: { status: 'signed_off', opinion, content_sha256: report.content_sha256 },
    });
  });
  return get(ctx, caller, id);
}

/** The report as an A4 PDF, and a name for the file. */
export async function pdf(ctx: AppContext, caller: Caller, id: string) {
  const report = await get(ctx, caller, id);
  const state = report.status === 'signed_off' ? 'signed' : 'draft';
  return {
    file: await ecarPdf(report, ctx.publicUrl),
    name: `ecar-${report.year}-v${report.version}-${state}.pdf`,
  };
}
