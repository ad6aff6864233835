import {
  type confirmIdentificationSchema,
  formatUnits,
  type IdentificationValue,
  type identificationListQuerySchema,
  type identificationValueQuerySchema,
  type identifyBodySchema,
  MATCH_THRESHOLD,
  multiply,
  type ProcessedSpectrum,
  polymerFamily,
  processSpectrum,
  toUnits,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { setDraftLineMaterial } from '../intake/line-material.ts';
import { reclassify } from '../lots/lots.service.ts';
import { currentPrice } from '../prices/prices.repo.ts';
import { idempotent } from '../security/idempotency.ts';
import * as repo from './identification.repo.ts';
import { type StoredResult, toIdentification, toSummary } from './identification.views.ts';
import { match, type Reference, shippedLibrary } from './library.ts';
import { readSpectrum, spectrumRefused } from './spectrum-input.ts';

type Technique = 'FTIR' | 'NIR' | 'Raman';
type Library = 'shipped' | 'site' | 'both';

/** The organization's active site references of a technique, processed for matching. */
export async function siteReferences(db: Db | Tx, orgId: string, technique: Technique) {
  const rows = await repo.siteSpectra(db, orgId, technique);
  const out: (Reference & { id: string })[] = [];
  for (const r of rows) {
    // Checked when added; a stored spectrum that no longer processes is left out rather than failing every match.
    let spectrum: ProcessedSpectrum;
    try {
      spectrum = processSpectrum({ wavenumbers: r.wavenumbers, intensities: r.intensities });
    } catch {
      continue;
    }
    out.push({ id: r.id, name: r.name, polymer: r.polymer, spectrum });
  }
  return out;
}

async function referencesFor(ctx: AppContext, caller: Caller, technique: Technique, library: Library) {
  const shipped = library !== 'site' && technique === 'FTIR' ? await shippedLibrary() : [];
  const site = library !== 'shipped' ? await siteReferences(ctx.db, caller.organizationId, technique) : [];
  const refs = [...shipped, ...site];
  if (refs.length === 0)
    throw invalidField(
      'technique',
      technique === 'FTIR'
        ? 'Your site library has no FTIR reference spectra: add some, or match against the shipped library'
        : `No ${technique} reference spectra: add some to your site library (the shipped library is FTIR only)`,
    );
  return refs;
}

/**
 * Identifies a spectrum, stores the identification (spectrum, result, who, when) and answers both. The
 * matching runs before the transaction; only the insert is inside it (and under the Idempotency-Key).
 */
export async function identify(
  ctx: AppContext,
  caller: Caller,
  body: z.output<typeof identifyBodySchema>,
  idempotencyKey?: string,
) {
  const { raw, processed, field } = readSpectrum(body);
  const refs = await referencesFor(ctx, caller, body.technique, body.library);
  const m = match(processed, refs);
  if (!m) {
    const lo = Math.min(...refs.map((r) => r.spectrum.start));
    const hi = Math.max(...refs.map((r) => r.spectrum.start + 5 * (r.spectrum.values.length - 1)));
    throw spectrumRefused(
      field,
      `The spectrum covers ${raw.wavenumbers[0]}–${raw.wavenumbers.at(-1)} cm⁻¹, which overlaps no reference spectrum (they cover ${lo}–${hi} cm⁻¹)`,
    );
  }
  const result: StoredResult = {
    ...m,
    family: m.best ? polymerFamily(m.best.polymer) : null,
    library: body.library,
    threshold: MATCH_THRESHOLD,
  };
  const scope = {
    organizationId: caller.organizationId,
    route: 'identification:spectra',
    key: idempotencyKey,
  };
  return idempotent(ctx.db, scope, body, async (tx) => {
    const id = await repo.insertIdentification(tx, {
      organizationId: caller.organizationId,
      technique: body.technique,
      fileName: body.file_name ?? null,
      wavenumbers: raw.wavenumbers,
      intensities: raw.intensities,
      bestPolymer: m.best?.polymer ?? null,
      bestScore: m.best?.score ?? null,
      result,
      createdBy: caller.userId,
    });
    const identification = await get({ db: tx }, caller, id);
    return { status: 201, body: { best: m.best, candidates: m.candidates, identification } };
  });
}

export async function get(ctx: AppContext | { db: Db | Tx }, caller: Caller, id: string) {
  const row = await repo.getIdentification(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Identification');
  return toIdentification(row);
}

export async function list(
  ctx: AppContext,
  caller: Caller,
  q: z.output<typeof identificationListQuerySchema>,
) {
  const rows = await repo.listIdentifications(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    after: decodeCursor(q.cursor, ['instant', 'uuid']),
    confirmed: q.confirmed === undefined ? undefined : q.confirmed === 'true',
  });
  const page = toPage(rows, q.limit, (r) => [r.row.createdAt.toISOString(), r.row.id]);
  return { items: page.items.map(toSummary), next_cursor: page.next_cursor };
}

type Material = NonNullable<Awaited<ReturnType<typeof repo.activeMaterial>>>;

/** kg × the material's buying price in force today in the holding's region (the stock valuation's price). */
async function valueAt(
  db: Db | Tx,
  orgId: string,
  material: Material,
  holding: { qtyKg: string; region: string | null },
): Promise<IdentificationValue> {
  const none = (note: string) => ({
    qty_kg: holding.qtyKg,
    unit_price: null,
    value_php: null,
    currency: 'PHP' as const,
    price_note: note,
  });
  if (!holding.region) return none('The facility has no price-list region');
  const price = await currentPrice(db, orgId, {
    kind: 'buying',
    materialId: material.id,
    grade: material.grade,
    region: holding.region,
    on: new Date(),
  });
  if (!price)
    return none(`No buying price for ${material.name} grade ${material.grade} in ${holding.region}`);
  const value = multiply(toUnits(holding.qtyKg, 3), 3, toUnits(price.pricePerKg, 2), 2, 2);
  return {
    qty_kg: holding.qtyKg,
    unit_price: price.pricePerKg,
    value_php: formatUnits(value, 2),
    currency: 'PHP',
    price_note: `Buying price from ${price.effectiveFrom} (${holding.region})`,
  };
}

async function materialOf(db: Db | Tx, caller: Caller, id: string) {
  const material = await repo.activeMaterial(db, caller.organizationId, id);
  if (!material) throw invalidField('material_id', 'Material not found or archived');
  return material;
}

/** What a lot or a receive line would be worth as a material, before confirming. */
export async function value(
  ctx: AppContext,
  caller: Caller,
  q: z.output<typeof identificationValueQuerySchema>,
) {
  const material = await materialOf(ctx.db, caller, q.material_id);
  const holding = q.lot_id
    ? await repo.lotHolding(ctx.db, caller.organizationId, q.lot_id)
    : await repo.lineHolding(ctx.db, caller.organizationId, q.receive_line_id ?? '');
  if (!holding) throw notFound(q.lot_id ? 'Lot' : 'Receive line');
  return valueAt(ctx.db, caller.organizationId, material, holding);
}

/**
 * A person confirms the material: once (a second confirmation is a 409). Onto a lot, the lot is
 * reclassified through the ledger (lots.service reclassify); onto a draft's receive line, the line's
 * material is set (intake line-material). Both in this one transaction with the identification.
 */
export async function confirm(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof confirmIdentificationSchema>,
) {
  return ctx.db.transaction(async (tx) => {
    const ident = await repo.lockIdentification(tx, caller.organizationId, id);
    if (!ident) throw notFound('Identification');
    if (ident.confirmedAt) throw new AppError('conflict', 'This identification is already confirmed.');
    if (ident.version !== body.version)
      throw new AppError('conflict', 'Someone else changed this identification. Reload and try again.');
    const material = await materialOf(tx, caller, body.material_id);
    const what = ident.bestPolymer
      ? `identified as ${ident.bestPolymer} (r ${ident.bestScore?.toFixed(2)})`
      : 'spectrum matched no reference';
    const reason = `${what}, confirmed by a person`;
    const result = ident.result as StoredResult;
    let confirmation: NonNullable<StoredResult['confirmation']>;
    if (body.lot_id) {
      const before = await repo.lotHolding(tx, caller.organizationId, body.lot_id);
      if (!before) throw notFound('Lot');
      const lot = await reclassify(tx, caller, body.lot_id, material, reason);
      confirmation = {
        reclassified_into: lot.reclassified ? { id: lot.id, code: lot.code } : null,
        value: await valueAt(tx, caller.organizationId, material, before),
      };
    } else {
      const line = await repo.lineHolding(tx, caller.organizationId, body.receive_line_id ?? '');
      if (!line) throw notFound('Receive line');
      await setDraftLineMaterial(tx, caller, line.id, material, reason);
      confirmation = {
        reclassified_into: null,
        value: await valueAt(tx, caller.organizationId, material, line),
      };
    }
    await repo.setConfirmed(tx, id, {
      materialId: material.id,
      lotId: body.lot_id ?? null,
      receiveLineId: body.receive_line_id ?? null,
      confirmedBy: caller.userId,
      result: { ...result, confirmation },
    });
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'identification',
      entityId: id,
      description: `Confirmed ${material.name} for an identification (${what})`,
      after: {
        material_id: material.id,
        lot_id: body.lot_id ?? null,
        receive_line_id: body.receive_line_id ?? null,
      },
    });
    return get({ db: tx }, caller, id);
  });
}
