import { divide, formatKg, formatUnits, type Impact, type ImpactFigures, toUnits } from '@plastrace/shared';
import { avoided, co2eOf, equivalentsOf } from './impact.co2e.ts';
import { EQUIVALENTS } from './impact.factors.ts';
import type { FactRow, TypeRow } from './impact.repo.ts';

// The impact rule, apart from the database: the range's fact rows in, every figure with its rule out.
// Mass is summed in grams (bigint), so the fates, the months and the totals agree to the gram.

type Input = {
  from: string;
  to: string;
  country: string;
  rows: FactRow[];
  types: Map<string, TypeRow>;
  /** False: no monthly series (the public page's all time, which starts in 1900). */
  months?: boolean;
};

const g = (kg: string) => toUnits(kg, 3);
const kg = (grams: bigint) => formatUnits(grams, 3);
const RECYCLED = new Set(['processed', 'passed_on']);
/** '13203.00' → '13,203 kWh', grouped as weights are. */
const kwhText = (kwh: string) => formatKg(kwh).replace(/ kg$/, ' kWh');

/** Every month the range touches, as YYYY-MM. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= last) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** Grams of each figure (`what`), over the whole range or one month. */
function sums(rows: FactRow[]) {
  const by = new Map<string, bigint>();
  const recycled = new Map<string | null, bigint>();
  for (const r of rows) {
    by.set(r.what, (by.get(r.what) ?? 0n) + g(r.kg));
    if (RECYCLED.has(r.what)) recycled.set(r.type_code, (recycled.get(r.type_code) ?? 0n) + g(r.kg));
  }
  return { get: (what: string) => by.get(what) ?? 0n, recycled };
}

function fatesOf(s: ReturnType<typeof sums>): ImpactFigures['fates'] {
  const collected = s.get('collected');
  const landfill = s.get('lost:landfill');
  const diverted = collected - landfill;
  const rate = divide(diverted * 100n, 3, collected, 3, 1);
  return {
    collected_kg: kg(collected),
    recycled_kg: kg(s.get('processed') + s.get('passed_on')),
    processed_kg: kg(s.get('processed')),
    passed_on_kg: kg(s.get('passed_on')),
    landfill_kg: kg(landfill),
    co_processing_kg: kg(s.get('lost:co_processing') + s.get('dispatched:co_processing')),
    resale_kg: kg(s.get('lost:resale')),
    evaporated_kg: kg(s.get('lost:evaporated')),
    reject_lot_kg: kg(s.get('lost:reject_lot')),
    diverted_kg: kg(diverted),
    diversion_rate_pct: rate === null ? null : formatUnits(rate, 1),
  };
}

/** The net WARM figure of some recycled grams by type, in tenths of a kg (types without a factor: none). */
function netUnits(recycled: Map<string | null, bigint>, types: Map<string, TypeRow>): bigint {
  let units = 0n;
  for (const [code, grams] of recycled) {
    const factor = code === null ? null : (types.get(code)?.recycling_kg_co2e_per_t ?? null);
    if (factor !== null) units += avoided('warm_recycling', grams, factor);
  }
  return units;
}

function energyOf(rows: FactRow[], country: string): ImpactFigures['energy'] {
  const e = rows.find((r) => r.what === 'energy');
  const none = rows.find((r) => r.what === 'no_energy');
  const answer = e?.energy ?? null;
  const kwh = e?.kwh ?? '0';
  const runs = e?.n ?? 0;
  const without = none?.n ?? 0;
  const grid = answer?.grid_kg_co2e_per_kwh ?? null;
  const left = without
    ? ` ${without} run${without === 1 ? '' : 's'} without a known kWh (${formatKg(none?.kg ?? '0')} in) are left out: meter them or give their line a rated power.`
    : '';
  const gridText = grid
    ? ` Grid emissions: kWh × ${grid} kg CO2e/kWh, the ${country} grid’s factor (${answer?.grid_source}${answer?.grid_verified ? '' : ', unverified'}).`
    : ` No grid emission factor for ${country} in the reference data: the electricity’s CO2e is not calculated.`;
  return {
    kwh: formatUnits(toUnits(kwh, 2), 2),
    processed_kg: kg(g(e?.kg ?? '0')),
    kwh_per_tonne: answer?.kwh_per_tonne ?? null,
    runs,
    runs_without_energy: without,
    kg_without_energy: kg(g(none?.kg ?? '0')),
    grid_kg_co2e: grid ? (answer?.kg_co2e ?? null) : null,
    grid_kg_co2e_per_kwh: grid,
    grid_source: grid ? (answer?.grid_source ?? null) : null,
    grid_verified: grid ? (answer?.grid_verified ?? null) : null,
    country,
    statement: `kWh of the posted runs whose energy is known (metered, entered, or calculated by the energy rule), over those runs’ inputs for kWh per tonne.${left}${gridText}`,
  };
}

