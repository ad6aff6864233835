import type {
  Vehicle,
  vehicleCreateSchema,
  vehicleListQuerySchema,
  vehicleUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import { getActiveHauler } from './haulers.repo.ts';
import * as repo from './vehicles.repo.ts';
import { toVehicle, VEHICLE_CSV, vehicleValues } from './vehicles.views.ts';

type Input = Partial<z.output<typeof vehicleCreateSchema>>;

const kind: records.RecordKind<repo.VehicleRow, Vehicle, repo.VehicleValues> = {
  entityType: 'vehicle',
  noun: 'vehicle',
  find: repo.getVehicle,
  insert: repo.insertVehicle,
  update: repo.updateVehicle,
  view: toVehicle,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: 'vehicles',
  list: repo.listVehicles,
  filters: (q: Omit<z.output<typeof vehicleListQuerySchema>, 'limit' | 'cursor'>) => ({
    type: q.type,
    haulerId: q.hauler_id,
  }),
  csv: VEHICLE_CSV,
});

/**
 * The hauler is the organization's and active. A plate already on file is refused in the yard's words
 * (the unique constraint would say "code"), and an archived truck is pointed out so it is restored
 * rather than entered twice.
 */
async function checkVehicle(tx: Tx, caller: Caller, b: Input, self?: string) {
  if (b.hauler_id && !(await getActiveHauler(tx, caller.organizationId, b.hauler_id)))
    throw records.invalid({ hauler_id: 'Hauler not found or archived' });
  const holder = b.code ? await repo.vehicleWithPlate(tx, caller.organizationId, b.code) : undefined;
  if (holder && holder.id !== self) {
    const message = `A vehicle with plate number ${b.code} is already registered${holder.archivedAt ? ' (archived: restore it instead)' : ''}`;
    throw new AppError('conflict', message, { fields: { 'body.code': message } });
  }
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof vehicleCreateSchema>) {
  return records.createRecord(ctx, caller, kind, vehicleValues(body) as repo.VehicleValues, (tx) =>
    checkVehicle(tx, caller, body),
  );
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof vehicleUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, vehicleValues(body), (tx, before) =>
    // Moving a truck to a hauler needs an active one; keeping its (now archived) hauler is fine.
    checkVehicle(
      tx,
      caller,
      { ...body, hauler_id: body.hauler_id === before.haulerId ? undefined : body.hauler_id },
      id,
    ),
  );
}
