import { Anchor, Container, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  CREDIT_FATES,
  CREDIT_STATUS_LABELS,
  CREDIT_STATUSES,
  type CreditFate,
  type CreditStatus,
} from '@plastrace/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { CreditStatusBadge, fateLabel, materialTypeLabel, serialRange } from '../epr-credits/labels.tsx';
import { type PublicCredit, usePublicCredits } from './api.ts';

const TITLE = 'EPR credit registry';
const YEAR = /^\d{4}$/;

/** /registry, public: every credit serial range of this installation, searchable by serial. */
export function RegistryPage() {
  usePageTitle(TITLE);
  const { filters, query, set, search, setSearch } = useUrlFilters(
    { q: 'q', vintage: 'vintage', fate: 'fate', status: 'status' },
    { vintage: (v) => YEAR.test(v), fate: oneOf(CREDIT_FATES), status: oneOf(CREDIT_STATUSES) },
  );
  const credits = usePublicCredits({
    q: query.q,
    vintage: query.vintage ? Number(query.vintage) : undefined,
    fate: query.fate as CreditFate | undefined,
    status: query.status as CreditStatus | undefined,
  });
  const [vintage, setVintage] = useState(filters.vintage);
  const items = credits.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.q || filters.vintage || filters.fate || filters.status);
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>{TITLE}</Title>
          <Text c="dimmed" size="sm">
            EPR credits issued on PlasTrace: 1 credit = 1 tonne of plastic recovered from weighed deliveries.
            Each range shows its status, vintage and fate, and who retirements were for. Holders and prices
            are not shown.
          </Text>
        </div>
        <FilterBar label="Search the registry">
          <TextInput
            label="Serial"
            placeholder="PH-PTEPR-…"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ gridColumn: 'span 2' }}
          />
          <TextInput
            label="Vintage"
            placeholder="2026"
            inputMode="numeric"
            maxLength={4}
            description="A year, e.g. 2026"
            value={vintage}
            onChange={(e) => {
              const v = e.currentTarget.value.trim();
              setVintage(v);
              // A year takes effect once whole; cleared, every vintage.
              if (v === '' || YEAR.test(v)) set({ vintage: v });
            }}
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
          <NativeSelect
            label="Status"
            value={filters.status}
            onChange={(e) => set({ status: e.currentTarget.value })}
            data={[
              { value: '', label: 'Any status' },
              ...CREDIT_STATUSES.map((s) => ({ value: s, label: CREDIT_STATUS_LABELS[s] })),
            ]}
          />
        </FilterBar>
        <QueryStatus query={credits} what="The registry" loading="Loading the registry…" />
        {credits.isSuccess && items.length === 0 && (
          <EmptyState title={filtered ? 'No credit matches' : 'No credits issued yet'}>
            {filtered
              ? 'Check the serial, or clear the filters to see every credit.'
              : 'Credits appear here as soon as they are issued.'}
          </EmptyState>
        )}
        {items.length > 0 && <CreditList items={items} />}
        <LoadMore
          hasNextPage={credits.hasNextPage}
          isFetchingNextPage={credits.isFetchingNextPage}
          fetchNextPage={() => credits.fetchNextPage()}
        />
        <Anchor component={Link} to="/" size="sm">
          About PlasTrace, the platform that keeps this registry
        </Anchor>
      </Stack>
    </Container>
  );
}

const retiredFor = (c: PublicCredit) =>
  c.beneficiary ? `${c.beneficiary}, ${c.complianceYear}: ${c.purpose ?? ''}` : '—';

function CreditList({ items }: { items: PublicCredit[] }) {
  const phone = usePhone();
  const open = (c: PublicCredit) => (
    <Anchor component={Link} to={`/registry/${c.firstSerial}`} ff="monospace" size="sm">
      {serialRange(c.firstSerial, c.lastSerial)}
    </Anchor>
  );
  if (phone)
    return (
      <CardList label="EPR credits" items={items} keyOf={(c) => c.firstSerial}>
        {(c) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{c.quantity} credits</Text>
              <CreditStatusBadge status={c.status} />
            </Group>
            {open(c)}
            <Text size="sm">
              {c.vintage} · {fateLabel(c.fate)} · {c.issuer.name}
            </Text>
            {c.beneficiary && <Text size="sm">Retired for {retiredFor(c)}</Text>}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="EPR credits">
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.firstSerial}>
              <Table.Td>{open(c)}</Table.Td>
              <Table.Td ta="right">{c.quantity}</Table.Td>
              <Table.Td>
                <CreditStatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>{c.vintage}</Table.Td>
              <Table.Td>{fateLabel(c.fate)}</Table.Td>
              <Table.Td>{materialTypeLabel(c.materialType)}</Table.Td>
              <Table.Td>{c.issuer.name}</Table.Td>
              <Table.Td>{retiredFor(c)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
