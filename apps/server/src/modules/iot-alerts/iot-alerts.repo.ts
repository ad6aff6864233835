import type { IotAlertRule, IotAlertState } from '@plastrace/shared';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import {
  devices,
  dispatchRecords,
  iotAlerts,
  productionRecords,
  receiveRecords,
  users,
} from '../../db/schema/index.ts';
import { endedConditions, type RuleScope } from './rules.ts';

type Handle = Db | Tx;
const a = iotAlerts;
const acknowledger = alias(users, 'acknowledger');

/** Inserts the rule's candidates that have no unresolved alert yet; answers how many were raised. */
export async function raise(db: Handle, rule: IotAlertRule, candidates: SQL, now: Date): Promise<number> {
  const res = await db.execute(sql`
    INSERT INTO ${iotAlerts} (id, organization_id, rule, device_id, subject_type, subject_id, message, details, raised_at)
    SELECT pt_uuid7(), c.organization_id, ${rule}::iot_alert_rule, c.device_id, c.subject_type, c.subject_id,
      c.message, c.details, ${now.toISOString()}::timestamptz
    FROM (${candidates}) c
    ON CONFLICT DO NOTHING`);
  return res.rowCount ?? 0;
}

/** Resolves the unresolved alerts whose condition ended; answers how many. */
export async function resolveEnded(db: Handle, s: RuleScope): Promise<number> {
  const org = s.organizationId ? sql`AND a.organization_id = ${s.organizationId}::uuid` : sql``;
  const res = await db.execute(sql`
    UPDATE ${iotAlerts} a SET resolved_at = ${s.now.toISOString()}::timestamptz
    WHERE a.resolved_at IS NULL ${org} AND (${endedConditions(s)})`);
  return res.rowCount ?? 0;
}

const stateOf: Record<Exclude<IotAlertState, 'all'>, SQL | undefined> = {
  open: and(isNull(a.resolvedAt), isNull(a.acknowledgedAt)),
  acknowledged: and(isNull(a.resolvedAt), isNotNull(a.acknowledgedAt)),
  resolved: isNotNull(a.resolvedAt),
};

export type AlertFilter = {
  limit: number;
  state: IotAlertState;
  deviceId?: string;
  rule?: IotAlertRule;
  /** The cursor: (raised_at, id) of the last row read. */
  after?: [string, string];
};

const row = {
  alert: iotAlerts,
  device: { id: devices.id, code: devices.code, name: devices.name },
  subjectNumber: sql<
    string | null
  >`coalesce(${receiveRecords.number}, ${dispatchRecords.number}, ${productionRecords.number})`,
  acknowledgedBy: {
    id: acknowledger.id,
    name: sql<string>`${acknowledger.firstName} || ' ' || ${acknowledger.lastName}`,
  },
};

const rows = (db: Handle) =>
  db
    .select(row)
    .from(a)
    .leftJoin(devices, eq(devices.id, a.deviceId))
    .leftJoin(receiveRecords, and(eq(a.subjectType, 'receive_record'), eq(receiveRecords.id, a.subjectId)))
    .leftJoin(dispatchRecords, and(eq(a.subjectType, 'dispatch_record'), eq(dispatchRecords.id, a.subjectId)))
    .leftJoin(
      productionRecords,
      and(eq(a.subjectType, 'production_record'), eq(productionRecords.id, a.subjectId)),
    )
    .leftJoin(acknowledger, eq(acknowledger.id, a.acknowledgedBy));

export type AlertRow = Awaited<ReturnType<typeof getAlert>> & {};

/** A page of alerts, the newest raised first. */
export function listAlerts(db: Handle, orgId: string, f: AlertFilter) {
  return rows(db)
    .where(
      and(
        eq(a.organizationId, orgId),
        f.state === 'all' ? undefined : stateOf[f.state],
        f.deviceId ? eq(a.deviceId, f.deviceId) : undefined,
        f.rule ? eq(a.rule, f.rule) : undefined,
        f.after
          ? sql`(${a.raisedAt}, ${a.id}) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(a.raisedAt), desc(a.id))
    .limit(f.limit);
}

export async function getAlert(db: Handle, orgId: string, id: string) {
  const [r] = await rows(db).where(and(eq(a.organizationId, orgId), eq(a.id, id)));
  return r;
}

export async function openCount(db: Handle, orgId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(a)
    .where(and(eq(a.organizationId, orgId), stateOf.open));
  return r?.n ?? 0;
}

export async function lockAlert(tx: Tx, orgId: string, id: string) {
  const [r] = await tx
    .select()
    .from(a)
    .where(and(eq(a.organizationId, orgId), eq(a.id, id)))
    .for('update');
  return r;
}

export async function acknowledge(tx: Tx, orgId: string, id: string, userId: string, note: string | null) {
  await tx
    .update(a)
    .set({ acknowledgedAt: dbNow, acknowledgedBy: userId, acknowledgedNote: note })
    .where(and(eq(a.organizationId, orgId), eq(a.id, id)));
}
