import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { LotFacts } from './listings.quality.ts';

// Listings' writes and the lookups their rules need (reads of listings are listings.search.ts). Every query
// names the caller's organization; reservations are append-only rows whose lot rows keep
// `lot_balances.reserved_kg` through migration 0031's trigger, which refuses more than a lot holds.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

export type MaterialRow = {
  id: string;
  code: string;
  name: string;
  polymer: string;
  form: string;
  grade: string;
};

export async function material(h: Handle, orgId: string, id: string) {
  const [row] = await rows<MaterialRow>(
    h,
    sql`SELECT id, code, name, polymer::text, form::text, grade FROM materials
        WHERE id = ${id}::uuid AND organization_id = ${orgId}::uuid AND archived_at IS NULL`,
  );
  return row;
}

export type FacilityRow = {
  city: string;
  province: string | null;
  latitude: string | null;
  longitude: string | null;
};

export async function facility(h: Handle, orgId: string, id: string) {
  const [row] = await rows<FacilityRow>(
    h,
    sql`SELECT city, province, latitude::text, longitude::text FROM facilities
        WHERE id = ${id}::uuid AND organization_id = ${orgId}::uuid AND archived_at IS NULL`,
  );
  return row;
}

export type LotRow = { id: string; code: string; material_id: string; status: string };

/** The caller's lots among `ids`. */
export async function lotsByIds(h: Handle, orgId: string, ids: string[]) {
  return rows<LotRow>(
    h,
    sql`SELECT id, code, material_id, status::text FROM lots
        WHERE organization_id = ${orgId}::uuid AND id = any(${sql.param(ids)}::uuid[])`,
  );
}

export type BlockRow = {
  id: string;
  batch_id: string;
  status: string;
  held: number;
  reserved: string;
  vintage: number;
  fate: string;
  logged: boolean;
};

/**
 * The caller's credit block, locked so listings of it take turns with each other and with its moves, with
 * the credits it holds, those already reserved, and its batch's vintage and fate.
 */
export async function lockBlock(tx: Tx, orgId: string, id: string) {
  const [row] = await rows<BlockRow>(
    tx,
    sql`SELECT k.id, k.batch_id, k.status, k.last_no - k.first_no + 1 AS held,
          coalesce((SELECT sum(r.qty) FROM market_reservations r WHERE r.credit_block_id = k.id), 0)::text AS reserved,
          b.vintage, b.fate,
          EXISTS (SELECT 1 FROM log_entries e WHERE e.record_type = 'credit_batch' AND e.record_id = b.id) AS logged
        FROM credit_blocks k JOIN credit_batches b ON b.id = k.batch_id
        WHERE k.id = ${id}::uuid AND k.organization_id = ${orgId}::uuid
        FOR UPDATE OF k`,
  );
  return row;
}

export type ListingInsert = {
  id: string;
  orgId: string;
  userId: string;
  side: string;
  kind: string;
  title: string;
  description: string | null;
  materialId: string | null;
  polymer: string | null;
  form: string | null;
  grade: string | null;
  creditBatchId: string | null;
  creditVintage: number | null;
  creditFate: string | null;
  unit: 'kg' | 'credit';
  quantity: string;
  minOrder: string | null;
  price: string | null;
  facilityId: string | null;
  city: string | null;
  province: string | null;
  latitude: string | null;
  longitude: string | null;
  availableFrom: string | null;
  availableUntil: string | null;
  qualityLevel: number;
  quality: unknown;
  photoFileIds: string[];
};

export async function insertListing(tx: Tx, l: ListingInsert) {
  await tx.execute(sql`
    INSERT INTO market_listings (id, organization_id, side, kind, title, description, material_id, polymer, form,
      grade, credit_batch_id, credit_vintage, credit_fate, unit, quantity, min_order, price, facility_id, city,
      province, latitude, longitude, available_from, available_until, quality_level, quality, photo_file_ids,
      created_by)
    VALUES (${l.id}::uuid, ${l.orgId}::uuid, ${l.side}, ${l.kind}, ${l.title}, ${l.description},
      ${l.materialId}::uuid, ${l.polymer}, ${l.form}, ${l.grade}, ${l.creditBatchId}::uuid, ${l.creditVintage}::int,
      ${l.creditFate}, ${l.unit}, ${l.quantity}::numeric, ${l.minOrder}::numeric, ${l.price}::numeric,
      ${l.facilityId}::uuid, ${l.city}, ${l.province}, ${l.latitude}::numeric, ${l.longitude}::numeric,
      ${l.availableFrom}::date, ${l.availableUntil}::date, ${l.qualityLevel}, ${JSON.stringify(l.quality)}::jsonb,
      ${sql.param(l.photoFileIds)}::uuid[], ${l.userId}::uuid)`);
}

/**
 * The listing's lots and one 'listed' reservation per lot, in one statement each. The reservations go in
 * lot order, so two listings of the same lots lock their balances in the same order and never deadlock;
 * the trigger refuses (PT422, naming the lot) a reservation beyond what a lot holds.
 */
