import { Stack, Table, Text, Title } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useStockValue } from './api.ts';

/**
 * What the stock on hand is worth at today's buying prices (what it would cost to buy again, as
 * deliveries are priced; never at selling prices): each facility × material balance times the buying
 * price in force for that material's grade in the facility's region ("no price" where there is none).
 * The server values it (exact decimals, one request), so this table and any export agree to the centavo.
 */
export function StockValue() {
  const value = useStockValue();
  const data = value.data;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Stock at current prices
      </Title>
      <Text size="sm" c="dimmed">
        Valued at today’s buying prices: what the stock would cost to buy again.
      </Text>
      {value.error && (
        <QueryError error={value.error} what="The stock value" onRetry={() => void value.refetch()} />
      )}
      {value.isPending && (
        <Text c="dimmed" role="status">
          Loading stock…
        </Text>
      )}
      {data && data.items.length === 0 && <Text c="dimmed">No stock on hand.</Text>}
      {data && data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Stock at current prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Facility</Table.Th>
                <Table.Th>Material</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Buying ₱/kg</Table.Th>
                <Table.Th ta="right">Market value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((r) => (
                <Table.Tr key={`${r.facility.id}/${r.material.id}`}>
                  <Table.Td>{r.facility.name}</Table.Td>
                  <Table.Td>{r.material.name}</Table.Td>
                  <Table.Td ta="right">{formatKg(r.qtyKg)}</Table.Td>
                  <Table.Td ta="right">
                    {r.price ? (
                      formatPhp(r.price.pricePerKg)
                    ) : (
                      <Text c="dimmed" size="sm" span>
                        No price
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatPhp(r.valuePhp)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4}>
                  Total{data.withoutPrice > 0 ? ` (${data.withoutPrice} without a price)` : ''}
                </Table.Th>
                <Table.Th ta="right">{formatPhp(data.totalValuePhp)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
