import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { lazy, Suspense, useMemo } from 'react';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import type { MapPoint } from '../../components/map/PointsMap.tsx';
import type { PerformanceItem } from './api.ts';
import { formatPct, monthLabel, TARGET_BANDS, targetBand } from './figures.ts';

function MapUnavailable() {
  return (
    <Text size="sm" c="dimmed" role="status">
      The map could not load; the franchisees are listed below.
    </Text>
  );
}

// Leaflet loads with the map only; should its code not arrive (offline, a blocked network), the page
// says so and the list below still holds everything.
const PointsMap = lazy(() =>
  import('../../components/map/PointsMap.tsx').then(
    (m) => ({ default: m.PointsMap }),
    () => ({ default: MapUnavailable }),
  ),
);

/** A franchisee's figures in the month the map colours by. */
const inMonth = (item: PerformanceItem, month: string) => item.months.find((m) => m.month === month);

function Swatch({ hex }: { hex: string }) {
  return (
    <Box component="span" w={12} h={12} bg={hex} style={{ borderRadius: 6, flexShrink: 0 }} aria-hidden />
  );
}

/** How a month stands against its target, in words beside its colour. */
function Standing({ pct }: { pct: string | null }) {
  const band = targetBand(pct);
  return (
    <Group gap={6} wrap="nowrap">
      <Swatch hex={band.hex} />
      <Text size="sm">{pct === null ? 'No target' : formatPct(pct)}</Text>
    </Group>
  );
}

/**
 * The network on a map, each point coloured by how its `month` stands against the target, and always
 * the same franchisees as a list: nothing is only on the map.
 */
export function NetworkSection({ items, month }: { items: PerformanceItem[]; month: string }) {
  const phone = usePhone();
  const points = useMemo(
    (): MapPoint[] =>
      items.flatMap((item) => {
        const f = item.franchisee;
        if (f.latitude === null || f.longitude === null) return [];
        const pct = inMonth(item, month)?.targetPct ?? null;
        return [
          {
            id: f.id,
            // Leaflet places points by number; the figures shown stay the server's strings.
            latitude: Number(f.latitude),
            longitude: Number(f.longitude),
            label: `${f.name}: ${pct === null ? 'no target' : `${formatPct(pct)} of target`}`,
            color: targetBand(pct).hex,
          },
        ];
      }),
    [items, month],
  );
  const placed = points.length;
  const label = `Franchisees in ${monthLabel(month)}`;

  return (
    <Stack gap="sm">
      {placed > 0 ? (
        <Suspense
          fallback={
            <Text size="sm" c="dimmed" role="status">
              Loading the map…
            </Text>
          }
        >
          <PointsMap
            label={`Map of the franchisees, coloured by their % of target in ${monthLabel(month)}`}
            points={points}
          />
        </Suspense>
      ) : (
        <Text size="sm" c="dimmed">
          No franchisee has coordinates yet: give one a latitude and longitude under Records to place it on
          the map.
        </Text>
      )}
      <Group gap="md" wrap="wrap" aria-label="What the colours mean" role="list">
        {TARGET_BANDS.map((b) => (
          <Group key={b.key} gap={6} wrap="nowrap" role="listitem">
            <Swatch hex={b.hex} />
            <Text size="xs">{b.label}</Text>
          </Group>
        ))}
      </Group>
      {placed < items.length && placed > 0 && (
        <Text size="xs" c="dimmed">
          {items.length - placed} of {items.length} franchisees have no coordinates and are only listed.
        </Text>
      )}
      {phone ? (
        <CardList label={label} items={items} keyOf={(i) => i.franchisee.id}>
          {(i) => (
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {i.franchisee.name} ({i.franchisee.code})
              </Text>
              <Text size="sm">
                {i.franchisee.city ?? 'No city'} · {i.franchisee.supplier.name}
              </Text>
              <Group gap="xs">
                <Standing pct={inMonth(i, month)?.targetPct ?? null} />
                <Text size="sm" c="dimmed">
                  {formatKg(inMonth(i, month)?.volumeKg)} of {formatKg(inMonth(i, month)?.targetKg)}
                </Text>
              </Group>
            </Stack>
          )}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Franchisee</Table.Th>
                <Table.Th>City</Table.Th>
                <Table.Th>Supplier</Table.Th>
                <Table.Th ta="right">Volume</Table.Th>
                <Table.Th ta="right">Target</Table.Th>
                <Table.Th>% of target</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => {
                const m = inMonth(i, month);
                return (
                  <Table.Tr key={i.franchisee.id}>
                    <Table.Td>
                      {i.franchisee.name} ({i.franchisee.code})
                    </Table.Td>
                    <Table.Td>{i.franchisee.city ?? '—'}</Table.Td>
                    <Table.Td>{i.franchisee.supplier.name}</Table.Td>
                    <Table.Td ta="right">{formatKg(m?.volumeKg)}</Table.Td>
                    <Table.Td ta="right">{formatKg(m?.targetKg)}</Table.Td>
                    <Table.Td>
                      <Standing pct={m?.targetPct ?? null} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
