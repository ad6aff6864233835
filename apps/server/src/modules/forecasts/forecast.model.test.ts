import { describe, expect, it } from 'vitest';
import { BACKTEST_WEEKS, forecastAhead, forecastSeries, MIN_WEEKS, mapePct } from './forecast.model.ts';

// The model on synthetic series whose future is known: a trend it must follow, a constant it must keep,
// series too short to forecast, and the arithmetic of its backtest.

/** A small wobble that repeats every 5 weeks, so the series is not a perfect line (deterministic). */
const wobble = (i: number) => [3, -2, 1, -4, 2][i % 5] as number;

const sufficient = (f: ReturnType<typeof forecastSeries>) => {
  if (!f.sufficient) throw new Error(`refused: ${f.weeks} weeks`);
  return f;
};

describe('forecastSeries', () => {
  it('follows a linear trend: the backtest error is small and beats the naive forecast', () => {
    const series = Array.from({ length: 52 }, (_, i) => 1000 + 25 * i + wobble(i));
    const f = sufficient(forecastSeries(series, 8, 3));
    expect(f.weeks).toBe(52);
    expect(f.ahead.model.chosen).toBe('auto');
    expect(f.backtest.mapePct).not.toBeNull();
    expect(f.backtest.mapePct as number).toBeLessThan(2);
    expect(f.backtest.naiveMapePct as number).toBeGreaterThan(f.backtest.mapePct as number);
    // Next weeks carry on from the last value, about 25 kg a week more.
    const next = f.ahead.steps.map((s) => s.value);
    expect(next).toHaveLength(8);
    expect(next[0] as number).toBeGreaterThan(2250);
    expect(next[7] as number).toBeGreaterThan(next[0] as number);
    for (const s of f.ahead.steps) {
      expect(s.low).toBeLessThanOrEqual(s.value);
      expect(s.high).toBeGreaterThanOrEqual(s.value);
    }
  });

  it('keeps a constant flat, with no band and no error', () => {
    const f = sufficient(forecastSeries(Array(30).fill(500), 6, 3));
    expect(f.ahead.steps).toEqual(Array(6).fill({ value: 500, low: 500, high: 500 }));
    expect(f.backtest.predicted).toEqual(Array(BACKTEST_WEEKS).fill(500));
    expect(f.backtest.mapePct).toBe(0);
    expect(f.backtest.naiveMapePct).toBe(0);
  });

  it('refuses a series too short to forecast and backtest, and forecasts from the fewest weeks needed', () => {
    expect(MIN_WEEKS).toBe(19);
    const short = Array.from({ length: MIN_WEEKS - 1 }, (_, i) => 100 + wobble(i));
    expect(forecastSeries(short, 8, 3)).toEqual({ sufficient: false, weeks: 18, needed: 19 });
    const enough = sufficient(forecastSeries([...short, 101], 8, 3));
    // Too few weeks for the automatic search: the fallback order, on the series and on its backtest.
    expect(enough.ahead.model).toMatchObject({ name: 'ARIMA(0,1,1)', chosen: 'fallback' });
    expect(enough.backtest.model).toMatchObject({ name: 'ARIMA(0,1,1)', chosen: 'fallback' });
    expect(enough.backtest.predicted).toHaveLength(BACKTEST_WEEKS);
    expect(enough.backtest.mapePct as number).toBeLessThan(10);
  });

  it('forecasts a random walk from its last value, the band widening week by week', () => {
    // The package answers leftovers for orders without AR or MA terms: these are forecast by formula.
    let seed = 11;
    const rnd = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    let level = 1000;
    const walk = Array.from({ length: 60 }, () => {
      level += Math.round((rnd() - 0.45) * 100);
      return level;
    });
    const f = sufficient(forecastSeries(walk, 4, 3));
    expect(f.ahead.model).toMatchObject({ name: 'ARIMA(0,1,0)', chosen: 'auto' });
    expect(f.ahead.steps.map((s) => s.value)).toEqual(Array(4).fill(walk.at(-1)));
    const widths = f.ahead.steps.map((s) => s.high - s.low);
    for (let i = 1; i < widths.length; i++)
      expect(widths[i] as number).toBeGreaterThan(widths[i - 1] as number);
    // In the backtest the walk's forecast is the naive one.
    expect(f.backtest.predicted).toEqual(f.backtest.naive);
  });

  it('never forecasts below zero, nor a band below it', () => {
    const falling = Array.from({ length: 30 }, (_, i) => Math.max(0, 3000 - 110 * i + 5 * wobble(i)));
    const f = sufficient(forecastSeries(falling, 12, 3));
    for (const s of [...f.ahead.steps]) {
      expect(s.value).toBeGreaterThanOrEqual(0);
      expect(s.low).toBeGreaterThanOrEqual(0);
    }
    expect(f.backtest.predicted.every((p) => p >= 0)).toBe(true);
  });

  it('compares only weeks with an actual above zero, and prices only in weeks observed', () => {
    const series = Array.from({ length: 24 }, (_, i) => (i % 2 ? 0 : 800 + wobble(i)));
    const f = sufficient(forecastSeries(series, 4, 3));
    expect(f.backtest.compared).toEqual([true, false, true, false, true, false, true, false]);
    expect(f.backtest.naive).toEqual(Array(8).fill(series[15]));

    const prices = Array.from({ length: 24 }, (_, i) => 16 + (i % 3) * 0.25);
    const observed = prices.map((_, i) => i < 18 || i % 2 === 0);
    const p = sufficient(forecastSeries(prices, 4, 2, observed));
    expect(p.backtest.actual).toEqual([16.25, 16.5, 16, null, 16.5, null, 16.25, null]);
    expect(p.backtest.compared).toEqual([true, true, true, false, true, false, true, false]);
    expect(p.backtest.mapePct).toBe(mapePct(p.backtest.actual, p.backtest.predicted, p.backtest.compared));
  });

  it('rounds every figure to the decimals asked, so the MAPE is computed from figures as shown', () => {
    const series = Array.from({ length: 26 }, (_, i) => 16 + i / 7 + wobble(i) / 9);
    const f = sufficient(forecastSeries(series, 4, 2));
    for (const x of [...f.backtest.predicted, ...f.ahead.steps.flatMap((s) => [s.value, s.low, s.high])])
      expect(Number(x.toFixed(2))).toBe(x);
  });
});

describe('mapePct', () => {
  it('is the mean of |actual − predicted| ÷ actual over the weeks compared, in %', () => {
    expect(mapePct([100, 200, 0, null], [110, 150, 30, 5], [true, true, false, false])).toBeCloseTo(17.5, 10);
    expect(mapePct([0, null], [1, 2], [false, false])).toBeNull();
  });
});

describe('forecastAhead', () => {
  it('answers the same series alike (the memo changes nothing)', () => {
    const series = Array.from({ length: 40 }, (_, i) => 200 + 10 * Math.sin(i) + wobble(i));
    expect(forecastAhead([...series], 5, 3)).toEqual(forecastAhead([...series], 5, 3));
  });
});
