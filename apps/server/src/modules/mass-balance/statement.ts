import {
  COUNT_TOLERANCE_PCT,
  divide,
  formatUnits,
  type MassBalanceStatement,
  type Period,
  toUnits,
} from '@plastrace/shared';
import type { Db, Tx } from '../../db/client.ts';
import * as repo from './mass-balance.repo.ts';

// A mass-balance statement from the ledger (docs/architecture.md, "Mass balance and closed periods").
// Everything is kept in grams as bigints and written once; each row's identity holds exactly:
//   opening + in − out − consumed − losses + adjustments + voids = closing.

const g = (kg: string) => toUnits(kg, 3);
const kg = (grams: bigint) => formatUnits(grams, 3);
const key = (facilityId: string, materialId: string) => `${facilityId}|${materialId}`;

/**
 * Splits `total` over `weights` in proportion, exactly: each takes its share rounded towards zero and
 * the units left go one by one to the largest remainders (ties to the earlier), as lineage does.
 */
export function apportion(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const sign = total < 0n ? -1n : 1n;
  const abs = total * sign;
  const parts = weights.map((w) => (abs * w) / sum);
  let left = abs - parts.reduce((s, p) => s + p, 0n);
  const order = weights
    .map((w, i) => ({ i, r: (abs * w) % sum }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((p) => p * sign);
}

type Ref = repo.Ref;

/** Count difference over book, flagged above ISCC PLUS's 0.5 % (any difference on a zero book). */
export function countCheck(bookKg: string, countedKg: string) {
  const book = g(bookKg);
  const diff = g(countedKg) - book;
  const pct = divide(diff * 100n, 3, book, 3, 2);
  const abs = diff < 0n ? -diff : diff;
  const absBook = book < 0n ? -book : book;
  // |diff| / book > tolerance % ⇔ |diff| × 100 × 10² > book × tolerance × 10²
  const flagged = book === 0n ? diff !== 0n : abs * 10_000n > absBook * toUnits(COUNT_TOLERANCE_PCT, 2);
  return { difference_kg: kg(diff), difference_pct: pct === null ? null : formatUnits(pct, 2), flagged };
}

type Handle = Db | Tx;
type CreditRow = repo.CreditRow;

/**
 * Credits with their opening carried from the last closed period when there is one (its stored closing
 * plus what came after it), so a period's opening does not sum the ledger's whole history each time.
 */
async function creditsOf(db: Handle, w: repo.Window): Promise<CreditRow[]> {
  const carried = await repo.carriedCredits(db, w);
  const rows = await repo.credits(db, w, carried?.since ?? null);
  const before = new Map((carried?.credits ?? []).map((c) => [c.facility.id, g(c.closing_kg)]));
  return rows
    .map((r) => ({ ...r, opening: kg(g(r.opening) + (before.get(r.facility_id) ?? 0n)) }))
    .filter((r) => g(r.opening) !== 0n || g(r.credits_in) !== 0n || g(r.credits_out) !== 0n);
}

/** Reads the five parts at once on the pool; one after another on a transaction (one connection). */
async function read(db: Handle, w: repo.Window, parallel: boolean) {
  const parts = [
    () => repo.ledger(db, w),
    () => repo.runs(db, w),
    () => repo.counts(db, w),
    () => creditsOf(db, w),
    () => repo.facilityRefs(db, w.orgId),
    () => repo.materialRefs(db, w.orgId),
  ] as const;
  if (parallel) {
    const [a, b, c, d, e, f] = await Promise.all(parts.map((p) => p()));
    return [a, b, c, d, e, f] as [
      repo.LedgerRow[],
      repo.RunRow[],
      repo.CountRow[],
      CreditRow[],
      Ref[],
      Ref[],
    ];
  }
  return [
    await parts[0](),
    await parts[1](),
    await parts[2](),
    await parts[3](),
    await parts[4](),
    await parts[5](),
  ] as const;
}

export async function computeStatement(
  db: Handle,
  w: repo.Window,
  period: Period,
  facility: Ref | null,
  parallel: boolean,
): Promise<MassBalanceStatement> {
  const [ledger, runs, counts, credits, facilityRefs, materialRefs] = await read(db, w, parallel);
  const facilities = new Map(facilityRefs.map((f) => [f.id, f]));
  const materials = new Map(materialRefs.map((m) => [m.id, m]));
  const ref = (map: Map<string, Ref>, id: string): Ref => map.get(id) ?? { id, code: '?', name: '?' };

  // Each run's loss (inputs − outputs − reject lots kept) shared over its inputs by mass.
  const byRun = new Map<string, repo.RunRow[]>();
  for (const r of runs) byRun.set(r.run_id, [...(byRun.get(r.run_id) ?? []), r]);
  const losses = new Map<string, bigint>();
  type Conv = {
    facility: string;
    process: string;
    runs: number;
    input: bigint;
    output: bigint;
    kept: bigint;
  };
  const conversion = new Map<string, Conv & { fates: Map<string, bigint> }>();
  for (const inputs of byRun.values()) {
    const first = inputs[0];
    if (!first) continue;
    const input = inputs.reduce((s, i) => s + g(i.input_kg), 0n);
    const output = g(first.output_kg);
    const kept = g(first.kept_kg);
    const shares = apportion(
      input - output - kept,
      inputs.map((i) => g(i.input_kg)),
    );
    inputs.forEach((i, n) => {
      const k = key(i.facility_id, i.material_id);
      losses.set(k, (losses.get(k) ?? 0n) + (shares[n] ?? 0n));
    });
    // Conversion factors are of runs that stand: a voided run was a mistake.
    if (first.status !== 'posted' || (w.facilityId && first.run_facility_id !== w.facilityId)) continue;
    const ck = `${first.run_facility_id}|${first.process_code}`;
    const c = conversion.get(ck) ?? {
      facility: first.run_facility_id,
      process: first.process_code,
      runs: 0,
      input: 0n,
      output: 0n,
      kept: 0n,
      fates: new Map<string, bigint>(),
    };
    c.runs += 1;
    c.input += input;
    c.output += output;
    c.kept += kept;
    for (const [fate, v] of Object.entries(first.fates ?? {}))
      c.fates.set(fate, (c.fates.get(fate) ?? 0n) + g(v));
    conversion.set(ck, c);
  }

  const rows: MassBalanceStatement['rows'] = [];
  for (const r of ledger) {
    const closing = g(r.closing);
    const net = g(r.period_net);
    const opening = closing - net;
    if (opening === 0n && closing === 0n && r.moves === 0) continue;
    const [received, produced, tIn, dispatched, tOut, gross, voids] = [
      r.received,
      r.produced,
      r.transfers_in,
      r.dispatched,
      r.transfers_out,
      r.consumed_gross,
      r.voids,
    ].map(g) as [bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    const loss = losses.get(key(r.facility_id, r.material_id)) ?? 0n;
    // Counts, lot adjustments and any kind the columns do not name: the rest of the period's net.
    const adjustments = net - (received + produced + tIn - dispatched - tOut - gross + voids);
    rows.push({
      facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name },
      material: { id: r.material_id, code: r.material_code, name: r.material_name },
      opening_kg: kg(opening),
      received_kg: kg(received),
      produced_kg: kg(produced),
      transfers_in_kg: kg(tIn),
      in_kg: kg(received + produced + tIn),
      dispatched_kg: kg(dispatched),
      transfers_out_kg: kg(tOut),
      out_kg: kg(dispatched + tOut),
      consumed_kg: kg(gross - loss),
      losses_kg: kg(loss),
      adjustments_kg: kg(adjustments),
      voids_kg: kg(voids),
      closing_kg: kg(closing),
      negative: closing < 0n,
    });
  }

  const countRows = counts.map((c) => ({
    count: { id: c.count_id, number: c.number },
    facility: ref(facilities, c.facility_id),
    material: ref(materials, c.material_id),
    posted_at: c.posted_at,
    book_kg: kg(g(c.book_kg)),
    counted_kg: kg(g(c.counted_kg)),
    ...countCheck(c.book_kg, c.counted_kg),
  }));

  const creditRows = credits.map((c) => {
    const closing = g(c.opening) + g(c.credits_in) - g(c.credits_out);
    return {
      facility: ref(facilities, c.facility_id),
      opening_kg: kg(g(c.opening)),
      in_kg: kg(g(c.credits_in)),
      out_kg: kg(g(c.credits_out)),
      closing_kg: kg(closing),
      negative: closing < 0n,
    };
  });

  const conversionRows = [...conversion.values()]
    .map((c) => ({
      facility: ref(facilities, c.facility),
      process_code: c.process,
      runs: c.runs,
      input_kg: kg(c.input),
      output_kg: kg(c.output),
      kept_kg: kg(c.kept),
      loss_kg: kg(c.input - c.output - c.kept),
      losses_by_fate: [...c.fates.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([fate, v]) => ({ fate, kg: kg(v) })),
      factor: formatUnits(divide(c.output, 3, c.input, 3, 4) ?? 0n, 4),
    }))
    .sort(
      (a, b) =>
        a.facility.code.localeCompare(b.facility.code) || a.process_code.localeCompare(b.process_code),
    );

  return {
    period: { label: period.label, start: period.start, end: period.end, kind: period.kind },
    facility,
    time_zone: w.timeZone,
    generated_at: new Date().toISOString(),
    rows,
    conversion: conversionRows,
    counts: countRows,
    credits: creditRows,
    flags: {
      negative_balances: rows.filter((r) => r.negative).length,
      counts_over_tolerance: countRows.filter((c) => c.flagged).length,
      negative_credits: creditRows.filter((c) => c.negative).length,
    },
  };
}
