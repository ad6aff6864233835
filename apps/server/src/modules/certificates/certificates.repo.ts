import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../lib/sql.ts';

// Queries of waste diversion certificates. Every read of the organization's rows is scoped to it; the
// public read finds a certificate by its id alone (what its QR code holds) and answers public facts only.
// A certificate row never changes but for its revocation (trigger, migration 0027).

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

export type OrgFacts = {
  name: string;
  country: string;
  epr_license: string | null;
  time_zone: string;
  /** The organization's today, and the year of now there: a certificate's year of issue. */
  today: string;
  year: string;
};

/** The organization's name, registration and today in its time zone (pt_now(): the transaction's start). */
export async function orgFacts(h: Handle, orgId: string): Promise<OrgFacts | undefined> {
  const [row] = await rows<OrgFacts>(
    h,
    sql`SELECT name, country, epr_license, time_zone,
          (pt_now() AT TIME ZONE time_zone)::date::text AS today,
          to_char(pt_now() AT TIME ZONE time_zone, 'YYYY') AS year
        FROM organizations WHERE id = ${orgId}`,
  );
  return row;
}

/** Reference material types by code: their names. */
export async function materialTypeNames(h: Handle, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const found = await rows<{ code: string; name: string }>(
    h,
    sql`SELECT code, name FROM material_types WHERE code = ANY(${sql.param(codes)}::text[])`,
  );
  return new Map(found.map((r) => [r.code, r.name]));
}

export type NewCertificate = {
  id: string;
  orgId: string;
  year: string;
  clientName: string;
  clientType: string;
  clientAddress: string | null;
  periodFrom: string;
  periodTo: string;
  lines: { material_type: string; name: string; fate: string; kg: string }[];
  totalKg: string;
  signatoryName: string;
  signatoryTitle: string;
  notes: string | null;
  userId: string;
};

/**
 * Inserts the certificate under the next number of its year, WDC-2026-0001, from a gapless counter
 * (pt_next): its row stays locked until commit, so this is the transaction's last lock. A row is never
 * updated but for its revocation, so the number is taken in the insert itself, not swapped in later.
 */
export async function insertCertificate(tx: Tx, c: NewCertificate) {
  const [row] = await rows<{ number: string }>(
    tx,
    sql`WITH n AS (SELECT pt_next(${c.orgId}::uuid, ${`wdc-${c.year}`})::text AS v)
        INSERT INTO diversion_certificates (id, organization_id, number, client_name, client_type, client_address,
          period_from, period_to, lines, total_kg, signatory_name, signatory_title, notes, issued_by)
        SELECT ${c.id}::uuid, ${c.orgId}::uuid, ${`WDC-${c.year}-`} || lpad(n.v, greatest(4, length(n.v)), '0'),
          ${c.clientName}, ${c.clientType}, ${c.clientAddress}, ${c.periodFrom}::date, ${c.periodTo}::date,
          ${JSON.stringify(c.lines)}::jsonb, ${c.totalKg}::numeric, ${c.signatoryName}, ${c.signatoryTitle},
          ${c.notes}, ${c.userId}::uuid
        FROM n RETURNING number`,
  );
  if (!row) throw new Error('certificate insert returned nothing');
  return row.number;
}

export type CertificateRow = {
  id: string;
  number: string;
  client_name: string;
  client_type: string;
  client_address: string | null;
  period_from: string;
  period_to: string;
  lines: { material_type: string; name: string; fate: string; kg: string }[];
  total_kg: string;
  signatory_name: string;
  signatory_title: string;
  notes: string | null;
  issued_at: string;
  issued_by: string;
  issued_by_name: string;
  revoked_at: string | null;
  revoked_by: string | null;
  revoked_by_name: string | null;
  revoke_reason: string | null;
};

const columns = sql`c.id, c.number, c.client_name, c.client_type, c.client_address,
  c.period_from::text, c.period_to::text, c.lines, c.total_kg::text, c.signatory_name, c.signatory_title,
  c.notes, pt_iso(c.issued_at) AS issued_at, c.issued_by, iu.first_name || ' ' || iu.last_name AS issued_by_name,
  pt_iso(c.revoked_at) AS revoked_at, c.revoked_by, ru.first_name || ' ' || ru.last_name AS revoked_by_name,
  c.revoke_reason`;
const joins = sql`FROM diversion_certificates c JOIN users iu ON iu.id = c.issued_by
  LEFT JOIN users ru ON ru.id = c.revoked_by`;

export async function getCertificate(h: Handle, orgId: string, id: string, lock = false) {
  const [row] = await rows<CertificateRow>(
    h,
    sql`SELECT ${columns} ${joins} WHERE c.organization_id = ${orgId} AND c.id = ${id}
        ${lock ? sql`FOR UPDATE OF c` : sql``}`,
  );
  return row;
}

