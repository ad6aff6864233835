import { Alert, Anchor, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { DashboardCard } from './DashboardCard.tsx';
import { IotAlertsCard } from './IotAlertsCard.tsx';
import { KpiCards } from './KpiCards.tsx';
import type { DashboardSummary } from './summary.ts';

// The chart library is most of the dashboard's weight: the figures show first, the chart when it has loaded.
const TrendChart = lazy(async () => ({ default: (await import('./TrendChart.tsx')).TrendChart }));

type Operations = NonNullable<DashboardSummary['operations']>;

/** The staff dashboard's operations: alerts first (what needs someone, devices' too), then the figures and the trend. */
export function OperationsOverview({ ops }: { ops: Operations }) {
  return (
    <Stack gap="md">
      {ops.alerts.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Needs attention"
          aria-label="Needs attention"
        >
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {ops.alerts.map((a) => (
              <li key={a.kind}>
                {/* Dark text on the alert's tint (the brand link colour is not 4.5:1 on it); links stay underlined. */}
                <Anchor
                  component={Link}
                  to={a.link}
                  size="sm"
                  c="dark.9"
                  fw={a.severity === 'critical' ? 700 : 400}
                >
                  {a.message}
                </Anchor>
              </li>
            ))}
          </Stack>
        </Alert>
      )}
      {ops.iotAlerts && ops.iotAlerts.open > 0 && <IotAlertsCard alerts={ops.iotAlerts} />}
      <KpiCards ops={ops} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <div style={{ gridColumn: 'span 2' }}>
          <DashboardCard
            id="overview-trend"
            title="Last twelve months"
            link={{ to: '/inventory', label: 'Inventory' }}
          >
            <Suspense
              fallback={
                <Text c="dimmed" size="sm" role="status">
                  Loading the chart…
                </Text>
              }
            >
              <TrendChart trend={ops.trend} />
            </Suspense>
          </DashboardCard>
        </div>
        <DashboardCard
          id="overview-stock"
          title="Stock by material"
          link={{ to: '/inventory', label: 'Inventory' }}
        >
          <StockTable stock={ops.stock} />
        </DashboardCard>
      </SimpleGrid>
    </Stack>
  );
}

function StockTable({ stock }: { stock: Operations['stock'] }) {
  if (stock.byMaterial.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No stock on hand.
      </Text>
    );
  const top = stock.byMaterial.slice(0, 8);
  return (
    <>
      <Table striped fz="sm" aria-label="Stock by material">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">On hand</Table.Th>
            {stock.totalValue !== null && <Table.Th ta="right">Value</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top.map((m) => (
            <Table.Tr key={m.materialId}>
              <Table.Td>{m.name}</Table.Td>
              <Table.Td ta="right">{formatKg(m.kg)}</Table.Td>
              {stock.totalValue !== null && <Table.Td ta="right">{formatPhp(m.value)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {stock.byMaterial.length > top.length && (
        <Group justify="flex-end" mt="xs">
          <Text size="xs" c="dimmed">
            and {stock.byMaterial.length - top.length} more materials
          </Text>
        </Group>
      )}
    </>
  );
}
