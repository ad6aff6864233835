import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  customers,
  dispatchLines,
  dispatchRecords,
  drivers,
  receiveLines,
  receiveRecords,
  suppliers,
  tripStops,
  trips,
  vehicles,
} from '../../db/schema/index.ts';

// What a trip's plan names, read for its checks: the vehicle, the driver, and the records its stops
// carry — with the trip each record is already on.

/** Kg of a dispatch as its stop shows it: the posted total, or its lines' while a draft. */
export const dispatchKg = (d: AnyPgColumn, total: AnyPgColumn) =>
  sql`coalesce(${total}, (SELECT sum(kg) FROM ${dispatchLines} WHERE record_id = ${d}))`;
/** Kg of a delivery received: the net of its lines. */
export const receivedKg = (r: SQL | AnyPgColumn) =>
  sql`(SELECT sum(net_kg) FROM ${receiveLines} WHERE record_id = ${r})`;

/**
 * What a trip carries: the kg of its delivery stops' posted dispatches and of its pick-up stops'
 * posted receive records (a voided or draft record carries nothing), to the gram.
 */
export const postedKg = (tripId: SQL | AnyPgColumn) => sql<string>`(SELECT round(coalesce(sum(
    CASE WHEN s.kind = 'delivery' THEN d.total_kg ELSE ${receivedKg(sql`r.id`)} END), 0), 3)
  FROM ${tripStops} s
  LEFT JOIN ${dispatchRecords} d ON d.id = s.dispatch_record_id AND d.status = 'posted'
  LEFT JOIN ${receiveRecords} r ON r.id = s.receive_record_id AND r.status = 'posted'
  WHERE s.trip_id = ${tripId})`;

export async function vehicleOf(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select({
      id: vehicles.id,
      code: vehicles.code,
      type: vehicles.type,
      capacityKg: vehicles.capacityKg,
      archivedAt: vehicles.archivedAt,
    })
    .from(vehicles)
    .where(and(eq(vehicles.organizationId, orgId), eq(vehicles.id, id)));
  return row;
}

export async function driverOf(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select({
      id: drivers.id,
      name: drivers.name,
      licenceExpiresOn: drivers.licenceExpiresOn,
      archivedAt: drivers.archivedAt,
    })
    .from(drivers)
    .where(and(eq(drivers.organizationId, orgId), eq(drivers.id, id)));
  return row;
}

/** The non-cancelled trip other than `tripId` whose stop names the record in `column`. */
const onTrip = (
  column: 'dispatch_record_id' | 'receive_record_id',
  recordId: AnyPgColumn,
  tripId: string | null,
) =>
  sql<string | null>`(SELECT t.number FROM ${tripStops} s JOIN ${trips} t ON t.id = s.trip_id
    WHERE s.${sql.raw(column)} = ${recordId} AND t.status <> 'cancelled'
      ${tripId ? sql`AND t.id <> ${tripId}` : sql``} ORDER BY t.number LIMIT 1)`;

const address = (line: AnyPgColumn, city: AnyPgColumn, province: AnyPgColumn) =>
  sql<
    string | null
  >`nullif(concat_ws(', ', nullif(${line}, ''), nullif(${city}, ''), nullif(${province}, '')), '')`;

/**
 * Locks the records, in id order, until the trip commits: two trips naming one record take turns, and
 * the second sees the first's stop (the lock is taken before the read, each its own statement).
 */
async function lock(
  tx: Tx,
  table: typeof dispatchRecords | typeof receiveRecords,
  orgId: string,
  ids: string[],
) {
  await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organizationId, orgId), inArray(table.id, ids)))
    .orderBy(asc(table.id))
    .for('no key update');
}

/** The dispatches delivery stops name, locked, with the trip each is on and where it goes. */
export async function dispatchesFor(tx: Tx, orgId: string, ids: string[], tripId: string | null) {
  if (ids.length === 0) return [];
  const d = dispatchRecords;
  await lock(tx, d, orgId, ids);
  return tx
    .select({
      id: d.id,
      number: d.number,
      status: d.status,
      partyId: d.customerId,
      kg: sql<string>`${dispatchKg(d.id, d.totalKg)}::text`,
      address: sql<
        string | null
      >`coalesce(nullif(${d.destination}, ''), ${address(customers.addressLine, customers.city, customers.province)})`,
      onTrip: onTrip('dispatch_record_id', d.id, tripId),
    })
    .from(d)
    .innerJoin(customers, eq(customers.id, d.customerId))
    .where(and(eq(d.organizationId, orgId), inArray(d.id, ids)));
}

/** The receive records pick-up stops name, locked, with the trip each is on and the supplier's address. */
export async function receivesFor(tx: Tx, orgId: string, ids: string[], tripId: string | null) {
  if (ids.length === 0) return [];
  const r = receiveRecords;
  await lock(tx, r, orgId, ids);
  return tx
    .select({
      id: r.id,
      number: r.number,
      status: r.status,
      partyId: r.supplierId,
      kg: sql<string>`${receivedKg(r.id)}::text`,
      address: address(suppliers.addressLine, suppliers.city, suppliers.province),
      onTrip: onTrip('receive_record_id', r.id, tripId),
    })
    .from(r)
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .where(and(eq(r.organizationId, orgId), inArray(r.id, ids)));
}

export type LinkedRecord = Awaited<ReturnType<typeof dispatchesFor>>[number];
