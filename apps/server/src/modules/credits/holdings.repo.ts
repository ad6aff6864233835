import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// The reads of EPR credits: blocks (a holder's, a batch's, or the whole installation's for the public
// registry), batches an organization took part in, movements, and the holdings summary.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;
const micro = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const likePrefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Issued while its issuer holds it, transferred while another organization does, else retired. */
const publicStatus = sql`CASE WHEN k.status = 'retired' THEN 'retired'
  WHEN k.organization_id = b.organization_id THEN 'issued' ELSE 'transferred' END`;
const size = sql`(k.last_no - k.first_no + 1)`;

// ---- blocks ----

export type BlockRow = {
  id: string;
  batch_id: string;
  serial_prefix: string;
  country: string;
  programme: string;
  vintage: number;
  fate: 'recycling' | 'co_processing';
  material_type: string;
  coc_model: string;
  issuer_name: string;
  issuer_slug: string;
  holder_name: string;
  holder_slug: string;
  facility_region: string | null;
  first_no: number;
  last_no: number;
  status: 'held' | 'retired';
  public_status: 'issued' | 'transferred' | 'retired';
  beneficiary: string | null;
  compliance_year: number | null;
  purpose: string | null;
  retired_at: string | null;
  issued_at: string;
  cursor_at: string;
};

export type BlockFilter = {
  id?: string;
  /** The holder's blocks only; left out, every block of the installation (the public registry). */
  holderId?: string;
  batchId?: string;
  status?: 'held' | 'retired';
  publicStatus?: 'issued' | 'transferred' | 'retired';
  vintage?: number;
  fate?: string;
  /** The block holding serial `no` of the batch `prefix`, or batches whose prefix starts with `startsWith`. */
  serial?: { startsWith?: string; prefix?: string; no?: number };
  limit: number;
  after?: [string, string, number];
};

/** Blocks, newest batch first and each batch's in serial order. */
export function listBlocks(h: Handle, f: BlockFilter) {
  const where: SQL[] = [sql`true`];
  if (f.id) where.push(sql`k.id = ${f.id}::uuid`);
  if (f.holderId) where.push(sql`k.organization_id = ${f.holderId}::uuid`);
  if (f.batchId) where.push(sql`k.batch_id = ${f.batchId}::uuid`);
  if (f.status) where.push(sql`k.status = ${f.status}`);
  if (f.publicStatus) where.push(sql`${publicStatus} = ${f.publicStatus}`);
  if (f.vintage) where.push(sql`b.vintage = ${f.vintage}`);
  if (f.fate) where.push(sql`b.fate = ${f.fate}`);
  if (f.serial) {
    const { startsWith, prefix, no } = f.serial;
    const either: SQL[] = [sql`false`];
    if (prefix && no)
      either.push(sql`(b.serial_prefix = ${prefix} AND ${no} BETWEEN k.first_no AND k.last_no)`);
    if (startsWith) either.push(sql`b.serial_prefix LIKE ${likePrefix(startsWith)}`);
    where.push(sql`(${sql.join(either, sql` OR `)})`);
  }
  if (f.after) {
    const [at, batchId, firstNo] = f.after;
    where.push(sql`(b.issued_at < ${at}::timestamptz OR (b.issued_at = ${at}::timestamptz
      AND (b.id < ${batchId}::uuid OR (b.id = ${batchId}::uuid AND k.first_no > ${firstNo}))))`);
  }
  return rows<BlockRow>(
    h,
    sql`SELECT k.id, k.batch_id, b.serial_prefix, b.country, b.programme, b.vintage, b.fate, b.material_type,
          b.coc_model, io.name AS issuer_name, io.slug AS issuer_slug, ho.name AS holder_name,
          ho.slug AS holder_slug, f.region AS facility_region, k.first_no, k.last_no, k.status,
          ${publicStatus} AS public_status, k.beneficiary, k.compliance_year, k.purpose,
          pt_iso(k.retired_at) AS retired_at, pt_iso(b.issued_at) AS issued_at,
          ${micro(sql`b.issued_at`)} AS cursor_at
        FROM credit_blocks k JOIN credit_batches b ON b.id = k.batch_id
        JOIN organizations io ON io.id = b.organization_id
        JOIN organizations ho ON ho.id = k.organization_id
        JOIN facilities f ON f.id = b.facility_id
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY b.issued_at DESC, b.id DESC, k.first_no
        LIMIT ${f.limit}`,
  );
}

/** Credits the organization holds, by vintage × fate × where they stand. */
export function summary(h: Handle, orgId: string) {
  return rows<{ vintage: number; fate: 'recycling' | 'co_processing'; status: string; credits: number }>(
    h,
    sql`SELECT b.vintage, b.fate, ${publicStatus} AS status, sum(${size})::int AS credits
        FROM credit_blocks k JOIN credit_batches b ON b.id = k.batch_id
        WHERE k.organization_id = ${orgId}::uuid
        GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3`,
  );
}

// ---- batches ----

export type BatchRow = {
  id: string;
  organization_id: string;
  batch_no: number;
  serial_prefix: string;
  country: string;
  programme: string;
  vintage: number;
  fate: 'recycling' | 'co_processing';
  material_type: string;
  quantity: number;
  kg: string;
  coc_model: string;
  issuer_name: string;
  issuer_slug: string;
  facility_id: string;
  facility_code: string;
  facility_name: string;
  facility_region: string | null;
  issued_at: string;
  cursor_at: string;
  issued: number;
  transferred: number;
  retired: number;
  held_by_you: number;
};

