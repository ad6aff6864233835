import { type AnyColumn, and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import {
  facilities,
  identifications,
  lotBalances,
  lots,
  materials,
  receiveLines,
  receiveRecords,
  referenceSpectra,
  users,
} from '../../db/schema/index.ts';

type Handle = Db | Tx;
const t = identifications;
const creator = alias(users, 'creator');
const confirmer = alias(users, 'confirmer');
const material = alias(materials, 'confirmed_material');
const fullName = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

const columns = {
  row: t,
  createdByName: fullName(creator),
  confirmedByName: sql<string | null>`${confirmer.firstName} || ' ' || ${confirmer.lastName}`,
  material: { id: material.id, code: material.code, name: material.name, polymer: material.polymer },
  lot: { id: lots.id, code: lots.code },
  line: { id: receiveLines.id, lineNo: receiveLines.lineNo },
  record: { id: receiveRecords.id, number: receiveRecords.number },
};

function base(db: Handle) {
  return db
    .select(columns)
    .from(t)
    .innerJoin(creator, eq(creator.id, t.createdBy))
    .leftJoin(confirmer, eq(confirmer.id, t.confirmedBy))
    .leftJoin(material, eq(material.id, t.materialId))
    .leftJoin(lots, eq(lots.id, t.lotId))
    .leftJoin(receiveLines, eq(receiveLines.id, t.receiveLineId))
    .leftJoin(receiveRecords, eq(receiveRecords.id, receiveLines.recordId));
}

export type IdentificationRow = Awaited<ReturnType<typeof getIdentification>> & {};

export async function getIdentification(db: Handle, orgId: string, id: string) {
  const [row] = await base(db).where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

export function listIdentifications(
  db: Handle,
  orgId: string,
  f: { limit: number; after?: [string, string]; confirmed?: boolean },
) {
  const after = f.after
    ? or(
        lt(t.createdAt, new Date(f.after[0])),
        and(eq(t.createdAt, new Date(f.after[0])), lt(t.id, f.after[1])),
      )
    : undefined;
  return base(db)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.confirmed === undefined
          ? undefined
          : f.confirmed
            ? isNotNull(t.confirmedAt)
            : isNull(t.confirmedAt),
        after,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(f.limit);
}

export async function insertIdentification(db: Handle, values: typeof t.$inferInsert) {
  const [row] = await db.insert(t).values(values).returning({ id: t.id });
  if (!row) throw new Error('identification insert returned nothing');
  return row.id;
}

/** The identification, locked so two confirmations queue and the second sees the first. */
export async function lockIdentification(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)))
    .for('update');
  return row;
}

export async function setConfirmed(
  tx: Tx,
  id: string,
  v: {
    materialId: string;
    lotId: string | null;
    receiveLineId: string | null;
    confirmedBy: string;
    result: unknown;
  },
) {
  await tx
    .update(t)
    .set({ ...v, confirmedAt: dbNow, version: sql`${t.version} + 1` })
    .where(eq(t.id, id));
}

export async function activeMaterial(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.organizationId, orgId), eq(materials.id, id), isNull(materials.archivedAt)));
  return row;
}

/** A lot's kilograms on hand and where its price is looked up (its facility's region). */
export async function lotHolding(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select({
      id: lots.id,
      code: lots.code,
      status: lots.status,
      materialId: lots.materialId,
      qtyKg: sql<string>`coalesce(${lotBalances.qtyKg}, 0)::text`,
      region: facilities.region,
    })
    .from(lots)
    .innerJoin(facilities, eq(facilities.id, lots.facilityId))
    .leftJoin(lotBalances, eq(lotBalances.lotId, lots.id))
    .where(and(eq(lots.organizationId, orgId), eq(lots.id, id)));
  return row;
}

/** A receive line's payable kilograms, its record and the facility's region. */
export async function lineHolding(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select({
      id: receiveLines.id,
      lineNo: receiveLines.lineNo,
      qtyKg: receiveLines.payableKg,
      recordId: receiveRecords.id,
      number: receiveRecords.number,
      status: receiveRecords.status,
      region: facilities.region,
    })
    .from(receiveLines)
    .innerJoin(receiveRecords, eq(receiveRecords.id, receiveLines.recordId))
    .innerJoin(facilities, eq(facilities.id, receiveRecords.facilityId))
    .where(and(eq(receiveLines.organizationId, orgId), eq(receiveLines.id, id)));
  return row;
}

// The organization's site library.

const r = referenceSpectra;
const referenceColumns = {
  row: r,
  createdByName: fullName(users),
  points: sql<number>`cardinality(${r.wavenumbers})`,
  low: sql<number>`(SELECT min(x) FROM unnest(${r.wavenumbers}) x)`,
  high: sql<number>`(SELECT max(x) FROM unnest(${r.wavenumbers}) x)`,
};

export type ReferenceRow = Awaited<ReturnType<typeof listReferences>>[number];

export function listReferences(
  db: Handle,
  orgId: string,
  f: { technique?: 'FTIR' | 'NIR' | 'Raman'; includeArchived?: boolean },
) {
  return db
    .select(referenceColumns)
    .from(r)
    .innerJoin(users, eq(users.id, r.createdBy))
    .where(
      and(
        eq(r.organizationId, orgId),
        f.technique ? eq(r.technique, f.technique) : undefined,
        f.includeArchived ? undefined : isNull(r.archivedAt),
      ),
    )
    .orderBy(r.polymer, r.name, r.id);
}

export async function getReference(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(referenceColumns)
    .from(r)
    .innerJoin(users, eq(users.id, r.createdBy))
    .where(and(eq(r.organizationId, orgId), eq(r.id, id)));
  return row;
}

/** The spectra of the active site library of one technique, for matching. */
export function siteSpectra(db: Handle, orgId: string, technique: 'FTIR' | 'NIR' | 'Raman') {
  return db
    .select({
      id: r.id,
      name: r.name,
      polymer: r.polymer,
      wavenumbers: r.wavenumbers,
      intensities: r.intensities,
    })
    .from(r)
    .where(and(eq(r.organizationId, orgId), eq(r.technique, technique), isNull(r.archivedAt)))
    .orderBy(r.id);
}

export async function insertReference(db: Handle, values: typeof r.$inferInsert) {
  const [row] = await db.insert(r).values(values).returning({ id: r.id });
  if (!row) throw new Error('reference spectrum insert returned nothing');
  return row.id;
}

export async function setReferenceArchived(tx: Tx, orgId: string, id: string, archived: boolean) {
  const [row] = await tx
    .update(r)
    .set({ archivedAt: archived ? dbNow : null })
    .where(and(eq(r.organizationId, orgId), eq(r.id, id)))
    .returning({ id: r.id, name: r.name, polymer: r.polymer });
  return row;
}
