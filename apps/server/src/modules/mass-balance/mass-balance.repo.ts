import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// The mass balance's queries, each scoped to the organization. A period is [t0, t1): the first day's
// midnight to the midnight after the last day, in the organization's time zone, computed by PostgreSQL.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(db: Handle, q: ReturnType<typeof sql>) =>
  (await db.execute<T>(q)).rows;

export type Window = { orgId: string; timeZone: string; from: string; to: string; facilityId: string | null };

const t0 = (w: Window) => sql`((${w.from}::date)::timestamp AT TIME ZONE ${w.timeZone})`;
const t1 = (w: Window) => sql`((${w.to}::date + 1)::timestamp AT TIME ZONE ${w.timeZone})`;
const facilityIs = (column: ReturnType<typeof sql>, w: Window) =>
  w.facilityId ? sql`AND ${column} = ${w.facilityId}` : sql``;

export type LedgerRow = {
  facility_id: string;
  facility_code: string;
  facility_name: string;
  material_id: string;
  material_code: string;
  material_name: string;
  /** What the lots hold now (the per-lot balance cache), less what was posted after the period. */
  closing: string;
  period_net: string;
  received: string;
  produced: string;
  transfers_in: string;
  dispatched: string;
  transfers_out: string;
  consumed_gross: string;
  voids: string;
  moves: number;
};

const VOID_KINDS = sql`('receipt_void', 'production_void', 'production_return', 'dispatch_return')`;

/**
 * The ledger per facility × material: one statement of index range scans on (organization, facility,
 * material, posted_at) from the period's start, one per pair. The closing balance is today's (the
 * lot_balances cache, kept in the postings' own transactions) less what was posted since the period
 * ended, so a recent quarter reads its own rows, not the ledger's whole history.
 */
export function ledger(db: Handle, w: Window) {
  return rows<LedgerRow>(
    db,
    sql`SELECT f.id AS facility_id, f.code AS facility_code, f.name AS facility_name,
          m.id AS material_id, m.code AS material_code, m.name AS material_name,
          (b.qty - s.after_kg)::text AS closing, s.period_net::text, s.received::text, s.produced::text,
          s.transfers_in::text, s.dispatched::text, s.transfers_out::text, s.consumed_gross::text,
          s.voids::text, s.moves
        FROM facilities f CROSS JOIN materials m
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(lb.qty_kg), 0) AS qty FROM lot_balances lb
          WHERE lb.organization_id = ${w.orgId} AND lb.facility_id = f.id AND lb.material_id = m.id) b
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(qty_kg) FILTER (WHERE posted_at >= ${t1(w)}), 0) AS after_kg,
            coalesce(sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)}), 0) AS period_net,
            coalesce(sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)} AND kind = 'receipt'), 0) AS received,
            coalesce(sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)} AND kind = 'production_in'), 0) AS produced,
            coalesce(sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)} AND kind IN ('split_in', 'merge_in')), 0)
              AS transfers_in,
            coalesce(-sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)} AND kind = 'dispatch_out'), 0) AS dispatched,
            coalesce(-sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)} AND kind IN ('split_out', 'merge_out')), 0)
              AS transfers_out,
            coalesce(-sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)} AND kind = 'production_out'), 0)
              AS consumed_gross,
            coalesce(sum(qty_kg) FILTER (WHERE posted_at < ${t1(w)} AND kind IN ${VOID_KINDS}), 0) AS voids,
            count(*) FILTER (WHERE posted_at < ${t1(w)})::int AS moves
          FROM stock_movements sm
          WHERE sm.organization_id = ${w.orgId} AND sm.facility_id = f.id AND sm.material_id = m.id
            AND sm.posted_at >= ${t0(w)}) s
        WHERE f.organization_id = ${w.orgId} AND m.organization_id = ${w.orgId} ${facilityIs(sql`f.id`, w)}
          AND (b.qty <> 0 OR s.after_kg <> 0 OR s.moves > 0)
        ORDER BY f.code, m.code`,
  );
}

