import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatKg, TRACE_MAX_DEPTH } from '@plastrace/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { saveBlob } from '../../api/download.ts';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { useCan } from '../../components/common/useMe.ts';
import type { Trace, TraceLot } from './api.ts';
import { EpcisExportButton } from './EpcisExportButton.tsx';
import { traceCsv, traceFileName } from './traceCsv.ts';
import { lotPath, recordPath, recordWords } from './words.ts';

const DIRECTION_WORDS = {
  both: 'where it came from and where it went',
  upstream: 'where it came from',
  downstream: 'where it went',
} as const;

interface Props {
  trace: Trace;
  title: string;
  lotsById: Map<string, TraceLot>;
  /** Traces again, deeper. */
  onDepth: (depth: number) => void;
  refreshing: boolean;
}

/** What was traced, how far, and what it reached; the CSV of it all. */
export function TraceSummary({ trace, title, lotsById, onDepth, refreshing }: Props) {
  const mayExport = useCan('data.export');
  const mayExportEpcis = useCan('epcis.read');
  const started = trace.start.lotIds.map((id) => lotsById.get(id)).filter((l) => l !== undefined);
  const deeper = Math.min(TRACE_MAX_DEPTH, trace.depth + 10);
  const exportCsv = () =>
    saveBlob(new Blob([traceCsv(trace)], { type: 'text/csv;charset=utf-8' }), traceFileName(trace));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trace-summary">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} fz="h3" id="trace-summary" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {`Traced ${DIRECTION_WORDS[trace.direction]}, up to ${trace.depth} ${trace.depth === 1 ? 'step' : 'steps'}.`}
              {refreshing && ' Updating…'}
            </Text>
          </div>
          <Group gap="xs" align="flex-start">
            {mayExportEpcis && started[0] && (
              <EpcisExportButton lotId={started[0].id} direction={trace.direction} name={started[0].code} />
            )}
            {mayExport && <ExportCsvButton onClick={exportCsv} />}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Started with">{formatKg(trace.start.kg)}</Figure>
          <Figure label="Lots reached">{trace.lots.length}</Figure>
          <Figure label="Suppliers">{trace.direction === 'downstream' ? '—' : trace.suppliers.length}</Figure>
          <Figure label="Customers">{trace.direction === 'upstream' ? '—' : trace.customers.length}</Figure>
        </SimpleGrid>
        <Text size="sm">
          {trace.start.record && (
            <>
              {'From '}
              <Anchor component={Link} to={recordPath(trace.start.record)}>
                {recordWords(trace.start.record)}
              </Anchor>
              {': '}
            </>
          )}
          {`${trace.start.record ? 's' : 'S'}tarted ${started.length === 1 ? 'lot' : 'lots'} `}
          {started.map((lot, i) => (
            <Fragment key={lot.id}>
              {i > 0 && ', '}
              <Anchor component={Link} to={lotPath(lot.id)}>
                {lot.code}
              </Anchor>
              {` (${lot.material.name}, ${formatKg(lot.kg)})`}
            </Fragment>
          ))}
        </Text>
        {trace.truncated && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle aria-hidden />}
            title="The trace stopped before its ends"
          >
            <Text size="sm" mb={trace.depth < TRACE_MAX_DEPTH ? 'xs' : 0}>
              {trace.depth < TRACE_MAX_DEPTH
                ? `Some lots lead further than ${trace.depth} steps: their suppliers or customers are not shown. Trace deeper to follow them.`
                : `Some lots lead further than ${TRACE_MAX_DEPTH} steps, the most one trace follows. Trace again from the furthest lots to follow them.`}
            </Text>
            {trace.depth < TRACE_MAX_DEPTH && (
              <Button size="xs" variant="outline" color="yellow.9" onClick={() => onDepth(deeper)}>
                {`Trace ${deeper} steps`}
              </Button>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {children}
      </Text>
    </div>
  );
}
