import { type Fit, fitArima, minValues, type Order } from './arima.ts';

// The forecasting model, as a function from a weekly series to its forecast, band and backtest: no
// database, no dates. ARIMA comes from the `arima` package (arima.ts); this file decides which order to
// trust, when to refuse, and how the forecast is judged.

/** What the backtest holds back and forecasts: two months, enough weeks for an error to mean something. */
export const BACKTEST_WEEKS = 8;
/**
 * The fallback: ARIMA(0,1,1) is simple exponential smoothing — a level that follows the series, no trend
 * to run away — the safest order when the search cannot run (fewer than 20 values) or fails.
 */
const FALLBACK: Order = { p: 0, d: 1, q: 1 };
/**
 * The fewest weeks a forecast is made from: the backtest's 8 plus the 11 the fallback needs to fit on
 * what is left, so every forecast shown carries its backtest error.
 */
export const MIN_WEEKS = BACKTEST_WEEKS + minValues(FALLBACK);
/** The normal quantile of a two-sided 95 % band. */
const Z95 = 1.959964;

export type ModelInfo = Order & { name: string; chosen: 'auto' | 'fallback' };
export type Step = { value: number; low: number; high: number };
export type Ahead = { steps: Step[]; model: ModelInfo };
export type Backtest = {
  actual: (number | null)[];
  predicted: number[];
  naive: number[];
  compared: boolean[];
  mapePct: number | null;
  naiveMapePct: number | null;
  model: ModelInfo;
};
export type SeriesForecast =
  | { sufficient: false; weeks: number; needed: number }
  | { sufficient: true; weeks: number; needed: number; ahead: Ahead; backtest: Backtest };

/**
 * A figure rounded to what the answer writes (`decimals`: 3 for kg, 2 for PHP/kg), so every figure the
 * MAPE compares is one the answer shows.
 */
export const round = (x: number, decimals: number) => Number(x.toFixed(decimals));

/**
 * The random walk, ARIMA(0,1,0), written out: the last value, its variance growing by the variance of a
 * week's change each step. Only reached when the package fails even the fallback order (never seen).
 */
function randomWalk(values: number[], horizon: number): Fit {
  const changes = values.slice(1).map((v, i) => v - (values[i] as number));
  const mean = changes.reduce((a, b) => a + b, 0) / Math.max(1, changes.length);
  const s2 = changes.reduce((a, c) => a + (c - mean) ** 2, 0) / Math.max(1, changes.length - 1);
  const last = values.at(-1) ?? 0;
  return {
    order: { p: 0, d: 1, q: 0 },
    mean: Array.from({ length: horizon }, () => last),
    variance: Array.from({ length: horizon }, (_, h) => s2 * (h + 1)),
  };
}

/**
 * Fits are deterministic, so an answer is reused for the same series and horizon: a page that switches
 * tabs, or the warnings after the intake forecasts, fit nothing twice. Bounded, oldest out first.
 */
const memo = new Map<string, Ahead>();
const MEMO_SIZE = 500;

/** The forecast `horizon` weeks ahead: the automatic search when there are enough weeks, else the fallback. */
export function forecastAhead(values: number[], horizon: number, decimals: number): Ahead {
  const key = `${horizon}|${decimals}|${values.join(',')}`;
  const known = memo.get(key);
  if (known) return known;
  const auto = values.length >= minValues('auto') ? fitArima(values, horizon, 'auto') : null;
  const fit = auto ?? fitArima(values, horizon, FALLBACK) ?? randomWalk(values, horizon);
  const { p, d, q } = fit.order;
  const ahead: Ahead = {
    steps: fit.mean.map((m, i) => {
      const half = Z95 * Math.sqrt(fit.variance[i] ?? 0);
      // Kilograms and prices are never negative: neither is their forecast or its band.
      const at = (x: number) => round(Math.max(0, x), decimals);
      return { value: at(m), low: at(m - half), high: at(m + half) };
    }),
    model: { p, d, q, name: `ARIMA(${p},${d},${q})`, chosen: auto ? 'auto' : 'fallback' },
  };
  memo.delete(key);
  memo.set(key, ahead);
  if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  return ahead;
}

/** The forecast alone, as forecastSeries makes it (the warnings need no backtest); null below MIN_WEEKS. */
export const forecastOnly = (values: number[], horizon: number, decimals: number): Ahead | null =>
  values.length < MIN_WEEKS ? null : forecastAhead(values, horizon, decimals);

/** Mean absolute percentage error, %, over the weeks compared; null when none is. */
export function mapePct(actual: (number | null)[], predicted: number[], compared: boolean[]): number | null {
  let sum = 0;
  let n = 0;
  actual.forEach((a, i) => {
    if (!compared[i] || a === null) return;
    sum += Math.abs(a - (predicted[i] as number)) / a;
    n++;
  });
  return n ? (sum / n) * 100 : null;
}

/**
 * A weekly series' forecast and its backtest: the same procedure fitted on the series without its last 8
 * weeks, its forecast of those weeks beside what happened and beside the naive forecast (the last value
 * repeated), judged by MAPE over the weeks whose actual is above zero (a percentage of nothing is not
 * one). `observed` marks the weeks that hold a real value (a price is carried into weeks without
 * deliveries, which the backtest does not count). Fewer than MIN_WEEKS weeks: refused.
 */
export function forecastSeries(
  values: number[],
  horizon: number,
  decimals: number,
  observed: boolean[] = values.map(() => true),
): SeriesForecast {
  const weeks = values.length;
  if (weeks < MIN_WEEKS) return { sufficient: false, weeks, needed: MIN_WEEKS };
  const cut = weeks - BACKTEST_WEEKS;
  const training = values.slice(0, cut);
  const held = forecastAhead(training, BACKTEST_WEEKS, decimals);
  const actual = values.slice(cut).map((v, i) => (observed[cut + i] ? round(v, decimals) : null));
  const predicted = held.steps.map((s) => s.value);
  const naive = predicted.map(() => round(training.at(-1) ?? 0, decimals));
  const compared = actual.map((a) => a !== null && a > 0);
  return {
    sufficient: true,
    weeks,
    needed: MIN_WEEKS,
    ahead: forecastAhead(values, horizon, decimals),
    backtest: {
      actual,
      predicted,
      naive,
      compared,
      mapePct: mapePct(actual, predicted, compared),
      naiveMapePct: mapePct(actual, naive, compared),
      model: held.model,
    },
  };
}
