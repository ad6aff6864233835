import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { epcisCapturedEvents } from '../../db/schema/index.ts';
import { olderThan } from '../../lib/sql.ts';

// Queries of the EPCIS export and capture, each scoped to the organization. The export reads a page of
// events from one query over every kind of record (a UNION ALL the time and keyset conditions reach into
// each branch of), then the page's lines with one query per kind: six queries a page, whatever its size.

const rows = async <T extends Record<string, unknown>>(db: Db | Tx, q: ReturnType<typeof sql>) =>
  (await db.execute<T>(q)).rows;
const uuids = (list: string[]) => sql`${sql.param(list)}::uuid[]`;
const texts = (list: string[]) => sql`${sql.param(list)}::text[]`;
const micro = (col: ReturnType<typeof sql>) =>
  sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type EventKind = 'receipt' | 'production' | 'split' | 'merge' | 'dispatch' | 'delivery';

export type EventRow = {
  kind: EventKind;
  /** The record (or, for a split, the parent lot; for a merge, the merged lot). */
  id: string;
  /** Keyset: the time to the microsecond, then this text, unique among events. */
  at: string;
  key: string;
  facility_id: string | null;
  voided_at: string | null;
};

export type EventFilter = {
  from?: string | undefined;
  before?: string | undefined;
  kinds?: EventKind[] | undefined;
  lotIds?: string[] | undefined;
  facilityId?: string | undefined;
  after?: readonly [string, string] | undefined;
};

/** Every event of the organization as (kind, record, time, key, facility, lots), in one relation. */
const events = (orgId: string) => sql`
  SELECT 'receipt' AS kind, r.id, r.received_at AS at, 'receipt:' || r.id AS key, r.facility_id, r.voided_at,
    ARRAY(SELECT l.lot_id FROM receive_lines l WHERE l.record_id = r.id AND l.lot_id IS NOT NULL) AS lot_ids
  FROM receive_records r WHERE r.organization_id = ${orgId} AND r.posted_at IS NOT NULL
  UNION ALL
  SELECT 'production', p.id, p.ended_at, 'production:' || p.id, p.facility_id, p.voided_at,
    ARRAY(SELECT i.lot_id FROM production_inputs i WHERE i.record_id = p.id
          UNION ALL SELECT o.lot_id FROM production_outputs o WHERE o.record_id = p.id AND o.lot_id IS NOT NULL
          UNION ALL SELECT x.lot_id FROM production_losses x WHERE x.record_id = p.id AND x.lot_id IS NOT NULL)
  FROM production_records p WHERE p.organization_id = ${orgId} AND p.posted_at IS NOT NULL
  UNION ALL
  -- A split's edges share their parent and their transaction's time; a merge's, the merged lot.
  SELECT e.source_type, e.source_id, e.created_at,
    e.source_type || ':' || e.source_id || ':' || ${micro(sql`e.created_at`)}, min(lt.facility_id::text)::uuid, NULL,
    array_agg(e.child_lot_id) || array_agg(e.parent_lot_id)
  FROM lot_lineage e JOIN lots lt ON lt.id = e.child_lot_id
  WHERE e.organization_id = ${orgId} AND e.source_type IN ('split', 'merge')
  GROUP BY e.source_type, e.source_id, e.created_at
  UNION ALL
  SELECT 'dispatch', d.id, d.dispatched_at, 'dispatch:' || d.id, d.facility_id, d.voided_at,
    ARRAY(SELECT l.lot_id FROM dispatch_lines l WHERE l.record_id = d.id)
  FROM dispatch_records d WHERE d.organization_id = ${orgId} AND d.posted_at IS NOT NULL
  UNION ALL
  SELECT 'delivery', d.id, d.delivered_at, 'delivery:' || d.id, NULL, NULL,
    ARRAY(SELECT l.lot_id FROM dispatch_lines l WHERE l.record_id = d.id)
  FROM dispatch_records d WHERE d.organization_id = ${orgId} AND d.delivered_at IS NOT NULL`;

