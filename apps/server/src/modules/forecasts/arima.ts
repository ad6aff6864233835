import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The `arima` package (ctsa compiled to WebAssembly) builds its module once, printing through console.log:
// its fits' summaries and optimizer warnings would land in the server's JSON log on stdout, and the order
// an automatic fit chose is only ever printed. So the module is built here from the package's own files,
// with a printer that keeps what a fit prints for the fit to read. Everything runs synchronously, so one
// buffer serves every call.

type ArimaConstructor = typeof import('arima');
type ArimaModule = { wasmBinary: Uint8Array; print: (s: string) => void; printErr: (s: string) => void };

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('arima'));
const printed: string[] = [];
const keep = (s: string) => {
  printed.push(s);
};
const ARIMA = (require(join(root, 'load.js')) as (m: unknown) => ArimaConstructor)(
  (require(join(root, 'wasm/native-sync.js')) as (o: ArimaModule) => unknown)({
    wasmBinary: require(join(root, 'wrapper/native.bin.js')) as Uint8Array,
    print: keep,
    printErr: keep,
  }),
);

export type Order = { p: number; d: number; q: number };
export type Fit = { order: Order; mean: number[]; variance: number[] };

/**
 * The automatic search's bounds: weekly series of at most two years overfit past two AR or MA terms, and a
 * second difference extrapolates a curve that runs away within the horizon. No seasonal part: a yearly
 * season needs more than the two years held. (The bounds also halve the search's time.)
 */
const AUTO = { auto: true, p: 2, d: 1, q: 2, P: 0, D: 0, Q: 0, s: 0 };

/** The fewest values the package fits: 20 for the automatic search, d + max(p + q, 10) for a fixed order. */
export const minValues = (spec: 'auto' | Order) =>
  spec === 'auto' ? 20 : spec.d + Math.max(spec.p + spec.q, 10);

/** Below this the one-step variance is zero: the fit is exact, and the package leaves garbage after it. */
const EXACT = 1e-9;

/**
 * Fits `values` and forecasts `horizon` steps: each step's mean and variance; null when the package
 * refuses or answers something that is not a forecast, so the caller can fall back.
 *
 * What the package gets wrong, found by fitting thousands of synthetic series against their known future
 * (forecast.model.test.ts keeps the cases): the automatic search's own forecast is off whenever the order
 * it picks has a difference (it ignores the difference when forecasting), and any fit of an order without
 * AR or MA terms answers memory leftovers after the first steps. So the search only picks the order; the
 * order is then fitted as a fixed one, whose forecasts are right; and the two orders without terms —
 * white noise around a mean, a random walk with drift — are forecast from the estimates the search
 * printed, by their textbook formulas.
 */
export function fitArima(values: number[], horizon: number, spec: 'auto' | Order): Fit | null {
  if (values.length < minValues(spec)) return null;
  if (spec !== 'auto') return fitOrder(values, horizon, spec);
  const found = searchOrder(values);
  if (!found) return null;
  const { order, mean, drift, sigma2 } = found;
  if (order.p + order.q > 0) return fitOrder(values, horizon, order);
  if (order.d > 1) return null;
  const steps = Array.from({ length: horizon }, (_, i) => i + 1);
  const last = values.at(-1) ?? 0;
  return {
    order,
    mean: steps.map((h) => (order.d === 0 ? mean : last + h * drift)),
    variance: steps.map((h) => (sigma2 < EXACT ? 0 : order.d === 0 ? sigma2 : h * sigma2)),
  };
}

/** Runs the automatic search (without forecasting from it) and reads what it settled on from its summary. */
function searchOrder(values: number[]) {
  const printout = run(() => {
    new ARIMA({ ...AUTO, verbose: true }).train(values).destroy();
  });
  if (printout === null) return null;
  const summary = printout.slice(printout.lastIndexOf('AutoARIMA summary'));
  const order = /ARIMA Seasonal Order : \(\s*(\d+),\s*(\d+),\s*(\d+)\)/.exec(summary);
  const figure = (name: string) => Number(new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(summary)?.[1]);
  const [mean, drift, sigma2] = [figure('MEAN'), figure('TREND'), figure('SIGMA\\^2')];
  if (!order || ![mean, drift, sigma2].every(Number.isFinite)) return null;
  return { order: { p: Number(order[1]), d: Number(order[2]), q: Number(order[3]) }, mean, drift, sigma2 };
}

/**
 * A fixed order's fit and forecast, checked: finite means within the series' reach (the series' range
 * widened by twice itself on each side; an explosive estimate leaves it), variances that never shrink.
 */
function fitOrder(values: number[], horizon: number, order: Order): Fit | null {
  let forecast: [number[], number[]] | undefined;
  const printout = run(() => {
    const model = new ARIMA({ ...order, verbose: false }).train(values);
    try {
      forecast = model.predict(horizon);
    } finally {
      model.destroy();
    }
  });
  if (printout === null || !forecast) return null;
  const [mean, variance] = forecast;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const reach = 2 * (hi - lo) + 1e-6 * Math.max(1, Math.abs(hi));
  const within = (m: number) => Number.isFinite(m) && m >= lo - reach && m <= hi + reach;
  const cleaned = cleanVariance(variance);
  if (mean.length !== horizon || !mean.every(within) || !cleaned) return null;
  return { order, mean, variance: cleaned };
}

/** Runs a call into the package: what it printed, or null when it threw. */
function run(call: () => void): string | null {
  printed.length = 0;
  try {
    call();
    return printed.join('\n');
  } catch {
    return null;
  } finally {
    printed.length = 0;
  }
}

/**
 * A forecast's variances grow with the step (σ² times a running sum of squares). An exact fit has σ² = 0,
 * so every step's is 0 — the package then answers leftovers of its memory, which are dropped.
 */
function cleanVariance(variance: number[]): number[] | null {
  const first = variance[0] ?? Number.NaN;
  if (!Number.isFinite(first)) return null;
  if (first < EXACT) return variance.map(() => 0);
  let floor = 0;
  const out: number[] = [];
  for (const v of variance) {
    // A shrinking variance (beyond rounding) is not a forecast's.
    if (!Number.isFinite(v) || v < floor * 0.999) return null;
    floor = Math.max(floor, v);
    out.push(floor);
  }
  return out;
}
