import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TRIP_STATUS_LABELS, type TripStatus } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { CardList } from '../../components/common/CardList.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { type TripQuery, useTrips } from './api.ts';
import { TripCardBody } from './TripCard.tsx';

const EMPTY: Record<TripStatus, string> = {
  planned: 'No trip planned.',
  in_transit: 'No truck on the road.',
  completed: 'No trip completed.',
  cancelled: 'No trip cancelled.',
};

/**
 * The trips as a board: one column per status, each its own list read a page at a time. `planAction`
 * (the link that fills the board) shows in an empty Planned column.
 */
export function TripBoard({
  statuses,
  query,
  planAction,
}: {
  statuses: TripStatus[];
  query: Omit<TripQuery, 'status'>;
  planAction?: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: statuses.length }} spacing="sm">
      {statuses.map((status) => {
        const label = TRIP_STATUS_LABELS[status];
        return (
          <Paper key={status} withBorder radius="md" p="sm" component="section" aria-label={label}>
            <Title order={2} fz="h4" mb="xs">
              {label}
            </Title>
            <TripList
              label={`${label} trips`}
              query={{ ...query, status }}
              empty={
                <Stack gap={4} align="flex-start">
                  <Text size="sm" c="dimmed">
                    {EMPTY[status]}
                  </Text>
                  {status === 'planned' && planAction}
                </Stack>
              }
            />
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/** A list of trips as cards, with its loading, error and empty states; `label` names it. */
export function TripList({ label, query, empty }: { label: string; query: TripQuery; empty: ReactNode }) {
  const trips = useTrips(query);
  const rows = trips.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="xs">
      {trips.isPending && (
        <Text size="sm" c="dimmed" role="status">
          Loading trips…
        </Text>
      )}
      {trips.isError && (
        <QueryError
          error={trips.error}
          what={label}
          onRetry={() => trips.refetch()}
          retrying={trips.isFetching}
        />
      )}
      {trips.isSuccess && rows.length === 0 && empty}
      {rows.length > 0 && (
        <CardList label={label} items={rows} keyOf={(t) => t.id}>
          {(t) => <TripCardBody trip={t} showStatus={!query.status} />}
        </CardList>
      )}
      <LoadMore
        hasNextPage={trips.hasNextPage}
        isFetchingNextPage={trips.isFetchingNextPage}
        fetchNextPage={trips.fetchNextPage}
      />
    </Stack>
  );
}
