import {
  type ChainOfCustodyModel,
  divide,
  formatUnits,
  INFORMAL_SUPPLIER_TYPES,
  lotDigitalLink,
  multiply,
  type PassportContent,
  type PassportDetails,
  SUPPLIER_TYPES,
  TRACE_MAX_DEPTH,
  type Trace,
  toUnits,
} from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { apportion } from '../trace/shares.ts';
import { traceLot } from '../trace/trace.service.ts';
import * as repo from './passports.repo.ts';

// A passport's content, computed now from the ledger and the lineage: what publishing would freeze.
// Every figure is exact (grams, hundredths of a percent, kWh to the hundredth) and the shares of a list
// are apportioned by largest remainder, so each list sums to 100.00 %.

type Polymer = PassportContent['composition'][number]['polymer'];
type SupplierType = PassportContent['origin']['supplier_types'][number]['type'];

const NOT_RECORDED = 'Not recorded';
const INFORMAL = new Set<string>(INFORMAL_SUPPLIER_TYPES);
const KNOWN_TYPES = new Set<string>(SUPPLIER_TYPES);

const pct = (hundredths: bigint) => formatUnits(hundredths, 2);

/** Each part's share of their sum in hundredths of a percent, summing to exactly 100.00 (or all 0). */
export function sharesOf(grams: bigint[]): bigint[] {
  const total = grams.reduce((s, g) => s + g, 0n);
  if (total === 0n) return grams.map(() => 0n);
  return apportion(
    grams.map((g) => ({ n: g * 10_000n, d: total })),
    10_000n,
  );
}

/** Sums grams per key, largest first (then by key, so equal shares keep one order). */
function grouped<K extends string>(items: { key: K; grams: bigint }[]) {
  const sums = new Map<K, bigint>();
  for (const i of items) sums.set(i.key, (sums.get(i.key) ?? 0n) + i.grams);
  const list = [...sums].sort(([ka, a], [kb, b]) => (a === b ? (ka < kb ? -1 : 1) : a > b ? -1 : 1));
  const shares = sharesOf(list.map(([, g]) => g));
  return list.map(([key, g], i) => ({ key, grams: g, hundredths: shares[i] ?? 0n }));
}

export async function buildContent(
  ctx: AppContext,
  caller: Caller,
  lotId: string,
  details: PassportDetails,
): Promise<PassportContent> {
  const lot = await repo.lotFacts(ctx.db, caller.organizationId, lotId);
  if (!lot) throw notFound('Lot');
  const trace = await traceLot(ctx, caller, lotId, { direction: 'upstream', depth: TRACE_MAX_DEPTH });
  const gtin = lot.product_gtin ?? lot.material_gtin;
  const recycled = recycledContent(lot, trace);
  return {
    identifier: {
      lot_code: lot.code,
      digital_link: lotDigitalLink(ctx.publicUrl, {
        code: lot.code,
        gtin,
        organizationSlug: lot.organization_slug,
      }),
      gtin,
      product:
        lot.product_code && lot.product_name ? { sku: lot.product_code, name: lot.product_name } : null,
      material: { name: lot.material_name, polymer: lot.polymer as Polymer, form: lot.form },
      kg: trace.start.kg,
    },
    composition: await composition(ctx, caller.organizationId, lot),
    recycled_content: recycled,
    origin: await origin(ctx, caller.organizationId, trace),
    ...(await processing(ctx, caller.organizationId, trace)),
    certificates: details.certificates,
    notes: details.notes ?? null,
    recycling_instructions: details.recycling_instructions ?? null,
    publisher: { name: lot.organization_name },
  };
}

/** A finished product's plastic by polymer from its BOM version; else the lot's material, 100 %. */
async function composition(ctx: AppContext, orgId: string, lot: repo.LotFacts) {
  const lines = lot.bom_version_id ? await repo.bomPolymers(ctx.db, orgId, lot.bom_version_id) : [];
  if (lines.length === 0) return [{ polymer: lot.polymer as Polymer, share_pct: '100.00' }];
  return grouped(lines.map((l) => ({ key: l.polymer as Polymer, grams: toUnits(l.grams, 3) }))).map((g) => ({
    polymer: g.key,
    share_pct: pct(g.hundredths),
  }));
}

/**
 * The recycled share and the ISO 22095 chain-of-custody model it is claimed under. The lineage is
 * physical and weighed: every kg of the lot is traced through the runs, splits and merges that made it
 * to the deliveries it came from, and a run's recycled share is its inputs' by mass. So the claim is one
 * of the physical models, never mass balance or book-and-claim: identity preserved when it all came from
 * one delivery, segregated when every input was recycled material, and controlled blending when recycled
 * and virgin material were mixed in known, weighed proportions.
 */
