import { Anchor, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { CREDIT_MOVEMENT_KINDS, type CreditMovementKind } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type CreditMovement, useMovements } from './api.ts';
import { creditsText, serialRange } from './labels.tsx';

const KIND_LABELS: Record<CreditMovementKind, string> = {
  issued: 'Issued',
  transferred: 'Transferred',
  retired: 'Retired',
};

/** What happened, from the organization's side: "Transferred to X", "Received from Y", "Retired for Z". */
export function movementText(m: CreditMovement): string {
  switch (m.direction) {
    case 'issued':
      return 'Issued';
    case 'out':
      return `Transferred to ${m.to.name} (${m.to.slug})`;
    case 'in':
      return `Received from ${m.from?.name ?? 'another organization'}${m.from ? ` (${m.from.slug})` : ''}`;
    case 'retired':
      return `Retired for ${m.beneficiary ?? '—'}, ${m.complianceYear ?? ''}: ${m.purpose ?? ''}`;
  }
}

/** The Movements tab: the organization's issues, transfers and retirements, latest first. */
export function MovementsPanel({ timeZone }: { timeZone: string }) {
  const { filters, query, set } = useUrlFilters(
    { tab: 'tab', kind: 'kind' },
    { kind: oneOf(CREDIT_MOVEMENT_KINDS) },
  );
  const movements = useMovements(query.kind as CreditMovementKind | undefined);
  const items = movements.data?.pages.flatMap((p) => p.items) ?? [];
  const phone = usePhone();
  const batch = (m: CreditMovement) => (
    <Anchor component={Link} to={`/epr-credits/batches/${m.batch.id}`} ff="monospace" size="sm">
      {serialRange(m.firstSerial, m.lastSerial)}
    </Anchor>
  );
  return (
    <Stack gap="md">
      <FilterBar label="Filter movements">
        <NativeSelect
          label="Kind"
          value={filters.kind}
          onChange={(e) => set({ kind: e.currentTarget.value })}
          data={[
            { value: '', label: 'Every kind' },
            ...CREDIT_MOVEMENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
          ]}
        />
      </FilterBar>
      <QueryStatus query={movements} what="The movements" loading="Loading the movements…" />
      {movements.isSuccess && items.length === 0 && (
        <EmptyState title={filters.kind ? 'No movement of this kind' : 'No movements yet'}>
          Issues, transfers and retirements of your organization’s credits are listed here.
        </EmptyState>
      )}
      {items.length > 0 &&
        (phone ? (
          <CardList label="Credit movements" items={items} keyOf={(m) => m.id}>
            {(m) => (
              <Stack gap={4}>
                <Text fw={600}>
                  {movementText(m)}: {creditsText(m.quantity)}
                </Text>
                {batch(m)}
                <Text size="sm">{formatDateTime(m.at, timeZone)}</Text>
              </Stack>
            )}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label="Credit movements">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Serials</Table.Th>
                  <Table.Th ta="right">Credits</Table.Th>
                  <Table.Th>Note</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{formatDateTime(m.at, timeZone)}</Table.Td>
                    <Table.Td>{movementText(m)}</Table.Td>
                    <Table.Td>{batch(m)}</Table.Td>
                    <Table.Td ta="right">{m.quantity}</Table.Td>
                    <Table.Td>{m.note ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <LoadMore
        hasNextPage={movements.hasNextPage}
        isFetchingNextPage={movements.isFetchingNextPage}
        fetchNextPage={() => movements.fetchNextPage()}
      />
    </Stack>
  );
}
