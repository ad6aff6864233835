import {
  END_FATE_LABELS,
  type EndFate,
  type EprCredits,
  formatUnits,
  multiply,
  toUnits,
} from '@plastrace/shared';

// The EPR credits rule, apart from the database: kg by reference material type in, every figure with
// its rule and source out. Mass is carried in grams (bigint), so credits and the kg carried are exact.

export type TypeRef = {
  code: string;
  name: string;
  recyclingKgCo2ePerT: string | null;
  factorSource: string;
  factorVerified: boolean;
  refVersion: string;
};

export type Regime = {
  code: string;
  law: string;
  baselineYear: number;
  source: string;
  refVersion: string;
  targets: { year: number; recoveryTargetPct: string; source: string }[];
};

export type CreditsInput = {
  source: EprCredits['source'];
  endFate: EndFate;
  country: string;
  year: number;
  items: EprCredits['items'];
  /** Grams by reference material type (null: the material names none). */
  grams: Map<string | null, bigint>;
  types: Map<string, TypeRef>;
  regime: Regime | null;
  /** How the kg considered were found, and from what. */
  kgRule: string;
  kgSource: string;
};

const GRAMS_PER_TONNE = 1_000_000n;
const kg = (grams: bigint) => formatUnits(grams, 3);
const RA_11898 = 'Republic Act No. 11898 (EPR Act of 2022), DENR Administrative Order 2023-02 (IRR)';
// Not in the reference tables: a unit, not a factor. Both schemes of domain-facts.md define it alike.
const CREDIT_SOURCE =
  'Plastic Credit Exchange (pcxsolutions.org): 1 credit = 1 t of post-consumer plastic; Verra Plastic Waste Reduction Program (verra.org): 1 credit = 1 t';

const ELIGIBILITY: Record<EndFate, string> = {
  recycling: 'Recycling is recovery under RA 11898: every kilogram counts towards the target.',
  co_processing:
    'Co-processing counts as recovery under RA 11898 but is labelled as such: the plastic is burnt as fuel or raw material in cement kilns, not recycled, and a credit from it carries that label.',
  landfill:
    'Landfill is not recovery under RA 11898: landfilled kilograms earn no EPR credit and do not count towards the target.',
};

export function eprCreditsOf(i: CreditsInput): EprCredits {
  const total = [...i.grams.values()].reduce((s, g) => s + g, 0n);
  const eligible = i.endFate !== 'landfill';
  const eligibleGrams = eligible ? total : 0n;
  const credits = eligibleGrams / GRAMS_PER_TONNE;
  const remaining = eligibleGrams % GRAMS_PER_TONNE;
  const co2 = co2eOf(i);
  const target = targetOf(i);
  return {
    source: i.source,
    end_fate: i.endFate,
    end_fate_label: END_FATE_LABELS[i.endFate],
    country: i.country,
    year: i.year,
    kg: kg(total),
    items: i.items,
    by_material_type: co2.rows,
    eligible,
    eligibility: ELIGIBILITY[i.endFate],
    eligible_kg: kg(eligibleGrams),
    credits: Number(credits),
    remaining_kg: kg(remaining),
    target: target.answer,
    co2e: co2.answer,
    basis: [
      { figure: 'kg considered', value: `${kg(total)} kg`, rule: i.kgRule, source: i.kgSource },
      {
        figure: 'Eligible kg',
        value: `${kg(eligibleGrams)} kg`,
        rule: ELIGIBILITY[i.endFate],
        source: i.regime
          ? `${i.regime.law} · ${i.regime.refVersion}`
          : `${RA_11898} (no EPR regime for ${i.country} in the reference data)`,
      },
      {
        figure: 'Credits',
        value: String(credits),
        rule: '1 credit = 1 tonne of eligible plastic; only whole tonnes are credited',
        source: CREDIT_SOURCE,
      },
      {
        figure: 'Remaining kg',
        value: `${kg(remaining)} kg`,
        rule: 'Eligible kg less the whole tonnes credited, carried to the next calculation',
        source: CREDIT_SOURCE,
      },
      target.basis,
      ...co2.basis,
    ],
  };
}

/**
 * The target in force: the latest year listed not after the year asked (the last applies onward).
 * Also the compliance statement's (modules/compliance), so the rule is read in one place.
 */
