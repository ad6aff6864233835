import {
  type ComplianceFigures,
  type ComplianceFine,
  CREDIT_KG,
  divide,
  formatCount,
  formatKg,
  formatPhp,
  formatUnits,
  multiply,
  toUnits,
} from '@plastrace/shared';

// The RA 11898 year statement's arithmetic, apart from the database: footprint × target → required,
// retired credits → recovered, the shortfall and the fine it exposes the organization to. Mass is
// carried in grams and money in centavos (bigint), each figure named with its rule and source.

/** Obliged enterprises: total assets above this (land excluded). */
export const OBLIGED_ASSETS_PHP = '100000000.00';
export const OBLIGED_SOURCE =
  'RA 11898 (EPR Act of 2022) and DAO 2023-02: obliged enterprises are those with total assets above PHP 100 million, land excluded (enviliance.com ph-epr-plastic-waste; valpak.co.uk)';
/** The fine's range, before "twice the cost of recovering the shortfall, whichever is higher". */
export const FINE_MIN_PHP = '5000000.00';
export const FINE_MAX_PHP = '20000000.00';
export const FINE_SOURCE =
  'RA 11898 (EPR Act of 2022) and DAO 2023-02: PHP 5M to 20M, or twice the cost of recovering the shortfall, whichever is higher; possible suspension of the business permit (enviliance.com ph-epr-plastic-waste)';
export const ECAR_SOURCE =
  'DAO 2023-02 (IRR of RA 11898): an annual EPR Compliance Audit Report (ECAR) by an independent third-party auditor, due 30 June of the following year (first due 30 June 2024)';
const CREDIT_SOURCE =
  'EPR credits of PlasTrace: 1 credit = 1 t of verified recovery (the unit of the Plastic Credit Exchange and the Verra Plastic Waste Reduction Program)';
const RECOVERED_RULE =
  'Credits this organization retired for the compliance year × 1,000 kg. Its own verified recovery counts only through credits it issued and retired itself, so no kilogram counts twice.';

export type FiguresInput = {
  year: number;
  obliged: boolean;
  /** The footprint in force (kg), or null when none is entered for the year. */
  footprintKg: string | null;
  /** The target in force that year (percent), or null when there is none. */
  targetPct: string | null;
  targetSource: string | null;
  retiredCredits: number;
  recoveryCostPhpPerKg: string | null;
};

export type Figures = Pick<
  ComplianceFigures,
  'required_kg' | 'recovered_kg' | 'surplus_kg' | 'shortfall_kg' | 'fine' | 'ecar_due_on' | 'basis'
>;

const kg = (grams: bigint) => formatUnits(grams, 3);
const php = (centavos: bigint) => formatUnits(centavos, 2);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** 30 June of the year after: when the year's ECAR is due. */
export const ecarDueOn = (year: number) => `${year + 1}-06-30`;

/** Whether assets entered are above the threshold (null when none are entered). */
export function obligedByAssets(totalAssetsPhp: string | null): boolean | null {
  return totalAssetsPhp === null ? null : toUnits(totalAssetsPhp, 2) > toUnits(OBLIGED_ASSETS_PHP, 2);
}

