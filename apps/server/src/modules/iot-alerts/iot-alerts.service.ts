import type { IotAlert, iotAlertListQuerySchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import * as repo from './iot-alerts.repo.ts';

// Anomaly alerts as people see them (docs/architecture.md "Devices and identification"): the rules' worker
// (iot-alerts.worker.ts) raises and resolves them; people list them and acknowledge them with a note.

type ListQuery = z.output<typeof iotAlertListQuerySchema>;

const LINKS = {
  receive_record: '/receive-records/',
  dispatch_record: '/dispatch-records/',
  production_record: '/production-records/',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAlert(r: repo.AlertRow): IotAlert {
  const x = r.alert;
  const type = x.subjectType as keyof typeof LINKS | null;
  return {
    id: x.id,
    rule: x.rule,
    state: x.resolvedAt ? 'resolved' : x.acknowledgedAt ? 'acknowledged' : 'open',
    device: r.device?.id ? r.device : null,
    subject:
      type && x.subjectId && type in LINKS
        ? { type, id: x.subjectId, number: r.subjectNumber ?? '', link: `${LINKS[type]}${x.subjectId}` }
        : null,
    message: x.message,
    details: (x.details ?? {}) as Record<string, unknown>,
    raised_at: x.raisedAt.toISOString(),
    resolved_at: iso(x.resolvedAt),
    acknowledged_at: iso(x.acknowledgedAt),
    acknowledged_by: r.acknowledgedBy?.id ? r.acknowledgedBy : null,
    acknowledged_note: x.acknowledgedNote,
  };
}

const keyOf = (r: repo.AlertRow): [string, string] => [r.alert.raisedAt.toISOString(), r.alert.id];

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const rows = await repo.listAlerts(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    state: q.state,
    deviceId: q.device_id,
    rule: q.rule,
    after: decodeCursor(q.cursor, ['instant', 'uuid']),
  });
  const page = toPage(rows, q.limit, keyOf);
  return { items: page.items.map(toAlert), next_cursor: page.next_cursor };
}

/** The dashboard's part: how many are open, and the newest few of them. */
export async function summary(db: Db | Tx, orgId: string, newest = 5) {
  // One after another: `db` may be a transaction.
  const open = await repo.openCount(db, orgId);
  const rows = await repo.listAlerts(db, orgId, { limit: newest, state: 'open' });
  return { open, newest: rows.map(toAlert) };
}

/** Marks an alert seen and explained: it leaves the open list, and the rule raises no twin while it lasts. */
export function acknowledge(ctx: AppContext, caller: Caller, id: string, note: string | undefined) {
  const org = caller.organizationId;
  return ctx.db.transaction(async (tx) => {
    const alert = await repo.lockAlert(tx, org, id);
    if (!alert) throw notFound('Alert');
    if (alert.acknowledgedAt) throw unprocessable('This alert is already acknowledged.');
    await repo.acknowledge(tx, org, id, caller.userId, note || null);
    const after = await repo.getAlert(tx, org, id);
    if (!after) throw notFound('Alert');
    const view = toAlert(after);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'iot_alert',
      entityId: id,
      description: `Acknowledged alert: ${alert.message}${note ? ` — ${note}` : ''}`,
      before: { acknowledged_at: null },
      after: {
        acknowledged_at: view.acknowledged_at,
        acknowledged_note: view.acknowledged_note,
      },
    });
    return view;
  });
}
