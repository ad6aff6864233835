import type {
  Bom,
  bomCreateSchema,
  bomListQuerySchema,
  bomUpdateSchema,
  bomVersionInputSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { activeComponents } from '../components/components.repo.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './boms.repo.ts';
import { BOM_CSV, toBom } from './boms.views.ts';

type VersionInput = z.output<typeof bomVersionInputSchema>;
type Values = repo.ProductValues & { firstVersion: repo.NewVersion };

const kind: records.RecordKind<repo.BomRow, Bom, Values> = {
  entityType: 'bom',
  noun: 'product',
  find: repo.getBom,
  insert: repo.insertBom,
  update: repo.updateProduct,
  view: (row) => toBom(row),
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: 'boms',
  list: repo.listBoms,
  filters: (_: Omit<z.output<typeof bomListQuerySchema>, 'limit' | 'cursor'>) => ({}),
  csv: BOM_CSV,
});

/** Every component of a version is the organization's and active (a BOM in use names live parts). */
async function checkComponents(tx: Tx, caller: Caller, v: VersionInput, field: string) {
  const ids = [...new Set(v.lines.map((l) => l.component_id))];
  const found = new Set((await activeComponents(tx, caller.organizationId, ids)).map((c) => c.id));
  const problems: Record<string, string> = {};
  v.lines.forEach((l, i) => {
    if (!found.has(l.component_id))
      problems[`${field}lines.${i}.component_id`] = 'Component not found or archived';
  });
  if (v.lines.length !== ids.length) {
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      if (seen.has(l.component_id))
        problems[`${field}lines.${i}.component_id`] =
          'This component is listed twice: give it once with its quantity';
      seen.add(l.component_id);
    });
  }
  if (Object.keys(problems).length) throw records.invalid(problems);
}

const newVersion = (caller: Caller, v: VersionInput): repo.NewVersion => ({
  effectiveFrom: v.effective_from,
  notes: v.notes ?? null,
  lines: v.lines.map((l) => ({ componentId: l.component_id, quantity: l.quantity })),
  createdBy: caller.userId,
});

/** A product with its first BOM version, in one transaction. */
export function create(ctx: AppContext, caller: Caller, body: z.output<typeof bomCreateSchema>) {
  const { first_version, packaging_format, ...product } = body;
  return records.createRecord(
    ctx,
    caller,
    kind,
    {
      ...product,
      gtin: product.gtin ?? null,
      packagingFormat: packaging_format ?? null,
      firstVersion: newVersion(caller, first_version),
    },
    (tx) => checkComponents(tx, caller, first_version, 'first_version.'),
  );
}

/** The product's own fields; its BOM changes only by a new version. */
export function update(ctx: AppContext, caller: Caller, id: string, body: z.output<typeof bomUpdateSchema>) {
  const { version, packaging_format, ...product } = body;
  return records.updateRecord(ctx, caller, kind, id, version, {
    ...product,
    ...(packaging_format === undefined ? {} : { packagingFormat: packaging_format }),
  } as Partial<Values>);
}

/** A new BOM version from a day on; versions already made never change. */
export async function addVersion(ctx: AppContext, caller: Caller, id: string, body: VersionInput) {
  return ctx.db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, caller.organizationId, id);
    if (!product) throw notFound('Product');
    if (product.archivedAt)
      throw new AppError('unprocessable', `${product.code} is archived: restore it before changing its BOM.`);
    await checkComponents(tx, caller, body, '');
    const before = await repo.getBom(tx, caller.organizationId, id);
    const n = await repo.insertVersion(tx, caller.organizationId, id, newVersion(caller, body));
    const after = await repo.getBom(tx, caller.organizationId, id);
    if (!before || !after) throw new Error(`product ${id} vanished`);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'bom',
      entityId: id,
      description: `Added version ${n} of the BOM of ${product.code} (${product.name}), in effect from ${body.effective_from}`,
      before: toBom(before),
      after: toBom(after),
    });
    return toBom(after);
  });
}

/** The plastic of `units` units of a version (the one in effect today by default). */
export async function footprint(
  ctx: AppContext,
  caller: Caller,
  id: string,
  units: string,
  versionNo?: number,
) {
  const row = await repo.getBom(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Product');
  const bom = toBom(row, units);
  const v = bom.versions.find((x) => x.version_no === (versionNo ?? bom.current_version));
  if (!v)
    throw versionNo
      ? notFound('BOM version')
      : new AppError('unprocessable', `${bom.code} has no BOM version in effect today: give ?version=.`);
  return { version_no: v.version_no, effective_from: v.effective_from, ...v.figures };
}
