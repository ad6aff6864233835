import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  facilities,
  lotBalances,
  lotLineage,
  lots,
  materials,
  organizations,
  productionRecords,
  receiveLines,
  receiveRecords,
  suppliers,
} from '../../db/schema/index.ts';
import { searchAny, sortOrder } from '../../lib/listing.ts';

type Handle = Db | Tx;

const columns = {
  lot: lots,
  material: {
    id: materials.id,
    code: materials.code,
    name: materials.name,
    polymer: materials.polymer,
    form: materials.form,
  },
  facility: { id: facilities.id, code: facilities.code, name: facilities.name, city: facilities.city },
  qtyKg: sql<string>`coalesce(${lotBalances.qtyKg}, 0)::numeric(14,3)::text`,
  reservedKg: sql<string>`coalesce(${lotBalances.reservedKg}, 0)::numeric(14,3)::text`,
  valuePhp: sql<string>`coalesce(${lotBalances.valuePhp}, 0)::numeric(14,2)::text`,
  /** A received lot is as recycled as its material says (virgin resin 0 %, recovered material 100 %). */
  recycledContentPct: sql<string>`coalesce(${lots.recycledContentPct}, CASE WHEN ${materials.isVirgin} THEN 0 ELSE 100 END)::numeric(5,2)::text`,
};

const base = <X extends Record<string, SQL>>(db: Handle, extra?: X) =>
  db
    .select({ ...columns, ...(extra as X) })
    .from(lots)
    .innerJoin(materials, eq(materials.id, lots.materialId))
    .innerJoin(facilities, eq(facilities.id, lots.facilityId))
    .leftJoin(lotBalances, eq(lotBalances.lotId, lots.id));

/** Lots that came from this supplier's deliveries (what a supplier member may see). */
const fromSupplier = (supplierId: string) =>
  inArray(
    lots.id,
    sql`(SELECT ${receiveLines.lotId} FROM ${receiveLines} JOIN ${receiveRecords} ON ${receiveRecords.id} = ${receiveLines.recordId} WHERE ${receiveRecords.supplierId} = ${supplierId})`,
  );

export type LotFilter = {
  limit: number;
  sort: string;
  after?: [string, string];
  status?: string;
  facilityId?: string;
  materialId?: string;
  q?: string;
  supplierId?: string;
};

const SORTS = { created_at: lots.createdAt, code: lots.code };

export async function listLots(db: Handle, orgId: string, f: LotFilter) {
  const order = sortOrder(f.sort, SORTS, lots.id, f.after);
  const where: (SQL | undefined)[] = [
    eq(lots.organizationId, orgId),
    f.status ? eq(lots.status, f.status as 'available') : undefined,
    f.facilityId ? eq(lots.facilityId, f.facilityId) : undefined,
    f.materialId ? eq(lots.materialId, f.materialId) : undefined,
    searchAny(f.q, [lots.code, materials.name, materials.code, facilities.code, facilities.name]),
    f.supplierId ? fromSupplier(f.supplierId) : undefined,
    order.after,
  ];
  const rows = await base(db, { sortValue: order.value })
    .where(and(...where))
    .orderBy(...order.orderBy)
    .limit(f.limit);
  return rows.map((r) => ({ ...r, id: r.lot.id }));
}

export async function getLot(db: Handle, orgId: string, id: string, supplierId?: string) {
  const [row] = await base(db).where(
    and(eq(lots.organizationId, orgId), eq(lots.id, id), supplierId ? fromSupplier(supplierId) : undefined),
  );
  return row;
}

/** Locks the lots (in id order, so concurrent merges cannot deadlock) before moving their stock. */
export function lockLots(tx: Tx, orgId: string, ids: string[]) {
  return tx
    .select()
    .from(lots)
    .where(and(eq(lots.organizationId, orgId), inArray(lots.id, ids)))
    .orderBy(asc(lots.id))
    .for('update');
}

/** An edge of the lineage graph: kg of the parent lot that went into the child (a split or a merge). */
export interface LineageEdge {
  parentLotId: string;
  childLotId: string;
  kg: string;
  sourceType: 'split' | 'merge';
  /** The lot split, or the lot merged into. */
  sourceId: string;
}

