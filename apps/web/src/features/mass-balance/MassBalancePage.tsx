import { ActionIcon, Button, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { parsePeriod, shiftPeriod } from '@plastrace/shared';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { isRetryable } from '../../components/common/apiErrors.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useFacilityOptions } from '../receive-records/api.ts';
import { useMassBalance } from './api.ts';
import { BalanceTable } from './BalanceTable.tsx';
import { ClosesHistory } from './ClosesHistory.tsx';
import { Flag } from './Flag.tsx';
import { PeriodState } from './PeriodState.tsx';
import { asKind, defaultPeriod, isPeriod, periodTitle } from './period.ts';
import { ConversionSection, CountsSection, CreditsSection } from './Sections.tsx';

const TITLE = 'Mass balance';
const UUID = /^[0-9a-f-]{36}$/i;

/**
 * /mass-balance: per facility × material, a month's or a quarter's opening + in − out − consumed −
 * losses + adjustments + voids = closing from the stock ledger, with conversion factors, book vs
 * counted stock, recycled-content credits, the period's close state and the statement as CSV or PDF.
 */
export function MassBalancePage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="mass_balance.read" title={TITLE}>
      <MassBalanceView />
    </RequirePermission>
  );
}

function MassBalanceView() {
  const { timeZone } = useMe();
  const { filters, set } = useUrlFilters(
    { period: 'period', facility: 'facility' },
    { period: isPeriod, facility: (v) => UUID.test(v) },
  );
  const period = filters.period || defaultPeriod(timeZone);
  const facilityId = filters.facility || undefined;
  const kind = parsePeriod(period)?.kind === 'quarter' ? 'quarter' : 'month';
  const facilities = useFacilityOptions();
  const statement = useMassBalance({ period, facilityId });
  const files = useDownload();
  const s = statement.data;
  const download = (ext: 'csv' | 'pdf') =>
    files.download(
      ext,
      `/mass-balance/statement.${ext}`,
      { period, facilityId },
      `mass-balance-${period}.${ext}`,
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="What came in, went out, was converted and lost per facility and material, period by period (ISCC PLUS: at most three months, book vs counted within 0.5 %, no negative balance at period end)."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={files.pending === 'csv'}
              onClick={() => download('csv')}
            >
              CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={files.pending === 'pdf'}
              onClick={() => download('pdf')}
            >
              PDF statement
            </Button>
          </>
        }
      />
      <ActionError error={files.error} onClose={files.clearError} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Period length"
          value={kind}
          onChange={(v) => set({ period: asKind(period, v as 'month' | 'quarter') })}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'quarter', label: 'Quarter' },
          ]}
        />
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Previous ${kind}`}
            onClick={() => set({ period: shiftPeriod(period, -1) })}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Text fw={600} miw={150} ta="center" aria-live="polite">
            {periodTitle(period)}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Next ${kind}`}
            onClick={() => set({ period: shiftPeriod(period, 1) })}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <NativeSelect
          label="Facility"
          value={filters.facility}
          onChange={(e) => set({ facility: e.currentTarget.value })}
          data={[
            { value: '', label: 'All facilities' },
            ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
        />
      </Group>
      {statement.isPending && (
        <Text c="dimmed" role="status">
          Loading the mass balance…
        </Text>
      )}
      {statement.isError && (
        <QueryError
          error={statement.error}
          what="The mass balance"
          onRetry={isRetryable(statement.error) ? () => statement.refetch() : undefined}
          retrying={statement.isFetching}
        />
      )}
      {s && !statement.isError && (
        <>
          <PeriodState statement={s} period={period} facilityId={facilityId} timeZone={timeZone} />
          {s.flags.negativeBalances + s.flags.countsOverTolerance + s.flags.negativeCredits > 0 && (
            <Group gap="xs" role="group" aria-label="Flags">
              {s.flags.negativeBalances > 0 && (
                <Flag>{`${s.flags.negativeBalances} negative balance(s)`}</Flag>
              )}
              {s.flags.countsOverTolerance > 0 && (
                <Flag color="orange">{`${s.flags.countsOverTolerance} count(s) over 0.5 %`}</Flag>
              )}
              {s.flags.negativeCredits > 0 && (
                <Flag>{`${s.flags.negativeCredits} negative credit balance(s)`}</Flag>
              )}
            </Group>
          )}
          {s.rows.length === 0 ? (
            <EmptyState title="Nothing moved in this period">
              No stock was held or moved{s.facility ? ` at ${s.facility.name}` : ''} in {periodTitle(period)}.
              Choose another period or facility.
            </EmptyState>
          ) : (
            <BalanceTable rows={s.rows} />
          )}
          <ConversionSection rows={s.conversion} />
          <CountsSection rows={s.counts} timeZone={timeZone} />
          <CreditsSection rows={s.credits} />
        </>
      )}
      <ClosesHistory timeZone={timeZone} />
    </Stack>
  );
}
