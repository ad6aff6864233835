import { Button, NativeSelect, Stack, Tabs, TextInput } from '@mantine/core';
import { ANALYTICS_GROUP_LABELS, ANALYTICS_GROUPS, type AnalyticsGroup } from '@plastrace/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { todayIn } from '../../components/common/datetime.ts';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { isDay, oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { FacilityFilter, MaterialFilter } from '../receive-records/MasterDataFilters.tsx';
import type { Bar, ReportName, ReportParams } from './api.ts';
import { RecordsDrawer } from './RecordsDrawer.tsx';
import { ReportPanel } from './ReportPanel.tsx';
import { defaultGroup, isGroup, isPreset, RANGE_PRESETS, type RangePreset, rangeOf } from './range.ts';
import { REPORT_ORDER, REPORTS } from './reports.tsx';

const TITLE = 'Analytics';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEYS = {
  tab: 'tab',
  range: 'range',
  from: 'from',
  to: 'to',
  group: 'group',
  by: 'by',
  facility: 'facility',
  material: 'material',
} as const;
const CHECKS = {
  tab: oneOf(REPORT_ORDER),
  range: isPreset,
  from: isDay,
  to: isDay,
  group: isGroup,
  facility: (v: string) => UUID.test(v),
  material: (v: string) => UUID.test(v),
};

type PanelProps = { params: ReportParams; enabled: boolean; onPick: (bar: Bar) => void };

/** The tab's panel, its spec typed by its name. */
function panelOf(name: ReportName, p: PanelProps) {
  switch (name) {
    case 'intake':
      return <ReportPanel spec={REPORTS.intake} {...p} />;
    case 'prices':
      return <ReportPanel spec={REPORTS.prices} {...p} />;
    case 'production':
      return <ReportPanel spec={REPORTS.production} {...p} />;
    case 'sales':
      return <ReportPanel spec={REPORTS.sales} {...p} />;
  }
}

/** /analytics: intake, prices paid, production and sales by period, with their records and exports. */
export function AnalyticsPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="analytics.read" title={TITLE}>
      <Analytics />
    </RequirePermission>
  );
}

function Analytics() {
  const { timeZone } = useMe();
  const mayExport = useCan('data.export');
  const { filters, set } = useUrlFilters(KEYS, CHECKS);
  const [bar, setBar] = useState<Bar | null>(null);
  const files = useDownload();

  const tab = (filters.tab || 'intake') as ReportName;
  const spec = REPORTS[tab];
  const preset = (filters.range || '12m') as RangePreset;
  const range = rangeOf(preset, todayIn(timeZone), { from: filters.from, to: filters.to });
  const group = (filters.group || defaultGroup(preset)) as AnalyticsGroup;
  const by = spec.by.some((b) => b.value === filters.by) ? filters.by : 'period';
  const params: ReportParams = {
    from: range.from,
    to: range.to,
    group,
    ...(spec.filters.includes('facility') && filters.facility ? { facilityId: filters.facility } : {}),
    ...(spec.filters.includes('material') && filters.material ? { materialId: filters.material } : {}),
    ...(spec.by.length ? { by } : {}),
  };
  const download = (format: 'csv' | 'xlsx') =>
    files.download(
      format,
      `/analytics/${tab}/export`,
      { ...params, format },
      `analytics-${tab}-${range.from}-to-${range.to}.${format}`,
    );
  const exportButton = (format: 'csv' | 'xlsx') => (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={files.pending === format}
      disabled={!!range.problem}
      onClick={() => download(format)}
    >
      Export {format.toUpperCase()}
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="What came in, what it cost against the price list, what the lines made and what sold at what margin — by period, with the records behind every bar."
        actions={
          mayExport && (
            <>
              {exportButton('csv')}
              {exportButton('xlsx')}
            </>
          )
        }
      />
      <ActionError error={files.error} onClose={files.clearError} />
      <Tabs value={tab} keepMounted={false} onChange={(v) => set({ tab: v === 'intake' ? '' : (v ?? '') })}>
        <Tabs.List mb="md">
          {REPORT_ORDER.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {REPORTS[name].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Stack gap="md">
          <FilterBar label="Choose the figures">
            <NativeSelect
              label="Range"
              data={[...RANGE_PRESETS]}
              value={preset}
              onChange={(e) => set({ range: e.currentTarget.value === '12m' ? '' : e.currentTarget.value })}
            />
            {preset === 'custom' && (
              <>
                <TextInput
                  label="From"
                  type="date"
                  value={filters.from || range.from}
                  error={range.problem?.field === 'from' && range.problem.message}
                  onChange={(e) => set({ from: e.currentTarget.value })}
                />
                <TextInput
                  label="To"
                  type="date"
                  value={filters.to || range.to}
                  error={range.problem?.field === 'to' && range.problem.message}
                  onChange={(e) => set({ to: e.currentTarget.value })}
                />
              </>
            )}
            <NativeSelect
              label="Period"
              data={ANALYTICS_GROUPS.map((g) => ({ value: g, label: ANALYTICS_GROUP_LABELS[g] }))}
              value={group}
              onChange={(e) => set({ group: e.currentTarget.value })}
            />
            {spec.by.length > 0 && (
              <NativeSelect
                label="Split by"
                data={spec.by}
                value={by}
                onChange={(e) => set({ by: e.currentTarget.value === 'period' ? '' : e.currentTarget.value })}
              />
            )}
            {spec.filters.includes('facility') && (
              <FacilityFilter value={filters.facility} onChange={(facility) => set({ facility })} />
            )}
            {spec.filters.includes('material') && (
              <MaterialFilter value={filters.material} onChange={(material) => set({ material })} />
            )}
          </FilterBar>
          {REPORT_ORDER.map((name) => (
            <Tabs.Panel key={name} value={name}>
              {name === tab && panelOf(name, { params, enabled: !range.problem, onPick: setBar })}
            </Tabs.Panel>
          ))}
        </Stack>
      </Tabs>
      <RecordsDrawer bar={bar} params={params} onClose={() => setBar(null)} />
    </Stack>
  );
}
