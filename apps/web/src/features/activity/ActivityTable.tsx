import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import type { ActivityEntry } from './api.ts';
import { formatAmount, transactionTypeLabel } from './format.ts';
import { SourceBadge } from './SourceBadge.tsx';

interface ActivityTableProps {
  entries: ActivityEntry[];
  timeZone: string;
}

export function ActivityTable({ entries, timeZone }: ActivityTableProps) {
  const location = useLocation();
  // The detail page links back to this list with its filters.
  const from = `${location.pathname}${location.search}`;
  const phone = usePhone();
  if (phone) return <ActivityCards entries={entries} timeZone={timeZone} from={from} />;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Activity log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date and time</Table.Th>
            <Table.Th>Member</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/transactions/${entry.id}`} state={{ from }} size="sm">
                  {formatDateTime(entry.createdAt, timeZone)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.userName}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Badge variant="light" color="gray" tt="none">
                    {transactionTypeLabel(entry.transactionType)}
                  </Badge>
                  <SourceBadge source={entry.source} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {entry.description}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatAmount(entry.amount, entry.currency)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.status}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {entry.referenceId ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: what happened and when first, then who, the amount and the reference. */
function ActivityCards({ entries, timeZone, from }: ActivityTableProps & { from: string }) {
  return (
    <CardList label="Activity log" items={entries} keyOf={(entry) => entry.id}>
      {(entry) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={`/transactions/${entry.id}`} state={{ from }} size="sm" fw={600}>
              {formatDateTime(entry.createdAt, timeZone)}
            </Anchor>
            <Badge variant="light" color="gray" tt="none">
              {transactionTypeLabel(entry.transactionType)}
            </Badge>
          </Group>
          <Text size="sm" mt={4} lineClamp={3}>
            {entry.description}
          </Text>
          <Group justify="space-between" wrap="nowrap" mt={2}>
            <Text size="xs" c="dimmed">
              {entry.userName} · {entry.status}
            </Text>
            <Text size="sm" fw={600}>
              {formatAmount(entry.amount, entry.currency)}
            </Text>
          </Group>
          {entry.referenceId && (
            <Text size="xs" ff="monospace" mt={2}>
              {entry.referenceId}
            </Text>
          )}
        </>
      )}
    </CardList>
  );
}
