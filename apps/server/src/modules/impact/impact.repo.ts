import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// Queries of the impact page. The figures group the daily facts (`pt_facts`, migration 0029), never the
// ledgers; every read is scoped to one organization. The public read finds an organization by its slug,
// and only when it has published its page.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

export type OrgRow = {
  id: string;
  name: string;
  slug: string;
  time_zone: string;
  country: string;
  /** The organization's today (pt_now(): the transaction's start). */
  today: string;
};

const ORG_COLUMNS = sql`o.id, o.name, o.slug, o.time_zone, o.country,
  (pt_now() AT TIME ZONE o.time_zone)::date::text AS today`;

export async function organization(h: Handle, orgId: string): Promise<OrgRow | undefined> {
  const [row] = await rows<OrgRow>(h, sql`SELECT ${ORG_COLUMNS} FROM organizations o WHERE o.id = ${orgId}`);
  return row;
}

export type PublishedRow = OrgRow & { headline: string | null; published_at: string };

/** An organization whose impact page is published, by its slug; unpublished and unknown alike: none. */
export async function published(h: Handle, slug: string): Promise<PublishedRow | undefined> {
  const [row] = await rows<PublishedRow>(
    h,
    sql`SELECT ${ORG_COLUMNS}, p.headline, to_json(p.published_at)#>>'{}' AS published_at
        FROM organizations o JOIN impact_pages p ON p.organization_id = o.id
        WHERE o.slug = ${slug} AND p.published_at IS NOT NULL`,
  );
  return row;
}

export type PageRow = {
  slug: string;
  published_at: string | null;
  published_by: string | null;
  published_by_name: string | null;
  headline: string | null;
  /** 0 while the organization never saved its page. */
  version: number;
};

export async function page(h: Handle, orgId: string): Promise<PageRow | undefined> {
  const [row] = await rows<PageRow>(
    h,
    sql`SELECT o.slug, to_json(p.published_at)#>>'{}' AS published_at, p.published_by,
          CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS published_by_name,
          p.headline, coalesce(p.version, 0) AS version
        FROM organizations o
        LEFT JOIN impact_pages p ON p.organization_id = o.id
        LEFT JOIN users u ON u.id = p.published_by
        WHERE o.id = ${orgId}`,
  );
  return row;
}

export type PageChange = {
  orgId: string;
  /** The version read: 0 creates the row. */
  version: number;
  published: boolean;
  /** Undefined: unchanged. */
  headline: string | null | undefined;
  userId: string;
};

/**
 * Writes the page when its version is still the one read; false when it moved on (or, for version 0,
 * when someone created it first). Publishing again keeps the first publication's time and author.
 */
export async function savePage(h: Handle, c: PageChange): Promise<boolean> {
  const keepHeadline = c.headline === undefined;
  const headline = c.headline ?? null;
  if (c.version === 0) {
    const inserted = await rows(
      h,
      sql`INSERT INTO impact_pages (organization_id, published_at, published_by, headline, version)
          VALUES (${c.orgId}, CASE WHEN ${c.published}::boolean THEN pt_now() END,
                  CASE WHEN ${c.published}::boolean THEN ${c.userId}::uuid END, ${headline}, 1)
          ON CONFLICT (organization_id) DO NOTHING RETURNING 1`,
    );
    return inserted.length === 1;
  }
  const updated = await rows(
    h,
    sql`UPDATE impact_pages SET
          published_at = CASE WHEN NOT ${c.published}::boolean THEN NULL ELSE coalesce(published_at, pt_now()) END,
          published_by = CASE WHEN NOT ${c.published}::boolean THEN NULL
                              WHEN published_at IS NULL THEN ${c.userId}::uuid ELSE published_by END,
          headline = CASE WHEN ${keepHeadline}::boolean THEN headline ELSE ${headline} END,
          version = version + 1, updated_at = pt_now()
        WHERE organization_id = ${c.orgId} AND version = ${c.version}
        RETURNING 1`,
  );
  return updated.length === 1;
}

export type TypeRow = {
  code: string;
  name: string;
  polymer: string;
  recycling_kg_co2e_per_t: string | null;
  virgin_kg_co2e_per_t: string | null;
  factor_source: string;
  factor_verified: boolean;
  ref_version: string;
};

export async function materialTypes(h: Handle, codes: string[]): Promise<TypeRow[]> {
  if (codes.length === 0) return [];
  return rows<TypeRow>(
    h,
    sql`SELECT code, name, polymer, recycling_kg_co2e_per_t::text, virgin_kg_co2e_per_t::text, factor_source,
          factor_verified, ref_version
        FROM material_types WHERE code = ANY(${sql.param(codes)}::text[]) ORDER BY sort_order`,
  );
}

/**
 * One figure of a month (or, for runs, of the whole range):
 *   collected                 net kg received
 *   lost:<fate>               production losses by fate (landfill, co_processing, resale, evaporated, reject_lot)
 *   processed                 outputs made from collected material, by the output's reference type
 *   passed_on                 collected material dispatched to recyclers and manufacturers, by its type
 *   dispatched:co_processing  collected material dispatched to co-processors
 *   energy / no_energy        runs whose kWh is known (with `energy`, energy_consumption's answer) or not
 */
