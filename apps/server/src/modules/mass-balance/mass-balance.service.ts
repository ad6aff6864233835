import { createHash } from 'node:crypto';
import {
  type MassBalanceQuery,
  type MassBalanceStatement,
  type MassBalanceView,
  massBalanceStatementSchema,
  type Period,
  type PeriodClose,
  parsePeriod,
} from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { insertEntry } from '../activity/activity.repo.ts';
import * as orgRepo from '../organization/organization.repo.ts';
import { audit } from '../security/security.repo.ts';
import * as repo from './mass-balance.repo.ts';
import { computeStatement } from './statement.ts';

// Mass balance and closed periods (docs/architecture.md, "Mass balance and closed periods"). Closing a
// period stores its statement and moves the organization's "books closed through" day to the period's
// end, so the postings' own rule (pt_assert_books_open) refuses anything dated in it; an administrator's
// reopening moves the day back before the period and is kept on the same row with its reason.

type Handle = Db | Tx;

/** The digest of a statement: of its JSON in the schema's key order (jsonb keeps its own order). */
export const digest = (s: MassBalanceStatement) =>
  createHash('sha256')
    .update(JSON.stringify(massBalanceStatementSchema.parse(s)))
    .digest('hex');

function periodOfQuery(q: MassBalanceQuery): Period {
  if (q.period) {
    const p = parsePeriod(q.period);
    if (p) return p;
  }
  return { start: q.from ?? '', end: q.to ?? '', kind: 'custom', label: `${q.from} to ${q.to}` };
}

async function facilityOf(db: Handle, orgId: string, id: string | null | undefined) {
  if (!id) return null;
  const found = (await repo.facilityRefs(db, orgId)).find((f) => f.id === id);
  if (!found) throw notFound('Facility');
  return found;
}

const closeView = (r: repo.CloseRow): PeriodClose => ({
  id: r.id,
  period:
    r.period_kind === 'month'
      ? r.period_start.slice(0, 7)
      : `${r.period_start.slice(0, 4)}-Q${Math.ceil(Number(r.period_start.slice(5, 7)) / 3)}`,
  period_start: r.period_start,
  period_end: r.period_end,
  period_kind: r.period_kind,
  facility: r.facility_id
    ? { id: r.facility_id, code: r.facility_code ?? '', name: r.facility_name ?? '' }
    : null,
  statement_sha256: r.statement_sha256,
  closed_by: { id: r.closed_by, name: r.closed_by_name },
  closed_at: r.closed_at,
  reopened_by: r.reopened_by ? { id: r.reopened_by, name: r.reopened_by_name ?? '' } : null,
  reopened_at: r.reopened_at,
  reopen_reason: r.reopen_reason,
});

/** The statement of a period: the stored one while the period is closed, else computed now. */
export async function view(ctx: AppContext, caller: Caller, q: MassBalanceQuery): Promise<MassBalanceView> {
  const org = await orgRepo.getOrganization(ctx.db, caller.organizationId);
  if (!org) throw notFound('Organization');
  const period = periodOfQuery(q);
  const facility = await facilityOf(ctx.db, caller.organizationId, q.facility_id);
  const latest =
    period.kind === 'custom'
      ? undefined
      : (
          await repo.listCloses(ctx.db, caller.organizationId, {
            start: period.start,
            end: period.end,
            facilityId: facility?.id ?? null,
          })
        )[0];
  const ended = period.end < dayIn(new Date(), org.timeZone);
  const extra = {
    ended,
    close: latest ? closeView(latest) : null,
    books_closed_through: org.booksClosedThrough,
  };
  if (latest && !latest.reopened_at) {
    const stored = await repo.storedStatement(ctx.db, caller.organizationId, latest.id);
    if (stored) return { ...massBalanceStatementSchema.parse(stored.statement), ...extra, stored: true };
  }
  const w = {
    orgId: caller.organizationId,
    timeZone: org.timeZone,
    from: period.start,
    to: period.end,
    facilityId: facility?.id ?? null,
  };
  const statement = await computeStatement(ctx.db, w, period, facility, true);
  return { ...statement, ...extra, stored: false };
}

/** What a download prints: the statement and its SHA-256 (stored when closed, of the figures now if not). */
export async function document(ctx: AppContext, caller: Caller, q: MassBalanceQuery) {
  const [v, org] = await Promise.all([
    view(ctx, caller, q),
    orgRepo.getOrganization(ctx.db, caller.organizationId),
  ]);
  const { ended: _e, close, stored, books_closed_through: _b, ...statement } = v;
  return {
    statement,
    close: stored ? close : null,
    sha256: stored && close ? close.statement_sha256 : digest(statement),
    organization: org?.name ?? '',
  };
}

export async function listCloses(ctx: AppContext, caller: Caller) {
  return { items: (await repo.listCloses(ctx.db, caller.organizationId)).map(closeView) };
}

