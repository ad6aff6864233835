import { Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { TRACE_MAX_DEPTH, type TraceDirection } from '@plastrace/shared';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { LotSearchBar } from '../../components/lots/LotSearchBar.tsx';
import { isDepth, type TraceParams } from './useTraceParams.ts';
import { DIRECTION_OPTIONS } from './words.ts';

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
      setText(id);
      update({ q: id });
    },
    [update],
  );

  return (
    <Stack gap="xs">
      <LotSearchBar
        label="Trace a lot or record"
        submitLabel="Trace"
        placeholder="MNL1-261120-0002"
        value={text}
        onChange={(value) => {
          setText(value);
          setProblem(null);
        }}
        problem={problem}
        onSubmit={submit}
        onScanned={onScanned}
        span="span 2"
      >
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
      </LotSearchBar>
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
    </Stack>
  );
}