/** A page of events in (time, key) order after the keyset, one row more than asked. */
export function eventPage(db: Db | Tx, orgId: string, f: EventFilter, limit: number) {
  const where = [sql`TRUE`];
  if (f.from) where.push(sql`ev.at >= ${f.from}::timestamptz`);
  if (f.before) where.push(sql`ev.at < ${f.before}::timestamptz`);
  if (f.kinds) where.push(sql`ev.kind = ANY(${texts(f.kinds)})`);
  if (f.lotIds) where.push(sql`ev.lot_ids && ${uuids(f.lotIds)}`);
  if (f.facilityId) where.push(sql`ev.facility_id = ${f.facilityId}::uuid`);
  if (f.after) where.push(sql`(ev.at, ev.key) > (${f.after[0]}::timestamptz, ${f.after[1]}::text)`);
  return rows<EventRow>(
    db,
    sql`SELECT ev.kind, ev.id, ${micro(sql`ev.at`)} AS at, ev.key, ev.facility_id,
          ${micro(sql`ev.voided_at`)} AS voided_at
        FROM (${events(orgId)}) ev WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ev.at, ev.key LIMIT ${limit + 1}`,
  );
}

export type OrgRow = { slug: string; time_zone: string; gs1_company_prefix: string | null };
export async function organization(db: Db | Tx, orgId: string) {
  const [row] = await rows<OrgRow>(
    db,
    sql`SELECT slug, time_zone, gs1_company_prefix FROM organizations WHERE id = ${orgId}`,
  );
  return row;
}

export type LineRow = {
  kind: EventKind;
  id: string;
  /** in: consumed or shipped; out: made; split and merge rows carry their event's key. */
  role: 'in' | 'out';
  lot_id: string;
  kg: string;
  key: string | null;
};

/** The lots and kg of a page's events: every kind in one query. */
export function lines(db: Db | Tx, orgId: string, page: EventRow[]) {
  const of = (kind: EventKind) => page.filter((e) => e.kind === kind).map((e) => e.id);
  const splitKeys = page.filter((e) => e.kind === 'split' || e.kind === 'merge').map((e) => e.key);
  return rows<LineRow>(
    db,
    sql`SELECT 'receipt' AS kind, l.record_id AS id, 'out' AS role, l.lot_id, l.net_kg::text AS kg, NULL AS key
          FROM receive_lines l WHERE l.organization_id = ${orgId} AND l.record_id = ANY(${uuids(of('receipt'))})
            AND l.lot_id IS NOT NULL
        UNION ALL
        SELECT 'production', i.record_id, 'in', i.lot_id, i.kg::text, NULL FROM production_inputs i
          WHERE i.organization_id = ${orgId} AND i.record_id = ANY(${uuids(of('production'))})
        UNION ALL
        SELECT 'production', o.record_id, 'out', o.lot_id, o.kg::text, NULL FROM production_outputs o
          WHERE o.organization_id = ${orgId} AND o.record_id = ANY(${uuids(of('production'))}) AND o.lot_id IS NOT NULL
        UNION ALL
        SELECT 'production', x.record_id, 'out', x.lot_id, x.kg::text, NULL FROM production_losses x
          WHERE x.organization_id = ${orgId} AND x.record_id = ANY(${uuids(of('production'))}) AND x.lot_id IS NOT NULL
        UNION ALL
        SELECT e.source_type, e.source_id, r.role, CASE r.role WHEN 'in' THEN e.parent_lot_id ELSE e.child_lot_id END,
          sum(e.kg)::text, e.source_type || ':' || e.source_id || ':' || ${micro(sql`e.created_at`)}
          FROM lot_lineage e CROSS JOIN (VALUES ('in'), ('out')) r(role)
          WHERE e.organization_id = ${orgId} AND e.source_type IN ('split', 'merge')
            AND e.source_type || ':' || e.source_id || ':' || ${micro(sql`e.created_at`)} = ANY(${texts(splitKeys)})
          GROUP BY e.source_type, e.source_id, e.created_at, r.role,
            CASE r.role WHEN 'in' THEN e.parent_lot_id ELSE e.child_lot_id END
        UNION ALL
        SELECT 'dispatch', l.record_id, 'in', l.lot_id, l.kg::text, NULL FROM dispatch_lines l
          WHERE l.organization_id = ${orgId} AND l.record_id = ANY(${uuids([...of('dispatch'), ...of('delivery')])})
        ORDER BY 1, 2, 3, 4`,
  );
}

