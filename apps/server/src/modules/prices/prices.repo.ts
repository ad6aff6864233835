import type { PriceKind } from '@plastrace/shared';
import { and, asc, desc, eq, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { materials, organizations, prices } from '../../db/schema/index.ts';
import { sameText, searchAny, sortOrder } from '../../lib/listing.ts';

type Handle = Db | Tx;
const t = prices;

const columns = { ...getTableColumns(t), materialCode: materials.code, materialName: materials.name };
export type PriceRow = NonNullable<Awaited<ReturnType<typeof getPrice>>>;
export type PriceSeries = { kind: PriceKind; materialId: string; grade: string; region: string };
export type PriceFilter = {
  limit: number;
  sort: string;
  after?: [string, string];
  q?: string;
  kind?: PriceKind;
  materialId?: string;
  grade?: string;
  region?: string;
  /** ISO dates, both inclusive. */
  from?: string;
  to?: string;
};

const SORTS = { effective_from: t.effectiveFrom, created_at: t.createdAt };

// Regions and grades are typed by people ("NCR", "ncr"): one series regardless of case.
const inSeries = (orgId: string, s: Partial<PriceSeries>): SQL | undefined =>
  and(
    eq(t.organizationId, orgId),
    s.kind ? eq(t.kind, s.kind) : undefined,
    s.materialId ? eq(t.materialId, s.materialId) : undefined,
    sameText(t.grade, s.grade),
    sameText(t.region, s.region),
  );

export function listPrices(db: Handle, orgId: string, f: PriceFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns, sortValue: order.value })
    .from(t)
    .innerJoin(materials, eq(materials.id, t.materialId))
    .where(
      and(
        inSeries(orgId, f),
        f.from ? gte(t.effectiveFrom, f.from) : undefined,
        f.to ? lte(t.effectiveFrom, f.to) : undefined,
        searchAny(f.q, [materials.name, materials.code, t.region]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getPrice(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(t)
    .innerJoin(materials, eq(materials.id, t.materialId))
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** Serializes price changes of one series, so two people adding the same date cannot both succeed. */
export async function lockSeries(tx: Tx, orgId: string, s: PriceSeries) {
  const key = `price:${orgId}:${s.kind}:${s.materialId}:${s.grade.toLowerCase()}:${s.region.toLowerCase()}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function priceOnDate(tx: Handle, orgId: string, s: PriceSeries & { date: string }) {
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(inSeries(orgId, s), eq(t.effectiveFrom, s.date)));
  return row;
}

export async function insertPrice(tx: Tx, values: typeof prices.$inferInsert) {
  const [row] = await tx.insert(t).values(values).returning({ id: t.id });
  if (!row) throw new Error('price insert returned nothing');
  return row.id;
}

/**
 * The price in force on a day: the row with the latest effective date on or before it. `on` is a
 * calendar date (YYYY-MM-DD) or an instant, which counts on its day in the organization's time zone.
 */
export async function currentPrice(
  db: Handle,
  orgId: string,
  s: PriceSeries & { on: Date | string },
): Promise<PriceRow | undefined> {
  const day =
    typeof s.on === 'string'
      ? sql`${s.on}::date`
      : sql`(${s.on.toISOString()}::timestamptz AT TIME ZONE (SELECT ${organizations.timeZone} FROM ${organizations} WHERE ${organizations.id} = ${orgId}))::date`;
  const [row] = await db
    .select(columns)
    .from(t)
    .innerJoin(materials, eq(materials.id, t.materialId))
    .where(and(inSeries(orgId, s), lte(t.effectiveFrom, day)))
    .orderBy(desc(t.effectiveFrom), desc(t.createdAt))
    .limit(1);
  return row;
}

/** Every price of a material (optionally one kind, grade and region), oldest first, for the chart. */
export function priceHistory(db: Handle, orgId: string, s: Partial<PriceSeries>, limit: number) {
  return db
    .select(columns)
    .from(t)
    .innerJoin(materials, eq(materials.id, t.materialId))
    .where(inSeries(orgId, s))
    .orderBy(asc(t.effectiveFrom), asc(t.region), asc(t.grade), asc(t.createdAt))
    .limit(limit);
}

export type StockValueRow = {
  facility_id: string;
  facility_code: string;
  facility_name: string;
  region: string | null;
  material_id: string;
  material_code: string;
  material_name: string;
  grade: string;
  qty_kg: string;
  price_id: string | null;
  price_per_kg: string | null;
  effective_from: string | null;
  value_php: string | null;
  as_of: string;
};

/**
 * Today's stock (the per-lot balance cache) per facility and material, each priced with the buying row in
 * force on the organization's today (what it would cost to buy again, as deliveries are priced) for the material's grade in the facility's region — the same rule
 * as currentPrice — and valued exactly in numeric, rounded to the centavo.
 */
export async function stockValue(db: Handle, orgId: string): Promise<StockValueRow[]> {
  const { rows } = await db.execute<StockValueRow>(sql`
    WITH today AS (
      SELECT (pt_now() AT TIME ZONE o.time_zone)::date AS d FROM organizations o WHERE o.id = ${orgId}
    ), stock AS (
      SELECT b.facility_id, b.material_id, sum(b.qty_kg) AS qty_kg
      FROM lot_balances b
      WHERE b.organization_id = ${orgId} AND b.qty_kg > 0
      GROUP BY b.facility_id, b.material_id
    )
    SELECT f.id AS facility_id, f.code AS facility_code, f.name AS facility_name, f.region,
           m.id AS material_id, m.code AS material_code, m.name AS material_name, m.grade,
           s.qty_kg::text AS qty_kg, p.id AS price_id, p.price_per_kg::text AS price_per_kg,
           p.effective_from::text AS effective_from,
           round(s.qty_kg * p.price_per_kg, 2)::text AS value_php, today.d::text AS as_of
    FROM stock s
    CROSS JOIN today
    JOIN facilities f ON f.id = s.facility_id AND f.organization_id = ${orgId}
    JOIN materials m ON m.id = s.material_id AND m.organization_id = ${orgId}
    LEFT JOIN LATERAL (
      SELECT p.id, p.price_per_kg, p.effective_from FROM prices p
      WHERE p.organization_id = ${orgId} AND p.material_id = m.id AND p.kind = 'buying'
        AND lower(p.grade) = lower(m.grade) AND lower(p.region) = lower(f.region)
        AND p.effective_from <= today.d
      ORDER BY p.effective_from DESC, p.created_at DESC
      LIMIT 1
    ) p ON true
    ORDER BY f.name, f.id, m.name, m.id`);
  return rows;
}
