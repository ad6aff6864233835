import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  CERTIFICATE_CLIENT_TYPE_LABELS,
  CERTIFICATE_STATUSES,
  type CertificateStatus,
  formatKg,
} from '@plastrace/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { yearIn } from '../../components/common/datetime.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type Certificate, useCertificates } from './api.ts';
import { CertificateStatusBadge, periodText } from './labels.tsx';

const TITLE = 'Waste diversion certificates';
const KEYS = { q: 'q', status: 'status', year: 'year' } as const;
const CHECKS = { status: oneOf(CERTIFICATE_STATUSES), year: (v: string) => /^\d{4}$/.test(v) };
const STATUS_LABELS: Record<CertificateStatus, string> = { issued: 'Issued', revoked: 'Revoked' };

/** /waste-diversion-certificate: the certificates issued to clients, and a new one. */
export function CertificatesPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="certificates.read" title={TITLE}>
      <Certificates />
    </RequirePermission>
  );
}

function Certificates() {
  const mayIssue = useCan('certificates.issue');
  const mayExport = useCan('data.export');
  const { timeZone } = useMe();
  const { filters, query, set, clear, filtered, search, setSearch } = useUrlFilters(KEYS, CHECKS);
  const list = useCertificates({ ...query, status: query.status as CertificateStatus | undefined });
  const exportCsv = useMutation({
    mutationFn: () =>
      downloadFile('/certificates/export.csv', { ...query }, 'waste-diversion-certificates.csv'),
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const thisYear = yearIn(timeZone);
  const issueButton = (label: string) => (
    <Button
      component={Link}
      to="/waste-diversion-certificate/new"
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Kilograms of a client’s plastic waste diverted from landfill over a period, by material and fate — each kilogram backed by verified recovery and claimed by one certificate only."
        actions={
          <>
            {mayExport && (
              <ExportCsvButton
                loading={exportCsv.isPending}
                empty={list.isSuccess && rows.length === 0}
                onClick={() => exportCsv.mutate()}
              />
            )}
            {mayIssue && issueButton('Issue certificate')}
          </>
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <FilterBar label="Filter the certificates">
        <TextInput
          label="Search"
          placeholder="Number or client"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          value={filters.status}
          data={[
            { value: '', label: 'Any status' },
            ...CERTIFICATE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
          onChange={(e) => set({ status: e.currentTarget.value })}
        />
        <NativeSelect
          label="Year of issue"
          value={filters.year}
          data={[
            { value: '', label: 'Any year' },
            ...Array.from({ length: 5 }, (_, i) => String(thisYear - i)),
            ...(filters.year && Number(filters.year) < thisYear - 4 ? [filters.year] : []),
          ]}
          onChange={(e) => set({ year: e.currentTarget.value })}
        />
      </FilterBar>
      {filtered && (
        <Group>
          <Button variant="subtle" size="xs" onClick={clear}>
            Clear filters
          </Button>
        </Group>
      )}
      {list.isPending && (
        <Text c="dimmed" role="status">
          Loading certificates…
        </Text>
      )}
      {list.isError && (
        <QueryError
          error={list.error}
          what="The certificates"
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          title={filtered ? 'No certificate matches these filters' : 'No certificates issued yet'}
          action={!filtered && mayIssue && issueButton('Issue the first certificate')}
        >
          {filtered
            ? 'Clear a filter or search for something else.'
            : 'A certificate tells a client — a local government, a mall, a brand — how many kilograms of its plastic waste were recycled or co-processed instead of landfilled, with a QR code anyone can check.'}
        </EmptyState>
      )}
      {rows.length > 0 && <CertificateList items={rows} />}
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </Stack>
  );
}

function CertificateList({ items }: { items: Certificate[] }) {
  const phone = usePhone();
  const open = (c: Certificate) => (
    <Anchor
      component={Link}
      to={`/waste-diversion-certificate/${c.id}`}
      ff="monospace"
      fw={phone ? 700 : undefined}
    >
      {c.number}
    </Anchor>
  );
  if (phone)
    return (
      <CardList label={TITLE} items={items} keyOf={(c) => c.id}>
        {(c) => (
          <>
            <Group justify="space-between" wrap="nowrap">
              {open(c)}
              <CertificateStatusBadge status={c.status} />
            </Group>
            <Text size="sm">{c.clientName}</Text>
            <Text size="sm" c="dimmed">
              {formatKg(c.totalKg)} · {periodText(c)}
            </Text>
          </>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={TITLE}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th ta="right">Diverted</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{open(c)}</Table.Td>
              <Table.Td>
                <Text size="sm">{c.clientName}</Text>
                <Text size="xs" c="dimmed">
                  {CERTIFICATE_CLIENT_TYPE_LABELS[c.clientType]}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{periodText(c)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatKg(c.totalKg)}
              </Table.Td>
              <Table.Td>
                <CertificateStatusBadge status={c.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