export type RecordRow = {
  id: string;
  number: string;
  party_code: string | null;
  order_number: string | null;
  receipt_no: string | null;
  received_kg: string | null;
  delivered_at: string | null;
};

/** Record numbers, partners and orders of a page's records (the bizTransactions and sources). */
export function records(db: Db | Tx, orgId: string, ids: string[]) {
  return rows<RecordRow>(
    db,
    sql`SELECT r.id, r.number, s.code AS party_code, o.number AS order_number, NULL AS receipt_no,
          NULL AS received_kg, NULL AS delivered_at
        FROM receive_records r JOIN suppliers s ON s.id = r.supplier_id
        LEFT JOIN order_records o ON o.id = r.order_id
        WHERE r.organization_id = ${orgId} AND r.id = ANY(${uuids(ids)})
        UNION ALL
        SELECT p.id, p.number, NULL, NULL, NULL, NULL, NULL FROM production_records p
        WHERE p.organization_id = ${orgId} AND p.id = ANY(${uuids(ids)})
        UNION ALL
        SELECT d.id, d.number, c.code, o.number, d.delivery_receipt_no, d.received_kg::text,
          ${micro(sql`d.delivered_at`)}
        FROM dispatch_records d JOIN customers c ON c.id = d.customer_id
        LEFT JOIN order_records o ON o.id = d.order_id
        WHERE d.organization_id = ${orgId} AND d.id = ANY(${uuids(ids)})`,
  );
}

export type LotRow = { id: string; code: string; gtin: string | null };
export function lotsById(db: Db | Tx, orgId: string, ids: string[]) {
  return rows<LotRow>(
    db,
    sql`SELECT l.id, l.code, m.gtin FROM lots l JOIN materials m ON m.id = l.material_id
        WHERE l.organization_id = ${orgId} AND l.id = ANY(${uuids(ids)})`,
  );
}
export function lotsByCode(db: Db | Tx, orgId: string, codes: string[]) {
  return rows<LotRow>(
    db,
    sql`SELECT l.id, l.code, m.gtin FROM lots l JOIN materials m ON m.id = l.material_id
        WHERE l.organization_id = ${orgId} AND l.code = ANY(${texts(codes)})`,
  );
}

export type FacilityRow = { id: string; code: string };
export function facilities(db: Db | Tx, orgId: string, ids: string[], codes: string[] = []) {
  return rows<FacilityRow>(
    db,
    sql`SELECT id, code FROM facilities WHERE organization_id = ${orgId}
        AND (id = ANY(${uuids(ids)}) OR code = ANY(${texts(codes)}))`,
  );
}

export type NewCaptured = typeof epcisCapturedEvents.$inferInsert;

/** Stores what is new; an event already held (same id or hash) is left as it was and not returned. */
export function insertCaptured(tx: Tx, values: NewCaptured[]) {
  if (values.length === 0) return Promise.resolve([]);
  return tx
    .insert(epcisCapturedEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: epcisCapturedEvents.eventId, eventHash: epcisCapturedEvents.eventHash });
}

export function capturedPage(
  db: Db,
  orgId: string,
  q: { limit: number; after?: readonly [string, string] | undefined; lotId?: string | undefined },
) {
  const t = epcisCapturedEvents;
  return db
    .select({
      id: t.id,
      captureId: t.captureId,
      eventId: t.eventId,
      eventHash: t.eventHash,
      eventType: t.eventType,
      bizStep: t.bizStep,
      eventTime: t.eventTime,
      capturedAt: t.capturedAt,
      capturedAtMicro: sql<string>`to_char(${t.capturedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      lotIds: t.lotIds,
    })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        q.lotId ? sql`${t.lotIds} @> ARRAY[${q.lotId}::uuid]` : undefined,
        q.after ? olderThan(t.capturedAt, t.id, q.after) : undefined,
      ),
    )
    .orderBy(desc(t.capturedAt), desc(t.id))
    .limit(q.limit + 1);
}
