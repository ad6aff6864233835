import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { type IdentificationSummary, useIdentification, useIdentifications } from './api.ts';
import { Result } from './IdentifyPanel.tsx';

function Row({ item, onOpen, open }: { item: IdentificationSummary; onOpen: () => void; open: boolean }) {
  const c = item.confirmation;
  const { timeZone } = useMe();
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{item.bestPolymer ?? 'Unknown'}</Text>
            {item.bestScore !== null && <Badge variant="light">r = {item.bestScore.toFixed(2)}</Badge>}
            <Badge variant="outline">{item.technique}</Badge>
            {c ? (
              <Badge color="green">Confirmed: {c.material.name}</Badge>
            ) : (
              <Badge color="gray">Not confirmed</Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.createdAt, timeZone)} · {item.createdBy.name}
            {item.fileName ? ` · ${item.fileName}` : ''}
            {c?.lot ? ` · lot ${c.lot.code}` : ''}
            {c?.reclassifiedInto ? ` → ${c.reclassifiedInto.code}` : ''}
            {c?.receiveLine ? ` · ${c.receiveLine.recordNumber} line ${c.receiveLine.lineNo}` : ''}
            {c?.value?.valuePhp ? ` · ₱${c.value.valuePhp}` : ''}
          </Text>
        </Stack>
        <Button variant="subtle" size="xs" onClick={onOpen} aria-expanded={open}>
          {open ? 'Hide' : 'Show'}
        </Button>
      </Group>
    </Paper>
  );
}

function Opened({ id }: { id: string }) {
  const one = useIdentification(id);
  const canRun = useCan('identification.run');
  if (!one.data) return <QueryStatus query={one} what="The identification" loading="Loading…" />;
  return <Result identification={one.data} canConfirm={canRun} />;
}

/** Every identification of the organization, newest first, each with its chart and confirmation. */
export function HistoryList() {
  const list = useIdentifications();
  const [open, setOpen] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (!list.data)
    return <QueryStatus query={list} what="The identifications" loading="Loading identifications…" />;
  if (items.length === 0)
    return (
      <EmptyState title="No identifications yet">
        Identify a spectrum: each one is kept here with its result and who confirmed it.
      </EmptyState>
    );
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Stack key={item.id} gap="xs">
          <Row
            item={item}
            open={open === item.id}
            onOpen={() => setOpen(open === item.id ? null : item.id)}
          />
          {open === item.id && <Opened id={item.id} />}
        </Stack>
      ))}
      {list.hasNextPage && (
        <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
