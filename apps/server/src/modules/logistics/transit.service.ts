import {
  formatKg,
  STOP_KIND_LABELS,
  type stopTimeSchema,
  transportCo2eKg,
  type tripCompleteSchema,
  type tripPointsSchema,
  type tripStartSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, assertNotFuture, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import * as repo from './logistics.repo.ts';
import { lockFor, logged } from './logistics.service.ts';
import { vehicleOf } from './records.repo.ts';
import { keepTrack } from './track.ts';
import { lengthKm } from './tracker.repo.ts';

// A trip under way: started, its stops reached and left, its GPS track reported, then completed with
// the distance driven and the transport emissions of what it carried (tonnes × km × the vehicle type's
// factor), fixed at completion with the factor and its source.

type Start = z.output<typeof tripStartSchema>;
type StopTime = z.output<typeof stopTimeSchema>;
type Points = z.output<typeof tripPointsSchema>['points'];
type Completion = z.output<typeof tripCompleteSchema>;

/** A time refused in terms of the field it came in (422: the request is well formed, the time is not). */
const refusedTime = (field: string, message: string) =>
  new AppError('unprocessable', message, { fields: { [`body.${field}`]: message } });

/** The time given, or now; never in the future, never before the trip started. */
function timeOf(given: string | undefined, field: string, what: string, startedAt: Date | null) {
  const at = given ? new Date(given) : new Date();
  assertNotFuture(at, field, what);
  if (startedAt && at < startedAt) throw refusedTime(field, `${what} cannot be before the trip started`);
  return at;
}

const inTransit = (n: string, s: string) =>
  `${n} is ${s}: stops and GPS points are recorded while it is in transit.`;

/** planned → in transit. */
export function start(ctx: AppContext, caller: Caller, id: string, body: Start = {}) {
  return ctx.db.transaction(async (tx) => {
    const trip = await lockFor(
      tx,
      caller,
      id,
      ['planned'],
      (n, s) => `${n} is ${s}; only a planned trip can start.`,
      body.version,
    );
    const at = timeOf(body.started_at, 'started_at', 'The start', null);
    await repo.updateTrip(tx, caller.organizationId, id, { status: 'in_transit', startedAt: at });
    return logged(
      tx,
      caller,
      trip,
      `Started trip ${trip.number}`,
      { status: trip.status, version: trip.version },
      (t) => ({ status: t.status, started_at: t.started_at, version: t.version }),
    );
  });
}

/** Records reaching (`arrived`) or leaving (`departed`) a stop: once each, leaving after reaching. */
function stopTime(event: 'arrived' | 'departed') {
  const what = event === 'arrived' ? 'The arrival' : 'The departure';
  return (ctx: AppContext, caller: Caller, id: string, stopId: string, body: StopTime = {}) =>
    ctx.db.transaction(async (tx) => {
      const org = caller.organizationId;
      const trip = await lockFor(tx, caller, id, ['in_transit'], inTransit);
      const stop = await repo.stopOf(tx, org, id, stopId);
      if (!stop) throw notFound('Stop');
      const at = timeOf(body.at, 'at', what, trip.startedAt);
      const name = `stop ${stop.seq} (${STOP_KIND_LABELS[stop.kind].toLowerCase()})`;
      if (event === 'arrived') {
        if (stop.arrivedAt) throw refusedTime('at', `The arrival at ${name} is already recorded`);
        await repo.setStopTime(tx, org, stopId, { arrivedAt: at });
      } else {
        if (!stop.arrivedAt) throw refusedTime('at', `Record the arrival at ${name} first`);
        if (stop.departedAt) throw refusedTime('at', `The departure from ${name} is already recorded`);
        if (at < stop.arrivedAt) throw refusedTime('at', 'The departure cannot be before the arrival');
        await repo.setStopTime(tx, org, stopId, { departedAt: at });
      }
      // The stop is part of the trip: its version moves, so an edit read before it is refused.
      await repo.updateTrip(tx, org, id, {});
      const field = `${event}_at`;
      return logged(
        tx,
        caller,
        trip,
        `${event === 'arrived' ? 'Arrived at' : 'Left'} ${name} of trip ${trip.number}`,
        { stop: stop.seq, [field]: null },
        (t) => ({ stop: stop.seq, [field]: at.toISOString(), version: t.version }),
      );
    });
}

export const arrive = stopTime('arrived');
export const depart = stopTime('departed');

/**
 * Adds a batch of GPS points. They do not move the trip's version: a tracker reports every few
 * minutes and would otherwise refuse every edit and completion read between two reports.
 */
export function addPoints(ctx: AppContext, caller: Caller, id: string, points: Points) {
  return ctx.db.transaction(async (tx) => {
    const org = caller.organizationId;
    const trip = await lockFor(tx, caller, id, ['in_transit'], inTransit);
    // A resent buffer of an earlier trip, or a phone with a wrong clock, must not lengthen the track.
    for (const [i, p] of points.entries())
      timeOf(p.recorded_at, `points.${i}.recorded_at`, 'A GPS point', trip.startedAt);
    const added = await repo.addPoints(
      tx,
      org,
      id,
      points.map((p) => ({ recordedAt: p.recorded_at, latitude: p.latitude, longitude: p.longitude })),
    );
    const total = await repo.pointCount(tx, org, id);
    if (added > 0)
      await logChange(tx, caller, {
        type: 'UPDATE_RECORD',
        entityType: 'trip',
        entityId: id,
        description: `Recorded ${added} GPS point${added === 1 ? '' : 's'} of trip ${trip.number}`,
        before: { points: total - added },
        after: { points: total },
        referenceId: trip.number,
      });
    return { added, total };
  });
}

/**
 * in transit → completed. The distance is the one entered, else the GPS track's length; the payload is
 * what the stops' posted records weigh; the emissions are tonnes × km × the reference factor of the
 * vehicle's type, exactly — or none, said so, for a type without a factor.
 */
export function complete(ctx: AppContext, caller: Caller, id: string, body: Completion = {}) {
  return ctx.db.transaction(async (tx) => {
    const org = caller.organizationId;
    const trip = await lockFor(
      tx,
      caller,
      id,
      ['in_transit'],
      (n, s) => `${n} is ${s}; only a trip in transit can be completed.`,
      body.version,
    );
    const at = timeOf(body.completed_at, 'completed_at', 'The completion', trip.startedAt);
    // The track is kept whatever the distance: the tracker's up to the completion, or the trip's points.
    const kept = await keepTrack(tx, org, trip, at);
    // The odometer's distance, else the kept track's.
    const km = body.distance_km ?? (await lengthKm(tx, kept.track));
    if (km === null) throw refusedTime('distance_km', 'Enter the distance driven');
    const payloadKg = await repo.payloadOf(tx, id);
    const vehicle = await vehicleOf(tx, org, trip.vehicleId);
    if (!vehicle) throw new Error(`trip ${id} names no vehicle of its organization`);
    const factor = await repo.emissionFactor(tx, vehicle.type);
    const co2eKg = factor ? transportCo2eKg(payloadKg, km, factor.kgCo2ePerTonneKm) : null;
    await repo.updateTrip(tx, org, id, {
      status: 'completed',
      completedAt: at,
      distanceKm: km,
      payloadKg,
      co2eKg,
      co2eFactor: factor?.kgCo2ePerTonneKm ?? null,
      co2eSource: factor
        ? `${factor.source} (${factor.refVersion}${factor.verified ? '' : ', unverified'})`
        : `No transport emission factor for a ${vehicle.type.replaceAll('_', ' ')}: its emissions are not counted`,
    });
    const emitted = co2eKg === null ? 'no emission factor' : `${formatKg(co2eKg)} CO2e`;
    return logged(
      tx,
      caller,
      trip,
      `Completed trip ${trip.number}: ${km} km, ${formatKg(payloadKg)} carried, ${emitted}`,
      { status: trip.status, version: trip.version },
      (t) => ({
        status: t.status,
        completed_at: t.completed_at,
        distance_km: t.distance_km,
        payload_kg: t.payload_kg,
        co2e_kg: t.co2e_kg,
        co2e_factor: t.co2e_factor,
        version: t.version,
      }),
    );
  });
}
