import type {
  OrgProcessType,
  processTypeCreateSchema,
  processTypeListQuerySchema,
  processTypeUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './process-types.repo.ts';
import { PROCESS_TYPE_CSV, processTypeValues, toProcessType } from './process-types.views.ts';

const PLURAL = 'process types';
const kind: records.RecordKind<repo.ProcessTypeRow, OrgProcessType, repo.ProcessTypeValues> = {
  entityType: 'process_type',
  noun: 'process type',
  find: repo.getProcessType,
  insert: repo.insertProcessType,
  update: repo.updateProcessType,
  view: toProcessType,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: PLURAL,
  // Supplier members read process types: the histories of lots made from their deliveries name them.
  list: repo.listProcessTypes,
  filters: (q: Omit<z.output<typeof processTypeListQuerySchema>, 'limit' | 'cursor'>) => ({
    referenceCode: q.reference_code,
  }),
  csv: PROCESS_TYPE_CSV,
});

async function checkReference(tx: Tx, code: string | undefined) {
  if (code && (await repo.unknownReferenceCodes(tx, [code])).length)
    throw records.invalid({ reference_code: `Unknown reference process type: ${code}` });
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof processTypeCreateSchema>) {
  return records.createRecord(ctx, caller, kind, processTypeValues(body) as repo.ProcessTypeValues, (tx) =>
    checkReference(tx, body.reference_code),
  );
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof processTypeUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, processTypeValues(body), (tx) =>
    checkReference(tx, body.reference_code),
  );
}