export async function close(
  ctx: AppContext,
  caller: Caller,
  body: { period: string; facility_id?: string | null },
) {
  const period = parsePeriod(body.period);
  if (!period || period.kind === 'custom')
    throw unprocessable('Close a month (YYYY-MM) or a quarter (YYYY-Qn)');
  const id = await ctx.db.transaction(async (tx) => {
    const org = await repo.lockOrganization(tx, caller.organizationId);
    if (!org) throw notFound('Organization');
    const today = dayIn(new Date(), org.time_zone);
    if (period.end >= today) {
      throw unprocessable(
        `${period.label} has not ended yet: it ends on ${period.end} and can be closed from the day after.`,
        { period_end: period.end },
      );
    }
    const facility = await facilityOf(tx, caller.organizationId, body.facility_id);
    const [latest] = await repo.listCloses(tx, caller.organizationId, {
      start: period.start,
      end: period.end,
      facilityId: facility?.id ?? null,
    });
    if (latest && !latest.reopened_at) {
      throw new AppError(
        'conflict',
        `${period.label}${facility ? ` at ${facility.code}` : ''} is already closed (by ${latest.closed_by_name}); an administrator may reopen it.`,
      );
    }
    const w = {
      orgId: caller.organizationId,
      timeZone: org.time_zone,
      from: period.start,
      to: period.end,
      facilityId: facility?.id ?? null,
    };
    const statement = await computeStatement(tx, w, period, facility, false);
    const negative = statement.rows.filter((r) => r.negative);
    if (negative.length > 0) {
      throw unprocessable(
        `${period.label} cannot be closed with a negative balance at its end: ${negative
          .slice(0, 5)
          .map((r) => `${r.facility.code} ${r.material.code} ${r.closing_kg} kg`)
          .join(', ')}.`,
        {
          rows: negative.map((r) => ({
            facility_id: r.facility.id,
            material_id: r.material.id,
            closing_kg: r.closing_kg,
          })),
        },
      );
    }
    const sha256 = digest(statement);
    const closeId = await repo.insertClose(tx, {
      orgId: caller.organizationId,
      start: period.start,
      end: period.end,
      kind: period.kind as 'month' | 'quarter',
      facilityId: facility?.id ?? null,
      statement,
      sha256,
      userId: caller.userId,
    });
    // Never backwards: a later period may be closed already.
    const before = org.books_closed_through;
    const after = before && before >= period.end ? before : period.end;
    if (after !== before) await orgRepo.setBooksClosedThrough(tx, caller.organizationId, after);
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'mass_balance.period_closed',
      entityType: 'period_close',
      entityId: closeId,
      before: { books_closed_through: before },
      after: {
        period: period.label,
        facility_id: facility?.id ?? null,
        statement_sha256: sha256,
        books_closed_through: after,
      },
    });
    await insertEntry(tx, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      transactionType: 'UPDATE_SETTINGS',
      description: `Closed mass-balance period ${period.label}${facility ? ` at ${facility.code}` : ''}: books closed through ${after}`,
      referenceId: closeId,
      metadata: {
        settingType: 'period_close',
        period: period.label,
        statementSha256: sha256,
        changes: { books_closed_through: [before, after] },
      },
    });
    return closeId;
  });
  return closeViewById(ctx.db, caller.organizationId, id);
}

export async function reopen(ctx: AppContext, caller: Caller, id: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const org = await repo.lockOrganization(tx, caller.organizationId);
    if (!org) throw notFound('Organization');
    const row = await repo.getClose(tx, caller.organizationId, id, true);
    if (!row) throw notFound('Period close');
    const label = closeView(row).period;
    if (row.reopened_at)
      throw new AppError('conflict', `${label} was reopened already (by ${row.reopened_by_name}).`);
    await repo.markReopened(tx, caller.organizationId, id, caller.userId, reason);
    const before = org.books_closed_through;
    const after = before && before >= row.period_start ? dayBefore(row.period_start) : before;
    if (after !== before) await orgRepo.setBooksClosedThrough(tx, caller.organizationId, after);
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'mass_balance.period_reopened',
      entityType: 'period_close',
      entityId: id,
      before: { books_closed_through: before, reopened_at: null },
      after: { books_closed_through: after, reason },
    });
    await insertEntry(tx, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      transactionType: 'UPDATE_SETTINGS',
      description: `Reopened mass-balance period ${label}: ${reason}`,
      referenceId: id,
      metadata: {
        settingType: 'period_reopen',
        period: label,
        reason,
        changes: { books_closed_through: [before, after] },
      },
    });
  });
  return closeViewById(ctx.db, caller.organizationId, id);
}

async function closeViewById(db: Db, orgId: string, id: string) {
  const row = await repo.getClose(db, orgId, id);
  if (!row) throw notFound('Period close');
  return closeView(row);
}

/** '2026-10-01' → '2026-09-30'. */
export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
