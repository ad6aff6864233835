import {
  formatKg,
  formatUnits,
  type StopKind,
  type TripIssue,
  toUnits,
  type tripCreateSchema,
  tripStopIssues,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { StopValues } from './logistics.repo.ts';
import { dispatchesFor, driverOf, type LinkedRecord, receivesFor, vehicleOf } from './records.repo.ts';

// The checks of a trip's plan against the organization's data, at planning and at every edit: an
// active vehicle that can carry what the stops weigh, an active driver licensed on the day, and
// posted records of the organization that no other trip carries.

export type TripPlan = z.output<typeof tripCreateSchema>;

const refused = (code: 'not_found' | 'unprocessable', field: string, message: string) =>
  new AppError(code, message, { fields: { [`body.${field}`]: message } });

function invalid(issues: TripIssue[]) {
  const fields = Object.fromEntries(issues.map((i) => [`body.${i.path.join('.')}`, i.message]));
  return new AppError('validation_failed', issues[0]?.message ?? 'Some fields are invalid', { fields });
}

const RECORD: Record<StopKind, { field: 'dispatch_record_id' | 'receive_record_id'; what: string }> = {
  delivery: { field: 'dispatch_record_id', what: 'dispatch' },
  pickup: { field: 'receive_record_id', what: 'receive record' },
};

const idsOf = (plan: TripPlan, kind: StopKind) =>
  plan.stops.flatMap((s) => (s.kind === kind ? [s[RECORD[kind].field] ?? ''] : []));

/**
 * Checks a plan (`tripId`: the trip being edited, whose own stops do not count as another trip's) and
 * answers its vehicle, driver, stops as stored and the kg they carry. The records are locked until the
 * transaction ends. Also the schema's rules, for callers that skip it (the demo seed, an edit merged
 * with what the trip had).
 */
export async function checkedPlan(tx: Tx, orgId: string, plan: TripPlan, tripId: string | null) {
  const issues = tripStopIssues(plan.stops);
  if (issues.length > 0) throw invalid(issues);
  const vehicle = await vehicleOf(tx, orgId, plan.vehicle_id);
  if (!vehicle) throw refused('not_found', 'vehicle_id', 'Vehicle not found');
  if (vehicle.archivedAt)
    throw refused(
      'unprocessable',
      'vehicle_id',
      `${vehicle.code} is archived: restore it to plan trips with it`,
    );
  const driver = await driverOf(tx, orgId, plan.driver_id);
  if (!driver) throw refused('not_found', 'driver_id', 'Driver not found');
  if (driver.archivedAt)
    throw refused(
      'unprocessable',
      'driver_id',
      `${driver.name} is archived: restore them to plan trips with them`,
    );
  if (driver.licenceExpiresOn < plan.planned_on)
    throw refused(
      'unprocessable',
      'driver_id',
      `${driver.name}’s licence expired on ${driver.licenceExpiresOn}, before the trip’s day (${plan.planned_on})`,
    );
  // One after another: a transaction is one connection.
  const dispatches = await dispatchesFor(tx, orgId, idsOf(plan, 'delivery'), tripId);
  const receives = await receivesFor(tx, orgId, idsOf(plan, 'pickup'), tripId);
  const found = new Map<string, LinkedRecord>([...dispatches, ...receives].map((r) => [r.id, r]));
  let grams = 0n;
  const stops = plan.stops.map((s, i): StopValues => {
    const { field, what } = RECORD[s.kind];
    const at = `stops.${i}.${field}`;
    const record = found.get(s[field] ?? '');
    if (!record) throw refused('not_found', at, `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`);
    if (record.status !== 'posted')
      throw refused(
        'unprocessable',
        at,
        `${record.number} is ${record.status}: only a posted ${what} goes on a trip`,
      );
    if (record.onTrip)
      throw refused('unprocessable', at, `${record.number} is already on trip ${record.onTrip}`);
    grams += toUnits(record.kg, 3);
    const delivery = s.kind === 'delivery';
    return {
      kind: s.kind,
      customerId: delivery ? record.partyId : null,
      supplierId: delivery ? null : record.partyId,
      dispatchRecordId: delivery ? record.id : null,
      receiveRecordId: delivery ? null : record.id,
      address: s.address || record.address,
      latitude: s.latitude ?? null,
      longitude: s.longitude ?? null,
      plannedAt: s.planned_at ? new Date(s.planned_at) : null,
      notes: s.notes || null,
    };
  });
  const payloadKg = formatUnits(grams, 3);
  if (grams > toUnits(vehicle.capacityKg, 3))
    throw refused(
      'unprocessable',
      'stops',
      `The stops carry ${formatKg(payloadKg)}, above the ${formatKg(vehicle.capacityKg)} ${vehicle.code} can carry`,
    );
  return { vehicle, driver, stops, payloadKg };
}
