import { TRIP_STATUS_LABELS, type Trip, type TripDetail, type TripStop } from '@plastrace/shared';
import type { CsvColumn } from '../../lib/listing.ts';
import type * as repo from './logistics.repo.ts';

type Point = { recordedAt: Date; latitude: string; longitude: string };
type Factor = NonNullable<Awaited<ReturnType<typeof repo.emissionFactor>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTrip(h: repo.TripHeader): Trip {
  const t = h.trip;
  return {
    id: t.id,
    number: t.number,
    status: t.status,
    vehicle: {
      id: h.vehicle.id,
      code: h.vehicle.code,
      name: h.vehicle.name,
      type: h.vehicle.type,
      capacity_kg: h.vehicle.capacityKg,
    },
    driver: h.driver,
    planned_on: t.plannedOn,
    started_at: iso(t.startedAt),
    completed_at: iso(t.completedAt),
    stops_count: h.stopsCount,
    payload_kg: h.payloadKg,
    distance_km: t.distanceKm,
    co2e_kg: t.co2eKg,
    co2e_factor: t.co2eFactor,
    co2e_source: t.co2eSource,
    notes: t.notes,
    cancel_reason: t.cancelReason,
    created_by: h.createdBy,
    created_at: t.createdAt.toISOString(),
    version: t.version,
  };
}

export function toStop(r: repo.StopRow): TripStop {
  const s = r.stop;
  const record = s.kind === 'delivery' ? r.dispatch : r.receive;
  const party = s.kind === 'delivery' ? r.customer : r.supplier;
  return {
    id: s.id,
    seq: s.seq,
    kind: s.kind,
    party: party?.id ? party : null,
    record: record?.id ? { ...record, kg: r.kg ?? '0.000' } : null,
    address: s.address,
    latitude: s.latitude,
    longitude: s.longitude,
    planned_at: iso(s.plannedAt),
    arrived_at: iso(s.arrivedAt),
    departed_at: iso(s.departedAt),
    notes: s.notes,
  };
}

export const toPoint = (p: Point): TripDetail['points'][number] => ({
  recorded_at: p.recordedAt.toISOString(),
  latitude: p.latitude,
  longitude: p.longitude,
});

export const toFactor = (f: Factor | undefined): TripDetail['emission_factor'] =>
  f
    ? {
        vehicle_type: f.vehicleType,
        kg_co2e_per_tonne_km: f.kgCo2ePerTonneKm,
        source: f.source,
        verified: f.verified,
        ref_version: f.refVersion,
      }
    : null;

export const TRIP_CSV: CsvColumn<Trip>[] = [
  ['number', (t) => t.number],
  ['status', (t) => TRIP_STATUS_LABELS[t.status]],
  ['planned_on', (t) => t.planned_on],
  ['vehicle', (t) => t.vehicle.code],
  ['vehicle_type', (t) => t.vehicle.type],
  ['driver', (t) => t.driver.name],
  ['stops', (t) => t.stops_count],
  ['payload_kg', (t) => t.payload_kg],
  ['distance_km', (t) => t.distance_km],
  ['co2e_kg', (t) => t.co2e_kg],
  ['co2e_factor_kg_per_tonne_km', (t) => t.co2e_factor],
  ['co2e_source', (t) => t.co2e_source],
  ['started_at', (t) => t.started_at],
  ['completed_at', (t) => t.completed_at],
  ['cancel_reason', (t) => t.cancel_reason],
];
