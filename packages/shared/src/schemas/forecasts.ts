import { z } from 'zod';
import { day } from './wire.ts';

// Forecasts (docs/architecture.md "Forecasts"): weekly intake and average price paid per material, forecast
// a few weeks ahead by an ARIMA model, each with the error it made on the last weeks it could have known,
// and the stock-out and over-stock warnings those forecasts and the open sales orders lead to.

/** How many weeks ahead a forecast may look: under a month says little, past a quarter the band is noise. */
export const FORECAST_HORIZON = { min: 4, max: 12, default: 8 } as const;
export const FORECAST_KINDS = ['intake', 'prices'] as const;
export type ForecastKind = (typeof FORECAST_KINDS)[number];

const horizon = z.coerce
  .number()
  .int('Enter a whole number of weeks')
  .min(FORECAST_HORIZON.min, `Forecast at least ${FORECAST_HORIZON.min} weeks`)
  .max(FORECAST_HORIZON.max, `Forecast at most ${FORECAST_HORIZON.max} weeks`)
  .default(FORECAST_HORIZON.default)
  .describe('How many weeks ahead, counting the current week');

export const forecastQuerySchema = z.object({
  weeks: horizon,
  material_id: z.string().uuid().optional().describe('One material; every material together when left out'),
  as_of: day()
    .optional()
    .describe(
      'Forecast as it would have been made on this day (organization time zone): history through the week before it. Today when left out',
    ),
});

export const forecastWarningsQuerySchema = z.object({ weeks: horizon });

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const week = z.string().describe('The week’s Monday, YYYY-MM-DD (organization time zone)');

export const forecastModelSchema = z.object({
  name: z.string().describe('As statisticians write it: ARIMA(1,1,1)'),
  p: z.number().int().describe('Autoregressive terms'),
  d: z.number().int().describe('Differences taken'),
  q: z.number().int().describe('Moving-average terms'),
  chosen: z
    .enum(['auto', 'fallback'])
    .describe(
      'auto: the order the automatic search picked; fallback: ARIMA(0,1,1) (or the random walk), used when the series is too short for the search or the search failed',
    ),
});

export const forecastBacktestSchema = z.object({
  weeks: z.array(
    z.object({
      week,
      actual: z.string().nullable().describe('What happened; null for a price in a week without deliveries'),
      predicted: z.string().describe('What the model fitted on the earlier weeks forecast'),
      naive: z.string().describe('The last value before the backtest, repeated'),
      compared: z.boolean().describe('Counted in the MAPE: an actual above zero'),
    }),
  ),
  weeks_compared: z.number().int(),
  mape_pct: z
    .string()
    .nullable()
    .describe('Mean absolute percentage error over the compared weeks, 1 decimal; null when none'),
  naive_mape_pct: z.string().nullable().describe('The same for the naive forecast'),
  model: forecastModelSchema,
});

export const forecastSchema = z
  .object({
    kind: z.enum(FORECAST_KINDS),
    unit: z.enum(['kg', 'PHP/kg']),
    material: ref.nullable().describe('Null: every material together'),
    as_of: z.string().describe('The day the forecast is made on'),
    weeks: z.number().int().describe('The horizon asked for'),
    history_weeks: z
      .number()
      .int()
      .describe('Complete weeks from the first with a delivery (at most 104) through last week'),
    needed_weeks: z.number().int().describe('The fewest weeks a forecast is made from'),
    message: z.string().nullable().describe('Why there is no forecast; null when there is one'),
    history: z.array(
      z.object({
        week,
        value: z
          .string()
          .nullable()
          .describe(
            'kg net received, or PHP paid ÷ payable kg; a price is null in a week without deliveries',
          ),
      }),
    ),
    forecast: z.array(
      z.object({
        week,
        value: z.string(),
        low: z.string().describe('The 95 % band, never below 0'),
        high: z.string(),
      }),
    ),
    model: forecastModelSchema.nullable(),
    backtest: forecastBacktestSchema.nullable(),
  })
  .meta({ id: 'Forecast' });
export type Forecast = z.infer<typeof forecastSchema>;

export const FORECAST_WARNINGS = ['stock_out', 'over_stock'] as const;

export const forecastWarningsSchema = z
  .object({
    as_of: z.string().describe('The organization’s today'),
    weeks: z.number().int(),
    outflow_weeks: z.number().int().describe('The complete weeks the average outflow is taken over'),
    over_stock_weeks: z
      .number()
      .int()
      .describe('Projected stock above this many weeks of average outflow is over-stock'),
    items: z.array(
      z.object({
        material: ref,
        stock_kg: z.string().describe('On hand today, every facility'),
        intake_kg: z
          .string()
          .describe(
            'Forecast deliveries still to come over the horizon (this week’s less what already came)',
          ),
        intake_forecast: z
          .boolean()
          .describe('False when the material has too little history to forecast: intake counted as 0'),
        open_orders_kg: z.string().describe('What open sales orders still have to receive'),
        projected_kg: z.string().describe('Stock + intake − open orders at the end of the horizon'),
        average_outflow_kg: z
          .string()
          .describe('Dispatched + consumed by production, a week on average over `outflow_weeks`'),
        cover_weeks: z
          .string()
          .nullable()
          .describe('Projected (none below 0) ÷ average outflow, 1 decimal; null without outflow'),
        warning: z.enum(FORECAST_WARNINGS).nullable(),
        stock_out_week: z.string().nullable().describe('The first week the projection falls below 0'),
        weekly: z.array(
          z.object({
            week,
            intake_kg: z.string(),
            orders_kg: z
              .string()
              .describe(
                'Remaining on open orders due that week (overdue or undated: the first; due after the horizon: the last)',
              ),
            projected_kg: z.string(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'ForecastWarnings' });
export type ForecastWarnings = z.infer<typeof forecastWarningsSchema>;
