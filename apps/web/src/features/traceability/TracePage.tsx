import { Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { isNotFound, isRetryable } from '../../components/common/apiErrors.ts';
import { usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { isUuid, type Trace, type TraceLot, useTrace } from './api.ts';
import { DestinationsSection } from './DestinationsSection.tsx';
import { EpcisImport } from './EpcisImport.tsx';
import { OriginsSection } from './OriginsSection.tsx';
import { TraceLotsTable } from './TraceLotsTable.tsx';
import { TraceSearch } from './TraceSearch.tsx';
import { TraceSection } from './TraceSection.tsx';
import { TraceSummary } from './TraceSummary.tsx';
import { useTraceParams } from './useTraceParams.ts';
import { byId, traceTitle } from './words.ts';

const TraceGraph = lazy(async () => ({ default: (await import('./TraceGraph.tsx')).TraceGraph }));

const TITLE = 'Traceability';

/**
 * /traceability and /reports/supply-chain: a lot's (or a delivery's, run's or dispatch's) lineage —
 * upstream to the suppliers its material came from, downstream to every lot, dispatch and customer it
 * reached (a recall), with each one's share — as figures, tables, a graph and a CSV.
 */
export function TracePage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="trace.read" title={TITLE}>
      <TraceView />
    </RequirePermission>
  );
}

function TraceView() {
  const { timeZone } = useMe();
  const { update, ...params } = useTraceParams();
  const trace = useTrace(params);
  const mayCapture = useCan('epcis.capture');

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Follow a lot back to the suppliers it came from and forward to the customers it reached, with each one’s share of the mass."
      />
      <TraceSearch params={params} update={update} />
      {!params.q && (
        <EmptyState title="Trace a lot">
          Enter a lot code as printed on its label (MNL1-261120-0002), scan the label, or paste the id of a
          lot, delivery, production run or dispatch. Trace a delivery forward to see everywhere its material
          went (a recall); trace a dispatch back to see where a shipment came from.
        </EmptyState>
      )}
      {trace.isPending && params.q && (
        <Text c="dimmed" role="status">
          Tracing…
        </Text>
      )}
      {trace.isError &&
        (isNotFound(trace.error) ? (
          <Paper withBorder p="md" radius="md" role="alert">
            <Text size="sm">
              {isUuid(params.q)
                ? `No lot or record of your organization has the id ${params.q}.`
                : `No lot of your organization has the code ${params.q.toUpperCase()}. Check the code on the label.`}
            </Text>
          </Paper>
        ) : (
          <QueryError
            error={trace.error}
            what="The trace"
            onRetry={isRetryable(trace.error) ? () => trace.refetch() : undefined}
            retrying={trace.isFetching}
          />
        ))}
      {trace.data && !trace.isError && (
        <TraceResult
          trace={trace.data}
          timeZone={timeZone}
          refreshing={trace.isPlaceholderData}
          onTrace={(lot) => update({ q: lot.code })}
          onDepth={(depth) => update({ depth })}
        />
      )}
      {mayCapture && <EpcisImport />}
    </Stack>
  );
}

interface ResultProps {
  trace: Trace;
  timeZone: string;
  refreshing: boolean;
  onTrace: (lot: TraceLot) => void;
  onDepth: (depth: number) => void;
}

function TraceResult({ trace, timeZone, refreshing, onTrace, onDepth }: ResultProps) {
  const phone = usePhone();
  const lotsById = useMemo(() => byId(trace.lots), [trace]);
  const title = traceTitle(trace, lotsById);

  return (
    <Stack gap="md" style={{ opacity: refreshing ? 0.6 : 1 }} aria-busy={refreshing}>
      <TraceSummary
        trace={trace}
        title={title}
        lotsById={lotsById}
        onDepth={onDepth}
        refreshing={refreshing}
      />
      {trace.direction !== 'downstream' && (
        <OriginsSection trace={trace} lotsById={lotsById} timeZone={timeZone} />
      )}
      {trace.direction !== 'upstream' && (
        <DestinationsSection trace={trace} lotsById={lotsById} timeZone={timeZone} />
      )}
      <TraceSection
        id="trace-lineage"
        title="Lineage"
        description="Every lot the trace reached, from suppliers on the left to customers on the right. Pick a lot to trace from it."
      >
        <Suspense
          fallback={
            <Text c="dimmed" size="sm" role="status">
              Drawing the graph…
            </Text>
          }
        >
          {/* A new answer (another direction or depth) is fitted to the view afresh. */}
          <TraceGraph
            key={`${trace.direction}:${trace.depth}:${trace.start.lotIds.join()}`}
            trace={trace}
            title={title}
            onTrace={onTrace}
            phone={phone}
          />
        </Suspense>
        <TraceLotsTable lots={trace.lots} onTrace={onTrace} />
      </TraceSection>
    </Stack>
  );
}