/** The ledger's own balance at the period's end, summed from every row: what tests check closing against. */
export function ledgerBalanceAt(db: Handle, w: Window) {
  return rows<{ facility_id: string; material_id: string; qty: string }>(
    db,
    sql`SELECT facility_id, material_id, sum(qty_kg)::text AS qty FROM stock_movements
        WHERE organization_id = ${w.orgId} AND posted_at < ${t1(w)} ${facilityIs(sql`facility_id`, w)}
        GROUP BY facility_id, material_id`,
  );
}

export type RunRow = {
  run_id: string;
  status: string;
  run_facility_id: string;
  process_code: string;
  facility_id: string;
  material_id: string;
  input_kg: string;
  output_kg: string;
  kept_kg: string;
  fates: Record<string, string> | null;
};

/**
 * Runs that ended in the period and were posted (voided since included: their ledger rows stand in the
 * period and their reversals are counted on the day of the void), with each run's inputs per input lot
 * facility × material, its outputs, reject lots kept and losses by fate.
 */
export function runs(db: Handle, w: Window) {
  return rows<RunRow>(
    db,
    sql`SELECT r.id AS run_id, r.status::text, r.facility_id AS run_facility_id, r.process_code,
          i.facility_id, i.material_id, i.kg::text AS input_kg,
          (SELECT coalesce(sum(o.kg), 0) FROM production_outputs o WHERE o.record_id = r.id)::text AS output_kg,
          (SELECT coalesce(sum(l.kg), 0) FROM production_losses l
             WHERE l.record_id = r.id AND l.fate = 'reject_lot')::text AS kept_kg,
          (SELECT jsonb_object_agg(x.fate, x.kg::text) FROM (SELECT l.fate, sum(l.kg) AS kg FROM production_losses l
             WHERE l.record_id = r.id GROUP BY l.fate) x) AS fates
        FROM production_records r
        CROSS JOIN LATERAL (SELECT lo.facility_id, lo.material_id, sum(pi.kg) AS kg
          FROM production_inputs pi JOIN lots lo ON lo.id = pi.lot_id
          WHERE pi.record_id = r.id GROUP BY lo.facility_id, lo.material_id) i
        WHERE r.organization_id = ${w.orgId} AND r.posted_at IS NOT NULL
          AND r.ended_at >= ${t0(w)} AND r.ended_at < ${t1(w)}
        ORDER BY r.id, i.facility_id, i.material_id`,
  );
}

export type CountRow = {
  count_id: string;
  number: string;
  posted_at: string;
  facility_id: string;
  material_id: string;
  book_kg: string;
  counted_kg: string;
};

/** Posted stock counts of the period, per count × material. */
export function counts(db: Handle, w: Window) {
  return rows<CountRow>(
    db,
    sql`SELECT c.id AS count_id, c.number, to_char(c.posted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          AS posted_at, c.facility_id, lo.material_id, sum(l.book_kg)::text AS book_kg,
          sum(coalesce(l.counted_kg, l.book_kg))::text AS counted_kg
        FROM stock_counts c JOIN stock_count_lines l ON l.count_id = c.id JOIN lots lo ON lo.id = l.lot_id
        WHERE c.organization_id = ${w.orgId} AND c.status = 'posted'
          AND c.posted_at >= ${t0(w)} AND c.posted_at < ${t1(w)} ${facilityIs(sql`c.facility_id`, w)}
        GROUP BY c.id, c.number, c.posted_at, c.facility_id, lo.material_id
        ORDER BY c.posted_at, c.number, lo.material_id`,
  );
}

export type CreditRow = { facility_id: string; opening: string; credits_in: string; credits_out: string };

/**
 * Recycled-content credits per facility (ISO 22095 mass balance): kg × the lot's recycled share, in with
 * deliveries, out with dispatches, each net of its voids. The opening sums what came before the period,
 * from `since` (the day after a closed period whose stored closing is carried) or from the beginning.
 * A received lot's share is its material's (virgin resin 0 %, anything else received 100 %).
 */