export type FactRow = {
  month: string | null;
  what: string;
  type_code: string | null;
  kg: string;
  n: number;
  kwh: string | null;
  energy: EnergyAnswer | null;
};

/** What `energy_consumption` (migration 0013) answers: the calculator's rule for kWh/t and grid CO2e. */
export type EnergyAnswer = {
  kwh_per_tonne: string | null;
  kg_co2e: string | null;
  grid_kg_co2e_per_kwh: string | null;
  grid_source: string | null;
  grid_verified: boolean | null;
};

/**
 * The range's figures in one statement over `pt_facts`. "Collected material" is material no run made up to
 * the range's end (not only in the range: flake made in January and extruded in February is not collected
 * again in February's report, so months add up to their year): a run's outputs count as processed in the share of its inputs that were collected material
 * (per day, facility, line and step, as the facts are grouped), so a flake extruded into pellets is counted
 * once, when it was made from bottles. The customer's type is the one on file now.
 */
export async function facts(h: Handle, o: { orgId: string; from: string; to: string; country: string }) {
  return rows<FactRow>(
    h,
    sql`WITH f AS MATERIALIZED (
          SELECT day, to_char(day, 'YYYY-MM') AS month, measure, facility_id, production_line_id, process_code,
            material_id, customer_id, kind, kg, kwh, n
          FROM pt_facts(${o.orgId}::uuid, ${o.from}::date, ${o.to}::date)
          WHERE measure IN ('received', 'run', 'consumed', 'produced', 'lost', 'dispatched')
        ),
        made AS (
          SELECT DISTINCT material_id FROM pt_facts_coarse(${o.orgId}::uuid, '1900-01-01', ${o.to}::date)
          WHERE measure = 'produced'
        ),
        grp AS (
          SELECT c.day, c.facility_id, c.production_line_id, c.process_code,
            coalesce(sum(c.kg) FILTER (WHERE m.material_id IS NULL), 0) AS first_kg, sum(c.kg) AS in_kg
          FROM f c LEFT JOIN made m ON m.material_id = c.material_id
          WHERE c.measure = 'consumed'
          GROUP BY 1, 2, 3, 4
        ),
        x AS (
          SELECT month, 'collected' AS what, NULL::uuid AS material_id, kg FROM f WHERE measure = 'received'
          UNION ALL
          SELECT month, 'lost:' || kind, NULL, kg FROM f WHERE measure = 'lost'
          UNION ALL
          SELECT p.month, 'processed', p.material_id, round(p.kg * g.first_kg / g.in_kg, 3)
          FROM f p JOIN grp g ON g.day = p.day AND g.facility_id = p.facility_id
            AND g.production_line_id IS NOT DISTINCT FROM p.production_line_id AND g.process_code = p.process_code
          WHERE p.measure = 'produced' AND g.first_kg > 0
          UNION ALL
          SELECT d.month, CASE WHEN c.type = 'co_processor' THEN 'dispatched:co_processing' ELSE 'passed_on' END,
            d.material_id, d.kg
          FROM f d
          JOIN customers c ON c.id = d.customer_id AND c.organization_id = ${o.orgId}
          LEFT JOIN made m ON m.material_id = d.material_id
          WHERE d.measure = 'dispatched' AND m.material_id IS NULL
            AND c.type IN ('recycler', 'manufacturer', 'co_processor')
        ),
        e AS (
          SELECT coalesce(sum(kg) FILTER (WHERE kind = 'energy'), 0) AS kg,
            coalesce(sum(kwh) FILTER (WHERE kind = 'energy'), 0) AS kwh,
            coalesce(sum(n) FILTER (WHERE kind = 'energy'), 0)::int AS runs,
            coalesce(sum(kg) FILTER (WHERE kind = 'no_energy'), 0) AS kg_without,
            coalesce(sum(n) FILTER (WHERE kind = 'no_energy'), 0)::int AS runs_without
          FROM f WHERE measure = 'run'
        )
        SELECT x.month::text AS month, x.what::text AS what, mt.type_code::text AS type_code,
          sum(x.kg)::text AS kg, 0 AS n, NULL::text AS kwh, NULL::jsonb AS energy
        FROM x LEFT JOIN materials mt ON mt.id = x.material_id AND mt.organization_id = ${o.orgId}
        GROUP BY 1, 2, 3
        UNION ALL
        SELECT NULL, 'energy', NULL, e.kg::text, e.runs, e.kwh::text,
          energy_consumption(jsonb_build_object('mass_kg', e.kg, 'metered_kwh', e.kwh, 'country', ${o.country}::text))
        FROM e
        UNION ALL
        SELECT NULL, 'no_energy', NULL, e.kg_without::text, e.runs_without, NULL, NULL FROM e`,
  );
}
