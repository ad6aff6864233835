import {
  formatKg,
  TRIP_STATUS_LABELS,
  type TripDetail,
  type TripStatus,
  type tripExportQuerySchema,
  type tripListQuerySchema,
  type tripUpdateSchema,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { EXPORT_PAGE, pageOf } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';
import { idempotent } from '../security/idempotency.ts';
import { checkedPlan, type TripPlan } from './logistics.plan.ts';
import * as repo from './logistics.repo.ts';
import { TRIP_CSV, toFactor, toPoint, toStop, toTrip } from './logistics.views.ts';
import { keepTrack, trackOf } from './track.ts';
import { lengthKm, trackPoints } from './tracker.repo.ts';

// Trips: planned with their stops, then started, driven (stop times, GPS points) and completed with the
// distance and the transport emissions, or cancelled. Every write locks the trip row first, so its
// changes take turns; the moves of a trip under way are in transit.service.ts.

type ListQuery = z.output<typeof tripListQuerySchema>;
type ExportQuery = z.output<typeof tripExportQuerySchema>;
type Changes = z.output<typeof tripUpdateSchema>;

const filterOf = (q: ExportQuery): Omit<repo.TripFilter, 'limit'> => ({
  status: q.status,
  vehicleId: q.vehicle_id,
  driverId: q.driver_id,
  from: q.from,
  to: q.to,
  q: q.q,
});
const keyOf = (r: repo.TripHeader): [string, string] => [r.trip.plannedOn, r.trip.id];

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const rows = await repo.listTrips(ctx.db, caller.organizationId, {
    ...filterOf(q),
    limit: q.limit + 1,
    after: decodeCursor(q.cursor, ['day', 'uuid']),
  });
  const page = toPage(rows, q.limit, keyOf);
  return { items: page.items.map(toTrip), next_cursor: page.next_cursor };
}

/** The filtered trips as CSV, one row per trip, every one of the filter; logged as EXPORT_DATA. */
export function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  return streamCsv(ctx, caller, reply, {
    filename: 'trips.csv',
    dataType: 'trips',
    parameters: q,
    columns: TRIP_CSV,
    page: async (tx: Tx, after: [string, string] | undefined) =>
      pageOf(
        await repo.listTrips(tx, caller.organizationId, { ...filterOf(q), limit: EXPORT_PAGE + 1, after }),
        EXPORT_PAGE,
        keyOf,
        toTrip,
      ),
  });
}

/** The trip with its stops, its GPS track (track.ts: the tracker's or the trip's points) and the emission factor. */
export async function detail(db: Db | Tx, orgId: string, id: string): Promise<TripDetail> {
  const header = await repo.getTrip(db, orgId, id);
  if (!header) throw notFound('Trip');
  // One after another: `db` may be a transaction.
  const stops = await repo.stopsOf(db, orgId, id);
  const track = await trackOf(db, orgId, header.trip);
  const points = await trackPoints(db, track.track);
  const trackKm = await lengthKm(db, track.track);
  const factor = await repo.emissionFactor(db, header.vehicle.type);
  return {
    ...toTrip(header),
    stops: stops.map(toStop),
    points: points.map(toPoint),
    gps_distance_km: trackKm,
    track_source: track.source,
    tracker: track.device,
    emission_factor: toFactor(factor),
  };
}

export const get = (ctx: AppContext, caller: Caller, id: string) => detail(ctx.db, caller.organizationId, id);

/** The audit snapshot: the trip as the API shows it, without its track (thousands of points). */
const snapshot = (t: TripDetail) => ({ ...t, points: undefined });
const stopCount = (n: number) => `${n} stop${n === 1 ? '' : 's'}`;

/**
 * Plans a trip. Its number (TR-2026-000001) comes from the counter of the planned day's year, taken last
 * before the change log, so the counter row is locked only for the log and the commit; a refused or
 * failed plan gives its number back.
 */
export function create(ctx: AppContext, caller: Caller, input: TripPlan, idempotencyKey?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'trips:create', key: idempotencyKey };
  return idempotent(ctx.db, scope, input, async (tx) => {
    const plan = await checkedPlan(tx, org, input, null);
    const id = uuidv7();
    await repo.insertTrip(tx, org, {
      id,
      vehicleId: input.vehicle_id,
      driverId: input.driver_id,
      plannedOn: input.planned_on,
      notes: input.notes || null,
      createdBy: caller.userId,
    });
    await repo.replaceStops(tx, org, id, plan.stops);
    const view = await detail(tx, org, id);
    const number = await repo.takeNumber(tx, org, id, input.planned_on.slice(0, 4));
    const created = { ...view, number };
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'trip',
      entityId: id,
      description: `Planned trip ${number} for ${input.planned_on}: ${plan.vehicle.code}, ${plan.driver.name}, ${stopCount(plan.stops.length)}, ${formatKg(plan.payloadKg)}`,
      after: snapshot(created),
      referenceId: number,
    });
    return { status: 201, body: created };
  });
}