export function targetOf(i: Pick<CreditsInput, 'regime' | 'country' | 'year'>) {
  const r = i.regime;
  if (!r) {
    const statement = `No EPR regime for ${i.country} in the reference data: there is no recovery target to compare with.`;
    return {
      answer: { recovery_target_pct: null, year: null, law: null, source: null, statement },
      basis: {
        figure: 'Recovery target',
        value: 'none',
        rule: statement,
        source: 'Reference data: epr_countries',
      },
    };
  }
  const t = r.targets.filter((x) => x.year <= i.year).at(-1);
  if (!t) {
    const first = r.targets[0];
    const statement = first
      ? `${r.law} sets no recovery target for ${i.year}: targets start in ${first.year} (${r.baselineYear} is the baseline year).`
      : `${r.law} has no recovery targets in the reference data.`;
    return {
      answer: { recovery_target_pct: null, year: null, law: r.law, source: r.source, statement },
      basis: { figure: 'Recovery target', value: 'none', rule: statement, source: r.source },
    };
  }
  const pct = formatUnits(toUnits(t.recoveryTargetPct, 2), 2);
  const onward = t.year < i.year ? ` (the ${t.year} target, which applies onward)` : '';
  const statement = `${pct} % of the ${r.baselineYear} plastic footprint is to be recovered in ${i.year}${onward}.`;
  return {
    answer: { recovery_target_pct: pct, year: t.year, law: r.law, source: t.source, statement },
    basis: {
      figure: 'Recovery target',
      value: `${pct} %`,
      rule: statement,
      source: `${t.source} · ${r.refVersion}`,
    },
  };
}

/** Recycling's net factor per type (negative: avoided); co-processing and landfill have none on file. */
function co2eOf(i: CreditsInput) {
  const recycling = i.endFate === 'recycling';
  const eligible = i.endFate !== 'landfill';
  const basis: EprCredits['basis'] = [];
  const missing: string[] = [];
  let net: bigint | null = null;
  const rows = [...i.grams].map(([code, grams]) => {
    const t = code ? i.types.get(code) : undefined;
    const factor = recycling ? (t?.recyclingKgCo2ePerT ?? null) : null;
    let kgCo2e: string | null = null;
    if (factor !== null) {
      // grams are millionths of a tonne: t × kg CO2e/t, to 0.1 kg.
      const units = multiply(grams, 6, toUnits(factor, 1), 1, 1);
      net = (net ?? 0n) + units;
      kgCo2e = formatUnits(units, 1);
      basis.push({
        figure: `CO2e, ${t?.name}`,
        value: `${kgCo2e} kg CO2e`,
        rule: `${formatUnits(grams, 6)} t × ${formatUnits(toUnits(factor, 1), 1)} kg CO2e/t, net of recycling against virgin production (negative is avoided)`,
        source: `${t?.factorSource}${t?.factorVerified ? '' : ' (unverified)'} · ${t?.refVersion}`,
      });
    } else if (recycling) {
      missing.push(t ? t.name : 'materials without a reference type');
    }
    return {
      material_type: code,
      name: t?.name ?? null,
      kg: kg(grams),
      eligible_kg: kg(eligible ? grams : 0n),
      kg_co2e: kgCo2e,
      kg_co2e_per_t: factor === null ? null : formatUnits(toUnits(factor, 1), 1),
      factor_source: factor === null ? null : (t?.factorSource ?? null),
      factor_verified: factor === null ? null : (t?.factorVerified ?? null),
      ref_version: t?.refVersion ?? null,
    };
  });
  const total = net as bigint | null;
  const effect = total === null || total === 0n ? null : total < 0n ? 'avoided' : 'emitted';
  let statement: string;
  if (!recycling) {
    statement = `No emission factor for ${END_FATE_LABELS[i.endFate].toLowerCase()} in the reference data (it holds recycling and virgin-production factors only): CO2e is not calculated.`;
    basis.push({
      figure: 'CO2e',
      value: 'not calculated',
      rule: statement,
      source: 'Reference data: material_types',
    });
  } else {
    const abs = total === null ? null : formatUnits(total < 0n ? -total : total, 1);
    const head =
      abs === null
        ? 'No CO2e calculated'
        : `${abs} kg CO2e ${effect ?? 'net'} by recycling instead of virgin production (EPA WARM net factors)`;
    const tail = missing.length
      ? `; no recycling factor for ${missing.join(', ')} (not modelled by the source)`
      : '';
    statement = `${head}${tail}.`;
    for (const name of missing)
      basis.push({
        figure: `CO2e, ${name}`,
        value: 'none',
        rule: 'The source does not model a recycling factor for it',
        source: 'Reference data: material_types',
      });
  }
  return {
    rows,
    basis,
    answer: {
      kg_co2e: total === null ? null : formatUnits(total, 1),
      effect,
      statement,
    } as EprCredits['co2e'],
  };
}
