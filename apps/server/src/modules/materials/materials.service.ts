import {
  gtinCarriesPrefix,
  type Material,
  type materialCreateSchema,
  type materialListQuerySchema,
  type materialUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, pgError, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import { getOrganization } from '../organization/organization.repo.ts';
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

const gtinTaken = (gtin: string, other: { code: string; name: string }) => {
  const message = `GTIN ${gtin} is already the GTIN of material ${other.code} (${other.name})`;
  return new AppError('conflict', message, { fields: { 'body.gtin': message } });
};

/**
 * A material's GTIN is unique in the organization and, once the organization has a GS1 company prefix,
 * allocated under it: its lots' Digital Links (/01/{gtin}/10/{lot}) must resolve to this organization.
 */
async function checkGtin(tx: Tx, caller: Caller, gtin: string | null | undefined, id?: string) {
  if (!gtin) return;
  const org = await getOrganization(tx, caller.organizationId);
  const prefix = org?.gs1CompanyPrefix;
  if (prefix && !gtinCarriesPrefix(gtin, prefix)) {
    const message = `GTIN ${gtin} does not carry your GS1 company prefix ${prefix}: after its first digit it must start with ${prefix}`;
    throw unprocessable(message, { fields: { 'body.gtin': message } });
  }
  const other = await repo.materialWithGtin(tx, caller.organizationId, gtin, id);
  if (other) throw gtinTaken(gtin, other);
}

/** Two writers giving one GTIN at once: the unique index refuses the second, named as the check would. */
async function uniqueGtin<T>(
  ctx: AppContext,
  caller: Caller,
  gtin: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const pg = pgError(err) as { code: string; constraint?: string } | undefined;
    if (!gtin || pg?.code !== '23505' || pg.constraint !== 'materials_gtin_unique') throw err;
    const other = await repo.materialWithGtin(ctx.db, caller.organizationId, gtin);
    throw other ? gtinTaken(gtin, other) : err;
  }
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof materialCreateSchema>) {
  return uniqueGtin(ctx, caller, body.gtin, () =>
    records.createRecord(ctx, caller, kind, materialValues(body) as repo.MaterialValues, async (tx) => {
      await checkType(tx, body.type_code);
      await checkGtin(tx, caller, body.gtin);
    }),
  );
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof materialUpdateSchema>,
) {
  return uniqueGtin(ctx, caller, body.gtin, () =>
    records.updateRecord(ctx, caller, kind, id, body.version, materialValues(body), async (tx, before) => {
      await checkType(tx, body.type_code);
      // An unchanged GTIN is not checked again: a prefix set later does not lock the material's other edits.
      if (body.gtin !== before.gtin) await checkGtin(tx, caller, body.gtin, id);
    }),
  );
}
