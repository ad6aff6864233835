import { Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { TRACE_MAX_DEPTH, type TraceDirection } from '@plastrace/shared';
import { IconQrcode, IconSearch } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { isDepth, type TraceParams } from './useTraceParams.ts';
import { DIRECTION_OPTIONS } from './words.ts';

const ScanDialog = lazy(async () => ({
  default: (await import('../../components/lots/ScanDialog.tsx')).ScanDialog,
}));

const canScan = () => typeof window !== 'undefined' && 'BarcodeDetector' in window;

interface Props {
  params: TraceParams;
  update: (patch: Partial<TraceParams>) => void;
}

/**
 * What to trace and how far: a lot code (or a lot's or record's id, or a scanned label), the direction
 * and the depth. The direction applies at once; a changed depth once typing pauses; the code on Trace.
 */
export function TraceSearch({ params, update }: Props) {
  const [text, setText] = useState(params.q);
  const [depth, setDepth] = useState<string | number>(params.depth);
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  // Another search (a lot picked in the graph, Back) shows its own code and depth.
  useEffect(() => setText(params.q), [params.q]);
  useEffect(() => setDepth(params.depth), [params.depth]);

  const depthProblem = isDepth(Number(depth)) ? null : `From 1 to ${TRACE_MAX_DEPTH}`;
  const applyDepth = useDebouncedCallback((value: string | number) => {
    if (isDepth(Number(value))) update({ depth: Number(value) });
  }, 500);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Enter a lot code or a record id');
      return;
    }
    if (depthProblem) return;
    update({ q: text.trim(), depth: Number(depth) });
  };
  const onScanned = useCallback(
    (id: string) => {
      setScanning(false);
      setText(id);
      update({ q: id });
    },
    [update],
  );

  return (
    <Stack gap="xs">
      <form onSubmit={submit} noValidate>
        <FilterBar
          label="Trace a lot or record"
          actions={
            <>
              {canScan() && (
                <Button
                  variant="default"
                  leftSection={<IconQrcode size={16} aria-hidden />}
                  onClick={() => setScanning(true)}
                >
                  Scan
                </Button>
              )}
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                Trace
              </Button>
            </>
          }
        >
          <TextInput
            label="Lot code or record id"
            placeholder="MNL1-261120-0002"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            autoComplete="off"
            spellCheck={false}
            style={{ gridColumn: 'span 2' }}
          />
          <NumberInput
            label="Depth (steps)"
            min={1}
            max={TRACE_MAX_DEPTH}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={depth}
            onChange={(value) => {
              setDepth(value);
              applyDepth(value);
            }}
            error={depthProblem}
          />
        </FilterBar>
      </form>
      <Group gap="sm" align="center">
        <Text size="sm" fw={500} id="trace-direction-label">
          Direction
        </Text>
        <SegmentedControl
          aria-labelledby="trace-direction-label"
          data={DIRECTION_OPTIONS}
          value={params.direction}
          onChange={(value) => update({ direction: value as TraceDirection })}
        />
      </Group>
      {scanning && (
        <Suspense fallback={<Text size="sm">Opening the camera…</Text>}>
          <ScanDialog onClose={() => setScanning(false)} onLot={onScanned} />
        </Suspense>
      )}
    </Stack>
  );
}
