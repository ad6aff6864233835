import { toUnits, tripCreateSchema } from '@plastrace/shared';
import { and, asc, desc, eq, gte, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import {
  dispatchRecords,
  drivers,
  facilities,
  receiveLines,
  receiveRecords,
  suppliers,
  tripStops,
  vehicles,
} from '../db/schema/index.ts';
import { dayIn } from '../lib/time.ts';
import * as trips from '../modules/logistics/logistics.service.ts';
import * as transit from '../modules/logistics/transit.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';
import { DEMO_ORG } from './data.ts';

export type LogisticsCounts = { trips: number };

// The demo plant's own trucks collecting from its suppliers into the Valenzuela plant (MNL1): two
// trips done (one measured by its GPS track, one by the odometer), one on the road now, and one planned
// for tomorrow — delivering posted dispatches when the demo has some awaiting delivery. Through the
// real services, so numbers, logs and emissions are what a user would get.

/** Near each supplier city's hall: where the demo's pick-ups are drawn on the map. */
const PLACES: Record<string, [number, number]> = {
  'Quezon City': [14.676, 121.0437],
  Manila: [14.5995, 120.9842],
  Caloocan: [14.6507, 120.9676],
  Malabon: [14.6681, 120.9658],
  Navotas: [14.6667, 120.9417],
  Pasig: [14.5764, 121.0851],
};
const MINUTE = 60_000;
const STOPS_PER_TRIP = 3;

type Place = { at: Date; lat: number; lon: number };
type Load = { ids: string[]; kg: bigint; places: [number, number][]; receivedAt: Date };

/** Points every few minutes along straight legs between the places, as a phone in the cab reports. */
function track(places: Place[]) {
  return places.slice(1).flatMap((to, i) => {
    const from = places[i] as Place;
    return [0, 1, 2, 3].map((k) => ({
      recorded_at: new Date(
        from.at.getTime() + ((to.at.getTime() - from.at.getTime()) * k) / 4,
      ).toISOString(),
      latitude: (from.lat + ((to.lat - from.lat) * k) / 4).toFixed(6),
      longitude: (from.lon + ((to.lon - from.lon) * k) / 4).toFixed(6),
    }));
  });
}

/** The newest posted deliveries into the plant from Metro Manila suppliers, on no trip, in loads of a few. */
async function loads(ctx: AppContext, orgId: string, plantId: string, asOf: Date, capacity: bigint) {
  const r = receiveRecords;
  const rows = await ctx.db
    .select({
      id: r.id,
      receivedAt: r.receivedAt,
      city: suppliers.city,
      kg: sql<string>`(SELECT sum(net_kg) FROM ${receiveLines} WHERE record_id = ${r.id})::text`,
    })
    .from(r)
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .where(
      and(
        eq(r.organizationId, orgId),
        eq(r.facilityId, plantId),
        eq(r.status, 'posted'),
        lte(r.receivedAt, asOf),
        notExists(ctx.db.select().from(tripStops).where(eq(tripStops.receiveRecordId, r.id))),
      ),
    )
    .orderBy(desc(r.receivedAt))
    .limit(40);
  const out: Load[] = [];
  let load: Load | undefined;
  for (const row of rows) {
    const place = PLACES[row.city ?? ''];
    const kg = toUnits(row.kg, 3);
    if (!place || kg > capacity) continue;
    if (!load || load.ids.length === STOPS_PER_TRIP || load.kg + kg > capacity) {
      load = { ids: [], kg: 0n, places: [], receivedAt: row.receivedAt };
      out.push(load);
    }
    load.ids.push(row.id);
    load.kg += kg;
    // Stops of one city apart by a few hundred metres, so the map shows each.
    load.places.push([place[0] + load.ids.length * 0.004, place[1] - load.ids.length * 0.003]);
  }
  return out;
}

/** A few trips of the demo organization's fleet, dated from the demo's day `asOf`. */
export async function seedLogistics(ctx: AppContext, operator: Caller, asOf: Date): Promise<LogisticsCounts> {
  const org = operator.organizationId;
  const tomorrow = dayIn(new Date(asOf.getTime() + 1440 * MINUTE), DEMO_ORG.timeZone);
  const [plant] = await ctx.db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, org), eq(facilities.code, 'MNL1')));
  const fleet = await ctx.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.organizationId, org), isNull(vehicles.archivedAt), ne(vehicles.type, 'tricycle')))
    .orderBy(asc(vehicles.capacityKg));
  const crew = await ctx.db
    .select()
    .from(drivers)
    .where(
      and(
        eq(drivers.organizationId, org),
        isNull(drivers.archivedAt),
        gte(drivers.licenceExpiresOn, tomorrow),
      ),
    )
    .orderBy(asc(drivers.code));
  const biggest = fleet.at(-1);
  if (!plant?.latitude || !plant.longitude || !biggest || crew.length === 0) return { trips: 0 };
  const home = [Number(plant.latitude), Number(plant.longitude)] as const;
  const [onRoad, viaGps, viaOdometer, next] = await loads(
    ctx,
    org,
    plant.id,
    asOf,
    toUnits(biggest.capacityKg, 3),
  );
  let made = 0;

  /** Plans a trip on the smallest truck that carries `kg`. */
  const plan = async (kg: bigint, day: string, stops: object[], at: Date) => {
    await clockAt(ctx.db, at);
    const vehicle = fleet.find((v) => toUnits(v.capacityKg, 3) >= kg) ?? biggest;
    const driver = crew[made % crew.length];
    const out = await trips.create(
      ctx,
      operator,
      tripCreateSchema.parse({ vehicle_id: vehicle.id, driver_id: driver?.id, planned_on: day, stops }),
    );
    made++;
    return out.body;
  };
  const pickups = (load: Load) =>
    load.ids.map((id, i) => ({
      kind: 'pickup',
      receive_record_id: id,
      latitude: load.places[i]?.[0].toFixed(6),
      longitude: load.places[i]?.[1].toFixed(6),
    }));

  /** Drives a planned trip from `start`: each stop 40 minutes after the last, 15 minutes there. */
  const drive = async (load: Load, start: Date, finish: { distanceKm?: string } | null) => {
    // Planned the afternoon before, each step recorded as it happened.
    const trip = await plan(
      load.kg,
      dayIn(start, DEMO_ORG.timeZone),
      pickups(load),
      new Date(start.getTime() - 16 * 60 * MINUTE),
    );
    await clockAt(ctx.db, start);
    await transit.start(ctx, operator, trip.id, { started_at: start.toISOString() });
    const places: Place[] = [{ at: start, lat: home[0], lon: home[1] }];
    for (const [i, stop] of trip.stops.entries()) {
      const arrived = new Date(start.getTime() + (i + 1) * 40 * MINUTE);
      if (!finish && arrived > asOf) break;
      await clockAt(ctx.db, arrived);
      await transit.arrive(ctx, operator, trip.id, stop.id, { at: arrived.toISOString() });
      await clockAt(ctx.db, arrived, 15);
      await transit.depart(ctx, operator, trip.id, stop.id, {
        at: new Date(arrived.getTime() + 15 * MINUTE).toISOString(),
      });
      places.push({ at: arrived, lat: Number(stop.latitude), lon: Number(stop.longitude) });
    }
    const end = new Date(start.getTime() + (trip.stops.length + 1) * 40 * MINUTE);
    if (finish) places.push({ at: end, lat: home[0], lon: home[1] });
    await clockAt(ctx.db, finish ? end : (places.at(-1)?.at ?? start));
    await transit.addPoints(ctx, operator, trip.id, track(places));
    if (finish)
      await transit.complete(ctx, operator, trip.id, {
        distance_km: finish.distanceKm,
        completed_at: end.toISOString(),
      });
  };

  // Done, the older first: each started three hours before its first delivery was weighed in.
  for (const [load, finish] of [
    [viaOdometer, { distanceKm: '38.6' }],
    [viaGps, {}],
  ] as const)
    if (load) await drive(load, new Date(load.receivedAt.getTime() - 180 * MINUTE), finish);
  if (onRoad) await drive(onRoad, new Date(asOf.getTime() - 100 * MINUTE), null);

  // Tomorrow: the dispatches still on their way to customers, else the next pick-ups, planned an hour ago.
  const planned = new Date(asOf.getTime() - 60 * MINUTE);
  const awaiting = await ctx.db
    .select({ id: dispatchRecords.id, kg: dispatchRecords.totalKg })
    .from(dispatchRecords)
    .where(
      and(
        eq(dispatchRecords.organizationId, org),
        eq(dispatchRecords.status, 'posted'),
        isNull(dispatchRecords.deliveredAt),
        notExists(ctx.db.select().from(tripStops).where(eq(tripStops.dispatchRecordId, dispatchRecords.id))),
      ),
    )
    .orderBy(asc(dispatchRecords.dispatchedAt))
    .limit(STOPS_PER_TRIP);
  const kg = awaiting.reduce((sum, d) => sum + toUnits(d.kg ?? '0', 3), 0n);
  if (awaiting.length > 0 && kg <= toUnits(biggest.capacityKg, 3))
    await plan(
      kg,
      tomorrow,
      awaiting.map((d) => ({ kind: 'delivery', dispatch_record_id: d.id })),
      planned,
    );
  else if (next) await plan(next.kg, tomorrow, pickups(next), planned);
  return { trips: made };
}
