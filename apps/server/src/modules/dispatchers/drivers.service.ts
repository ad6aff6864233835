import type {
  Driver,
  driverCreateSchema,
  driverListQuerySchema,
  driverUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './drivers.repo.ts';
import { DRIVER_CSV, driverValues, toDriver } from './drivers.views.ts';

const kind: records.RecordKind<repo.DriverRow, Driver, repo.DriverValues> = {
  entityType: 'driver',
  noun: 'driver',
  find: repo.getDriver,
  insert: repo.insertDriver,
  update: repo.updateDriver,
  view: toDriver,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: 'drivers',
  list: repo.listDrivers,
  filters: (q: Omit<z.output<typeof driverListQuerySchema>, 'limit' | 'cursor'>) => ({
    licenceStatus: q.licence_status,
  }),
  csv: DRIVER_CSV,
});

// An expired licence is recorded as it is: the driver stays on file, flagged, and dispatch_write
// refuses to assign them until the new expiry date is entered.
export function create(ctx: AppContext, caller: Caller, body: z.output<typeof driverCreateSchema>) {
  return records.createRecord(ctx, caller, kind, driverValues(body) as repo.DriverValues);
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof driverUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, driverValues(body));
}
