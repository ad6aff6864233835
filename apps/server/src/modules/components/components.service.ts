import type {
  Component,
  componentCreateSchema,
  componentListQuerySchema,
  componentUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import { getActiveMaterial } from '../materials/materials.repo.ts';
import { getActiveSupplier } from '../suppliers/suppliers.repo.ts';
import * as repo from './components.repo.ts';
import { COMPONENT_CSV, componentValues, toComponent } from './components.views.ts';

type Input = Partial<z.output<typeof componentCreateSchema>>;

const kind: records.RecordKind<repo.ComponentRow, Component, repo.ComponentValues> = {
  entityType: 'component',
  noun: 'component',
  find: repo.getComponent,
  insert: repo.insertComponent,
  update: repo.updateComponent,
  view: toComponent,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: 'components',
  list: repo.listComponents,
  filters: (q: Omit<z.output<typeof componentListQuerySchema>, 'limit' | 'cursor'>) => ({
    polymer: q.polymer,
    packagingCategory: q.packaging_category,
  }),
  csv: COMPONENT_CSV,
});

/** A material or supplier it names is the organization's and active. */
async function checkReferences(tx: Tx, caller: Caller, b: Input) {
  const problems: Record<string, string> = {};
  if (b.material_id && !(await getActiveMaterial(tx, caller.organizationId, b.material_id)))
    problems.material_id = 'Material not found or archived';
  if (b.supplier_id && !(await getActiveSupplier(tx, caller.organizationId, b.supplier_id)))
    problems.supplier_id = 'Supplier not found or archived';
  if (Object.keys(problems).length) throw records.invalid(problems);
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof componentCreateSchema>) {
  return records.createRecord(ctx, caller, kind, componentValues(body) as repo.ComponentValues, (tx) =>
    checkReferences(tx, caller, body),
  );
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof componentUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, componentValues(body), (tx, before) =>
    checkReferences(tx, caller, {
      material_id: body.material_id === before.materialId ? undefined : body.material_id,
      supplier_id: body.supplier_id === before.supplierId ? undefined : body.supplier_id,
    }),
  );
}
