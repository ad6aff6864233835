import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { CREDIT_FATES, type CreditFate } from '@plastrace/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan } from '../../components/common/useMe.ts';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type CreditBlock, useHoldings } from './api.ts';
import { CreditStatusBadge, creditsText, fateLabel, materialTypeLabel, serialRange } from './labels.tsx';
import { RetireDialog } from './RetireDialog.tsx';
import { SummaryTable } from './SummaryTable.tsx';
import { TransferDialog } from './TransferDialog.tsx';

type Action = { kind: 'transfer' | 'retire'; block: CreditBlock } | null;

/** The Inventory tab: credits held by vintage × fate × status, and the serial ranges held, to move. */
export function InventoryPanel({ year }: { year: number }) {
  const { filters, query, set, search, setSearch } = useUrlFilters(
    { tab: 'tab', status: 'status', fate: 'fate', q: 'q' },
    { status: oneOf(['held', 'retired']), fate: oneOf(CREDIT_FATES) },
  );
  const holdings = useHoldings({
    status: query.status as 'held' | 'retired' | undefined,
    fate: query.fate as CreditFate | undefined,
    q: query.q,
  });
  const items = holdings.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.status || filters.fate || filters.q);
  const mayExport = useCan('data.export');
  const files = useDownload();
  const [action, setAction] = useState<Action>(null);

  return (
    <Stack gap="md">
      <SummaryTable />
      <FilterBar
        label="Filter holdings"
        actions={
          mayExport && (
            <ExportCsvButton
              loading={files.pending === 'csv'}
              empty={holdings.isSuccess && items.length === 0}
              onClick={() =>
                files.download(
                  'csv',
                  '/credits/holdings/export.csv',
                  { status: query.status, fate: query.fate, q: query.q },
                  'epr-credit-holdings.csv',
                )
              }
            />
          )
        }
      >
        <TextInput
          label="Serial"
          placeholder="PH-PTEPR-…"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          value={filters.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
          data={[
            { value: '', label: 'Held and retired' },
            { value: 'held', label: 'Held' },
            { value: 'retired', label: 'Retired' },
          ]}
        />
        <NativeSelect
          label="Fate"
          value={filters.fate}
          onChange={(e) => set({ fate: e.currentTarget.value })}
          data={[
            { value: '', label: 'Any fate' },
            ...CREDIT_FATES.map((f) => ({ value: f, label: fateLabel(f) })),
          ]}
        />
      </FilterBar>
      <ActionError error={files.error} onClose={files.clearError} />
      <QueryStatus query={holdings} what="Your credits" loading="Loading your credits…" />
      {holdings.isSuccess && items.length === 0 && (
        <EmptyState title={filtered ? 'No credits match' : 'No credits held'}>
          {filtered
            ? 'Clear the filters to see every credit your organization holds.'
            : 'Issue credits from verified recovery (the Issue tab), or ask another organization to transfer some to you.'}
        </EmptyState>
      )}
      {items.length > 0 && <HoldingsList items={items} onAction={setAction} />}
      <LoadMore
        hasNextPage={holdings.hasNextPage}
        isFetchingNextPage={holdings.isFetchingNextPage}
        fetchNextPage={() => holdings.fetchNextPage()}
      />
      <TransferDialog
        block={action?.kind === 'transfer' ? action.block : null}
        onClose={() => setAction(null)}
      />
      <RetireDialog
        block={action?.kind === 'retire' ? action.block : null}
        year={year}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}

function HoldingsList({ items, onAction }: { items: CreditBlock[]; onAction: (a: Action) => void }) {
  const phone = usePhone();
  const canMove = useCan('credits.move');
  const range = (b: CreditBlock) => (
    <Anchor component={Link} to={`/epr-credits/batches/${b.batch.id}`} ff="monospace" size="sm">
      {serialRange(b.firstSerial, b.lastSerial)}
    </Anchor>
  );
  const actions = (b: CreditBlock) =>
    canMove &&
    b.status === 'held' && (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="light"
          aria-label={`Transfer ${serialRange(b.firstSerial, b.lastSerial)}`}
          onClick={() => onAction({ kind: 'transfer', block: b })}
        >
          Transfer
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={`Retire ${serialRange(b.firstSerial, b.lastSerial)}`}
          onClick={() => onAction({ kind: 'retire', block: b })}
        >
          Retire
        </Button>
      </Group>
    );
  const retiredFor = (b: CreditBlock) =>
    b.beneficiary ? `${b.beneficiary}, ${b.complianceYear}: ${b.purpose ?? ''}` : '—';
  if (phone)
    return (
      <CardList label="Credits held" items={items} keyOf={(b) => b.id}>
        {(b) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{creditsText(b.quantity)}</Text>
              <CreditStatusBadge status={b.publicStatus} />
            </Group>
            {range(b)}
            <Text size="sm">
              {b.batch.vintage} · {fateLabel(b.batch.fate)} · {materialTypeLabel(b.batch.materialType)}
            </Text>
            {b.beneficiary && <Text size="sm">Retired for {retiredFor(b)}</Text>}
            {actions(b)}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Credits held">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serials</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Vintage</Table.Th>
            <Table.Th>Fate</Table.Th>
            <Table.Th>Material type</Table.Th>
            <Table.Th>Issuer</Table.Th>
            <Table.Th>Retired for</Table.Th>
            {canMove && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{range(b)}</Table.Td>
              <Table.Td ta="right">{b.quantity}</Table.Td>
              <Table.Td>
                <CreditStatusBadge status={b.publicStatus} />
              </Table.Td>
              <Table.Td>{b.batch.vintage}</Table.Td>
              <Table.Td>{fateLabel(b.batch.fate)}</Table.Td>
              <Table.Td>{materialTypeLabel(b.batch.materialType)}</Table.Td>
              <Table.Td>{b.batch.issuer.name}</Table.Td>
              <Table.Td>{retiredFor(b)}</Table.Td>
              {canMove && <Table.Td>{actions(b)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