export async function insertLotsAndReserve(
  tx: Tx,
  orgId: string,
  userId: string,
  listingId: string,
  lots: { lot_id: string; kg: string }[],
) {
  const ids = lots.map((l) => l.lot_id);
  const kgs = lots.map((l) => l.kg);
  await tx.execute(sql`
    INSERT INTO market_listing_lots (listing_id, organization_id, lot_id, kg)
    SELECT ${listingId}::uuid, ${orgId}::uuid, x.lot_id, x.kg
    FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(kgs)}::numeric[]) AS x(lot_id, kg)`);
  await tx.execute(sql`
    INSERT INTO market_reservations (id, organization_id, lot_id, listing_id, qty, reason, created_by)
    SELECT pt_uuid7(), ${orgId}::uuid, x.lot_id, ${listingId}::uuid, x.kg, 'listed', ${userId}::uuid
    FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(kgs)}::numeric[]) AS x(lot_id, kg)
    ORDER BY x.lot_id`);
}

export async function reserveCredits(
  tx: Tx,
  orgId: string,
  userId: string,
  listingId: string,
  blockId: string,
  quantity: string,
) {
  await tx.execute(sql`
    INSERT INTO market_reservations (id, organization_id, credit_block_id, listing_id, qty, reason, created_by)
    VALUES (pt_uuid7(), ${orgId}::uuid, ${blockId}::uuid, ${listingId}::uuid, ${quantity}::numeric, 'listed',
      ${userId}::uuid)`);
}

