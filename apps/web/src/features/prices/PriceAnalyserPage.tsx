import { Button, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPhp, PRICE_KIND_LABELS, PRICE_KINDS, type PriceKind } from '@plastrace/shared';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useMaterialOptions } from '../receive-records/api.ts';
import { type PriceFilters, usePriceHistory, usePrices } from './api.ts';
import { NewPriceModal } from './NewPriceModal.tsx';
import { PriceChart } from './PriceChart.tsx';
import { PriceKindBadge } from './PriceKindBadge.tsx';
import { StockValue } from './StockValue.tsx';

const isKind = (v: string): v is PriceKind => (PRICE_KINDS as readonly string[]).includes(v);
const readFilters = (p: URLSearchParams): PriceFilters => ({
  // A kind typed into the address that is not one reads as both.
  kind: isKind(p.get('kind') ?? '') ? (p.get('kind') as PriceKind) : '',
  materialId: p.get('material') ?? '',
  region: p.get('region') ?? '',
  grade: p.get('grade') ?? '',
});
function writeFilters(f: PriceFilters) {
  const p = new URLSearchParams();
  if (f.kind) p.set('kind', f.kind);
  if (f.materialId) p.set('material', f.materialId);
  if (f.region.trim()) p.set('region', f.region.trim());
  if (f.grade.trim()) p.set('grade', f.grade.trim());
  return p;
}

/** /price-analyser: the price list, its history for one material and what the stock is worth today. */
export function PriceAnalyserPage() {
  usePageTitle('Price analyser');
  return (
    <RequirePermission action="masterdata.read" title="Price analyser">
      <PriceAnalyser />
    </RequirePermission>
  );
}

function PriceAnalyser() {
  const mayAddPrices = useCan('masterdata.write');
  // The stock's value reads the inventory, which is its own permission.
  const mayReadStock = useCan('stock.read');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState({ region: filters.region, grade: filters.grade });
  const [debounced] = useDebouncedValue(text, 300);
  const [adding, setAdding] = useState(false);
  const materials = useMaterialOptions();
  const prices = usePrices(filters);
  const history = usePriceHistory(filters);
  const set = (patch: Partial<PriceFilters>) =>
    setParams(writeFilters({ ...filters, ...patch }), { replace: true, preventScrollReset: true });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text writes the URL
  useEffect(() => {
    if (debounced.region.trim() !== filters.region || debounced.grade.trim() !== filters.grade)
      set(debounced);
  }, [debounced]);

  const rows = prices.data?.pages.flatMap((p) => p.items) ?? [];
  const materialList = materials.data?.items ?? [];
  const material = materialList.find((m) => m.id === filters.materialId);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Price analyser"
        description="Buying prices (paid to suppliers) and selling prices (asked of customers) in ₱/kg by material, grade and region, and what your stock is worth at today’s buying prices."
        actions={
          mayAddPrices && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              New price
            </Button>
          )
        }
      />
      <FilterBar label="Filter the prices">
        <NativeSelect
          label="Kind"
          value={filters.kind}
          data={[
            { value: '', label: 'All kinds' },
            ...PRICE_KINDS.map((k) => ({ value: k, label: PRICE_KIND_LABELS[k] })),
          ]}
          onChange={(e) => set({ kind: isKind(e.currentTarget.value) ? e.currentTarget.value : '' })}
        />
        <NativeSelect
          label="Material"
          value={filters.materialId}
          data={[
            { value: '', label: 'All materials' },
            ...materialList.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
          ]}
          onChange={(e) => set({ materialId: e.currentTarget.value })}
        />
        <TextInput
          label="Region"
          placeholder="Any region"
          value={text.region}
          onChange={(e) => setText({ ...text, region: e.currentTarget.value })}
        />
        <TextInput
          label="Grade"
          placeholder="Any grade"
          value={text.grade}
          onChange={(e) => setText({ ...text, grade: e.currentTarget.value })}
        />
      </FilterBar>

      {filters.materialId && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Price history
          </Title>
          {history.isPending && (
            <Text c="dimmed" role="status">
              Loading the history…
            </Text>
          )}
          {history.isError && (
            <QueryError error={history.error} what="The price history" onRetry={() => history.refetch()} />
          )}
          {history.data && (
            <PriceChart
              rows={history.data.items}
              title={`${filters.kind ? `${PRICE_KIND_LABELS[filters.kind]} price` : 'Price'} history of ${material?.name ?? 'the material'}${filters.grade ? `, grade ${filters.grade}` : ''}${filters.region ? `, ${filters.region}` : ''}`}
            />
          )}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} size="h4">
          Price list
        </Title>
        {prices.isPending && (
          <Text c="dimmed" role="status">
            Loading prices…
          </Text>
        )}
        {prices.isError && (
          <QueryError
            error={prices.error}
            what="The prices"
            onRetry={() => prices.refetch()}
            retrying={prices.isFetching}
          />
        )}
        {prices.isSuccess && rows.length === 0 && <Text c="dimmed">No prices match these filters.</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-label="Prices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Effective from</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Material</Table.Th>
                  <Table.Th>Grade</Table.Th>
                  <Table.Th>Region</Table.Th>
                  <Table.Th ta="right">₱/kg</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.effectiveFrom}</Table.Td>
                    <Table.Td>
                      <PriceKindBadge kind={p.kind} />
                    </Table.Td>
                    <Table.Td>{p.material.name}</Table.Td>
                    <Table.Td>{p.grade}</Table.Td>
                    <Table.Td>{p.region}</Table.Td>
                    <Table.Td ta="right">{formatPhp(p.pricePerKg)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LoadMore
          hasNextPage={prices.hasNextPage}
          isFetchingNextPage={prices.isFetchingNextPage}
          fetchNextPage={prices.fetchNextPage}
        />
      </Stack>

      {mayReadStock && <StockValue />}

      {adding && (
        <NewPriceModal materials={materialList} initial={filters} onClose={() => setAdding(false)} />
      )}
    </Stack>
  );
}
