import type {
  Hauler,
  haulerCreateSchema,
  haulerListQuerySchema,
  haulerUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './haulers.repo.ts';
import { HAULER_CSV, haulerValues, toHauler } from './haulers.views.ts';

const kind: records.RecordKind<repo.HaulerRow, Hauler, repo.HaulerValues> = {
  entityType: 'hauler',
  noun: 'hauler',
  find: repo.getHauler,
  insert: repo.insertHauler,
  update: repo.updateHauler,
  view: toHauler,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: 'haulers',
  list: repo.listHaulers,
  filters: (q: Omit<z.output<typeof haulerListQuerySchema>, 'limit' | 'cursor'>) => ({
    accreditationStatus: q.accreditation_status,
  }),
  csv: HAULER_CSV,
});

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof haulerCreateSchema>) {
  return records.createRecord(ctx, caller, kind, haulerValues(body) as repo.HaulerValues);
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof haulerUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, haulerValues(body));
}