/** Credit deals on the listing still awaiting the seller's confirmation of payment: the listing's hold is theirs. */
export async function unpaidCreditDeals(tx: Tx, listingId: string): Promise<number> {
  const rows = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM market_deals
        WHERE listing_id = ${listingId}::uuid AND unit = 'credit' AND status = 'open'`,
  );
  return rows.rows[0]?.n ?? 0;
}

/**
 * Gives back what the listing itself still holds (rows without an order: a deal's order keeps its own), one
 * negative row per lot or block, in lot order like the reservations.
 */
export async function releaseListing(
  tx: Tx,
  orgId: string,
  userId: string,
  listingId: string,
  reason: string,
) {
  await tx.execute(sql`
    INSERT INTO market_reservations (id, organization_id, lot_id, credit_block_id, listing_id, qty, reason, created_by)
    SELECT pt_uuid7(), ${orgId}::uuid, r.lot_id, r.credit_block_id, ${listingId}::uuid, -r.held, ${reason}, ${userId}::uuid
    FROM (SELECT lot_id, credit_block_id, sum(qty) AS held FROM market_reservations
          WHERE listing_id = ${listingId}::uuid AND organization_id = ${orgId}::uuid AND order_id IS NULL
          GROUP BY lot_id, credit_block_id) r
    WHERE r.held > 0
    ORDER BY r.lot_id, r.credit_block_id`);
}

export type LockedListing = {
  id: string;
  status: string;
  version: number;
  kind: string;
  side: string;
  title: string;
  material_id: string | null;
  credit_batch_id: string | null;
  quantity: string;
};

export async function lockListing(tx: Tx, orgId: string, id: string) {
  const [row] = await rows<LockedListing>(
    tx,
    sql`SELECT id, status, version, kind, side, title, material_id, credit_batch_id, quantity::text
        FROM market_listings WHERE id = ${id}::uuid AND organization_id = ${orgId}::uuid FOR UPDATE`,
  );
  return row;
}

export type ListingChanges = {
  title?: string;
  description?: string | null;
  price?: string | null;
  minOrder?: string | null;
  availableFrom?: string | null;
  availableUntil?: string | null;
  status?: string;
  closedReason?: string | null;
  qualityLevel?: number;
  quality?: unknown;
};

export async function updateListing(tx: Tx, orgId: string, id: string, c: ListingChanges) {
  const set: SQL[] = [sql`version = version + 1`, sql`updated_at = pt_now()`];
  if (c.title !== undefined) set.push(sql`title = ${c.title}`);
  if (c.description !== undefined) set.push(sql`description = ${c.description}`);
  if (c.price !== undefined) set.push(sql`price = ${c.price}::numeric`);
  if (c.minOrder !== undefined) set.push(sql`min_order = ${c.minOrder}::numeric`);
  if (c.availableFrom !== undefined) set.push(sql`available_from = ${c.availableFrom}::date`);
  if (c.availableUntil !== undefined) set.push(sql`available_until = ${c.availableUntil}::date`);
  if (c.status !== undefined) set.push(sql`status = ${c.status}`);
  if (c.closedReason !== undefined) set.push(sql`closed_reason = ${c.closedReason}`);
  if (c.qualityLevel !== undefined) set.push(sql`quality_level = ${c.qualityLevel}`);
  if (c.quality !== undefined) set.push(sql`quality = ${JSON.stringify(c.quality)}::jsonb`);
  await tx.execute(sql`UPDATE market_listings SET ${sql.join(set, sql`, `)}
    WHERE id = ${id}::uuid AND organization_id = ${orgId}::uuid`);
}

export async function listingLotIds(h: Handle, orgId: string, listingId: string): Promise<string[]> {
  const r = await rows<{ lot_id: string }>(
    h,
    sql`SELECT lot_id FROM market_listing_lots WHERE listing_id = ${listingId}::uuid AND organization_id = ${orgId}::uuid`,
  );
  return r.map((x) => x.lot_id);
}

export async function batchLogged(h: Handle, batchId: string): Promise<boolean> {
  const [r] = await rows<{ logged: boolean }>(
    h,
    sql`SELECT EXISTS (SELECT 1 FROM log_entries WHERE record_type = 'credit_batch' AND record_id = ${batchId}::uuid) AS logged`,
  );
  return r?.logged ?? false;
}

type FactsRow = {
  code: string;
  roots: number;
  roots_from_suppliers: number;
  made: number;
  made_by_posted: number;
  certificates: number;
  contamination: boolean;
  records: number;
  logged: number;
};

/**
 * What each lot's upstream trace proves: its lineage up to the lots nothing made (the deliveries), the runs
 * that made the rest, certificates on published passports along it, recorded contamination, and which of
 * its lots and records have record-log entries.
 */
export async function qualityFacts(h: Handle, orgId: string, lotIds: string[]): Promise<LotFacts[]> {
  if (lotIds.length === 0) return [];
  const r = await rows<FactsRow>(
    h,
    sql`
    WITH RECURSIVE trace(start_id, lot_id) AS (
      SELECT id, id FROM lots WHERE organization_id = ${orgId}::uuid AND id = any(${sql.param(lotIds)}::uuid[])
      UNION
      SELECT t.start_id, ll.parent_lot_id FROM trace t
      JOIN lot_lineage ll ON ll.child_lot_id = t.lot_id AND ll.organization_id = ${orgId}::uuid
    ),
    lot_facts AS (
      SELECT t.start_id, lo.id, lo.origin_type, lo.origin_id,
        EXISTS (SELECT 1 FROM lot_lineage ll WHERE ll.child_lot_id = lo.id) AS made,
        rr.id AS receive_id, (rr.status = 'posted' AND rr.supplier_id IS NOT NULL) AS from_supplier,
        coalesce(rl.deduction_pct > 0, false) AS deducted,
        pr.id AS run_id, pr.status = 'posted' AS run_posted,
        EXISTS (SELECT 1 FROM production_losses pl WHERE pl.record_id = pr.id AND pl.kind = 'contamination') AS contaminated,
        coalesce((SELECT jsonb_array_length(coalesce(pv.content->'certificates', '[]'::jsonb))
          FROM passports p JOIN passport_versions pv ON pv.passport_id = p.id AND pv.version_no = p.published_version
          WHERE p.lot_id = lo.id AND p.organization_id = lo.organization_id), 0) AS certificates
      FROM trace t JOIN lots lo ON lo.id = t.lot_id
      LEFT JOIN receive_lines rl ON lo.origin_type = 'receive_line' AND rl.id = lo.origin_id
      LEFT JOIN receive_records rr ON rr.id = rl.record_id
      LEFT JOIN production_records pr ON lo.origin_type LIKE 'production%' AND pr.id = lo.origin_id
    ),
    records AS (
      SELECT start_id, 'lot' AS type, id FROM lot_facts
      UNION SELECT start_id, 'receive_record', receive_id FROM lot_facts WHERE receive_id IS NOT NULL
      UNION SELECT start_id, 'production_record', run_id FROM lot_facts WHERE run_id IS NOT NULL
    )
    SELECT s.code,
      (SELECT count(*) FROM lot_facts f WHERE f.start_id = s.id AND NOT f.made)::int AS roots,
      (SELECT count(*) FROM lot_facts f WHERE f.start_id = s.id AND NOT f.made AND f.from_supplier)::int
        AS roots_from_suppliers,
      (SELECT count(*) FROM lot_facts f WHERE f.start_id = s.id AND f.made)::int AS made,
      (SELECT count(*) FROM lot_facts f WHERE f.start_id = s.id AND f.made
        AND coalesce(f.run_posted, f.origin_type IN ('split', 'merge')))::int AS made_by_posted,
      (SELECT coalesce(sum(f.certificates), 0) FROM lot_facts f WHERE f.start_id = s.id)::int AS certificates,
      EXISTS (SELECT 1 FROM lot_facts f WHERE f.start_id = s.id AND (f.deducted OR f.contaminated)) AS contamination,
      (SELECT count(*) FROM records x WHERE x.start_id = s.id)::int AS records,
      (SELECT count(*) FROM records x WHERE x.start_id = s.id AND EXISTS (SELECT 1 FROM log_entries e
        WHERE e.record_type = x.type AND e.record_id = x.id))::int AS logged
    FROM lots s WHERE s.organization_id = ${orgId}::uuid AND s.id = any(${sql.param(lotIds)}::uuid[])
    ORDER BY s.code`,
  );
  return r.map((x) => ({
    code: x.code,
    roots: x.roots,
    rootsFromSuppliers: x.roots_from_suppliers,
    made: x.made,
    madeByPosted: x.made_by_posted,
    certificates: x.certificates,
    contaminationRecorded: x.contamination,
    records: x.records,
    logged: x.logged,
  }));
}
