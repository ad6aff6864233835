import {
  type AnalyticsFilter,
  type AnalyticsGroup,
  INFORMAL_SUPPLIER_TYPES,
  LOSS_FATES,
} from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// Every figure is a GROUP BY over `pt_facts` (docs/architecture.md "Insight: daily facts"), never the
// ledgers: one query per answer, the rows per period × key, per key and the total at once (GROUPING
// SETS), every sum PostgreSQL's numeric. Labels are joined after grouping, a few rows each.

export type Scope = {
  orgId: string;
  from: string;
  to: string;
  group: AnalyticsGroup;
  filters: Partial<Record<AnalyticsFilter, string>>;
};

/** The filters as conditions on pt_facts rows (`f`); the service has refused those the report has no dimension for. */
function factFilters(filters: Scope['filters']): SQL {
  const parts = (Object.entries(filters) as [AnalyticsFilter, string | undefined][])
    .filter(([, v]) => v)
    .map(([k, v]) => sql`AND f.${sql.identifier(k)} = ${v}::uuid`);
  return sql.join(parts, sql` `);
}

/**
 * The facts a report groups (docs/architecture.md "Insight: daily facts"): by month or coarser, whole months
 * as their monthly sums (`pt_facts_coarse`, a thirtieth of the rows); by day or week, `pt_facts`. Both exact.
 */
const factsOf = (s: Scope) =>
  s.group === 'day' || s.group === 'week'
    ? sql`pt_facts(${s.orgId}::uuid, ${s.from}::date, ${s.to}::date)`
    : sql`pt_facts_coarse(${s.orgId}::uuid, ${s.from}::date, ${s.to}::date)`;

/** One row of a grouped answer: `gp`/`gk` are 1 where the period/key is summed over. */
export type GroupedRow = {
  period: string | null;
  key: string | null;
  gp: number;
  gk: number;
  code: string | null;
  name: string | null;
};

type Grouping = {
  measures: readonly string[];
  /** The dimension (text) of a fact row `f`; NULL for by=period. */
  key: SQL;
  /** Joined to `f` before grouping (e.g. suppliers s, for the supplier type), and what it adds to `x`. */
  join?: SQL;
  extra?: SQL;
  /** code, name of key `g.key`. */
  label?: SQL;
  /** The aggregates over `x` (the facts with period and key), each `AS name`. */
  figures: SQL;
};

