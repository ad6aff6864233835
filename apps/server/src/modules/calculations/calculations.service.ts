import {
  type EprCountry,
  type EprCredits,
  type EprCreditsInput,
  type energyInputSchema,
  formatUnits,
  type MaterialType,
  toUnits,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { materialTypes } from '../../db/schema/index.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, invalidField, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './calculations.repo.ts';
import { type CreditsInput, eprCreditsOf, type TypeRef } from './epr-credits.ts';

const num = (v: string | null) => (v === null ? null : Number(v));

function toMaterialType(r: typeof materialTypes.$inferSelect): MaterialType {
  return {
    code: r.code,
    name: r.name,
    polymer: r.polymer as MaterialType['polymer'],
    form: r.form as MaterialType['form'],
    resin_code: r.resinCode,
    description: r.description,
    recycling_kg_co2e_per_t: num(r.recyclingKgCo2ePerT),
    virgin_kg_co2e_per_t: num(r.virginKgCo2ePerT),
    factor_source: r.factorSource,
    factor_verified: r.factorVerified,
    ref_version: r.refVersion,
  };
}

export async function materialTypesPage(
  db: Db,
  query: { limit: number; cursor?: string; q?: string; polymer?: string },
) {
  const after = decodeCursor(query.cursor, ['int', 'text']);
  const rows = await repo.listMaterialTypes(db, { ...query, after, limit: query.limit + 1 });
  const page = toPage(rows, query.limit, (r) => [r.sortOrder, r.code]);
  return { items: page.items.map(toMaterialType), next_cursor: page.next_cursor };
}

export async function processTypes(db: Db) {
  const rows = await repo.listProcessTypes(db);
  return {
    items: rows.map((r) => ({
      code: r.code,
      name: r.name,
      description: r.description,
      kwh_per_tonne: num(r.kwhPerTonne),
      energy_source: r.energySource,
      manufacturing: r.manufacturing,
      ref_version: r.refVersion,
    })),
  };
}

export async function eprCountries(db: Db): Promise<{ items: EprCountry[] }> {
  const [countries, targets] = await Promise.all([repo.listEprCountries(db), repo.listEprTargets(db)]);
  return {
    items: countries.map((c) => ({
      code: c.code,
      name: c.name,
      law: c.law,
      regulation: c.regulation,
      currency: c.currency,
      baseline_year: c.baselineYear,
      obliged_enterprises: c.obligedEnterprises,
      covered_packaging: c.coveredPackaging,
      penalty: c.penalty,
      source: c.source,
      ref_version: c.refVersion,
      targets: targets
        .filter((t) => t.countryCode === c.code)
        .map((t) => ({ year: t.year, recovery_target_pct: Number(t.recoveryTargetPct), source: t.source })),
    })),
  };
}

/** kWh, cost and CO2e of a mass through a step, each with its basis. */
export const energy = (db: Db, input: z.output<typeof energyInputSchema>) =>
  repo.energyConsumption(db, input);

const listed = (xs: string[]) =>
  xs.length > 10 ? `${xs.slice(0, 10).join(', ')} and ${xs.length - 10} more` : xs.join(', ');
const STATUS_WORD: Record<string, string> = { draft: 'a draft', voided: 'voided' };

/**
 * EPR credits of a mass by its end fate (spec §7): the kg of a material type, of posted records or of
 * lots, in one read-only snapshot so the records' kg and the reference rows agree.
 */
export async function eprCredits(db: Db, caller: Caller, input: EprCreditsInput): Promise<EprCredits> {
  return db.transaction(
    async (tx) => {
      const country = input.country ?? (await repo.organizationCountry(tx, caller.organizationId)) ?? 'PH';
      const mass = await massOf(tx, caller.organizationId, input);
      const codes = [...mass.grams.keys()].filter((c): c is string => c !== null);
      const types = new Map<string, TypeRef>(
        (await repo.materialTypesByCode(tx, codes)).map((t) => [t.code, t]),
      );
      if (input.material_type && !types.has(input.material_type))
        throw invalidField('material_type', `Unknown material type ${input.material_type}`);
      const regime = await repo.eprCountry(tx, country);
      return eprCreditsOf({
        ...mass,
        endFate: input.end_fate,
        country,
        year: input.year,
        types,
        regime,
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Mass = Pick<CreditsInput, 'source' | 'items' | 'grams' | 'kgRule' | 'kgSource'>;

async function massOf(tx: Tx, orgId: string, input: EprCreditsInput): Promise<Mass> {
  if (input.material_type && input.kg) {
    return {
      source: 'material_type',
      items: [],
      grams: new Map([[input.material_type, toUnits(input.kg, 3)]]),
      kgRule: `As entered, counted as material type ${input.material_type}`,
      kgSource: 'Entered',
    };
  }
  const fromLots = input.lot_ids !== undefined;
  const asked = [...new Set(input.lot_ids ?? input.record_ids ?? [])];
  const rows = fromLots ? await repo.lotsKg(tx, orgId, asked) : await repo.recordsKg(tx, orgId, asked);
  const found = new Set(rows.map((r) => r.id));
  const unknown = asked.filter((id) => !found.has(id));
  const what = fromLots ? 'Lot' : 'Record';
  if (unknown.length)
    throw new AppError('not_found', `${what}${unknown.length > 1 ? 's' : ''} not found: ${listed(unknown)}`, {
      ids: unknown,
    });
  // A lot is live unless voided; a record counts once posted.
  const refused = new Map<string, string>();
  for (const r of rows)
    if (fromLots ? r.status === 'voided' : r.status !== 'posted') refused.set(r.number, r.status);
  if (refused.size) {
    const named = [...refused].map(([n, s]) => `${n} (${STATUS_WORD[s] ?? s})`);
    throw unprocessable(`Only posted records and live lots count towards credits: ${listed(named)}`, {
      numbers: [...refused.keys()],
    });
  }
  const grams = new Map<string | null, bigint>();
  const items = new Map<string, Mass['items'][number]>();
  for (const r of rows) {
    const g = r.kg === null ? 0n : toUnits(r.kg, 3);
    if (r.kg !== null) grams.set(r.type_code, (grams.get(r.type_code) ?? 0n) + g);
    const item = items.get(r.id);
    const before = item ? toUnits(item.kg, 3) : 0n;
    items.set(r.id, { type: r.type, id: r.id, number: r.number, kg: formatUnits(before + g, 3) });
  }
  const numbers = [...items.values()].map((i) => i.number);
  return {
    source: fromLots ? 'lots' : 'records',
    items: [...items.values()],
    grams,
    kgRule: fromLots
      ? 'Each lot’s kg when it was made (a delivery line’s net kg, a run’s output, a split’s part), by its material’s reference type'
      : 'Posted receive records: their lines’ net kg (gross − tare); posted production runs: their outputs’ kg; by each material’s reference type',
    kgSource: `${fromLots ? 'Lots' : 'Records'} ${listed(numbers)}`,
  };
}