const RULES = {
  collected: 'Net kg (gross − tare) of the posted deliveries received in the range, on their received day.',
  processed:
    'Outputs of the posted runs that ended in the range, in the share of their inputs that was collected material (material no run made up to the range’s end), per day, facility, line and step: a product processed in several steps counts once, at the step that took it from collected material.',
  passed_on:
    'Collected material dispatched unprocessed (posted dispatches) to customers whose type on file is recycler or manufacturer.',
  landfill: 'Production losses whose fate is landfill.',
  co_processing:
    'Production losses whose fate is co-processing, and collected material dispatched unprocessed to co-processors: burnt as kiln fuel, diverted but not recycled.',
  others:
    'Production losses resold, evaporated or drained (moisture), and kept as reject lots (whose fate is decided when they leave).',
  diverted: 'Collected kg less the kg landfilled; the rate is diverted ÷ collected.',
} as const;

const SOURCE = 'Posted records of the organization, read through the daily facts (pt_facts)';

export function impactOf(i: Input): Impact {
  const ranged = i.rows.filter((r) => r.month !== null);
  const all = sums(ranged);
  const fates = fatesOf(all);
  const co2e = co2eOf(all.recycled, i.types);
  const net = netUnits(all.recycled, i.types);
  const byMonth = new Map<string, FactRow[]>();
  for (const r of ranged) {
    const list = byMonth.get(r.month as string) ?? [];
    list.push(r);
    byMonth.set(r.month as string, list);
  }
  const months = (i.months === false ? [] : monthsOf(i.from, i.to)).map((month) => {
    const s = sums(byMonth.get(month) ?? []);
    const f = fatesOf(s);
    return {
      month,
      collected_kg: f.collected_kg,
      diverted_kg: f.diverted_kg,
      recycled_kg: f.recycled_kg,
      kg_co2e_avoided: formatUnits(netUnits(s.recycled, i.types), 1),
    };
  });
  const energy = energyOf(i.rows, i.country);
  const sourcesOf = (basis: string) =>
    [
      ...new Set(
        co2e.by_material_type.flatMap((m) =>
          m.factors.filter((f) => f.basis === basis && f.source).map((f) => f.source as string),
        ),
      ),
    ].join('; ') || 'No factor applied';
  const headline = co2e.totals.map((t) => ({
    figure: `CO2e avoided: ${t.label}`,
    value: `${formatKg(t.kg_co2e_avoided)} CO2e`,
    rule: `Recycled kg of each reference material type × its factor. ${t.statement}`,
    source: sourcesOf(t.basis),
  }));
  return {
    from: i.from,
    to: i.to,
    fates,
    co2e,
    energy,
    equivalents: equivalentsOf(net),
    months,
    basis: [
      { figure: 'Collected', value: formatKg(fates.collected_kg), rule: RULES.collected, source: SOURCE },
      { figure: 'Processed', value: formatKg(fates.processed_kg), rule: RULES.processed, source: SOURCE },
      {
        figure: 'Passed on for recycling',
        value: formatKg(fates.passed_on_kg),
        rule: RULES.passed_on,
        source: SOURCE,
      },
      { figure: 'Landfill', value: formatKg(fates.landfill_kg), rule: RULES.landfill, source: SOURCE },
      {
        figure: 'Co-processing',
        value: formatKg(fates.co_processing_kg),
        rule: RULES.co_processing,
        source: SOURCE,
      },
      {
        figure: 'Resale, evaporated, reject lots',
        value: [fates.resale_kg, fates.evaporated_kg, fates.reject_lot_kg].map(formatKg).join(', '),
        rule: RULES.others,
        source: SOURCE,
      },
      {
        figure: 'Diverted from landfill',
        value: `${formatKg(fates.diverted_kg)} (${fates.diversion_rate_pct ?? '—'} %)`,
        rule: RULES.diverted,
        source: SOURCE,
      },
      ...headline,
      {
        figure: 'Energy',
        value: `${kwhText(energy.kwh)}${energy.kwh_per_tonne ? `, ${energy.kwh_per_tonne} kWh/t` : ''}`,
        rule: energy.statement,
        source: 'Posted runs (pt_facts measure run); grid_emission_factors through energy_consumption',
      },
      {
        figure: 'Equivalents',
        value: `${EQUIVALENTS.length} comparisons`,
        rule: 'The net recycling figure (EPA WARM v16) divided by what one car-year, litre of petrol or seedling stands for.',
        source: EQUIVALENTS.map((e) => `${e.url} (${e.as_of})`).join('; '),
      },
    ],
  };
}

/** The figures without the monthly series: the public page's all-time block. */
export function figuresOnly(i: Impact): ImpactFigures {
  const { months: _, ...figures } = i;
  return figures;
}
