// Test fixtures (not imported by app code): forecasts and warnings as the API sends them.
import { forecastSchema, forecastWarningsSchema, materialSchema, page } from '@plastrace/shared';
import { materialRecord, wire } from '../../test/wire.ts';

export const PET = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001',
  code: 'PET_BOTTLES_CLEAR',
  name: 'PET bottles clear',
};
export const FLAKE = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002',
  code: 'PET_FLAKE',
  name: 'PET flake (washed)',
};
export const HDPE = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7003',
  code: 'HDPE_NATURAL',
  name: 'HDPE natural rigid',
};

export const materialPage = wire(page(materialSchema), {
  items: [PET, FLAKE, HDPE].map((m) => materialRecord({ ...m, form: 'bottles' })),
  next_cursor: null,
});

const week = (i: number) => new Date(Date.UTC(2026, 5, 1) + i * 7 * 86_400_000).toISOString().slice(0, 10);
/** 20 weeks of history from 1 Jun 2026 through 12 Oct; the forecast from 19 Oct. */
const HISTORY = Array.from({ length: 20 }, (_, i) => ({ week: week(i), value: (1000 + 50 * i).toFixed(3) }));

const model = { name: 'ARIMA(0,1,1)', p: 0, d: 1, q: 1 };

export const INTAKE = wire(forecastSchema, {
  kind: 'intake',
  unit: 'kg',
  material: null,
  as_of: '2026-10-22',
  weeks: 4,
  history_weeks: 20,
  needed_weeks: 19,
  message: null,
  history: HISTORY,
  forecast: [0, 1, 2, 3].map((i) => ({
    week: week(20 + i),
    value: (2000 + 50 * i).toFixed(3),
    low: (1800 - 10 * i).toFixed(3),
    high: (2200 + 100 * i).toFixed(3),
  })),
  model: { ...model, name: 'ARIMA(1,1,0)', p: 1, q: 0, chosen: 'auto' },
  backtest: {
    weeks: HISTORY.slice(-8).map((h, i) => ({
      week: h.week,
      actual: i === 3 ? '0.000' : h.value,
      predicted: '1500.000',
      naive: HISTORY[11]?.value,
      compared: i !== 3,
    })),
    weeks_compared: 7,
    mape_pct: '14.2',
    naive_mape_pct: '21.0',
    model: { ...model, chosen: 'fallback' },
  },
});

export const PRICES = wire(forecastSchema, {
  ...INTAKE,
  kind: 'prices',
  unit: 'PHP/kg',
  material: PET,
  history: HISTORY.map((h, i) => ({ week: h.week, value: i % 4 === 1 ? null : (16 + i / 20).toFixed(2) })),
  forecast: INTAKE.forecast.map((p) => ({ week: p.week, value: '17.05', low: '16.10', high: '18.00' })),
  backtest: {
    ...INTAKE.backtest,
    weeks: INTAKE.backtest?.weeks.map((w, i) => ({
      ...w,
      actual: i % 4 === 1 ? null : '16.80',
      predicted: '16.90',
      naive: '16.55',
      compared: i % 4 !== 1,
    })),
    weeks_compared: 6,
    mape_pct: '3.1',
    naive_mape_pct: '2.4',
  },
});

/** Too little history: the weeks there are, no forecast. */
export const SHORT = wire(forecastSchema, {
  ...INTAKE,
  material: FLAKE,
  history_weeks: 6,
  message: 'Not enough history (6 weeks; 19 needed)',
  history: HISTORY.slice(-6),
  forecast: [],
  model: null,
  backtest: null,
});

export const NO_HISTORY = wire(forecastSchema, {
  ...SHORT,
  history_weeks: 0,
  message: 'Not enough history (0 weeks; 19 needed)',
  history: [],
});

const weekly = (projected: string[]) =>
  projected.map((p, i) => ({ week: week(20 + i), intake_kg: '0.000', orders_kg: '0.000', projected_kg: p }));

const item = {
  stock_kg: '0.000',
  intake_kg: '0.000',
  intake_forecast: true,
  open_orders_kg: '0.000',
  projected_kg: '0.000',
  average_outflow_kg: '0.000',
  cover_weeks: null,
  warning: null,
  stock_out_week: null,
  weekly: weekly(['0.000', '0.000', '0.000', '0.000']),
};

export const WARNINGS = wire(forecastWarningsSchema, {
  as_of: '2026-10-22',
  weeks: 4,
  outflow_weeks: 13,
  over_stock_weeks: 12,
  items: [
    {
      ...item,
      material: FLAKE,
      intake_forecast: false,
      open_orders_kg: '7450.000',
      projected_kg: '-7450.000',
      average_outflow_kg: '49.115',
      cover_weeks: '0.0',
      warning: 'stock_out',
      stock_out_week: week(21),
    },
    {
      ...item,
      material: HDPE,
      stock_kg: '30690.000',
      intake_kg: '4092.000',
      projected_kg: '34782.000',
      average_outflow_kg: '500.000',
      cover_weeks: '69.6',
      warning: 'over_stock',
    },
    { ...item, material: PET, stock_kg: '1200.000', projected_kg: '1200.000', average_outflow_kg: '400.000' },
  ],
});

export const NO_WARNINGS = wire(forecastWarningsSchema, { ...WARNINGS, items: [WARNINGS.items[2]] });
