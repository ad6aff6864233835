import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// Queries of RA 11898 compliance: the profile, the footprint entries, the manufacturing runs a footprint
// is computed from, and the credits retired for a compliance year. Every read is the organization's.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

// ---- profile ----

export type ProfileRow = {
  obliged: boolean;
  enterprise_kind: string;
  total_assets_php: string | null;
  registration_no: string | null;
  recovery_cost_php_per_kg: string | null;
  version: number;
  updated_at: string;
};

export async function getProfile(h: Handle, orgId: string, lock = false) {
  const [row] = await rows<ProfileRow>(
    h,
    sql`SELECT obliged, enterprise_kind, total_assets_php::text, registration_no,
          recovery_cost_php_per_kg::text, version, pt_iso(updated_at) AS updated_at
        FROM compliance_profiles WHERE organization_id = ${orgId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export type ProfileValues = {
  obliged: boolean;
  enterpriseKind: string;
  totalAssetsPhp: string | null;
  registrationNo: string | null;
  recoveryCostPhpPerKg: string | null;
};

/** The first profile (version 1); false when the organization has one already. */
export async function insertProfile(tx: Tx, orgId: string, p: ProfileValues) {
  const res = await tx.execute(
    sql`INSERT INTO compliance_profiles (organization_id, obliged, enterprise_kind, total_assets_php,
          registration_no, recovery_cost_php_per_kg)
        VALUES (${orgId}, ${p.obliged}, ${p.enterpriseKind}, ${p.totalAssetsPhp}::numeric, ${p.registrationNo},
          ${p.recoveryCostPhpPerKg}::numeric)
        ON CONFLICT (organization_id) DO NOTHING`,
  );
  return (res.rowCount ?? 0) > 0;
}

/** The profile, if `version` is still its version; false when it moved on. */
export async function updateProfile(tx: Tx, orgId: string, version: number, p: ProfileValues) {
  const res = await tx.execute(
    sql`UPDATE compliance_profiles SET obliged = ${p.obliged}, enterprise_kind = ${p.enterpriseKind},
          total_assets_php = ${p.totalAssetsPhp}::numeric, registration_no = ${p.registrationNo},
          recovery_cost_php_per_kg = ${p.recoveryCostPhpPerKg}::numeric,
          version = version + 1, updated_at = pt_now()
        WHERE organization_id = ${orgId} AND version = ${version}`,
  );
  return (res.rowCount ?? 0) > 0;
}

export async function organizationOf(h: Handle, orgId: string) {
  const [row] = await rows<{ id: string; name: string; country: string; time_zone: string }>(
    h,
    sql`SELECT id, name, country, time_zone FROM organizations WHERE id = ${orgId}`,
  );
  if (!row) throw new Error(`organization ${orgId} not found`);
  return row;
}

// ---- footprint ----

export type FootprintRow = {
  id: string;
  year: number;
  category: string;
  kg: string;
  source: 'entered' | 'boms';
  note: string | null;
  entered_by: string;
  entered_by_name: string;
  created_at: string;
};

/** Every entry of a year, newest first (the first of each category is the one in force). */
export function footprints(h: Handle, orgId: string, year: number) {
  return rows<FootprintRow>(
    h,
    sql`SELECT f.id, f.year, f.category::text, f.kg::text, f.source, f.note, f.entered_by,
          u.first_name || ' ' || u.last_name AS entered_by_name, pt_iso(f.created_at) AS created_at
        FROM compliance_footprints f JOIN users u ON u.id = f.entered_by
        WHERE f.organization_id = ${orgId} AND f.year = ${year}
        ORDER BY f.created_at DESC, f.id DESC`,
  );
}

export type NewFootprint = {
  id: string;
  category: string;
  kg: string;
  source: 'entered' | 'boms';
  note: string | null;
};

/** Appends entries of a year in one statement, a microsecond apart in the order given. */
export async function insertFootprints(
  tx: Tx,
  orgId: string,
  year: number,
  userId: string,
  list: NewFootprint[],
) {
  if (list.length === 0) return;
  await tx.execute(
    sql`INSERT INTO compliance_footprints (id, organization_id, year, category, kg, source, note, entered_by, created_at)
        SELECT x.id, ${orgId}::uuid, ${year}, x.category::packaging_category, x.kg, x.source, x.note,
          ${userId}::uuid, pt_clock() + (x.n * interval '1 microsecond')
        FROM unnest(${sql.param(list.map((f) => f.id))}::uuid[], ${sql.param(list.map((f) => f.category))}::text[],
                    ${sql.param(list.map((f) => f.kg))}::numeric[], ${sql.param(list.map((f) => f.source))}::text[],
                    ${sql.param(list.map((f) => f.note))}::text[])
          WITH ORDINALITY AS x(id, category, kg, source, note, n)
        ORDER BY x.n`,
  );
}

export type ManufacturingRow = {
  product_id: string;
  product_code: string;
  product_name: string;
  bom_version_id: string;
  bom_version_no: number;
  runs: number;
  units: string;
};

/**
 * Posted manufacturing runs that ended within the year (the organization's calendar) and name a product,
 * its BOM version and the units made: runs and units summed per BOM version.
 */
export function manufacturing(h: Handle, orgId: string, year: number) {
  return rows<ManufacturingRow>(
    h,
    sql`SELECT p.id AS product_id, p.code AS product_code, p.name AS product_name,
          v.id AS bom_version_id, v.version_no AS bom_version_no, count(*)::int AS runs, sum(r.units)::text AS units
        FROM production_records r JOIN organizations o ON o.id = r.organization_id
        JOIN products p ON p.id = r.product_id JOIN bom_versions v ON v.id = r.bom_version_id
        WHERE r.organization_id = ${orgId} AND r.status = 'posted' AND r.units IS NOT NULL
          AND r.ended_at >= (make_date(${year}, 1, 1)::timestamp AT TIME ZONE o.time_zone)
          AND r.ended_at < (make_date(${year} + 1, 1, 1)::timestamp AT TIME ZONE o.time_zone)
        GROUP BY p.id, p.code, p.name, v.id, v.version_no
        ORDER BY p.code, v.version_no`,
  );
}

export type BomLineRow = {
  bom_version_id: string;
  quantity: string;
  mass_g: string;
  recycled_content_pct: string;
  polymer: string;
  packaging_category: string;
};

export function bomLines(h: Handle, orgId: string, versionIds: string[]) {
  return rows<BomLineRow>(
    h,
    sql`SELECT bl.bom_version_id, bl.quantity::text, c.mass_g::text, c.recycled_content_pct::text,
          c.polymer::text, c.packaging_category::text
        FROM bom_lines bl JOIN components c ON c.id = bl.component_id
        WHERE bl.organization_id = ${orgId} AND bl.bom_version_id = ANY(${sql.param(versionIds)}::uuid[])
        ORDER BY bl.bom_version_id, bl.line_no`,
  );
}

// ---- retired credits ----

export type RetirementRow = {
  id: string;
  batch_id: string;
  serial_prefix: string;
  first_no: number;
  last_no: number;
  beneficiary: string;
  purpose: string | null;
  compliance_year: number;
  retired_at: string;
  issuer: string;
  vintage: number;
  fate: 'recycling' | 'co_processing';
  evidence: unknown;
};

/** The credits the organization retired for a compliance year, with their batch and its evidence. */
export function retirements(h: Handle, orgId: string, year: number) {
  return rows<RetirementRow>(
    h,
    sql`SELECT k.id, k.batch_id, b.serial_prefix, k.first_no, k.last_no, k.beneficiary, k.purpose,
          k.compliance_year, pt_iso(k.retired_at) AS retired_at, o.name AS issuer, b.vintage, b.fate, b.evidence
        FROM credit_blocks k JOIN credit_batches b ON b.id = k.batch_id
        JOIN organizations o ON o.id = b.organization_id
        WHERE k.organization_id = ${orgId} AND k.status = 'retired' AND k.compliance_year = ${year}
        ORDER BY k.retired_at, b.serial_prefix, k.first_no`,
  );
}