export type BatchDetailRow = BatchRow & {
  collector_pay_php: string;
  collector_pay_per_kg: string;
  evidence: unknown;
  issued_by: string;
  issued_by_name: string;
};

export type BatchFilter = {
  id?: string;
  vintage?: number;
  fate?: string;
  status?: 'issued' | 'transferred' | 'retired';
  limit: number;
  after?: [string, string];
};

/**
 * Batches the organization has taken part in — issued, or had credits of transferred to or from it —
 * with where their credits stand. Any other organization's batch is not found.
 */
function batches(h: Handle, orgId: string, f: BatchFilter, detail: boolean) {
  const where: SQL[] = [
    sql`EXISTS (SELECT 1 FROM credit_movements m WHERE m.batch_id = b.id
      AND (m.to_organization_id = ${orgId}::uuid OR m.from_organization_id = ${orgId}::uuid))`,
  ];
  if (f.id) where.push(sql`b.id = ${f.id}::uuid`);
  if (f.vintage) where.push(sql`b.vintage = ${f.vintage}`);
  if (f.fate) where.push(sql`b.fate = ${f.fate}`);
  if (f.status) where.push(sql`c.${sql.raw(f.status)} > 0`);
  if (f.after) where.push(sql`(b.issued_at, b.id) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`);
  return rows<BatchDetailRow>(
    h,
    sql`SELECT b.id, b.organization_id, b.batch_no, b.serial_prefix, b.country, b.programme, b.vintage, b.fate,
          b.material_type, b.quantity, b.kg::text, b.coc_model, o.name AS issuer_name, o.slug AS issuer_slug,
          f.id AS facility_id, f.code AS facility_code, f.name AS facility_name, f.region AS facility_region,
          pt_iso(b.issued_at) AS issued_at, ${micro(sql`b.issued_at`)} AS cursor_at,
          c.issued, c.transferred, c.retired, c.held_by_you
          ${
            detail
              ? sql`, b.collector_pay_php::text, b.collector_pay_per_kg::text, b.evidence, b.issued_by,
                  u.first_name || ' ' || u.last_name AS issued_by_name`
              : sql``
          }
        FROM credit_batches b JOIN organizations o ON o.id = b.organization_id
        JOIN facilities f ON f.id = b.facility_id
        JOIN users u ON u.id = b.issued_by
        CROSS JOIN LATERAL (SELECT
            coalesce(sum(${size}) FILTER (WHERE k.status = 'held' AND k.organization_id = b.organization_id), 0)::int AS issued,
            coalesce(sum(${size}) FILTER (WHERE k.status = 'held' AND k.organization_id <> b.organization_id), 0)::int AS transferred,
            coalesce(sum(${size}) FILTER (WHERE k.status = 'retired'), 0)::int AS retired,
            coalesce(sum(${size}) FILTER (WHERE k.status = 'held' AND k.organization_id = ${orgId}::uuid), 0)::int AS held_by_you
          FROM credit_blocks k WHERE k.batch_id = b.id) c
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY b.issued_at DESC, b.id DESC
        LIMIT ${f.limit}`,
  );
}

export const listBatches = (h: Handle, orgId: string, f: BatchFilter) =>
  batches(h, orgId, f, false) as Promise<BatchRow[]>;

export async function getBatch(h: Handle, orgId: string, id: string) {
  const [row] = await batches(h, orgId, { id, limit: 1 }, true);
  return row;
}

// ---- movements ----

export type MovementRow = {
  id: string;
  kind: 'issued' | 'transferred' | 'retired';
  batch_id: string;
  serial_prefix: string;
  vintage: number;
  fate: 'recycling' | 'co_processing';
  first_no: number;
  last_no: number;
  from_organization_id: string | null;
  from_name: string | null;
  from_slug: string | null;
  to_name: string;
  to_slug: string;
  beneficiary: string | null;
  compliance_year: number | null;
  purpose: string | null;
  note: string | null;
  at: string;
  cursor_at: string;
};

export type MovementFilter = {
  id?: string;
  batchId?: string;
  kind?: string;
  limit: number;
  after?: [string, string];
};

/** The issues, transfers and retirements the organization took part in, latest first. */
export function listMovements(h: Handle, orgId: string, f: MovementFilter) {
  const where: SQL[] = [
    sql`(m.to_organization_id = ${orgId}::uuid OR m.from_organization_id = ${orgId}::uuid)`,
  ];
  if (f.id) where.push(sql`m.id = ${f.id}::uuid`);
  if (f.batchId) where.push(sql`m.batch_id = ${f.batchId}::uuid`);
  if (f.kind) where.push(sql`m.kind = ${f.kind}`);
  if (f.after) where.push(sql`(m.at, m.id) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`);
  return rows<MovementRow>(
    h,
    sql`SELECT m.id, m.kind, m.batch_id, b.serial_prefix, b.vintage, b.fate, m.first_no, m.last_no,
          m.from_organization_id, fo.name AS from_name, fo.slug AS from_slug, t.name AS to_name, t.slug AS to_slug,
          m.beneficiary, m.compliance_year, m.purpose, m.note, pt_iso(m.at) AS at, ${micro(sql`m.at`)} AS cursor_at
        FROM credit_movements m JOIN credit_batches b ON b.id = m.batch_id
        LEFT JOIN organizations fo ON fo.id = m.from_organization_id
        JOIN organizations t ON t.id = m.to_organization_id
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY m.at DESC, m.id DESC
        LIMIT ${f.limit}`,
  );
}
