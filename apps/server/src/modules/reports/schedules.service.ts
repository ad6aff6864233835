import {
  REPORT_FORMAT_LABELS,
  REPORT_LABELS,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { idempotent } from '../security/idempotency.ts';
import * as repo from './schedules.repo.ts';

// Report schedules: which report, in which format, to whom. Recipients must be active members who may
// read reports; one who later leaves (or loses the role) stays listed, marked, and receives nothing.

type Handle = Db | Tx;

async function toView(h: Handle, orgId: string, rows: repo.ScheduleRow[]): Promise<ReportSchedule[]> {
  const ids = [...new Set(rows.flatMap((r) => r.recipient_user_ids))];
  const known = new Map((ids.length ? await repo.people(h, orgId, ids) : []).map((p) => [p.user_id, p]));
  return rows.map((r) => ({
    id: r.id,
    report: r.report,
    format: r.format,
    recipient_user_ids: r.recipient_user_ids,
    recipients: r.recipient_user_ids.map(
      (id) => known.get(id) ?? { user_id: id, name: 'Not a member', email: '', role: '', receives: false },
    ),
    active: r.active,
    last_sent_for: r.last_sent_for,
    created_by: { id: r.created_by, name: r.created_by_name },
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: r.version,
  }));
}

async function one(h: Handle, orgId: string, id: string) {
  const row = await repo.getSchedule(h, orgId, id);
  if (!row) throw notFound('Report schedule');
  const [view] = await toView(h, orgId, [row]);
  return view as ReportSchedule;
}

export async function list(ctx: AppContext, caller: Caller) {
  const rows = await repo.listSchedules(ctx.db, caller.organizationId);
  return { items: await toView(ctx.db, caller.organizationId, rows) };
}

/** Who a schedule may send to: active members who may read reports. */
export async function recipients(ctx: AppContext, caller: Caller) {
  return { items: await repo.readers(ctx.db, caller.organizationId) };
}

/** Refuses, under each recipient's field, one who is not an active member who may read reports. */
async function checkRecipients(h: Handle, orgId: string, ids: string[]) {
  const ok = new Set((await repo.readers(h, orgId, ids)).map((r) => r.user_id));
  const fields: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (!ok.has(id)) fields[`body.recipient_user_ids.${i}`] = 'Choose an active member who may read reports';
  });
  if (Object.keys(fields).length)
    throw unprocessable('Reports go only to active members who may read them', { fields });
}

const fieldsOf = (input: ReportScheduleInput) => ({
  report: input.report,
  format: input.format,
  recipientUserIds: input.recipient_user_ids,
  active: input.active,
});
const describe = (input: ReportScheduleInput) =>
  `${REPORT_LABELS[input.report].toLowerCase()} as ${REPORT_FORMAT_LABELS[input.format]} to ${input.recipient_user_ids.length} member${input.recipient_user_ids.length === 1 ? '' : 's'}${input.active ? '' : ' (paused)'}`;

export async function create(ctx: AppContext, caller: Caller, input: ReportScheduleInput, key?: string) {
  const orgId = caller.organizationId;
  const scope = { organizationId: orgId, route: 'reports:schedule', key };
  return idempotent(ctx.db, scope, input, async (tx) => {
    await checkRecipients(tx, orgId, input.recipient_user_ids);
    const id = uuidv7();
    await repo.insertSchedule(tx, orgId, id, caller.userId, fieldsOf(input));
    const view = await one(tx, orgId, id);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'report_schedule',
      entityId: id,
      description: `Scheduled the ${describe(input)}`,
      after: view,
    });
    return { status: 201, body: view };
  });
}

export async function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: ReportScheduleInput & { version: number },
) {
  const orgId = caller.organizationId;
  return ctx.db.transaction(async (tx) => {
    const before = await one(tx, orgId, id);
    await checkRecipients(tx, orgId, input.recipient_user_ids);
    if (!(await repo.updateSchedule(tx, orgId, id, input.version, fieldsOf(input))))
      throw new AppError('conflict', 'Someone else changed this schedule. Reload and try again.');
    const after = await one(tx, orgId, id);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'report_schedule',
      entityId: id,
      description: `Changed the schedule of the ${describe(input)}`,
      before,
      after,
    });
    return after;
  });
}

export async function remove(ctx: AppContext, caller: Caller, id: string) {
  const orgId = caller.organizationId;
  await ctx.db.transaction(async (tx) => {
    const before = await one(tx, orgId, id);
    if (!(await repo.deleteSchedule(tx, orgId, id))) throw notFound('Report schedule');
    await logChange(tx, caller, {
      type: 'DELETE_RECORD',
      entityType: 'report_schedule',
      entityId: id,
      description: `Removed the schedule of the ${REPORT_LABELS[before.report].toLowerCase()} (${REPORT_FORMAT_LABELS[before.format]})`,
      before,
    });
  });
}
