import type {
  ProductionLine,
  productionLineCreateSchema,
  productionLineListQuerySchema,
  productionLineUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import { getActiveFacility } from '../facilities/facilities.repo.ts';
import * as records from '../masterdata/records.ts';
import { unknownReferenceCodes } from '../process-types/process-types.repo.ts';
import * as repo from './production-lines.repo.ts';
import { PRODUCTION_LINE_CSV, productionLineValues, toProductionLine } from './production-lines.views.ts';

type Input = Partial<z.output<typeof productionLineCreateSchema>>;

const PLURAL = 'production lines';
const kind: records.RecordKind<repo.ProductionLineRow, ProductionLine, repo.ProductionLineValues> = {
  entityType: 'production_line',
  noun: 'production line',
  find: repo.getProductionLine,
  insert: repo.insertProductionLine,
  update: repo.updateProductionLine,
  view: toProductionLine,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: PLURAL,
  list: repo.listProductionLines,
  filters: (q: Omit<z.output<typeof productionLineListQuerySchema>, 'limit' | 'cursor'>) => ({
    facilityId: q.facility_id,
    processCode: q.process_code,
  }),
  csv: PRODUCTION_LINE_CSV,
});

/** The facility is the organization's and active; the process steps are reference process types. */
async function checkReferences(tx: Tx, caller: Caller, b: Input) {
  const problems: Record<string, string> = {};
  if (b.facility_id && !(await getActiveFacility(tx, caller.organizationId, b.facility_id)))
    problems.facility_id = 'Facility not found or archived';
  const unknown = await unknownReferenceCodes(tx, b.process_codes ?? []);
  if (unknown.length)
    problems.process_codes = `Unknown process type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
  if (Object.keys(problems).length) throw records.invalid(problems);
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof productionLineCreateSchema>) {
  return records.createRecord(
    ctx,
    caller,
    kind,
    productionLineValues(body) as repo.ProductionLineValues,
    (tx) => checkReferences(tx, caller, body),
  );
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof productionLineUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, productionLineValues(body), (tx, before) =>
    // Moving a line needs an active facility; keeping its (now archived) facility is fine.
    checkReferences(tx, caller, {
      ...body,
      facility_id: body.facility_id === before.facilityId ? undefined : body.facility_id,
    }),
  );
}
