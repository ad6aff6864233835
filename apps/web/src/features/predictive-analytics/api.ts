import type { ForecastKind, forecastSchema, forecastWarningsSchema } from '@plastrace/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

export type Forecast = Wire<typeof forecastSchema>;
export type Backtest = NonNullable<Forecast['backtest']>;
export type Warnings = Wire<typeof forecastWarningsSchema>;
export type WarningItem = Warnings['items'][number];

/**
 * A forecast of weekly intake or price paid, of one material or (null) all together. The figures shown
 * stay while another choice loads; a forecast changes only with new deliveries, so it is kept a minute.
 */
export function useForecast(kind: ForecastKind, materialId: string | null, weeks: number) {
  return useQuery({
    queryKey: ['forecasts', kind, materialId, weeks],
    queryFn: ({ signal }) =>
      api.get<Forecast>(`/forecasts/${kind}`, {
        signal,
        query: { weeks, material_id: materialId ?? undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Stock-out and over-stock warnings over the horizon, for every material. */
export function useWarnings(weeks: number) {
  return useQuery({
    queryKey: ['forecasts', 'warnings', weeks],
    queryFn: ({ signal }) => api.get<Warnings>('/forecasts/warnings', { signal, query: { weeks } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
