import { Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useFacilities } from '../catalog/referenceApi.ts';
import { useInventoryPages } from '../inventory/api.ts';
import { useMaterialOptions } from '../receive-records/api.ts';
import { formatKg, formatPhp } from '../receive-records/format.ts';
import { type PriceKey, useCurrentPrices } from './api.ts';

/** Centavos of qty × price, in integers so the total is exact to the centavo (display only). */
const valueCentavos = (qtyKg: string, pricePerKg: string) =>
  Math.round(Number(qtyKg) * Number(pricePerKg) * 100);

/**
 * What the stock on hand is worth at today's prices: each facility × material balance times the
 * price in force for that material's grade in the facility's region ("no price" where there is none).
 */
export function StockValue() {
  const stock = useInventoryPages({ group: 'material' });
  // Every balance counts towards the total: read the remaining pages as soon as each arrives.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = stock;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const balances = stock.data && !hasNextPage ? stock.data.pages.flatMap((p) => p.items) : undefined;
  const facilities = useFacilities();
  const materials = useMaterialOptions();
  const regionOf = new Map((facilities.data?.items ?? []).map((f) => [f.id, f.region]));
  const gradeOf = new Map((materials.data?.items ?? []).map((m) => [m.id, m.grade ?? 'A']));
  const ready = balances && facilities.data && materials.data;
  const rows = ready ? balances.filter((r) => r.material) : [];
  const keys: (PriceKey | null)[] = rows.map((r) => {
    const region = regionOf.get(r.facility.id);
    const materialId = r.material?.id;
    return region && materialId ? { materialId, grade: gradeOf.get(materialId) ?? 'A', region } : null;
  });
  const prices = useCurrentPrices(keys.filter((k): k is PriceKey => k !== null));
  let next = 0;
  const priceFor = keys.map((k) => (k ? prices[next++] : undefined));

  let total = 0;
  let missing = 0;
  const error = stock.error ?? facilities.error ?? materials.error;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Stock at current prices
      </Title>
      {error && <QueryError error={error} what="The stock value" onRetry={() => void stock.refetch()} />}
      {!ready && !error && (
        <Text c="dimmed" role="status">
          Loading stock…
        </Text>
      )}
      {ready && rows.length === 0 && <Text c="dimmed">No stock on hand.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Stock at current prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Facility</Table.Th>
                <Table.Th>Material</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Current ₱/kg</Table.Th>
                <Table.Th ta="right">Market value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => {
                const q = priceFor[i];
                const price = q?.data ?? null;
                const loading = q?.isPending;
                const value = price ? valueCentavos(r.qtyKg, price.pricePerKg) : null;
                if (value !== null) total += value;
                else if (!loading) missing += 1;
                return (
                  <Table.Tr key={`${r.facility.id}/${r.material?.id}`}>
                    <Table.Td>{r.facility.name}</Table.Td>
                    <Table.Td>{r.material?.name}</Table.Td>
                    <Table.Td ta="right">{formatKg(r.qtyKg)}</Table.Td>
                    <Table.Td ta="right">
                      {loading ? (
                        '…'
                      ) : price ? (
                        formatPhp(price.pricePerKg)
                      ) : (
                        <Text c="dimmed" size="sm" span>
                          No price
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {value !== null ? formatPhp((value / 100).toFixed(2)) : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4}>Total{missing > 0 ? ` (${missing} without a price)` : ''}</Table.Th>
                <Table.Th ta="right">{formatPhp((total / 100).toFixed(2))}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
