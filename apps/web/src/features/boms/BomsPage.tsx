import { Anchor, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatGrams } from '@plastrace/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type Bom, useBoms } from './api.ts';

const currentOf = (b: Bom) => b.versions.find((v) => v.versionNo === b.currentVersion);

/** /bom-management: products, their bills of materials and the plastic each unit carries. */
export function BomsPage() {
  usePageTitle('Bills of materials');
  return (
    <RequirePermission action="masterdata.read" title="Bills of materials">
      <Boms />
    </RequirePermission>
  );
}

function Boms() {
  const mayWrite = useCan('masterdata.write');
  const mayExport = useCan('data.export');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const boms = useBoms(q);
  const rows = boms.data?.pages.flatMap((p) => p.items) ?? [];
  const exportCsv = useMutation({ mutationFn: () => downloadFile('/boms/export.csv', { q }, 'boms.csv') });
  const add = (label: string) => (
    <Button component={Link} to="/bom-management/new" leftSection={<IconPlus size={18} aria-hidden />}>
      {label}
    </Button>
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Bills of materials"
        description="Your products and the packaging components each unit is made of: the plastic footprint RA 11898 asks you to report and recover."
        actions={
          <>
            {mayExport && (
              <ExportCsvButton
                loading={exportCsv.isPending}
                empty={boms.isSuccess && rows.length === 0}
                onClick={() => exportCsv.mutate()}
              />
            )}
            {mayWrite && add('New product')}
          </>
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <FilterBar label="Search the products">
        <TextInput
          label="Search"
          placeholder="SKU, name or GTIN"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </FilterBar>
      {boms.isPending && (
        <Text c="dimmed" role="status">
          Loading products…
        </Text>
      )}
      {boms.isError && <QueryError error={boms.error} what="The products" onRetry={() => boms.refetch()} />}
      {boms.isSuccess && rows.length === 0 && (
        <EmptyState
          title={q ? 'No product matches' : 'No products yet'}
          action={!q && mayWrite && add('Add the first product')}
        >
          {q
            ? 'Try another SKU, name or GTIN.'
            : 'Add each product you put on the market with the components of its packaging: the app computes the plastic per unit and the footprint of what you sold.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>GTIN</Table.Th>
                <Table.Th>Version in effect</Table.Th>
                <Table.Th ta="right">Plastic per unit</Table.Th>
                <Table.Th ta="right">Recycled content</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => {
                const v = currentOf(b);
                return (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/bom-management/${b.id}`} ff="monospace" size="sm">
                        {b.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{b.name}</Table.Td>
                    <Table.Td ff="monospace">{b.gtin ?? '—'}</Table.Td>
                    <Table.Td>{v ? `v${v.versionNo} from ${v.effectiveFrom}` : 'None yet'}</Table.Td>
                    <Table.Td ta="right">{v ? formatGrams(v.figures.gramsPerUnit) : '—'}</Table.Td>
                    <Table.Td ta="right">
                      {v?.figures.recycledContentPct ? `${v.figures.recycledContentPct} %` : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore
        hasNextPage={boms.hasNextPage}
        isFetchingNextPage={boms.isFetchingNextPage}
        fetchNextPage={boms.fetchNextPage}
      />
    </Stack>
  );
}
