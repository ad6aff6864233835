import type { EprCountry, energyInputSchema, MaterialType } from '@plastrace/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { materialTypes } from '../../db/schema/index.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import * as repo from './calculations.repo.ts';

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
