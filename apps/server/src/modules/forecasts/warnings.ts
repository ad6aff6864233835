import { divide, type ForecastWarnings, formatUnits, toUnits } from '@plastrace/shared';
import type { Db } from '../../db/client.ts';
import { forecastOnly } from './forecast.model.ts';
import { positions, type WeekRow, weeklyReceived } from './forecasts.repo.ts';
import { addDays, intakeSeries, weeksFrom } from './series.ts';

/**
 * The weeks the average outflow is taken over: a quarter, long enough to smooth lumpy dispatches and
 * production runs, recent enough to follow what is selling now.
 */
export const OUTFLOW_WEEKS = 13;
/**
 * More than a quarter's outflow in the yard is over-stock: bales and flake kept longer weather (sun and
 * rain degrade PET and film, and dirt gets in), and the money paid for them sits idle that long.
 */
export const OVER_STOCK_WEEKS = 12;

type Window = { today: string; monday: string; first: string; weeks: string[] };
type Item = ForecastWarnings['items'][number];

const kg = (units: bigint) => formatUnits(units, 3);
const grams = (text: string) => toUnits(text, 3);

/**
 * Each material's stock projected week by week over the horizon: today's stock, plus its intake forecast
 * (this week's less what already came, which is in the stock), less what open sales orders still have to
 * receive in the week they are due. A stock-out is the first week the projection falls below 0; over-stock
 * is a projection at the horizon's end above OVER_STOCK_WEEKS weeks of average outflow — dispatched or
 * consumed by production: raw material leaves through the lines, not the gate, so dispatches alone would
 * call every bale in the yard over-stock. Materials with too little history add no intake (said so).
 * All in grams, exact: the forecast at the gram it is answered with.
 */
export async function warningsFrom(
  db: Db,
  orgId: string,
  w: Window,
  horizon: number,
): Promise<ForecastWarnings> {
  const ahead = weeksFrom(w.monday, horizon);
  const [received, rows] = await Promise.all([
    weeklyReceived(db, orgId, w.first, w.today, 'each'),
    positions(db, {
      orgId,
      today: w.today,
      outFrom: addDays(w.monday, -7 * OUTFLOW_WEEKS),
      outTo: addDays(w.monday, -1),
      first: w.monday,
      last: ahead.at(-1) as string,
    }),
  ]);
  const byMaterial = new Map<string, WeekRow[]>();
  for (const r of received)
    byMaterial.set(r.material_id ?? '', [...(byMaterial.get(r.material_id ?? '') ?? []), r]);

  const items = rows.flatMap((row): Item[] => {
    const mine = byMaterial.get(row.id) ?? [];
    const stock = grams(row.stock_kg);
    const outflow = grams(row.outflow_kg);
    if (!mine.length && stock === 0n && outflow === 0n && !row.orders.length) return [];

    const f = forecastOnly(intakeSeries(mine, w.weeks).values, horizon, 3);
    const soFar = grams(mine.find((r) => r.week === w.monday)?.kg ?? '0');
    const orders = new Map(row.orders.map((o) => [o.week, grams(o.kg)]));
    let projected = stock;
    let stockOutWeek: string | null = null;
    let intakeTotal = 0n;
    let ordersTotal = 0n;
    const weekly: Item['weekly'] = [];
    for (const [i, week] of ahead.entries()) {
      const forecast = f ? grams((f.steps[i]?.value ?? 0).toFixed(3)) : 0n;
      const intake = i === 0 ? (forecast > soFar ? forecast - soFar : 0n) : forecast;
      const due = orders.get(week) ?? 0n;
      intakeTotal += intake;
      ordersTotal += due;
      projected += intake - due;
      if (projected < 0n && !stockOutWeek) stockOutWeek = week;
      weekly.push({ week, intake_kg: kg(intake), orders_kg: kg(due), projected_kg: kg(projected) });
    }
    const average = divide(outflow, 3, BigInt(OUTFLOW_WEEKS), 0, 3) ?? 0n;
    // A projection below 0 covers no week at all.
    const cover = average > 0n ? divide(projected > 0n ? projected : 0n, 3, average, 3, 1) : null;
    const over = !stockOutWeek && projected > average * BigInt(OVER_STOCK_WEEKS);
    return [
      {
        material: { id: row.id, code: row.code, name: row.name },
        stock_kg: kg(stock),
        intake_kg: kg(intakeTotal),
        intake_forecast: f !== null,
        open_orders_kg: kg(ordersTotal),
        projected_kg: kg(projected),
        average_outflow_kg: kg(average),
        cover_weeks: cover === null ? null : formatUnits(cover, 1),
        warning: stockOutWeek ? 'stock_out' : over ? 'over_stock' : null,
        stock_out_week: stockOutWeek,
        weekly,
      },
    ];
  });
  // Stock-outs first, soonest first; then over-stock; then the rest, by code as the query gave them.
  const rank = (i: Item) => (i.warning === 'stock_out' ? `0${i.stock_out_week}` : i.warning ? '1' : '2');
  items.sort((a, b) => rank(a).localeCompare(rank(b)));
  return {
    as_of: w.today,
    weeks: horizon,
    outflow_weeks: OUTFLOW_WEEKS,
    over_stock_weeks: OVER_STOCK_WEEKS,
    items,
  };
}
