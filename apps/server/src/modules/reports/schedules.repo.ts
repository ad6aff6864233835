import { PERMISSIONS, type ReportDocumentFormat, type ReportKind } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sha256Of } from '../files/files.repo.ts';

// Report schedules, who may receive them, and what sending one writes: the document (in files), one
// outbox mail per recipient carrying it, and the period sent (last_sent_for), in one transaction.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

/** The roles that may read reports: only their members receive them. */
const READERS = PERMISSIONS['reports.read'].roles as readonly string[];
const readerRoles = sql`ARRAY[${sql.join(
  READERS.map((r) => sql`${r}`),
  sql`, `,
)}]::member_role[]`;

export type RecipientRow = { user_id: string; name: string; email: string; role: string };

/** Active members of the organization who may read reports, by name; or only those of `ids`. */
export function readers(h: Handle, orgId: string, ids?: string[]) {
  return rows<RecipientRow>(
    h,
    sql`SELECT u.id AS user_id, u.first_name || ' ' || u.last_name AS name, u.email, m.role::text AS role
        FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${orgId} AND m.status = 'active' AND m.role = ANY (${readerRoles})
          ${ids ? sql`AND u.id = ANY (${sql.param(ids)}::uuid[])` : sql``}
        ORDER BY u.first_name, u.last_name, u.email`,
  );
}

/** Every member of the organization named by `ids` (left or not): what a schedule's list shows. */
export function people(h: Handle, orgId: string, ids: string[]) {
  return rows<RecipientRow & { receives: boolean }>(
    h,
    sql`SELECT u.id AS user_id, u.first_name || ' ' || u.last_name AS name, u.email, m.role::text AS role,
          (m.status = 'active' AND m.role = ANY (${readerRoles})) AS receives
        FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${orgId} AND u.id = ANY (${sql.param(ids)}::uuid[])`,
  );
}

export type ScheduleRow = {
  id: string;
  report: ReportKind;
  format: ReportDocumentFormat;
  recipient_user_ids: string[];
  active: boolean;
  last_sent_for: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  version: number;
};

const columns = sql`s.id, s.report, s.format, s.recipient_user_ids::text[] AS recipient_user_ids, s.active,
  s.last_sent_for::text AS last_sent_for, s.created_by, u.first_name || ' ' || u.last_name AS created_by_name,
  pt_iso(s.created_at) AS created_at, pt_iso(s.updated_at) AS updated_at, s.version`;

export function listSchedules(h: Handle, orgId: string) {
  return rows<ScheduleRow>(
    h,
    sql`SELECT ${columns} FROM report_schedules s JOIN users u ON u.id = s.created_by
        WHERE s.organization_id = ${orgId} ORDER BY s.created_at, s.id`,
  );
}

export async function getSchedule(h: Handle, orgId: string, id: string) {
  const [row] = await rows<ScheduleRow>(
    h,
    sql`SELECT ${columns} FROM report_schedules s JOIN users u ON u.id = s.created_by
        WHERE s.organization_id = ${orgId} AND s.id = ${id}`,
  );
  return row;
}

type Fields = {
  report: ReportKind;
  format: ReportDocumentFormat;
  recipientUserIds: string[];
  active: boolean;
};

export async function insertSchedule(tx: Tx, orgId: string, id: string, userId: string, f: Fields) {
  await tx.execute(
    sql`INSERT INTO report_schedules (id, organization_id, report, format, recipient_user_ids, active, created_by)
        VALUES (${id}, ${orgId}, ${f.report}, ${f.format}, ${sql.param(f.recipientUserIds)}::uuid[], ${f.active}, ${userId})`,
  );
}

/** Changes a schedule if it still has `version`; false when it moved on (or is not there). */
export async function updateSchedule(tx: Tx, orgId: string, id: string, version: number, f: Fields) {
  const res = await rows<{ id: string }>(
    tx,
    sql`UPDATE report_schedules SET report = ${f.report}, format = ${f.format},
          recipient_user_ids = ${sql.param(f.recipientUserIds)}::uuid[], active = ${f.active},
          -- Another report starts afresh: its periods are not the old one's (a day is not a month).
          last_sent_for = CASE WHEN report = ${f.report} THEN last_sent_for END,
          version = version + 1, updated_at = pt_now()
        WHERE organization_id = ${orgId} AND id = ${id} AND version = ${version}
        RETURNING id`,
  );
  return res.length > 0;
}

export async function deleteSchedule(tx: Tx, orgId: string, id: string) {
  const res = await rows<{ id: string }>(
    tx,
    sql`DELETE FROM report_schedules WHERE organization_id = ${orgId} AND id = ${id} RETURNING id`,
  );
  return res.length > 0;
}

// ---- sending ----

export type DueRow = {
  id: string;
  organization_id: string;
  report: ReportKind;
  format: ReportDocumentFormat;
  recipient_user_ids: string[];
  last_sent_for: string | null;
  created_by: string;
  /** Its last change: periods due before it are not sent (a new or resumed schedule sends no backlog). */
  updated_at: string;
  time_zone: string;
};

const dueColumns = sql`s.id, s.organization_id, s.report, s.format, s.recipient_user_ids::text[] AS recipient_user_ids,
  s.last_sent_for::text AS last_sent_for, s.created_by, pt_iso(s.updated_at) AS updated_at, o.time_zone`;

/** Active schedules of every organization, with their organization's time zone. */
export function activeSchedules(h: Handle) {
  return rows<DueRow>(
    h,
    sql`SELECT ${dueColumns} FROM report_schedules s JOIN organizations o ON o.id = s.organization_id
        WHERE s.active ORDER BY s.id`,
  );
}

/**
 * Locks one active schedule for sending, or answers nothing when another instance holds it (it is
 * sending it now) or it is gone or paused: the lock is what keeps two instances from both sending.
 */
export async function lockSchedule(tx: Tx, id: string) {
  const [row] = await rows<DueRow>(
    tx,
    sql`SELECT ${dueColumns} FROM report_schedules s JOIN organizations o ON o.id = s.organization_id
        WHERE s.id = ${id} AND s.active FOR UPDATE OF s SKIP LOCKED`,
  );
  return row;
}

export async function markSent(tx: Tx, id: string, period: string) {
  await tx.execute(sql`UPDATE report_schedules SET last_sent_for = ${period}::date WHERE id = ${id}`);
}

/** Stores a generated document; answers its file id. */
export async function insertDocument(
  tx: Tx,
  f: { orgId: string; userId: string; bytes: Buffer; mime: string; name: string },
) {
  const [file] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO files (id, organization_id, sha256, mime, size, bytes, original_name, created_by)
        VALUES (pt_uuid7(), ${f.orgId}, ${sha256Of(f.bytes)}, ${f.mime}, ${f.bytes.length}, ${f.bytes}, ${f.name}, ${f.userId})
        RETURNING id`,
  );
  if (!file) throw new Error('report file insert returned nothing');
  return file.id;
}