export function credits(db: Handle, w: Window, since: string | null) {
  const lower = since
    ? sql`AND sm.posted_at >= ((${since}::date)::timestamp AT TIME ZONE ${w.timeZone})`
    : sql``;
  return rows<CreditRow>(
    db,
    sql`SELECT f.id AS facility_id,
          round(c.opening / 100, 3)::text AS opening, round(c.credits_in / 100, 3)::text AS credits_in,
          round(c.credits_out / 100, 3)::text AS credits_out
        FROM facilities f CROSS JOIN LATERAL (
          SELECT coalesce(sum(sm.qty_kg * rc.pct) FILTER (WHERE sm.posted_at < ${t0(w)}), 0) AS opening,
            coalesce(sum(sm.qty_kg * rc.pct) FILTER (WHERE sm.posted_at >= ${t0(w)}
              AND sm.kind IN ('receipt', 'receipt_void')), 0) AS credits_in,
            coalesce(-sum(sm.qty_kg * rc.pct) FILTER (WHERE sm.posted_at >= ${t0(w)}
              AND sm.kind IN ('dispatch_out', 'dispatch_return')), 0) AS credits_out
          FROM stock_movements sm JOIN lots lo ON lo.id = sm.lot_id JOIN materials m ON m.id = lo.material_id
          CROSS JOIN LATERAL (SELECT coalesce(lo.recycled_content_pct, CASE WHEN m.is_virgin THEN 0 ELSE 100 END)
            AS pct) rc
          WHERE sm.organization_id = ${w.orgId} AND sm.facility_id = f.id AND sm.posted_at < ${t1(w)} ${lower}
            AND sm.kind IN ('receipt', 'receipt_void', 'dispatch_out', 'dispatch_return')) c
        WHERE f.organization_id = ${w.orgId} ${facilityIs(sql`f.id`, w)}
        ORDER BY f.code`,
  );
}

/**
 * The latest closed period (not reopened) ending before `from` whose stored statement covers the
 * window's facilities (a whole-organization close, or the facility's own), while the books are still
 * closed through its end — so nothing dated in it can have been posted since its statement was stored.
 */
export async function carriedCredits(db: Handle, w: Window) {
  const scope = w.facilityId
    ? sql`AND (pc.facility_id IS NULL OR pc.facility_id = ${w.facilityId})`
    : sql`AND pc.facility_id IS NULL`;
  const [row] = await rows<{
    period_end: string;
    since: string;
    credits: { facility: { id: string }; closing_kg: string }[];
  }>(
    db,
    sql`SELECT pc.period_end::text, (pc.period_end + 1)::text AS since, pc.statement -> 'credits' AS credits
        FROM period_closes pc JOIN organizations o ON o.id = pc.organization_id
        WHERE pc.organization_id = ${w.orgId} AND pc.reopened_at IS NULL AND pc.period_end < ${w.from}::date
          AND o.books_closed_through >= pc.period_end ${scope}
        ORDER BY pc.period_end DESC, pc.closed_at DESC LIMIT 1`,
  );
  return row;
}

export type Ref = { id: string; code: string; name: string };

export function facilityRefs(db: Handle, orgId: string) {
  return rows<Ref>(db, sql`SELECT id, code, name FROM facilities WHERE organization_id = ${orgId}`);
}

export function materialRefs(db: Handle, orgId: string) {
  return rows<Ref>(db, sql`SELECT id, code, name FROM materials WHERE organization_id = ${orgId}`);
}

/** The organization's row, locked: closes and reopenings of one organization queue behind each other. */
export async function lockOrganization(tx: Tx, orgId: string) {
  const [row] = await rows<{ time_zone: string; books_closed_through: string | null }>(
    tx,
    sql`SELECT time_zone, books_closed_through::text FROM organizations WHERE id = ${orgId} FOR UPDATE`,
  );
  return row;
}

