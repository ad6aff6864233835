import type { EnergyConsumption } from '@plastrace/shared';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  eprCountries,
  eprTargets,
  materialTypes,
  organizations,
  processTypes,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { callPosting } from '../posting/posting.ts';

export type MaterialTypeFilter = {
  limit: number;
  after?: [number, string];
  q?: string;
  polymer?: string;
};

export async function listMaterialTypes(db: Db, f: MaterialTypeFilter) {
  const t = materialTypes;
  const where: (SQL | undefined)[] = [];
  if (f.after) where.push(sql`(${t.sortOrder}, ${t.code}) > (${f.after[0]}, ${f.after[1]})`);
  if (f.polymer) where.push(eq(t.polymer, f.polymer));
  if (f.q) {
    const p = containsPattern(f.q);
    where.push(or(ilike(t.name, p), ilike(t.code, p), ilike(t.description, p)));
  }
  return db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.sortOrder), asc(t.code))
    .limit(f.limit);
}

export function listProcessTypes(db: Db) {
  return db.select().from(processTypes).orderBy(asc(processTypes.sortOrder));
}

export function listEprCountries(db: Db) {
  return db.select().from(eprCountries).orderBy(asc(eprCountries.name));
}

export function listEprTargets(db: Db) {
  return db.select().from(eprTargets).orderBy(asc(eprTargets.countryCode), asc(eprTargets.year));
}

/** The energy calculator (energy_consumption, migration 0013): pt_energy, the rule posting uses. */
export const energyConsumption = (db: Db, input: object) =>
  callPosting<EnergyConsumption>(db, 'energy_consumption', input);

// The EPR credits calculator's reads. Records and lots are the caller's organization's only: another
// organization's are simply not found.

type Conn = Db | Tx;
const ids = (list: string[]) => sql`${sql.param(list)}::uuid[]`;

export async function organizationCountry(db: Conn, orgId: string) {
  const [row] = await db
    .select({ country: organizations.country })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.country ?? null;
}

export function materialTypesByCode(db: Conn, codes: string[]) {
  return db.select().from(materialTypes).where(inArray(materialTypes.code, codes));
}

export async function eprCountry(db: Conn, code: string) {
  const [country] = await db.select().from(eprCountries).where(eq(eprCountries.code, code));
  if (!country) return null;
  const targets = await db
    .select()
    .from(eprTargets)
    .where(eq(eprTargets.countryCode, code))
    .orderBy(asc(eprTargets.year));
  return { ...country, targets };
}

export type SourceKgRow = {
  type: 'receive_record' | 'production_record' | 'lot';
  id: string;
  number: string;
  status: string;
  /** The material's reference type; null when the material names none. */
  type_code: string | null;
  /** Null for a record without lines or outputs. */
  kg: string | null;
};

/**
 * Receive records' net kg and production runs' output kg, per record and reference material type; one
 * row per record and type (a record without lines: one row with null kg), so a missing id is unknown.
 */
export async function recordsKg(db: Conn, orgId: string, recordIds: string[]) {
  const res = await db.execute<SourceKgRow>(
    sql`SELECT 'receive_record' AS type, r.id, r.number, r.status::text AS status, m.type_code,
          sum(l.net_kg)::numeric(14,3)::text AS kg
        FROM receive_records r
        LEFT JOIN receive_lines l ON l.record_id = r.id AND l.organization_id = r.organization_id
        LEFT JOIN materials m ON m.id = l.material_id
        WHERE r.organization_id = ${orgId} AND r.id = ANY(${ids(recordIds)})
        GROUP BY r.id, r.number, r.status, m.type_code
        UNION ALL
        SELECT 'production_record', p.id, p.number, p.status::text, m.type_code,
          sum(o.kg)::numeric(14,3)::text
        FROM production_records p
        LEFT JOIN production_outputs o ON o.record_id = p.id AND o.organization_id = p.organization_id
        LEFT JOIN materials m ON m.id = o.material_id
        WHERE p.organization_id = ${orgId} AND p.id = ANY(${ids(recordIds)})
        GROUP BY p.id, p.number, p.status, m.type_code
        ORDER BY number, type_code NULLS LAST`,
  );
  return res.rows;
}

/** Lots with the kg each was made with: its first stock movement (a delivery line's net, a run's output, a split's part). */
export async function lotsKg(db: Conn, orgId: string, lotIds: string[]) {
  const res = await db.execute<SourceKgRow>(
    sql`SELECT 'lot' AS type, l.id, l.code AS number, l.status::text AS status, m.type_code,
          coalesce((SELECT sm.qty_kg FROM stock_movements sm
            WHERE sm.organization_id = l.organization_id AND sm.lot_id = l.id
            ORDER BY sm.posted_at, sm.id LIMIT 1), 0)::numeric(14,3)::text AS kg
        FROM lots l JOIN materials m ON m.id = l.material_id
        WHERE l.organization_id = ${orgId} AND l.id = ANY(${ids(lotIds)})
        ORDER BY l.code`,
  );
  return res.rows;
}
