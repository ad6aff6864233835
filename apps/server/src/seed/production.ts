import { formatUnits, productionRecordInputSchema, toUnits } from '@plastrace/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { organizations, productionLines } from '../db/schema/index.ts';
import type { Random } from '../lib/random.ts';
import * as production from '../modules/production/production.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';
import { manilaDays, manilaTime } from './deliveries-plan.ts';

export type ProductionCounts = { productionRuns: number };

type Run = z.input<typeof productionRecordInputSchema>;
type Line = { id: string; code: string };

/** The demo plant's lines at MNL1: a PET wash line and an extruder (capacities of small Philippine plants). */
const LINES = [
  {
    code: 'WASH-1',
    name: 'PET hot-wash line',
    processCodes: ['shredding', 'washing', 'drying'],
    capacityKgPerH: '600',
    ratedKw: '90',
    costPerKgPhp: '2.50',
  },
  {
    code: 'EXT-1',
    name: 'Pelletising extruder',
    processCodes: ['extrusion'],
    capacityKgPerH: '400',
    ratedKw: '160',
    costPerKgPhp: '3.00',
  },
] as const;

/** A tariff of the size industrial users pay in Luzon (demo figure, PHP per kWh). */
const DEMO_TARIFF = '11.8000';

/**
 * The available lots of some materials at a facility that were in stock before `before`, oldest
 * first, with what each still holds.
 */
export async function lotsInStock(tx: Tx, orgId: string, facilityId: string, codes: string[], before: Date) {
  const rows = await tx.execute<{ id: string; qty: string }>(sql`
    SELECT l.id, b.qty_kg::text AS qty FROM lots l
      JOIN lot_balances b ON b.lot_id = l.id
      JOIN materials m ON m.id = l.material_id
      JOIN LATERAL (SELECT min(posted_at) AS since FROM stock_movements s WHERE s.lot_id = l.id) f ON true
    WHERE l.organization_id = ${orgId} AND l.facility_id = ${facilityId} AND l.status = 'available'
      AND m.code IN ${codes} AND b.qty_kg > 0 AND f.since < ${before.toISOString()}::timestamptz
    ORDER BY f.since, l.id`);
  return rows.rows;
}

/** Whole lots, oldest first, up to `target` kg (of a first lot larger than that, only `target`). */
function take(lots: { id: string; qty: string }[], target: number) {
  const picked: { lot_id: string; kg: string }[] = [];
  const limit = BigInt(target) * 1000n;
  let total = 0n;
  for (const l of lots) {
    const qty = toUnits(l.qty, 3);
    if (total + qty > limit) {
      if (picked.length === 0) picked.push({ lot_id: l.id, kg: formatUnits(limit, 3) });
      if (picked.length === 1 && total === 0n) total = limit;
      break;
    }
    picked.push({ lot_id: l.id, kg: l.qty });
    total += qty;
    if (picked.length === 12) break;
  }
  return { inputs: picked, total };
}

/** `share` of `total` grams, to the half kilogram (scales at the line read in 0.5 kg steps). */
const part = (total: bigint, share: number) =>
  (BigInt(Math.round((Number(total) * share) / 500)) * 500n) as bigint;

/**
 * Months of production at the demo plant through the real production service: twice a week the wash
 * line turns the PET bales and bottles received so far into washed flake (yields 79–89 %: moisture,
 * labels and caps, contamination), and once a week the extruder pelletises the flake (91–94 %).
 */
export async function seedProduction(
  ctx: AppContext,
  tx: Tx,
  operator: Caller,
  opts: {
    rand: Random;
    start: Date;
    asOf: Date;
    facility: { id: string };
    materials: Map<string, string>;
  },
): Promise<ProductionCounts> {
  const { rand } = opts;
  const orgId = operator.organizationId;
  await tx
    .update(organizations)
    .set({ electricityTariffPhp: DEMO_TARIFF })
    .where(eq(organizations.id, orgId));
  const lines = (await tx
    .insert(productionLines)
    .values(
      LINES.map((l) => ({
        ...l,
        processCodes: [...l.processCodes],
        organizationId: orgId,
        facilityId: opts.facility.id,
      })),
    )
    .returning({ id: productionLines.id, code: productionLines.code })) as Line[];
  const [wash, extruder] = lines as [Line, Line];
  const material = (code: string) => {
    const id = opts.materials.get(code);
    if (!id) throw new Error(`demo production needs material ${code}`);
    return id;
  };
  let runs = 0;
  let meter = 120_000 + rand.int(0, 5_000);
  // Runs start after the first two weeks of deliveries, Mondays and Thursdays (wash), Saturdays (extrusion).
  const from = new Date(opts.start.getTime() + 14 * 86_400_000);
  for (const day of manilaDays(from, opts.asOf, (w) => w === 1 || w === 4 || w === 6)) {
    const weekday = new Date(day).getUTCDay();
    const startedAt = manilaTime(day, 6 * 60);
    const endedAt = manilaTime(day, 14 * 60);
    if (endedAt >= opts.asOf) break;
    const washing = weekday !== 6;
    const stock = await lotsInStock(
      tx,
      orgId,
      opts.facility.id,
      washing ? ['PET_BALE', 'PET_BOTTLES_CLEAR'] : ['PET_FLAKE'],
      startedAt,
    );
    if (stock.length === 0) continue;
    // Within what the line can do in 8 hours.
    const { inputs, total } = take(stock, washing ? rand.int(2500, 4200) : rand.int(1800, 3000));
    const losses: Run['losses'] = washing
      ? [
          {
            kind: 'moisture',
            fate: 'evaporated',
            kg: formatUnits(part(total, 0.04 + rand.next() * 0.04), 3),
          },
          { kind: 'labels_caps', fate: 'resale', kg: formatUnits(part(total, 0.04 + rand.next() * 0.03), 3) },
          {
            kind: 'contamination',
            fate: 'landfill',
            kg: formatUnits(part(total, 0.03 + rand.next() * 0.03), 3),
          },
        ]
      : [
          {
            kind: 'contamination',
            fate: 'co_processing',
            kg: formatUnits(part(total, 0.04 + rand.next() * 0.02), 3),
          },
          { kind: 'fines', fate: 'resale', kg: formatUnits(part(total, 0.02 + rand.next() * 0.01), 3) },
        ];
    const lost = (losses ?? []).reduce((s, l) => s + toUnits(String(l.kg), 3), 0n);
    const input: Run = {
      facility_id: opts.facility.id,
      production_line_id: washing ? wash.id : extruder.id,
      process_code: washing ? 'washing' : 'extrusion',
      started_at: startedAt.toISOString(),
      ended_at: endedAt.toISOString(),
      shift: 'Day',
      crew: washing ? 'R. Dizon, M. Santos, J. Cruz' : 'A. Reyes, P. Bautista',
      // The extruder has a meter; the wash line is booked from its rated power.
      ...(washing
        ? {}
        : (() => {
            const start = meter;
            meter += Math.round((Number(formatUnits(total, 3)) / 1000) * rand.int(290, 330));
            return { meter_start_kwh: String(start), meter_end_kwh: String(meter) };
          })()),
      inputs,
      outputs: [
        { material_id: material(washing ? 'PET_FLAKE' : 'PET_PELLET'), kg: formatUnits(total - lost, 3) },
      ],
      losses,
    };
    await clockAt(ctx.db, endedAt, 15); // the shift lead posts the run after the line stops
    await production.create(ctx, operator, productionRecordInputSchema.parse(input), undefined, true);
    runs++;
  }
  return { productionRuns: runs };
}