export async function addLineage(tx: Tx, orgId: string, edges: LineageEdge[]) {
  if (edges.length) await tx.insert(lotLineage).values(edges.map((e) => ({ ...e, organizationId: orgId })));
}

/** Each lot's recycled share (stored, or its material's: virgin resin 0 %, recovered material 100 %). */
export async function recycledShares(tx: Tx, ids: string[]) {
  const rows = await tx
    .select({ id: lots.id, pct: columns.recycledContentPct })
    .from(lots)
    .innerJoin(materials, eq(materials.id, lots.materialId))
    .where(inArray(lots.id, ids));
  return new Map(rows.map((r) => [r.id, r.pct]));
}

/** The public view: no organization scope, because the QR code is meant for anyone. */
export async function publicLot(db: Handle, id: string) {
  const [row] = await base(db).where(eq(lots.id, id));
  if (!row) return undefined;
  const [origin] = await db
    .select({ receivedAt: receiveRecords.receivedAt })
    .from(receiveLines)
    .innerJoin(receiveRecords, eq(receiveRecords.id, receiveLines.recordId))
    .where(eq(receiveLines.lotId, id));
  const [organization] = await db
    .select({ name: organizations.name, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, row.lot.organizationId));
  if (!organization) return undefined;
  return { ...row, receivedAt: origin?.receivedAt ?? null, organization };
}

export async function facilityCode(db: Handle, facilityId: string): Promise<string> {
  const [row] = await db
    .select({ code: facilities.code })
    .from(facilities)
    .where(eq(facilities.id, facilityId));
  return row?.code ?? 'LOT';
}

/**
 * The lots to print labels for, with the day each was received (in the organization's time zone);
 * lots made by a split or merge have no delivery of their own and show the day they were made.
 */
export function labelLots(db: Handle, orgId: string, ids: string[], timeZone: string, supplierId?: string) {
  const day = (t: SQL | typeof lots.createdAt) =>
    sql<string>`to_char(${t} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  return base(db, {
    receivedOn: day(sql`coalesce(${receiveRecords.receivedAt}, ${lots.createdAt})`),
    received: sql<boolean>`${receiveRecords.receivedAt} IS NOT NULL`,
  })
    .leftJoin(receiveLines, eq(receiveLines.lotId, lots.id))
    .leftJoin(receiveRecords, eq(receiveRecords.id, receiveLines.recordId))
    .where(
      and(
        eq(lots.organizationId, orgId),
        inArray(lots.id, ids),
        supplierId ? fromSupplier(supplierId) : undefined,
      ),
    );
}

/**
 * Where a lot came from, within the organization: the delivery line it was received on (with its
 * record and supplier), or the lot it was split or merged from.
 */
export async function originOf(
  db: Handle,
  orgId: string,
  lot: { originType: string; originId: string | null },
) {
  if (!lot.originId) return { record: undefined, sourceLot: undefined };
  if (lot.originType.startsWith('production_')) {
    const [run] = await db
      .select({
        id: productionRecords.id,
        number: productionRecords.number,
        endedAt: productionRecords.endedAt,
      })
      .from(productionRecords)
      .where(and(eq(productionRecords.id, lot.originId), eq(productionRecords.organizationId, orgId)));
    return { record: undefined, sourceLot: undefined, run };
  }
  if (lot.originType === 'receive_line') {
    const [record] = await db
      .select({
        id: receiveRecords.id,
        number: receiveRecords.number,
        receivedAt: receiveRecords.receivedAt,
        supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
      })
      .from(receiveLines)
      .innerJoin(receiveRecords, eq(receiveRecords.id, receiveLines.recordId))
      .innerJoin(suppliers, eq(suppliers.id, receiveRecords.supplierId))
      .where(and(eq(receiveLines.id, lot.originId), eq(receiveRecords.organizationId, orgId)));
    return { record, sourceLot: undefined };
  }
  const [sourceLot] = await db
    .select({ id: lots.id, code: lots.code })
    .from(lots)
    .where(and(eq(lots.id, lot.originId), eq(lots.organizationId, orgId)));
  return { record: undefined, sourceLot };
}
