import { ColorSwatch, Group, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatKg, formatUnits, toUnits } from '@plastrace/shared';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { pct } from './words.ts';

// Who holds what part of the started lots' mass: a stacked bar (a section per supplier or customer, the
// unattributed rest in grey) over a table that says the same in words and figures.

/** Colours that carry white text; cycled past ten partners. */
const COLORS = ['brand', 'blue', 'grape', 'orange', 'indigo', 'cyan', 'pink', 'violet', 'red', 'teal'];
export const shareColor = (i: number) => `${COLORS[i % COLORS.length]}.7`;

export interface Share {
  key: string;
  name: string;
  /** Type and code, e.g. 'Junkshop · SUP-001'. */
  detail: string;
  /** How many deliveries or dispatches. */
  records: number;
  kg: string;
  pct: string;
}

interface ShareBarProps {
  /** Names the bar and its table: 'Supplier shares'. */
  label: string;
  /** 'Delivery' and 'Deliveries', or 'Dispatch' and 'Dispatches'. */
  recordLabel: string;
  recordsLabel: string;
  partnerLabel: string;
  items: Share[];
  /** The started lots' kg: what the shares are of. */
  totalKg: string;
  /** What the rest is (mass no supplier or customer accounts for), e.g. 'Not dispatched'. */
  restLabel: string;
}

const hundredths = (share: string) => toUnits(share, 2);

export function ShareBar({
  label,
  recordLabel,
  recordsLabel,
  partnerLabel,
  items,
  totalKg,
  restLabel,
}: ShareBarProps) {
  const phone = usePhone();
  const restPct = 10_000n - items.reduce((sum, s) => sum + hundredths(s.pct), 0n);
  const restKg = toUnits(totalKg, 3) - items.reduce((sum, s) => sum + toUnits(s.kg, 3), 0n);
  const rest: Share | null =
    restPct > 0n
      ? {
          key: 'rest',
          name: restLabel,
          detail: '',
          records: 0,
          kg: formatUnits(restKg > 0n ? restKg : 0n, 3),
          pct: formatUnits(restPct, 2),
        }
      : null;
  const all = rest ? [...items, rest] : items;
  const colorOf = (s: Share) => (s === rest ? 'gray.4' : shareColor(items.indexOf(s)));

  return (
    <Stack gap="xs">
      <Progress.Root
        size={28}
        radius="sm"
        role="img"
        aria-label={`${label}: ${all.map((s) => `${s.name} ${pct(s.pct)}`).join(', ')}`}
      >
        {all.map((s) => (
          <Tooltip key={s.key} label={`${s.name}: ${formatKg(s.kg)} (${pct(s.pct)})`} withArrow>
            <Progress.Section
              value={Number(s.pct)}
              color={colorOf(s)}
              aria-label={`${s.name}: ${formatKg(s.kg)} (${pct(s.pct)})`}
            >
              {Number(s.pct) >= 6 && (
                <Progress.Label c={s === rest ? 'dark' : undefined}>
                  {Number(s.pct) >= 30 && !phone ? `${s.name} ${pct(s.pct)}` : pct(s.pct)}
                </Progress.Label>
              )}
            </Progress.Section>
          </Tooltip>
        ))}
      </Progress.Root>
      {phone ? (
        <CardList label={label} items={all} keyOf={(s) => s.key}>
          {(s) => (
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <ColorSwatch
                  color={`var(--mantine-color-${colorOf(s).replace('.', '-')})`}
                  size={14}
                  mt={3}
                />
                <div>
                  <Text fw={600} size="sm">
                    {s.name}
                  </Text>
                  {s.detail && (
                    <Text size="xs" c="dimmed">
                      {`${s.detail} · ${s.records} ${(s.records === 1 ? recordLabel : recordsLabel).toLowerCase()}`}
                    </Text>
                  )}
                </div>
              </Group>
              <Text size="sm" ta="right">
                {formatKg(s.kg)}
                <br />
                {pct(s.pct)}
              </Text>
            </Group>
          )}
        </CardList>
      ) : (
        <Table verticalSpacing={4} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{partnerLabel}</Table.Th>
              <Table.Th ta="right">{recordsLabel}</Table.Th>
              <Table.Th ta="right">kg</Table.Th>
              <Table.Th ta="right">Share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {all.map((s) => (
              <Table.Tr key={s.key}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch
                      color={`var(--mantine-color-${colorOf(s).replace('.', '-')})`}
                      size={12}
                      aria-hidden
                    />
                    <span>
                      {s.name}
                      {s.detail && <Text span size="xs" c="dimmed">{` · ${s.detail}`}</Text>}
                    </span>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{s === rest ? '—' : s.records}</Table.Td>
                <Table.Td ta="right">{formatKg(s.kg)}</Table.Td>
                <Table.Td ta="right">{pct(s.pct)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