/** The fine exposure of a shortfall (grams): none, the range, or why it cannot be said. */
export function fineOf(obliged: boolean, shortfall: bigint | null, costPerKg: string | null): ComplianceFine {
  const blank = { low_php: null, high_php: null, twice_cost_php: null };
  if (!obliged)
    return {
      status: 'not_obliged',
      ...blank,
      statement:
        'Not obliged: RA 11898’s fine applies to obliged enterprises only. The figures are shown for a voluntary participant’s own tracking.',
    };
  if (shortfall === null)
    return {
      status: 'unknown',
      ...blank,
      statement: 'No required recovery to compare with (no footprint entered, or no target that year).',
    };
  if (shortfall <= 0n)
    return {
      status: 'none',
      low_php: '0.00',
      high_php: '0.00',
      twice_cost_php: null,
      statement: 'No shortfall: the recovery required for the year is met, so there is no fine exposure.',
    };
  const low = toUnits(FINE_MIN_PHP, 2);
  const high = toUnits(FINE_MAX_PHP, 2);
  if (costPerKg === null)
    return {
      status: 'exposed',
      low_php: php(low),
      high_php: php(high),
      twice_cost_php: null,
      statement: `A shortfall of ${formatKg(kg(shortfall))} exposes the organization to ${formatPhp(php(low))}–${formatPhp(php(high))}. Comparing with twice the cost of recovering the shortfall needs a recovery cost per kg: enter it in the profile.`,
    };
  // 2 × kg × PHP/kg, rounded once to the centavo.
  const cost = multiply(shortfall, 3, toUnits(costPerKg, 2), 2, 2);
  const twice = multiply(2n * shortfall, 3, toUnits(costPerKg, 2), 2, 2);
  const [l, h] = [max(low, twice), max(high, twice)];
  return {
    status: 'exposed',
    low_php: php(l),
    high_php: php(h),
    twice_cost_php: php(twice),
    statement: `A shortfall of ${formatKg(kg(shortfall))} at ${formatPhp(costPerKg)}/kg costs ${formatPhp(php(cost))} to recover; twice that is ${formatPhp(php(twice))}, so the exposure is ${formatPhp(php(l))}–${formatPhp(php(h))} (the higher of the range and twice the cost).`,
  };
}

export function figuresOf(i: FiguresInput): Figures {
  const required =
    i.footprintKg === null || i.targetPct === null
      ? null
      : // kg (3) × percent (2) ÷ 100, rounded half up to the gram.
        (divide(toUnits(i.footprintKg, 3) * toUnits(i.targetPct, 2), 5, 100n, 0, 3) ?? 0n);
  const recovered = BigInt(i.retiredCredits) * toUnits(CREDIT_KG, 3);
  const diff = required === null ? null : recovered - required;
  const shortfall = diff === null ? null : diff < 0n ? -diff : 0n;
  const fine = fineOf(i.obliged, shortfall, i.recoveryCostPhpPerKg);
  const due = ecarDueOn(i.year);
  const basis: Figures['basis'] = [
    {
      figure: 'Required recovery',
      value: required === null ? 'none' : formatKg(kg(required)),
      rule:
        required === null
          ? i.footprintKg === null
            ? `No plastic footprint is entered for ${i.year}.`
            : `No recovery target applies to ${i.year}.`
          : `${formatKg(i.footprintKg)} footprint × ${i.targetPct} % target, rounded half up to the gram`,
      source: i.targetSource ?? 'Reference data: epr_targets',
    },
    {
      figure: 'Recovered',
      value: formatKg(kg(recovered)),
      rule: `${formatCount(i.retiredCredits)} credit${i.retiredCredits === 1 ? '' : 's'} retired for ${i.year}. ${RECOVERED_RULE}`,
      source: CREDIT_SOURCE,
    },
    {
      figure: diff !== null && diff < 0n ? 'Shortfall' : 'Surplus',
      value: diff === null ? 'none' : formatKg(kg(diff < 0n ? -diff : diff)),
      rule: 'Recovered less required',
      source: 'RA 11898: plastic neutrality, each unit of footprint matched by a unit recovered',
    },
    {
      figure: 'Fine exposure',
      value:
        fine.low_php === null
          ? 'none'
          : `${formatPhp(fine.low_php)}–${formatPhp(fine.high_php ?? fine.low_php)}`,
      rule: fine.statement,
      source: FINE_SOURCE,
    },
    {
      figure: 'ECAR due',
      value: due,
      rule: `The ${i.year} ECAR is due 30 June ${i.year + 1}.`,
      source: ECAR_SOURCE,
    },
  ];
  return {
    required_kg: required === null ? null : kg(required),
    recovered_kg: kg(recovered),
    surplus_kg: diff === null ? null : kg(diff > 0n ? diff : 0n),
    shortfall_kg: shortfall === null ? null : kg(shortfall),
    fine,
    ecar_due_on: due,
    basis,
  };
}
