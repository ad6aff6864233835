import type {
  Material,
  materialCreateSchema,
  materialListQuerySchema,
  materialUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './materials.repo.ts';
import { MATERIAL_CSV, materialValues, toMaterial } from './materials.views.ts';

const PLURAL = 'materials';
const kind: records.RecordKind<repo.MaterialRow, Material, repo.MaterialValues> = {
  entityType: 'material',
  noun: 'material',
  find: repo.getMaterial,
  insert: repo.insertMaterial,
  update: repo.updateMaterial,
  view: toMaterial,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: PLURAL,
  // Supplier members read materials: their deliveries are weighed and priced by material.
  list: repo.listMaterials,
  filters: (q: Omit<z.output<typeof materialListQuerySchema>, 'limit' | 'cursor'>) => ({
    polymer: q.polymer,
    form: q.form,
    grade: q.grade,
  }),
  csv: MATERIAL_CSV,
});

async function checkType(tx: Tx, code: string | null | undefined) {
  if (code && !(await repo.materialTypeExists(tx, code)))
    throw records.invalid({ type_code: `Unknown material type: ${code}` });
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof materialCreateSchema>) {
  return records.createRecord(ctx, caller, kind, materialValues(body) as repo.MaterialValues, (tx) =>
    checkType(tx, body.type_code),
  );
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof materialUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, materialValues(body), (tx) =>
    checkType(tx, body.type_code),
  );
}
