import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../lib/sql.ts';

// Queries of product passports. Every read of the organization's rows is scoped to it; the public
// resolver's lookups (by GTIN and lot, by organization slug and lot) find only published passports.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;
const ids = (list: string[]) => sql`${sql.param(list)}::uuid[]`;

export type LotFacts = {
  id: string;
  code: string;
  status: string;
  origin_type: string;
  recycled_content_pct: string | null;
  material_name: string;
  polymer: string;
  form: string;
  is_virgin: boolean;
  material_gtin: string | null;
  product_code: string | null;
  product_name: string | null;
  product_gtin: string | null;
  bom_version_id: string | null;
  organization_name: string;
  organization_slug: string;
};

/**
 * A lot with what its passport's identifier needs: its material, and the product and BOM version of the
 * manufacturing run that made it (a finished product's lot).
 */
export async function lotFacts(h: Handle, orgId: string, lotId: string): Promise<LotFacts | undefined> {
  const [row] = await rows<LotFacts>(
    h,
    sql`SELECT l.id, l.code, l.status::text, l.origin_type, l.recycled_content_pct::text,
          m.name AS material_name, m.polymer::text, m.form::text, m.is_virgin, m.gtin AS material_gtin,
          p.code AS product_code, p.name AS product_name, p.gtin AS product_gtin, r.bom_version_id,
          o.name AS organization_name, o.slug AS organization_slug
        FROM lots l JOIN materials m ON m.id = l.material_id JOIN organizations o ON o.id = l.organization_id
        LEFT JOIN production_records r ON l.origin_type = 'production_output' AND r.id = l.origin_id
        LEFT JOIN products p ON p.id = r.product_id
        WHERE l.organization_id = ${orgId} AND l.id = ${lotId}`,
  );
  return row;
}

export type Place = { lot_id: string; region: string | null };

/**
 * Where each origin lot's material was collected, as a place a reader may see: the supplier's province
 * (else city), else the receiving facility's region (else province) — never the supplier itself.
 */
export function originPlaces(h: Handle, orgId: string, lotIds: string[]) {
  return rows<Place>(
    h,
    sql`SELECT l.id AS lot_id,
          coalesce(nullif(s.province, ''), nullif(s.city, ''), nullif(f.region, ''), nullif(f.province, '')) AS region
        FROM lots l JOIN facilities f ON f.id = l.facility_id
        LEFT JOIN receive_lines rl ON l.origin_type = 'receive_line' AND rl.id = l.origin_id
        LEFT JOIN receive_records rr ON rr.id = rl.record_id
        LEFT JOIN suppliers s ON s.id = rr.supplier_id
        WHERE l.organization_id = ${orgId} AND l.id = ANY(${ids(lotIds)})`,
  );
}

export type PolymerMass = { polymer: string; grams: string };

/** A BOM version's plastic by polymer: each line's quantity × its component's grams, exact. */
export function bomPolymers(h: Handle, orgId: string, bomVersionId: string) {
  return rows<PolymerMass>(
    h,
    sql`SELECT c.polymer::text, round(sum(bl.quantity * c.mass_g), 3)::text AS grams
        FROM bom_lines bl JOIN components c ON c.id = bl.component_id
        WHERE bl.organization_id = ${orgId} AND bl.bom_version_id = ${bomVersionId}
        GROUP BY c.polymer ORDER BY c.polymer`,
  );
}

export type RunRow = {
  id: string;
  process_code: string;
  process_name: string;
  facility_name: string;
  facility_city: string;
  facility_region: string | null;
  day: string;
  ended_at: string;
  energy_kwh: string | null;
  energy_basis: string | null;
  /** Grams of lots the run made (outputs and rejects kept as lots): what its energy is shared over. */
  made_grams: string;
  grid_kg_co2e_per_kwh: string | null;
  grid_source: string | null;
  grid_verified: boolean | null;
};

