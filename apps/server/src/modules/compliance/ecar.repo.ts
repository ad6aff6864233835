import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// Queries of EPR Compliance Audit Reports and their reviews. A report's content never changes and a
// signed-off report not at all (trigger, migration 0027); reviews are append-only, the latest per item
// in force.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

export type ReportRow = {
  id: string;
  year: number;
  version_no: number;
  status: 'draft' | 'signed_off';
  content_sha256: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  signed_by: string | null;
  signed_by_name: string | null;
  signed_at: string | null;
  opinion: string | null;
  item_count: number;
  accepted_count: number;
};

// The latest decision per item of the report `r`, counted where it is an acceptance.
const acceptedCount = sql`(SELECT count(*) FROM (
    SELECT DISTINCT ON (rv.item_key) rv.decision FROM ecar_reviews rv
    WHERE rv.report_id = r.id ORDER BY rv.item_key, rv.reviewed_at DESC, rv.id DESC) d
  WHERE d.decision = 'accepted')::int`;
const reportColumns = sql`r.id, r.year, r.version_no, r.status, r.content_sha256, r.created_by,
  cu.first_name || ' ' || cu.last_name AS created_by_name, pt_iso(r.created_at) AS created_at,
  r.signed_by, su.first_name || ' ' || su.last_name AS signed_by_name, pt_iso(r.signed_at) AS signed_at,
  r.opinion, jsonb_array_length(r.content -> 'items') AS item_count, ${acceptedCount} AS accepted_count`;
const reportFrom = sql`ecar_reports r JOIN users cu ON cu.id = r.created_by LEFT JOIN users su ON su.id = r.signed_by`;

export async function getReport(h: Handle, orgId: string, id: string, lock = false) {
  const [row] = await rows<ReportRow & { content: unknown }>(
    h,
    sql`SELECT ${reportColumns}, r.content FROM ${reportFrom}
        WHERE r.organization_id = ${orgId} AND r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return row;
}

/** Newest first (year, then version); `after` is the (year, version) of the previous page's last row. */
export function listReports(
  h: Handle,
  orgId: string,
  f: { limit: number; year?: number; after?: [number, number] },
) {
  const where: SQL[] = [sql`r.organization_id = ${orgId}`];
  if (f.year !== undefined) where.push(sql`r.year = ${f.year}`);
  if (f.after) where.push(sql`(r.year, r.version_no) < (${f.after[0]}, ${f.after[1]})`);
  return rows<ReportRow>(
    h,
    sql`SELECT ${reportColumns} FROM ${reportFrom} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY r.year DESC, r.version_no DESC LIMIT ${f.limit}`,
  );
}

/**
 * Serializes the drafts of one organization's year, so each takes the next version number; the lock is
 * the transaction's and ends with it.
 */
export async function lockYear(tx: Tx, orgId: string, year: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ecar:${orgId}:${year}`}, 0))`);
}

export async function lastVersion(h: Handle, orgId: string, year: number) {
  const [row] = await rows<{ n: number }>(
    h,
    sql`SELECT coalesce(max(version_no), 0)::int AS n FROM ecar_reports
        WHERE organization_id = ${orgId} AND year = ${year}`,
  );
  return row?.n ?? 0;
}

export async function insertReport(
  tx: Tx,
  r: {
    id: string;
    orgId: string;
    year: number;
    versionNo: number;
    content: object;
    sha256: string;
    userId: string;
  },
) {
  await tx.execute(
    sql`INSERT INTO ecar_reports (id, organization_id, year, version_no, content, content_sha256, created_by)
        VALUES (${r.id}, ${r.orgId}, ${r.year}, ${r.versionNo}, ${JSON.stringify(r.content)}::jsonb, ${r.sha256},
          ${r.userId})`,
  );
}

export type ReviewRow = {
  id: string;
  item_key: string;
  decision: 'accepted' | 'queried' | 'rejected';
  comment: string | null;
  reviewed_by: string;
  reviewed_by_name: string;
  reviewed_at: string;
};

/** Every review of a report, newest first. */
export function reviews(h: Handle, orgId: string, reportId: string) {
  return rows<ReviewRow>(
    h,
    sql`SELECT rv.id, rv.item_key, rv.decision, rv.comment, rv.reviewed_by,
          u.first_name || ' ' || u.last_name AS reviewed_by_name, pt_iso(rv.reviewed_at) AS reviewed_at
        FROM ecar_reviews rv JOIN users u ON u.id = rv.reviewed_by
        WHERE rv.organization_id = ${orgId} AND rv.report_id = ${reportId}
        ORDER BY rv.reviewed_at DESC, rv.id DESC`,
  );
}

export async function insertReview(
  tx: Tx,
  r: {
    orgId: string;
    reportId: string;
    itemKey: string;
    decision: string;
    comment: string | null;
    userId: string;
  },
) {
  await tx.execute(
    sql`INSERT INTO ecar_reviews (id, organization_id, report_id, item_key, decision, comment, reviewed_by, reviewed_at)
        VALUES (pt_uuid7(), ${r.orgId}, ${r.reportId}, ${r.itemKey}, ${r.decision}, ${r.comment}, ${r.userId},
          pt_clock())`,
  );
}

export async function signOff(tx: Tx, orgId: string, id: string, userId: string, opinion: string) {
  await tx.execute(
    sql`UPDATE ecar_reports SET status = 'signed_off', signed_by = ${userId}, signed_at = pt_now(), opinion = ${opinion}
        WHERE organization_id = ${orgId} AND id = ${id}`,
  );
}
