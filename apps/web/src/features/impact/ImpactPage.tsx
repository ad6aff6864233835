import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { todayIn } from '../../components/common/datetime.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { isDay, oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type Impact, useImpact } from './api.ts';
import { RANGES, type RangeChoice, rangeOf } from './figures.ts';
import { ImpactFiguresView } from './ImpactFiguresView.tsx';
import { PublicPageCard } from './PublicPageCard.tsx';

const TITLE = 'Impact';

/** /impact: what the organization kept from landfill, the CO2e its recycling avoided, and its public page. */
export function ImpactPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="impact.read" title={TITLE}>
      <ImpactContent />
    </RequirePermission>
  );
}

const isEmpty = (i: Impact) =>
  i.fates.collectedKg === '0.000' && i.fates.recycledKg === '0.000' && i.energy.runs === 0;

function ImpactContent() {
  const { timeZone } = useMe();
  const mayPublish = useCan('impact.publish');
  const { filters, set } = useUrlFilters(
    { range: 'range', from: 'from', to: 'to' },
    { range: oneOf(RANGES.map((r) => r.value)), from: isDay, to: isDay },
  );
  const choice = (filters.range || 'this_year') as RangeChoice;
  const range = rangeOf(choice, todayIn(timeZone), filters);
  const impact = useImpact(range);
  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Plastic kept from landfill, the CO2e its recycling avoided on each published basis with its factors and sources, and the energy your runs used."
      />
      <FilterBar label="Choose the range">
        <NativeSelect
          label="Range"
          data={RANGES.map((r) => ({ value: r.value, label: r.label }))}
          value={choice}
          onChange={(e) =>
            set({
              range: e.currentTarget.value === 'this_year' ? '' : e.currentTarget.value,
              from: '',
              to: '',
            })
          }
        />
        {choice === 'custom' && (
          <>
            <TextInput
              label="From"
              type="date"
              value={filters.from}
              onChange={(e) => set({ from: e.currentTarget.value })}
            />
            <TextInput
              label="To"
              type="date"
              value={filters.to}
              onChange={(e) => set({ to: e.currentTarget.value })}
            />
          </>
        )}
      </FilterBar>
      {impact.isPending ? (
        <Text c="dimmed" role="status">
          Loading the impact figures…
        </Text>
      ) : impact.isError ? (
        <QueryError
          error={impact.error}
          what="The impact figures"
          onRetry={() => impact.refetch()}
          retrying={impact.isFetching}
        />
      ) : (
        <Stack gap="xs">
          {impact.isPlaceholderData && (
            <Text size="sm" c="dimmed" role="status">
              Loading the range…
            </Text>
          )}
          {isEmpty(impact.data) ? (
            <EmptyState title="Nothing collected or processed in this range">
              Posted deliveries, production runs and dispatches make these figures: choose a wider range, or
              post the records of this one.
            </EmptyState>
          ) : (
            <ImpactFiguresView figures={impact.data} months={impact.data.months} />
          )}
        </Stack>
      )}
      {mayPublish && <PublicPageCard />}
    </Stack>
  );
}
