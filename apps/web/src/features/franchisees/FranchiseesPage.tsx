import { NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { PERFORMANCE_MAX_MONTHS } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { MasterDataList } from '../catalog/MasterDataList.tsx';
import { type Performance, usePerformance } from './api.ts';
import { franchiseesConfig } from './config.tsx';
import { currentMonth, monthLabel, monthsUpTo } from './figures.ts';
import { NetworkSection } from './NetworkSection.tsx';
import { PayoutsTable } from './PayoutsTable.tsx';
import { TargetBars } from './TargetBars.tsx';

const TITLE = 'Franchisees';
type Tab = 'network' | 'targets' | 'payouts' | 'records';
const TABS: { value: Tab; label: string }[] = [
  { value: 'network', label: 'Network' },
  { value: 'targets', label: 'Volume vs target' },
  { value: 'payouts', label: 'Fees and payouts' },
  { value: 'records', label: 'Records' },
];
/** The tabs that show the chosen months' figures, and how each shows them. */
const PERFORMANCE_TABS: [Tab, (p: Performance) => ReactNode][] = [
  // The map colours by the last month the figures cover (the month chosen, once they have loaded).
  ['network', (p) => <NetworkSection items={p.items} month={p.months.at(-1) ?? ''} />],
  ['targets', (p) => <TargetBars performance={p} />],
  ['payouts', (p) => <PayoutsTable performance={p} />],
];
const SPANS = [1, 3, 6, 12].map((n) => ({ value: String(n), label: n === 1 ? '1 month' : `${n} months` }));

/** /franchisee: the organization's franchised collection points, their targets, fees and payouts. */
export function FranchiseesPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="masterdata.read" title={TITLE}>
      <Franchisees />
    </RequirePermission>
  );
}

function Franchisees() {
  const { timeZone } = useMe();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && TABS.some((t) => t.value === raw) ? raw : 'network';
  const now = currentMonth(timeZone);
  const choices = monthsUpTo(now, PERFORMANCE_MAX_MONTHS);
  const month = choices.includes(params.get('month') ?? '') ? (params.get('month') as string) : now;
  const span = SPANS.some((s) => s.value === params.get('months')) ? (params.get('months') as string) : '6';

  // Month and span are kept with the tab; the records list keeps its own filters beside them.
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Your franchised collection points: where they are, what they sell you against their targets, the fees they owe and what they were paid."
      />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => set('tab', value === 'network' ? null : value)}
      >
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PERFORMANCE_TABS.map(([value, show]) => (
          <Tabs.Panel key={value} value={value}>
            <Stack gap="md">
              <FilterBar label="Choose the months">
                <NativeSelect
                  label="Month"
                  data={choices.map((m) => ({ value: m, label: monthLabel(m) }))}
                  value={month}
                  onChange={(e) => set('month', e.currentTarget.value === now ? null : e.currentTarget.value)}
                />
                <NativeSelect
                  label="Months shown"
                  data={SPANS}
                  value={span}
                  onChange={(e) =>
                    set('months', e.currentTarget.value === '6' ? null : e.currentTarget.value)
                  }
                />
              </FilterBar>
              <WithFigures month={month} months={Number(span)}>
                {show}
              </WithFigures>
            </Stack>
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="records">
          <MasterDataList config={franchiseesConfig} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * The figures of the chosen months once loaded: a loading line, the error with a retry, or an empty
 * network. While another choice loads, the figures shown stay those of the months they name.
 */
function WithFigures({
  month,
  months,
  children,
}: {
  month: string;
  months: number;
  children: (p: Performance) => ReactNode;
}) {
  const performance = usePerformance(month, months);
  if (performance.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading the network’s figures…
      </Text>
    );
  if (performance.isError)
    return (
      <QueryError
        error={performance.error}
        what="The franchisees’ figures"
        onRetry={() => performance.refetch()}
        retrying={performance.isFetching}
      />
    );
  if (performance.data.items.length === 0)
    return (
      <EmptyState title="No franchisees in the network yet">
        Add your franchised collection points under Records: each sells to you as one of your suppliers, and
        its deliveries, targets, fees and payouts show here.
      </EmptyState>
    );
  return (
    <Stack gap="xs">
      {performance.isPlaceholderData && (
        <Text size="sm" c="dimmed" role="status">
          Loading {monthLabel(month)}…
        </Text>
      )}
      {children(performance.data)}
    </Stack>
  );
}
