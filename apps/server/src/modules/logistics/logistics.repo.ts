import { and, asc, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import {
  customers,
  dispatchRecords,
  drivers,
  receiveRecords,
  suppliers,
  transportEmissionFactors,
  tripPoints,
  tripStops,
  trips,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { dispatchKg, postedKg, receivedKg } from './records.repo.ts';

type Handle = Db | Tx;
const t = trips;
const creator = alias(users, 'creator');

const header = {
  trip: trips,
  vehicle: {
    id: vehicles.id,
    code: vehicles.code,
    name: vehicles.name,
    type: vehicles.type,
    capacityKg: vehicles.capacityKg,
  },
  driver: { id: drivers.id, code: drivers.code, name: drivers.name },
  createdBy: { id: creator.id, name: sql<string>`${creator.firstName} || ' ' || ${creator.lastName}` },
  stopsCount: sql<number>`(SELECT count(*)::int FROM ${tripStops} s WHERE s.trip_id = ${t.id})`,
  // Until completion fixes it, what the stops' records weigh now.
  payloadKg: sql<string>`coalesce(${t.payloadKg}, ${postedKg(t.id)})::text`,
};

const headers = (db: Handle) =>
  db
    .select(header)
    .from(t)
    .innerJoin(vehicles, eq(vehicles.id, t.vehicleId))
    .innerJoin(drivers, eq(drivers.id, t.driverId))
    .innerJoin(creator, eq(creator.id, t.createdBy));

export type TripHeader = Awaited<ReturnType<typeof getTrip>> & {};

export type TripFilter = {
  limit: number;
  /** The cursor: (planned_on, id) of the last row read. */
  after?: [string, string];
  status?: (typeof trips.$inferSelect)['status'];
  vehicleId?: string;
  driverId?: string;
  from?: string;
  to?: string;
  q?: string;
};

/** A page of trips, the latest planned first. */
export function listTrips(db: Handle, orgId: string, f: TripFilter) {
  const p = f.q ? containsPattern(f.q) : undefined;
  return headers(db)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.status ? eq(t.status, f.status) : undefined,
        f.vehicleId ? eq(t.vehicleId, f.vehicleId) : undefined,
        f.driverId ? eq(t.driverId, f.driverId) : undefined,
        f.from ? gte(t.plannedOn, f.from) : undefined,
        f.to ? lte(t.plannedOn, f.to) : undefined,
        p ? or(ilike(t.number, p), ilike(vehicles.code, p), ilike(drivers.name, p)) : undefined,
        f.after ? sql`(${t.plannedOn}, ${t.id}) < (${f.after[0]}::date, ${f.after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(t.plannedOn), desc(t.id))
    .limit(f.limit);
}

export async function getTrip(db: Handle, orgId: string, id: string) {
  const [row] = await headers(db).where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** Locks the trip: its changes, stop times, points and status moves take turns. */
export async function lockTrip(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)))
    .for('update');
  return row;
}

/** The stops in order, each with its party and its record (number, status, kg). */
export function stopsOf(db: Handle, orgId: string, tripId: string) {
  const s = tripStops;
  const d = dispatchRecords;
  const r = receiveRecords;
  return db
    .select({
      stop: s,
      supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
      customer: { id: customers.id, code: customers.code, name: customers.name },
      dispatch: { id: d.id, number: d.number, status: d.status },
      receive: { id: r.id, number: r.number, status: r.status },
      kg: sql<string | null>`(CASE WHEN ${s.kind} = 'delivery' THEN ${dispatchKg(d.id, d.totalKg)}
        ELSE ${receivedKg(r.id)} END)::text`,
    })
    .from(s)
    .leftJoin(suppliers, eq(suppliers.id, s.supplierId))
    .leftJoin(customers, eq(customers.id, s.customerId))
    .leftJoin(d, eq(d.id, s.dispatchRecordId))
    .leftJoin(r, eq(r.id, s.receiveRecordId))
    .where(and(eq(s.organizationId, orgId), eq(s.tripId, tripId)))
    .orderBy(asc(s.seq));
}

export type StopRow = Awaited<ReturnType<typeof stopsOf>>[number];

/** The reference factor of a vehicle type (a table of every organization's), if it has one. */
export async function emissionFactor(db: Handle, vehicleType: string) {
  const [row] = await db
    .select()
    .from(transportEmissionFactors)
    .where(eq(transportEmissionFactors.vehicleType, vehicleType));
  return row;
}

export type TripValues = Omit<typeof trips.$inferInsert, 'organizationId' | 'number'>;
export type StopValues = Omit<typeof tripStops.$inferInsert, 'organizationId' | 'tripId' | 'seq'>;

/** A new trip under a placeholder number: the real one is taken last (takeNumber). */
export async function insertTrip(tx: Tx, orgId: string, values: TripValues & { id: string }) {
  await tx.insert(t).values({ ...values, organizationId: orgId, number: `pending:${values.id}` });
}

/** The stops, numbered 1… in the order given, replacing any the trip had. */
export async function replaceStops(tx: Tx, orgId: string, tripId: string, stops: StopValues[]) {
  await tx.delete(tripStops).where(and(eq(tripStops.organizationId, orgId), eq(tripStops.tripId, tripId)));
  await tx
    .insert(tripStops)
    .values(stops.map((s, i) => ({ ...s, organizationId: orgId, tripId, seq: i + 1 })));
}

/** Changes a trip and moves its version on. */
export async function updateTrip(tx: Tx, orgId: string, id: string, set: Partial<typeof trips.$inferInsert>) {
  await tx
    .update(t)
    .set({ ...set, updatedAt: dbNow, version: sql`${t.version} + 1` })
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
}

export async function setStopTime(
  tx: Tx,
  orgId: string,
  stopId: string,
  set: { arrivedAt: Date } | { departedAt: Date },
) {
  await tx
    .update(tripStops)
    .set(set)
    .where(and(eq(tripStops.organizationId, orgId), eq(tripStops.id, stopId)));
}

export async function stopOf(tx: Tx, orgId: string, tripId: string, stopId: string) {
  const [row] = await tx
    .select()
    .from(tripStops)
    .where(and(eq(tripStops.organizationId, orgId), eq(tripStops.tripId, tripId), eq(tripStops.id, stopId)));
  return row;
}

export type PointValues = { recordedAt: string; latitude: string; longitude: string };

/**
 * Adds GPS points, skipping any at an instant the trip already has (or that the batch repeats): a
 * tracker that resends a batch it got no answer for adds nothing twice. Answers how many were added.
 */
export async function addPoints(tx: Tx, orgId: string, tripId: string, points: PointValues[]) {
  const batch = JSON.stringify(points.map((p) => ({ ...p, id: uuidv7() })));
  const rows = await tx.execute(sql`
    INSERT INTO ${tripPoints} (id, organization_id, trip_id, recorded_at, latitude, longitude)
    SELECT DISTINCT ON (p."recordedAt") p.id, ${orgId}, ${tripId}, p."recordedAt", p.latitude, p.longitude
    FROM jsonb_to_recordset(${batch}::jsonb)
      AS p(id uuid, "recordedAt" timestamptz, latitude numeric, longitude numeric)
    WHERE NOT EXISTS (SELECT 1 FROM ${tripPoints} x
      WHERE x.trip_id = ${tripId} AND x.device_id IS NULL AND x.recorded_at = p."recordedAt")
    ORDER BY p."recordedAt", p.id`);
  return rows.rowCount ?? 0;
}

export async function pointCount(db: Handle, orgId: string, tripId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tripPoints)
    .where(and(eq(tripPoints.organizationId, orgId), eq(tripPoints.tripId, tripId)));
  return row?.n ?? 0;
}

/** What the trip's posted records weigh now (completion fixes it as the payload). */
export async function payloadOf(tx: Tx, tripId: string): Promise<string> {
  const rows = await tx.execute<{ kg: string }>(sql`SELECT ${postedKg(sql`${tripId}::uuid`)}::text AS kg`);
  return rows.rows[0]?.kg ?? '0.000';
}

/**
 * Takes the trip's gapless number (TR-2026-000001) from the counter of its planned year, in one
 * statement: the counter row stays locked until commit, so the caller does this last.
 */
export async function takeNumber(tx: Tx, orgId: string, id: string, year: string) {
  const rows = await tx.execute<{ number: string }>(sql`
    UPDATE ${t} SET number = ${`TR-${year}-`} || lpad(pt_next(${orgId}::uuid, ${`trip:${year}`})::text, 6, '0')
    WHERE id = ${id} RETURNING number`);
  const number = rows.rows[0]?.number;
  if (!number) throw new Error('trip number update returned nothing');
  return number;
}