/** Posted production runs with their energy and the grid factor of their facility's country. */
export function runs(h: Handle, orgId: string, runIds: string[]) {
  return rows<RunRow>(
    h,
    sql`SELECT r.id, pt.code AS process_code, pt.name AS process_name, f.name AS facility_name,
          f.city AS facility_city, f.region AS facility_region,
          to_char(r.ended_at AT TIME ZONE o.time_zone, 'YYYY-MM-DD') AS day, pt_iso(r.ended_at) AS ended_at,
          r.energy_kwh::text, r.energy_basis::text,
          ((coalesce((SELECT sum(kg) FROM production_outputs WHERE record_id = r.id AND lot_id IS NOT NULL), 0)
            + coalesce((SELECT sum(kg) FROM production_losses WHERE record_id = r.id AND lot_id IS NOT NULL), 0))
            * 1000)::bigint::text AS made_grams,
          g.kg_co2e_per_kwh::text AS grid_kg_co2e_per_kwh, g.source AS grid_source, g.verified AS grid_verified
        FROM production_records r JOIN process_types pt ON pt.code = r.process_code
        JOIN facilities f ON f.id = r.facility_id JOIN organizations o ON o.id = r.organization_id
        LEFT JOIN grid_emission_factors g ON g.country_code = f.country
        WHERE r.organization_id = ${orgId} AND r.id = ANY(${ids(runIds)}) AND r.status = 'posted'
        ORDER BY r.ended_at, r.number`,
  );
}

// ---- passports ----

export type PassportRow = {
  id: string;
  lot_id: string;
  lot_code: string;
  material_name: string;
  product_code: string | null;
  product_name: string | null;
  gtin: string | null;
  organization_slug: string;
  details: Record<string, unknown>;
  published_version: number;
  version: number;
  updated_at: string;
};

const passportColumns = sql`p.id, p.lot_id, l.code AS lot_code, m.name AS material_name,
  pr.code AS product_code, pr.name AS product_name, coalesce(pr.gtin, m.gtin) AS gtin, o.slug AS organization_slug,
  p.details, p.published_version, p.version, pt_iso(p.updated_at) AS updated_at`;
const passportJoins = sql`FROM passports p JOIN lots l ON l.id = p.lot_id JOIN materials m ON m.id = l.material_id
  JOIN organizations o ON o.id = p.organization_id
  LEFT JOIN production_records r ON l.origin_type = 'production_output' AND r.id = l.origin_id
  LEFT JOIN products pr ON pr.id = r.product_id`;

export async function getPassport(h: Handle, orgId: string, id: string, lock = false) {
  const [row] = await rows<PassportRow>(
    h,
    sql`SELECT ${passportColumns} ${passportJoins} WHERE p.organization_id = ${orgId} AND p.id = ${id}
        ${lock ? sql`FOR UPDATE OF p` : sql``}`,
  );
  return row;
}

export async function passportIdOfLot(h: Handle, orgId: string, lotId: string) {
  const [row] = await rows<{ id: string }>(
    h,
    sql`SELECT id FROM passports WHERE organization_id = ${orgId} AND lot_id = ${lotId}`,
  );
  return row?.id;
}