/** Locks a trip for a change, refusing one in the wrong status (422) or read at another version (409). */
export async function lockFor(
  tx: Tx,
  caller: Caller,
  id: string,
  may: TripStatus[],
  refusal: (number: string, status: string) => string,
  version?: number,
) {
  const trip = await repo.lockTrip(tx, caller.organizationId, id);
  if (!trip) throw notFound('Trip');
  if (!may.includes(trip.status))
    throw unprocessable(refusal(trip.number, TRIP_STATUS_LABELS[trip.status].toLowerCase()));
  if (version !== undefined && version !== trip.version)
    throw new AppError('conflict', 'Someone else changed this trip. Reload and try again.');
  return trip;
}

/** Logs a change already made to a trip and answers the trip as it now is. */
export async function logged(
  tx: Tx,
  caller: Caller,
  trip: { id: string; number: string },
  description: string,
  before: Record<string, unknown>,
  after: (t: TripDetail) => Record<string, unknown>,
) {
  const now = await detail(tx, caller.organizationId, trip.id);
  await logChange(tx, caller, {
    type: 'UPDATE_RECORD',
    entityType: 'trip',
    entityId: trip.id,
    description,
    before,
    after: after(now),
    referenceId: trip.number,
  });
  return now;
}

const planOf = (t: TripDetail): TripPlan => ({
  vehicle_id: t.vehicle.id,
  driver_id: t.driver.id,
  planned_on: t.planned_on,
  notes: t.notes,
  stops: t.stops.map((s) => ({
    kind: s.kind,
    dispatch_record_id: s.kind === 'delivery' ? s.record?.id : null,
    receive_record_id: s.kind === 'pickup' ? s.record?.id : null,
    address: s.address,
    latitude: s.latitude,
    longitude: s.longitude,
    planned_at: s.planned_at,
    notes: s.notes,
  })),
});

/**
 * Changes a planned trip: what is sent replaces what it had, the rest stays, and the whole plan is
 * checked again (a vehicle swapped for a smaller one, a record voided since). The number stays.
 */
export function update(ctx: AppContext, caller: Caller, id: string, changes: Changes) {
  const org = caller.organizationId;
  return ctx.db.transaction(async (tx) => {
    const { version, ...sent } = changes;
    const trip = await lockFor(
      tx,
      caller,
      id,
      ['planned'],
      (n, s) => `Only a planned trip can be edited; ${n} is ${s}.`,
      version,
    );
    const before = await detail(tx, org, id);
    const given = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
    const merged: TripPlan = { ...planOf(before), ...given };
    const plan = await checkedPlan(tx, org, merged, id);
    await repo.updateTrip(tx, org, id, {
      vehicleId: merged.vehicle_id,
      driverId: merged.driver_id,
      plannedOn: merged.planned_on,
      notes: merged.notes || null,
    });
    if (sent.stops) await repo.replaceStops(tx, org, id, plan.stops);
    const after = await detail(tx, org, id);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'trip',
      entityId: id,
      description: `Edited planned trip ${trip.number}: ${plan.vehicle.code}, ${plan.driver.name}, ${stopCount(plan.stops.length)}, ${formatKg(plan.payloadKg)}`,
      before: snapshot(before),
      after: snapshot(after),
      referenceId: trip.number,
    });
    return after;
  });
}

/** Cancels a trip not yet completed; its records are free to go on another trip, its track is kept. */
export function cancel(ctx: AppContext, caller: Caller, id: string, reason: string, version?: number) {
  return ctx.db.transaction(async (tx) => {
    const trip = await lockFor(
      tx,
      caller,
      id,
      ['planned', 'in_transit'],
      (n, s) => `${n} is ${s}; only a planned trip or one in transit can be cancelled.`,
      version,
    );
    // Cancelled on the road, it keeps the track it had until now, as a completed trip does: the truck's
    // next job is not this trip's.
    if (trip.status === 'in_transit') await keepTrack(tx, caller.organizationId, trip, new Date());
    await repo.updateTrip(tx, caller.organizationId, id, { status: 'cancelled', cancelReason: reason });
    return logged(
      tx,
      caller,
      trip,
      `Cancelled trip ${trip.number}: ${reason}`,
      { status: trip.status, version: trip.version },
      (t) => ({ status: t.status, cancel_reason: t.cancel_reason, version: t.version }),
    );
  });
}