async function grouped<F>(db: Db | Tx, s: Scope, o: Grouping): Promise<(GroupedRow & F)[]> {
  const measures = sql.join(
    o.measures.map((m) => sql`${m}`),
    sql`, `,
  );
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    WITH x AS (
      SELECT date_trunc(${s.group}, f.day::timestamp)::date AS pd, ${o.key} AS key, f.* ${o.extra ?? sql``}
      FROM ${factsOf(s)} f ${o.join ?? sql``}
      WHERE f.measure IN (${measures}) ${factFilters(s.filters)}
    ), g AS (
      SELECT grouping(x.pd)::int AS gp, grouping(x.key)::int AS gk, x.pd, x.key, ${o.figures}
      FROM x GROUP BY GROUPING SETS ((x.pd, x.key), (x.key), ())
    )
    SELECT g.*, to_char(g.pd, 'YYYY-MM-DD') AS period, lab.code, lab.name
    FROM g LEFT JOIN LATERAL (${o.label ?? sql`SELECT NULL::text AS code, NULL::text AS name`}) lab ON true
    ORDER BY g.pd NULLS LAST, g.key NULLS FIRST`);
  return rows as (GroupedRow & F)[];
}

const labelOf = (table: string) =>
  sql`SELECT t.code, t.name FROM ${sql.identifier(table)} t WHERE t.id = g.key::uuid`;

// ---- intake ----

export type IntakeFigures = {
  kg_net: string;
  kg_payable: string;
  php: string;
  deliveries: number;
  php_per_kg: string | null;
  informal_kg: string;
  informal_pct: string | null;
};
export type IntakeBy = 'period' | 'supplier' | 'supplier_type' | 'material' | 'facility';

const INTAKE_KEY: Record<IntakeBy, SQL> = {
  period: sql`NULL::text`,
  supplier: sql`f.supplier_id::text`,
  supplier_type: sql`s.type::text`,
  material: sql`f.material_id::text`,
  facility: sql`f.facility_id::text`,
};
const INTAKE_LABEL: Partial<Record<IntakeBy, SQL>> = {
  supplier: labelOf('suppliers'),
  material: labelOf('materials'),
  facility: labelOf('facilities'),
};

/**
 * Received lines per period × key. The informal sector is the suppliers whose type is a waste picker or a
 * junkshop (INFORMAL_SUPPLIER_TYPES, as product passports count it): people and shops outside formal
 * waste contracts; its share is of net kg, the mass they collected.
 */
export function intake(db: Db | Tx, s: Scope, by: IntakeBy) {
  const informal = sql.join(
    INFORMAL_SUPPLIER_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  return grouped<IntakeFigures>(db, s, {
    measures: ['received'],
    key: INTAKE_KEY[by],
    join: sql`LEFT JOIN suppliers s ON s.id = f.supplier_id`,
    extra: sql`, s.type::text AS supplier_type`,
    label: INTAKE_LABEL[by],
    figures: sql`
      coalesce(sum(x.kg), 0.000)::text AS kg_net, coalesce(sum(x.kg2), 0.000)::text AS kg_payable,
      coalesce(sum(x.php), 0.00)::text AS php, coalesce(sum(x.n), 0)::int AS deliveries,
      CASE WHEN sum(x.kg2) > 0 THEN round(sum(x.php) / sum(x.kg2), 2)::text END AS php_per_kg,
      coalesce(sum(x.kg) FILTER (WHERE x.supplier_type IN (${informal})), 0.000)::text AS informal_kg,
      CASE WHEN sum(x.kg) > 0 THEN round(coalesce(sum(x.kg) FILTER (WHERE x.supplier_type IN (${informal})), 0)
        * 100 / sum(x.kg), 2)::text END AS informal_pct`,
  });
}

// ---- production ----

export type ProductionFigures = {
  runs: number;
  input_kg: string;
  output_kg: string;
  yield_pct: string | null;
  loss_kg: string;
  kwh: string;
  energy_runs: number;
  kwh_per_tonne: string | null;
} & Record<`lost_${(typeof LOSS_FATES)[number]}`, string>;
export type ProductionBy = 'period' | 'line' | 'process' | 'facility';

const PRODUCTION_KEY: Record<ProductionBy, SQL> = {
  period: sql`NULL::text`,
  line: sql`f.production_line_id::text`,
  process: sql`f.process_code`,
  facility: sql`f.facility_id::text`,
};
const PRODUCTION_LABEL: Partial<Record<ProductionBy, SQL>> = {
  line: labelOf('production_lines'),
  process: sql`SELECT p.code, p.name FROM process_types p WHERE p.code = g.key`,
  facility: labelOf('facilities'),
};

/**
 * Runs per period × key: inputs, outputs and yield from the runs, losses by fate, and kWh per tonne of
 * input over only the runs whose kWh is known (kind 'energy'): a run without a figure would count as 0 kWh.
 */
export function production(db: Db | Tx, s: Scope, by: ProductionBy) {
  const run = sql`x.measure = 'run'`;
  const energy = sql`x.measure = 'run' AND x.kind = 'energy'`;
  const fates = sql.join(
    LOSS_FATES.map(
      (fate) =>
        sql`coalesce(sum(x.kg) FILTER (WHERE x.measure = 'lost' AND x.kind = ${fate}), 0.000)::text AS ${sql.identifier(`lost_${fate}`)}`,
    ),
    sql`, `,
  );
  return grouped<ProductionFigures>(db, s, {
    measures: ['run', 'lost'],
    key: PRODUCTION_KEY[by],
    label: PRODUCTION_LABEL[by],
    figures: sql`
      coalesce(sum(x.n) FILTER (WHERE ${run}), 0)::int AS runs,
      coalesce(sum(x.kg) FILTER (WHERE ${run}), 0.000)::text AS input_kg,
      coalesce(sum(x.kg2) FILTER (WHERE ${run}), 0.000)::text AS output_kg,
      CASE WHEN sum(x.kg) FILTER (WHERE ${run}) > 0
        THEN round(sum(x.kg2) FILTER (WHERE ${run}) * 100 / sum(x.kg) FILTER (WHERE ${run}), 2)::text END AS yield_pct,
      coalesce(sum(x.kg) FILTER (WHERE x.measure = 'lost'), 0.000)::text AS loss_kg,
      ${fates},
      coalesce(sum(x.kwh) FILTER (WHERE ${energy}), 0.00)::text AS kwh,
      coalesce(sum(x.n) FILTER (WHERE ${energy}), 0)::int AS energy_runs,
      CASE WHEN sum(x.kg) FILTER (WHERE ${energy}) > 0
        THEN round(sum(x.kwh) FILTER (WHERE ${energy}) * 1000 / sum(x.kg) FILTER (WHERE ${energy}), 1)::text
      END AS kwh_per_tonne`,
  });
}

// ---- sales ----

export type SalesFigures = {
  kg: string;
  sales_php: string;
  cost_php: string;
  margin_php: string;
  margin_pct: string | null;
  lines: number;
};
export type SalesBy = 'period' | 'customer' | 'material';

const SALES_KEY: Record<SalesBy, SQL> = {
  period: sql`NULL::text`,
  customer: sql`f.customer_id::text`,
  material: sql`f.material_id::text`,
};
const SALES_LABEL: Partial<Record<SalesBy, SQL>> = {
  customer: labelOf('customers'),
  material: labelOf('materials'),
};

/** Dispatched lines per period × key: the margin is the sales amount less the lots' value out (php − php2). */
export function sales(db: Db | Tx, s: Scope, by: SalesBy) {
  return grouped<SalesFigures>(db, s, {
    measures: ['dispatched'],
    key: SALES_KEY[by],
    label: SALES_LABEL[by],
    figures: sql`
      coalesce(sum(x.kg), 0.000)::text AS kg, coalesce(sum(x.php), 0.00)::text AS sales_php,
      coalesce(sum(x.php2), 0.00)::text AS cost_php, coalesce(sum(x.php) - sum(x.php2), 0.00)::text AS margin_php,
      CASE WHEN sum(x.php) > 0 THEN round((sum(x.php) - sum(x.php2)) * 100 / sum(x.php), 2)::text END AS margin_pct,
      coalesce(sum(x.n), 0)::int AS lines`,
  });
}

// ---- prices ----

export type PriceRow = {
  period: string;
  period_end: string;
  material_id: string;
  material_code: string;
  material_name: string;
  grade: string;
  region: string | null;
  kg_payable: string;
  php: string;
  deliveries: number;
  paid_per_kg: string | null;
  list_per_kg: string | null;
  list_effective_from: string | null;
  difference_pct: string | null;
};

/**
 * Paid per payable kg per period × material × the receiving facilities' region, against the buying price
 * in force on the period's last day (or the range's, when the range ends first) for the material's grade
 * in that region — the price a delivery left without one would have taken that day.
 */
export async function prices(db: Db | Tx, s: Scope): Promise<PriceRow[]> {
  // PostgreSQL's intervals know no quarter.
  const step = s.group === 'quarter' ? '3 months' : `1 ${s.group}`;
  const { rows } = await db.execute<PriceRow>(sql`
    WITH x AS (
      SELECT date_trunc(${s.group}, f.day::timestamp)::date AS period, f.material_id,
        lower(fa.region) AS region_key, min(fa.region) AS region,
        sum(f.kg2) AS kg2, sum(f.php) AS php, sum(f.n)::int AS n
      FROM ${factsOf(s)} f
      JOIN facilities fa ON fa.id = f.facility_id
      WHERE f.measure = 'received' ${factFilters(s.filters)}
      GROUP BY 1, 2, 3
    ), y AS (
      SELECT x.*, least((x.period + ${step}::interval)::date - 1, ${s.to}::date) AS priced_on,
        CASE WHEN x.kg2 > 0 THEN round(x.php / x.kg2, 2) END AS paid
      FROM x
    )
    SELECT to_char(y.period, 'YYYY-MM-DD') AS period,
      to_char((y.period + ${step}::interval)::date - 1, 'YYYY-MM-DD') AS period_end,
      m.id AS material_id, m.code AS material_code, m.name AS material_name, m.grade, y.region,
      y.kg2::text AS kg_payable, y.php::text AS php, y.n AS deliveries, y.paid::text AS paid_per_kg,
      p.price_per_kg::text AS list_per_kg, to_char(p.effective_from, 'YYYY-MM-DD') AS list_effective_from,
      CASE WHEN p.price_per_kg > 0 AND y.paid IS NOT NULL
        THEN round((y.paid - p.price_per_kg) * 100 / p.price_per_kg, 2)::text END AS difference_pct
    FROM y JOIN materials m ON m.id = y.material_id
    LEFT JOIN LATERAL (
      SELECT pr.price_per_kg, pr.effective_from FROM prices pr
      WHERE pr.organization_id = ${s.orgId}::uuid AND pr.kind = 'buying' AND pr.material_id = y.material_id
        AND lower(pr.grade) = lower(m.grade) AND lower(pr.region) = y.region_key
        AND pr.effective_from <= y.priced_on
      ORDER BY pr.effective_from DESC, pr.created_at DESC LIMIT 1
    ) p ON true
    ORDER BY y.period, m.code, y.region NULLS LAST`);
  return rows;
}