/** Inserts the draft unless the lot has one; answers the new id, or undefined when it existed. */
export async function insertPassport(
  tx: Tx,
  p: { id: string; orgId: string; lotId: string; userId: string },
) {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO passports (id, organization_id, lot_id, details, created_by)
        VALUES (${p.id}, ${p.orgId}, ${p.lotId}, '{"certificates": []}'::jsonb, ${p.userId})
        ON CONFLICT (organization_id, lot_id) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

/** The details, if `version` is still the passport's; false when it moved on. */
export async function updateDetails(tx: Tx, orgId: string, id: string, version: number, details: object) {
  const res = await tx.execute(
    sql`UPDATE passports SET details = ${JSON.stringify(details)}::jsonb, version = version + 1, updated_at = pt_now()
        WHERE organization_id = ${orgId} AND id = ${id} AND version = ${version}`,
  );
  return (res.rowCount ?? 0) > 0;
}

export type ListFilter = {
  limit: number;
  after?: [string, string];
  q?: string;
  status?: 'draft' | 'published';
};

/** Most recently changed first; searched by lot code, material, product SKU or name. */
export function listPassports(h: Handle, orgId: string, f: ListFilter) {
  const where: SQL[] = [sql`p.organization_id = ${orgId}`];
  if (f.status === 'draft') where.push(sql`p.published_version = 0`);
  if (f.status === 'published') where.push(sql`p.published_version > 0`);
  if (f.q) {
    const q = containsPattern(f.q);
    where.push(
      sql`(l.code ILIKE ${q} OR m.name ILIKE ${q} OR pr.code ILIKE ${q} OR pr.name ILIKE ${q} OR pr.gtin ILIKE ${q})`,
    );
  }
  if (f.after) where.push(sql`(p.updated_at, p.id) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`);
  return rows<PassportRow & { cursor_at: string }>(
    h,
    sql`SELECT ${passportColumns},
          to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
        ${passportJoins} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY p.updated_at DESC, p.id DESC LIMIT ${f.limit}`,
  );
}

// ---- versions ----

export type VersionRow = {
  passport_id: string;
  version_no: number;
  content: Record<string, unknown>;
  content_sha256: string;
  published_at: string;
};

const versionColumns = sql`v.passport_id, v.version_no, v.content, v.content_sha256, pt_iso(v.published_at) AS published_at`;

export function versionsOf(h: Handle, orgId: string, passportId: string) {
  return rows<Omit<VersionRow, 'content'>>(
    h,
    sql`SELECT v.passport_id, v.version_no, v.content_sha256, pt_iso(v.published_at) AS published_at
        FROM passport_versions v WHERE v.organization_id = ${orgId} AND v.passport_id = ${passportId}
        ORDER BY v.version_no DESC`,
  );
}

export async function versionOf(h: Handle, orgId: string, passportId: string, n: number) {
  const [row] = await rows<VersionRow>(
    h,
    sql`SELECT ${versionColumns} FROM passport_versions v
        WHERE v.organization_id = ${orgId} AND v.passport_id = ${passportId} AND v.version_no = ${n}`,
  );
  return row;
}

export async function insertVersion(
  tx: Tx,
  v: {
    id: string;
    orgId: string;
    passportId: string;
    n: number;
    content: object;
    sha256: string;
    userId: string;
  },
) {
  const [row] = await rows<{ published_at: string }>(
    tx,
    sql`INSERT INTO passport_versions (id, organization_id, passport_id, version_no, content, content_sha256, published_by)
        VALUES (${v.id}, ${v.orgId}, ${v.passportId}, ${v.n}, ${JSON.stringify(v.content)}::jsonb, ${v.sha256}, ${v.userId})
        RETURNING pt_iso(published_at) AS published_at`,
  );
  await tx.execute(
    sql`UPDATE passports SET published_version = ${v.n}, version = version + 1, updated_at = pt_now()
        WHERE organization_id = ${v.orgId} AND id = ${v.passportId}`,
  );
  return row?.published_at ?? '';
}

// ---- public resolution ----

export type PublicLookup =
  | { kind: 'gtin'; gtin: string; lotCode: string }
  | { kind: 'lot'; organizationSlug: string; lotCode: string };

/**
 * The published passport a Digital Link names, across organizations: by GTIN and lot (the GTIN must be
 * the lot's own — its product's, else its material's), or by the organization's slug and lot code.
 */
export async function publishedPassportAt(h: Handle, at: PublicLookup, versionNo?: number) {
  const match =
    at.kind === 'gtin'
      ? sql`l.code = ${at.lotCode} AND coalesce(pr.gtin, m.gtin) = ${at.gtin}`
      : sql`l.code = ${at.lotCode} AND o.slug = ${at.organizationSlug}`;
  const [row] = await rows<VersionRow & { gtin: string | null; organization_slug: string; lot_code: string }>(
    h,
    sql`SELECT ${versionColumns}, coalesce(pr.gtin, m.gtin) AS gtin, o.slug AS organization_slug, l.code AS lot_code
        ${passportJoins}
        JOIN passport_versions v ON v.passport_id = p.id
          AND v.version_no = ${versionNo === undefined ? sql`p.published_version` : sql`${versionNo}`}
        WHERE p.published_version > 0 AND ${match}
        ORDER BY v.published_at DESC LIMIT 1`,
  );
  return row;
}
