import { Anchor, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import {
  CREDIT_FATES,
  CREDIT_STATUS_LABELS,
  CREDIT_STATUSES,
  type CreditFate,
  type CreditStatus,
} from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDate } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type CreditBatchSummary, useCreditBatches } from './api.ts';
import { creditsText, fateLabel, materialTypeLabel, serialRange } from './labels.tsx';

/** Where a batch's credits stand, in words: "2 issued, 3 transferred, 1 retired". */
export const standing = (c: Record<CreditStatus, number>) =>
  CREDIT_STATUSES.filter((s) => c[s] > 0)
    .map((s) => `${c[s]} ${CREDIT_STATUS_LABELS[s].toLowerCase()}`)
    .join(', ');

/** The Batches tab: every batch the organization issued or held credits of. */
export function BatchesPanel({ timeZone }: { timeZone: string }) {
  const { filters, query, set } = useUrlFilters(
    { tab: 'tab', fate: 'fate', status: 'status' },
    { fate: oneOf(CREDIT_FATES), status: oneOf(CREDIT_STATUSES) },
  );
  const batches = useCreditBatches({
    fate: query.fate as CreditFate | undefined,
    status: query.status as CreditStatus | undefined,
  });
  const items = batches.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.fate || filters.status);
  return (
    <Stack gap="md">
      <FilterBar label="Filter batches">
        <NativeSelect
          label="Fate"
          value={filters.fate}
          onChange={(e) => set({ fate: e.currentTarget.value })}
          data={[
            { value: '', label: 'Any fate' },
            ...CREDIT_FATES.map((f) => ({ value: f, label: fateLabel(f) })),
          ]}
        />
        <NativeSelect
          label="With credits"
          value={filters.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
          data={[
            { value: '', label: 'Any status' },
            ...CREDIT_STATUSES.map((s) => ({ value: s, label: CREDIT_STATUS_LABELS[s] })),
          ]}
        />
      </FilterBar>
      <QueryStatus query={batches} what="The batches" loading="Loading the batches…" />
      {batches.isSuccess && items.length === 0 && (
        <EmptyState title={filtered ? 'No batch matches' : 'No credit batches yet'}>
          {filtered
            ? 'Clear the filters to see every batch.'
            : 'Batches your organization issues, or holds credits of, are listed here.'}
        </EmptyState>
      )}
      {items.length > 0 && <BatchList items={items} timeZone={timeZone} />}
      <LoadMore
        hasNextPage={batches.hasNextPage}
        isFetchingNextPage={batches.isFetchingNextPage}
        fetchNextPage={() => batches.fetchNextPage()}
      />
    </Stack>
  );
}

function BatchList({ items, timeZone }: { items: CreditBatchSummary[]; timeZone: string }) {
  const phone = usePhone();
  const open = (b: CreditBatchSummary) => (
    <Anchor component={Link} to={`/epr-credits/batches/${b.id}`} ff="monospace" size="sm">
      {b.serialPrefix}
    </Anchor>
  );
  if (phone)
    return (
      <CardList label="Credit batches" items={items} keyOf={(b) => b.id}>
        {(b) => (
          <Stack gap={4}>
            {open(b)}
            <Group justify="space-between">
              <Text fw={600}>{creditsText(b.quantity)}</Text>
              <Text size="sm">{formatDate(b.issuedAt, timeZone)}</Text>
            </Group>
            <Text size="sm">
              {b.vintage} · {fateLabel(b.fate)}
            </Text>
            <Text size="sm">{standing(b.counts)}</Text>
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Credit batches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Batch</Table.Th>
            <Table.Th>Serials</Table.Th>
            <Table.Th>Vintage</Table.Th>
            <Table.Th>Fate</Table.Th>
            <Table.Th>Material type</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th>Where they stand</Table.Th>
            <Table.Th>Issuer</Table.Th>
            <Table.Th>Issued</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{open(b)}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {serialRange(b.firstSerial, b.lastSerial)}
              </Table.Td>
              <Table.Td>{b.vintage}</Table.Td>
              <Table.Td>{fateLabel(b.fate)}</Table.Td>
              <Table.Td>{materialTypeLabel(b.materialType)}</Table.Td>
              <Table.Td ta="right">{b.quantity}</Table.Td>
              <Table.Td>{standing(b.counts)}</Table.Td>
              <Table.Td>{b.isIssuer ? 'Your organization' : b.issuer.name}</Table.Td>
              <Table.Td>{formatDate(b.issuedAt, timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
