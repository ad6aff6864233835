import {
  formatKg,
  formatUnits,
  IMPACT_BASES,
  IMPACT_BASIS_LABELS,
  type ImpactBasis,
  type ImpactFigures,
  multiply,
  toUnits,
} from '@plastrace/shared';
import { EQUIVALENTS, PLASTICSEUROPE_SOURCE, PLASTICSEUROPE_VIRGIN_KG_CO2E_PER_T } from './impact.factors.ts';
import type { TypeRow } from './impact.repo.ts';

// CO2e avoided by the recycled kilograms of each reference material type, on three bases side by side,
// each figure with its factor and source or "not calculated" and why; and what the net figure is like.
// Mass is carried in grams (bigint), CO2e in tenths of a kilogram, so nothing is rounded twice.

type Co2e = ImpactFigures['co2e'];
type Factor = Co2e['by_material_type'][number]['factors'][number];
const UNIT = 'kg CO2e per tonne';

/** The factor of one basis for a type (null: none, with the reason), as the source gives it. */
function factorOf(basis: ImpactBasis, t: TypeRow | undefined) {
  if (!t)
    return {
      factor: null,
      source: null,
      verified: null,
      reason: 'These materials name no reference material type: no factor applies.',
    };
  if (basis === 'plasticseurope_virgin') {
    const factor = PLASTICSEUROPE_VIRGIN_KG_CO2E_PER_T[t.polymer] ?? null;
    return {
      factor,
      source: factor === null ? null : PLASTICSEUROPE_SOURCE,
      verified: factor === null ? null : false,
      reason: factor === null ? `No PlasticsEurope figure for ${t.polymer} in the reference notes.` : null,
    };
  }
  const factor = basis === 'warm_recycling' ? t.recycling_kg_co2e_per_t : t.virgin_kg_co2e_per_t;
  const source = `${t.factor_source} · ${t.ref_version}`;
  return {
    factor,
    source: factor === null ? null : source,
    verified: factor === null ? null : t.factor_verified,
    reason: factor === null ? `Not on file: ${t.factor_source}.` : null,
  };
}

/**
 * kg CO2e avoided by `grams` of a type, to 0.1 kg: a net recycling factor is negative when it saves (so
 * it is turned round), a virgin-production factor is what a recycled tonne spares.
 */
export function avoided(basis: ImpactBasis, grams: bigint, factor: string): bigint {
  // grams are millionths of a tonne: t × kg CO2e/t, to 0.1 kg.
  const units = multiply(grams, 6, toUnits(factor, 1), 1, 1);
  return basis === 'warm_recycling' ? -units : units;
}

const STATEMENT: Record<ImpactBasis, string> = {
  warm_recycling:
    'Net emissions of recycling against making the same polymer new, per EPA WARM v16: the recycling process’s own emissions are already deducted. The headline figure.',
  warm_virgin:
    'Emissions of the virgin polymer each recycled kilogram stands in for, per EPA WARM v16 (one for one); the recycling process’s own emissions are not deducted.',
  plasticseurope_virgin:
    'Cradle-to-gate emissions of the virgin polymer each recycled kilogram stands in for, per PlasticsEurope’s eco-profiles (one for one); the recycling process’s own emissions are not deducted.',
};

/** Recycled grams by reference type (null: materials naming none) → CO2e per type and per basis. */
export function co2eOf(grams: Map<string | null, bigint>, types: Map<string, TypeRow>): Co2e {
  const covered = new Map<ImpactBasis, { units: bigint; grams: bigint; missing: bigint }>(
    IMPACT_BASES.map((b) => [b, { units: 0n, grams: 0n, missing: 0n }]),
  );
  const order = (code: string | null) => (code === null ? Infinity : [...types.keys()].indexOf(code));
  const codes = [...grams.keys()].sort((a, b) => order(a) - order(b));
  const byType = codes.map((code) => {
    const g = grams.get(code) ?? 0n;
    const t = code === null ? undefined : types.get(code);
    const factors = IMPACT_BASES.map((basis): Factor => {
      const f = factorOf(basis, t);
      const sum = covered.get(basis) as { units: bigint; grams: bigint; missing: bigint };
      let kg: string | null = null;
      if (f.factor === null) sum.missing += g;
      else {
        const units = avoided(basis, g, f.factor);
        sum.units += units;
        sum.grams += g;
        kg = formatUnits(units, 1);
      }
      return {
        basis,
        kg_co2e_per_t: f.factor === null ? null : formatUnits(toUnits(f.factor, 1), 1),
        unit: UNIT,
        kg_co2e_avoided: kg,
        source: f.source,
        verified: f.verified,
        not_calculated: f.reason,
      };
    });
    return {
      material_type: code,
      name: t?.name ?? null,
      polymer: t?.polymer ?? null,
      recycled_kg: formatUnits(g, 3),
      factors,
    };
  });
  const totals = IMPACT_BASES.map((basis) => {
    const s = covered.get(basis) as { units: bigint; grams: bigint; missing: bigint };
    const left =
      s.missing > 0n
        ? ` ${formatKg(formatUnits(s.missing, 3))} recycled have no factor on this basis and are not counted.`
        : '';
    return {
      basis,
      label: IMPACT_BASIS_LABELS[basis],
      kg_co2e_avoided: formatUnits(s.units, 1),
      kg_calculated: formatUnits(s.grams, 3),
      kg_not_calculated: formatUnits(s.missing, 3),
      statement: `${STATEMENT[basis]}${left}`,
    };
  });
  return { totals, by_material_type: byType };
}

/** The net figure (tenths of a kg) as cars, litres of petrol and seedlings; none of a net emission. */
export function equivalentsOf(avoidedUnits: bigint): ImpactFigures['equivalents'] {
  const kg = avoidedUnits > 0n ? avoidedUnits : 0n;
  return EQUIVALENTS.map((e) => {
    // tenths of a kg × 1000 ÷ grams per unit, to 0.1.
    const per = toUnits(e.kg_co2e_per_unit, 3);
    const tenths = (kg * 1000n * 2n + per) / (2n * per);
    return { ...e, value: formatUnits(tenths, 1) };
  });
}