export type CloseRow = {
  id: string;
  period_start: string;
  period_end: string;
  period_kind: 'month' | 'quarter';
  facility_id: string | null;
  facility_code: string | null;
  facility_name: string | null;
  statement_sha256: string;
  closed_by: string;
  closed_by_name: string;
  closed_at: string;
  reopened_by: string | null;
  reopened_by_name: string | null;
  reopened_at: string | null;
  reopen_reason: string | null;
};

const iso = (c: ReturnType<typeof sql>) =>
  sql`to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const closeColumns = sql`pc.id, pc.period_start::text, pc.period_end::text, pc.period_kind, pc.facility_id,
  f.code AS facility_code, f.name AS facility_name, pc.statement_sha256,
  pc.closed_by, cu.first_name || ' ' || cu.last_name AS closed_by_name, ${iso(sql`pc.closed_at`)} AS closed_at,
  pc.reopened_by, ru.first_name || ' ' || ru.last_name AS reopened_by_name,
  ${iso(sql`pc.reopened_at`)} AS reopened_at, pc.reopen_reason`;
const closeFrom = sql`period_closes pc LEFT JOIN facilities f ON f.id = pc.facility_id
  JOIN users cu ON cu.id = pc.closed_by LEFT JOIN users ru ON ru.id = pc.reopened_by`;

/** Closes, newest first; with a period, only those of exactly it and the facility scope (null: all). */
export function listCloses(
  db: Handle,
  orgId: string,
  only?: { start: string; end: string; facilityId: string | null },
) {
  const match = only
    ? sql`AND pc.period_start = ${only.start}::date AND pc.period_end = ${only.end}::date
          AND pc.facility_id IS NOT DISTINCT FROM ${only.facilityId}::uuid`
    : sql``;
  return rows<CloseRow>(
    db,
    sql`SELECT ${closeColumns} FROM ${closeFrom}
        WHERE pc.organization_id = ${orgId} ${match}
        ORDER BY pc.closed_at DESC, pc.id DESC LIMIT 500`,
  );
}

export async function getClose(db: Handle, orgId: string, id: string, lock = false) {
  const [row] = await rows<CloseRow & { statement: unknown }>(
    db,
    sql`SELECT ${closeColumns}, pc.statement FROM ${closeFrom}
        WHERE pc.organization_id = ${orgId} AND pc.id = ${id} ${lock ? sql`FOR UPDATE OF pc` : sql``}`,
  );
  return row;
}

export async function storedStatement(db: Handle, orgId: string, id: string) {
  const [row] = await rows<{ statement: unknown; statement_sha256: string }>(
    db,
    sql`SELECT statement, statement_sha256 FROM period_closes WHERE organization_id = ${orgId} AND id = ${id}`,
  );
  return row;
}

export async function insertClose(
  tx: Tx,
  v: {
    orgId: string;
    start: string;
    end: string;
    kind: 'month' | 'quarter';
    facilityId: string | null;
    statement: unknown;
    sha256: string;
    userId: string;
  },
) {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO period_closes (id, organization_id, period_start, period_end, period_kind, facility_id, statement,
          statement_sha256, closed_by)
        VALUES (pt_uuid7(), ${v.orgId}, ${v.start}::date, ${v.end}::date, ${v.kind}, ${v.facilityId}::uuid,
          ${JSON.stringify(v.statement)}::jsonb, ${v.sha256}, ${v.userId})
        RETURNING id`,
  );
  if (!row) throw new Error('period close insert returned nothing');
  return row.id;
}

export async function markReopened(tx: Tx, orgId: string, id: string, userId: string, reason: string) {
  await tx.execute(
    sql`UPDATE period_closes SET reopened_by = ${userId}, reopened_at = pt_now(), reopen_reason = ${reason}
        WHERE organization_id = ${orgId} AND id = ${id}`,
  );
}
