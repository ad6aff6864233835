import { NativeSelect, Stack, Tabs } from '@mantine/core';
import { FORECAST_HORIZON, type ForecastKind } from '@plastrace/shared';
import { useSearchParams } from 'react-router';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useMaterialOptions } from '../receive-records/api.ts';
import { ForecastSection } from './ForecastSection.tsx';
import { WarningsList } from './WarningsList.tsx';

const TITLE = 'Forecasts';
const TABS: { value: ForecastKind; label: string }[] = [
  { value: 'intake', label: 'Intake' },
  { value: 'prices', label: 'Prices' },
];
const HORIZONS = Array.from({ length: FORECAST_HORIZON.max - FORECAST_HORIZON.min + 1 }, (_, i) => {
  const n = FORECAST_HORIZON.min + i;
  return { value: String(n), label: `${n} weeks` };
});
const ALL = '';

/** /predictive-analytics: intake and prices paid forecast a few weeks ahead, with their backtest error. */
export function PredictiveAnalyticsPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="forecasts.read" title={TITLE}>
      <PredictiveAnalytics />
    </RequirePermission>
  );
}

function PredictiveAnalytics() {
  const [params, setParams] = useSearchParams();
  const tab: ForecastKind = params.get('tab') === 'prices' ? 'prices' : 'intake';
  const weeks = HORIZONS.some((h) => h.value === params.get('weeks'))
    ? Number(params.get('weeks'))
    : FORECAST_HORIZON.default;
  const materials = useMaterialOptions();
  const materialId = params.get('material') || null;
  const options = [
    { value: ALL, label: 'All materials' },
    ...[...(materials.data?.items ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
  ];

  // The choices live in the URL, so a forecast is a link; defaults are left out of it.
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        description="Intake and prices paid, forecast a few weeks ahead from your deliveries, each with how far off it would have been over the last 8 weeks; and the stock-outs and over-stock they lead to."
      />
      <FilterBar label="Choose the forecast">
        <NativeSelect
          label="Material"
          data={options}
          value={materialId ?? ALL}
          onChange={(e) => set('material', e.currentTarget.value || null)}
        />
        <NativeSelect
          label="Weeks ahead"
          data={HORIZONS}
          value={String(weeks)}
          onChange={(e) =>
            set(
              'weeks',
              e.currentTarget.value === String(FORECAST_HORIZON.default) ? null : e.currentTarget.value,
            )
          }
        />
      </FilterBar>
      <Tabs value={tab} keepMounted={false} onChange={(v) => set('tab', v === 'prices' ? v : null)}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            <ForecastSection kind={t.value} materialId={materialId} weeks={weeks} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <WarningsList weeks={weeks} />
    </Stack>
  );
}
