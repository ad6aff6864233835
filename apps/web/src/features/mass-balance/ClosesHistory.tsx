import { Text } from '@mantine/core';
import { isRetryable } from '../../components/common/apiErrors.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { type PeriodClose, useCloses } from './api.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { Flag } from './Flag.tsx';
import { Section } from './Sections.tsx';

/** Every period closed, newest first, with who closed and who reopened it and why. */
export function ClosesHistory({ timeZone }: { timeZone: string }) {
  const closes = useCloses();
  return (
    <Section title="Closed periods">
      {closes.isPending && (
        <Text size="sm" c="dimmed" role="status">
          Loading…
        </Text>
      )}
      {closes.isError && (
        <QueryError
          error={closes.error}
          what="The closed periods"
          onRetry={isRetryable(closes.error) ? () => closes.refetch() : undefined}
          retrying={closes.isFetching}
        />
      )}
      {closes.data?.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No period has been closed yet.
        </Text>
      )}
      {!!closes.data?.items.length && (
        <FiguresTable<PeriodClose>
          label="Closed periods"
          rows={closes.data.items}
          keyOf={(c) => c.id}
          columns={[
            { label: 'Period', value: (c) => c.period },
            { label: 'Facility', value: (c) => c.facility?.name ?? 'All facilities' },
            { label: 'Closed', value: (c) => `${formatDateTime(c.closedAt, timeZone)}, ${c.closedBy.name}` },
            {
              label: 'State',
              value: (c) =>
                c.reopenedAt ? (
                  <Text span size="sm">
                    <Flag color="yellow">Reopened</Flag>{' '}
                    {`${formatDateTime(c.reopenedAt, timeZone)} by ${c.reopenedBy?.name ?? ''}: ${c.reopenReason ?? ''}`}
                  </Text>
                ) : (
                  <Flag color="gray">Closed</Flag>
                ),
            },
            { label: 'SHA-256', value: (c) => <code>{c.statementSha256.slice(0, 16)}…</code> },
          ]}
        />
      )}
    </Section>
  );
}