function recycledContent(lot: repo.LotFacts, trace: Trace): PassportContent['recycled_content'] {
  const value = lot.recycled_content_pct ?? (lot.is_virgin ? '0' : '100');
  const hundredths = toUnits(value, 2);
  const deliveries = new Set(trace.origins.map((o) => o.receive_record?.id ?? o.lot_id));
  let model: ChainOfCustodyModel | null = null;
  let explanation: string;
  if (hundredths === 0n) {
    explanation = 'No recycled content is claimed: the lot’s material is virgin resin.';
  } else if (hundredths === 10_000n && deliveries.size === 1) {
    model = 'identity_preserved';
    explanation =
      'All of the lot came from one delivery of recovered plastic, kept apart and weighed at every step.';
  } else if (hundredths === 10_000n) {
    model = 'segregated';
    explanation =
      'Every input was recovered plastic: deliveries were combined only with other recycled material, and every kilogram was weighed through each step.';
  } else {
    model = 'controlled_blending';
    explanation =
      'Recycled and virgin material were mixed in proportions weighed at each step; the recycled share is the inputs’ share by mass.';
  }
  return { pct: pct(hundredths), chain_of_custody: model, explanation };
}

/** Where the lot's mass was collected, by place and by kind of supplier; no supplier is named. */
async function origin(ctx: AppContext, orgId: string, trace: Trace): Promise<PassportContent['origin']> {
  const places = new Map(
    (
      await repo.originPlaces(
        ctx.db,
        orgId,
        trace.origins.map((o) => o.lot_id),
      )
    ).map((p) => [p.lot_id, p.region]),
  );
  const parts = trace.origins.map((o) => ({
    grams: toUnits(o.kg, 3),
    region: places.get(o.lot_id) ?? NOT_RECORDED,
    type: (o.supplier && KNOWN_TYPES.has(o.supplier.type) ? o.supplier.type : 'other') as SupplierType,
  }));
  const types = grouped(parts.map((p) => ({ key: p.type, grams: p.grams })));
  const informal = types.filter((t) => INFORMAL.has(t.key)).reduce((s, t) => s + t.hundredths, 0n);
  return {
    kg: trace.start.kg,
    regions: grouped(parts.map((p) => ({ key: p.region, grams: p.grams }))).map((g) => ({
      region: g.key,
      kg: formatUnits(g.grams, 3),
      share_pct: pct(g.hundredths),
    })),
    supplier_types: types.map((t) => ({
      type: t.key,
      kg: formatUnits(t.grams, 3),
      share_pct: pct(t.hundredths),
    })),
    informal_sector_pct: pct(informal),
  };
}

/**
 * Every production run upstream of the lot, with the part of its electricity the lot carries: the run's
 * kWh × (kg of its lots that ended up in this lot ÷ kg of lots it made), and that part's kg CO2e at the
 * grid factor of the run's country (the calculations module's figure and source).
 */
async function processing(ctx: AppContext, orgId: string, trace: Trace) {
  const shareKg = new Map(trace.lots.map((l) => [l.id, toUnits(l.share_kg, 3)]));
  const outputsOf = new Map<string, Set<string>>();
  for (const e of trace.edges) {
    if (e.via.type !== 'production_record') continue;
    const set = outputsOf.get(e.via.id) ?? new Set<string>();
    set.add(e.to_lot_id);
    outputsOf.set(e.via.id, set);
  }
  const runs = await repo.runs(ctx.db, orgId, [...outputsOf.keys()]);
  let kwhTotal = 0n;
  let co2Total = 0n;
  const steps = runs.map((r) => {
    const carried = [...(outputsOf.get(r.id) ?? [])].reduce((s, id) => s + (shareKg.get(id) ?? 0n), 0n);
    const runKwh = r.energy_kwh === null ? null : toUnits(r.energy_kwh, 2);
    const kwh = runKwh === null ? null : (divide(runKwh * carried, 5, BigInt(r.made_grams), 3, 2) ?? 0n);
    const factor = r.grid_kg_co2e_per_kwh === null ? null : toUnits(r.grid_kg_co2e_per_kwh, 4);
    const co2 = kwh === null || factor === null ? null : multiply(kwh, 2, factor, 4, 1);
    kwhTotal += kwh ?? 0n;
    co2Total += co2 ?? 0n;
    return {
      process: { code: r.process_code, name: r.process_name },
      facility: { name: r.facility_name, city: r.facility_city, region: r.facility_region },
      date: r.day,
      run_kwh: runKwh === null ? null : formatUnits(runKwh, 2),
      kwh: kwh === null ? null : formatUnits(kwh, 2),
      kg_co2e: co2 === null ? null : formatUnits(co2, 1),
      energy_basis: r.energy_basis,
      factor:
        factor === null
          ? null
          : {
              kg_co2e_per_kwh: formatUnits(factor, 4),
              source: r.grid_source ?? '',
              verified: r.grid_verified ?? false,
            },
    };
  });
  return {
    processing: steps,
    totals: { kwh: formatUnits(kwhTotal, 2), kg_co2e: formatUnits(co2Total, 1) },
  };
}
