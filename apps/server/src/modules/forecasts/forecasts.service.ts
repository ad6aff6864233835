import type {
  Forecast,
  ForecastKind,
  ForecastWarnings,
  forecastQuerySchema,
  forecastWarningsQuerySchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { BACKTEST_WEEKS, forecastSeries, type ModelInfo } from './forecast.model.ts';
import * as repo from './forecasts.repo.ts';
import { addDays, intakeSeries, mondayOf, priceSeries, weeksFrom } from './series.ts';
import { warningsFrom } from './warnings.ts';

/** Two years of weeks: enough to see a season come round once, and what the model is fitted on at most. */
export const HISTORY_WEEKS = 104;

/** The organization's today, and its history window: the complete weeks before the current one. */
export function windowOf(today: string) {
  const monday = mondayOf(today);
  const first = addDays(monday, -7 * HISTORY_WEEKS);
  return { today, monday, first, weeks: weeksFrom(first, HISTORY_WEEKS) };
}

const KINDS = {
  intake: { unit: 'kg', decimals: 3, series: intakeSeries },
  prices: { unit: 'PHP/kg', decimals: 2, series: priceSeries },
} as const;

const modelOut = (m: ModelInfo) => ({ name: m.name, p: m.p, d: m.d, q: m.q, chosen: m.chosen });
const pct = (x: number | null) => (x === null ? null : x.toFixed(1));
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

async function todayOf(ctx: AppContext, caller: Caller) {
  return dayIn(new Date(), await timeZoneOf(ctx.db, caller.organizationId));
}

/**
 * The forecast of weekly intake or average price paid, of one material or all together: history through
 * the week before `as_of`, the forecast from its week on, and the backtest (forecast.model.ts).
 */
export async function forecast(
  ctx: AppContext,
  caller: Caller,
  kind: ForecastKind,
  q: z.output<typeof forecastQuerySchema>,
): Promise<Forecast> {
  const today = await todayOf(ctx, caller);
  if (q.as_of && q.as_of > today) {
    const message = 'The forecast day cannot be after today';
    throw new AppError('validation_failed', message, { fields: { 'querystring.as_of': message } });
  }
  const org = caller.organizationId;
  const material = q.material_id ? await repo.materialRef(ctx.db, org, q.material_id) : null;
  if (q.material_id && !material) throw notFound('Material');
  const w = windowOf(q.as_of ?? today);
  const rows = await repo.weeklyReceived(
    ctx.db,
    org,
    w.first,
    addDays(w.monday, -1),
    q.material_id ? { materialId: q.material_id } : 'all',
  );
  const { unit, decimals, series: build } = KINDS[kind];
  const s = build(rows, w.weeks);
  const f = forecastSeries(s.values, q.weeks, decimals, s.observed);
  const fixed = (x: number) => x.toFixed(decimals);
  const ahead = weeksFrom(w.monday, q.weeks);
  const held = s.weeks.slice(-BACKTEST_WEEKS);
  return {
    kind,
    unit,
    material: material ?? null,
    as_of: w.today,
    weeks: q.weeks,
    history_weeks: f.weeks,
    needed_weeks: f.needed,
    message: f.sufficient ? null : `Not enough history (${plural(f.weeks, 'week')}; ${f.needed} needed)`,
    history: s.weeks.map((week, i) => ({ week, value: s.shown[i] ?? null })),
    forecast: f.sufficient
      ? f.ahead.steps.map((step, i) => ({
          week: ahead[i] as string,
          value: fixed(step.value),
          low: fixed(step.low),
          high: fixed(step.high),
        }))
      : [],
    model: f.sufficient ? modelOut(f.ahead.model) : null,
    backtest: f.sufficient
      ? {
          weeks: f.backtest.predicted.map((p, i) => {
            const actual = f.backtest.actual[i] ?? null;
            return {
              week: held[i] as string,
              actual: actual === null ? null : fixed(actual),
              predicted: fixed(p),
              naive: fixed(f.backtest.naive[i] as number),
              compared: f.backtest.compared[i] as boolean,
            };
          }),
          weeks_compared: f.backtest.compared.filter(Boolean).length,
          mape_pct: pct(f.backtest.mapePct),
          naive_mape_pct: pct(f.backtest.naiveMapePct),
          model: modelOut(f.backtest.model),
        }
      : null,
  };
}

/** Stock-out and over-stock warnings over the horizon, from today's stock, forecast intake and open orders. */
export async function warnings(
  ctx: AppContext,
  caller: Caller,
  q: z.output<typeof forecastWarningsQuerySchema>,
): Promise<ForecastWarnings> {
  const w = windowOf(await todayOf(ctx, caller));
  return warningsFrom(ctx.db, caller.organizationId, w, q.weeks);
}