export type ListFilter = {
  limit: number;
  after?: [string, string];
  q?: string;
  status?: 'issued' | 'revoked';
  year?: number;
};

/** Newest first; searched by number or client. The year is the number's, which is the year of issue. */
export function listCertificates(h: Handle, orgId: string, f: ListFilter) {
  const where: SQL[] = [sql`c.organization_id = ${orgId}`];
  if (f.status === 'issued') where.push(sql`c.revoked_at IS NULL`);
  if (f.status === 'revoked') where.push(sql`c.revoked_at IS NOT NULL`);
  if (f.year) where.push(sql`c.number LIKE ${`WDC-${f.year}-%`}`);
  if (f.q) {
    const q = containsPattern(f.q);
    where.push(sql`(c.number ILIKE ${q} OR c.client_name ILIKE ${q})`);
  }
  if (f.after) where.push(sql`(c.issued_at, c.id) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`);
  return rows<CertificateRow & { cursor_at: string }>(
    h,
    sql`SELECT ${columns},
          to_char(c.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
        ${joins} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY c.issued_at DESC, c.id DESC LIMIT ${f.limit}`,
  );
}

export type EvidenceRow = {
  lot_id: string;
  lot_code: string;
  material_name: string;
  material_type: string | null;
  facility_code: string;
  facility_name: string;
  receive_record_id: string;
  receive_number: string;
  received_at: string;
  weighbridge_ticket: string | null;
  supplier_type: string;
  recovery_kind: 'production_record' | 'dispatch_record';
  recovery_record_id: string;
  recovery_number: string;
  recovered_on: string;
  fate: 'recycling' | 'co_processing';
  kg: string;
};

/**
 * What the certificate claimed when it was issued, per (lot, recovery record, fate): its issuing rows
 * only, so a revoked certificate still shows what it stood on.
 */
export function evidenceOf(h: Handle, orgId: string, id: string) {
  return rows<EvidenceRow>(
    h,
    sql`SELECT lo.id AS lot_id, lo.code AS lot_code, m.name AS material_name, m.type_code AS material_type,
          f.code AS facility_code, f.name AS facility_name,
          rr.id AS receive_record_id, rr.number AS receive_number, pt_iso(rr.received_at) AS received_at,
          rr.weighbridge_ticket, s.type::text AS supplier_type,
          CASE WHEN pr.id IS NOT NULL THEN 'production_record' ELSE 'dispatch_record' END AS recovery_kind,
          c.recovery_record_id, coalesce(pr.number, dr.number) AS recovery_number,
          coalesce((pr.ended_at AT TIME ZONE o.time_zone)::date,
                   (dr.delivered_at AT TIME ZONE o.time_zone)::date)::text AS recovered_on,
          c.fate, c.kg::text
        FROM (SELECT lot_id, recovery_record_id, fate, sum(kg) AS kg FROM claims
              WHERE organization_id = ${orgId} AND source_kind = 'certificate' AND source_id = ${id} AND kg > 0
              GROUP BY lot_id, recovery_record_id, fate) c
        JOIN organizations o ON o.id = ${orgId}
        JOIN lots lo ON lo.id = c.lot_id
        JOIN materials m ON m.id = lo.material_id
        JOIN facilities f ON f.id = lo.facility_id
        JOIN receive_lines rl ON rl.id = lo.origin_id
        JOIN receive_records rr ON rr.id = rl.record_id
        JOIN suppliers s ON s.id = rr.supplier_id
        LEFT JOIN production_records pr ON pr.id = c.recovery_record_id
        LEFT JOIN dispatch_records dr ON dr.id = c.recovery_record_id
        ORDER BY recovered_on, lo.code, c.recovery_record_id, c.fate`,
  );
}

/** Marks it revoked; the trigger lets these columns change once and nothing else ever. */
export async function revoke(tx: Tx, orgId: string, id: string, userId: string, reason: string) {
  await tx.execute(
    sql`UPDATE diversion_certificates SET revoked_at = pt_now(), revoked_by = ${userId}, revoke_reason = ${reason}
        WHERE organization_id = ${orgId} AND id = ${id}`,
  );
}

export type PublicRow = CertificateRow & { organization_name: string; time_zone: string };

/** A certificate by id alone, for anyone holding its QR code, with its issuer's name. */
export async function publicCertificate(h: Handle, id: string) {
  const [row] = await rows<PublicRow>(
    h,
    sql`SELECT ${columns}, o.name AS organization_name, o.time_zone
        ${joins} JOIN organizations o ON o.id = c.organization_id WHERE c.id = ${id}`,
  );
  return row;
}
