import '@xyflow/react/dist/style.css';
import { Badge, Box, Group, Text, useComputedColorScheme } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  type NodeMouseHandler,
  type NodeProps,
  type NodeTypes,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { type KeyboardEvent, useMemo } from 'react';
import type { Trace, TraceLot } from './api.ts';
import {
  type LotNodeData,
  NODE_HEIGHT,
  type PartnerNodeData,
  type TraceNode,
  traceLayout,
} from './traceLayout.ts';
import { pct } from './words.ts';

// React Flow is only in this module, which the page loads on its own (lazily): the summary and the
// tables show without waiting for it.

const hidden = { opacity: 0 };

function LotNode({ data }: NodeProps<Extract<TraceNode, { type: 'lot' }>>) {
  const { lot, started } = data as LotNodeData;
  return (
    <Box
      h={NODE_HEIGHT}
      px="sm"
      py={6}
      bg={started ? 'var(--mantine-color-brand-light)' : 'var(--mantine-color-body)'}
      style={{
        border: `${started ? 2 : 1}px solid var(--mantine-color-${started ? 'brand-7' : 'default-border'})`,
        borderRadius: 8,
        cursor: started ? 'default' : 'pointer',
      }}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} style={hidden} />
      <Group gap={6} wrap="nowrap">
        <Text fw={700} size="sm" truncate>
          {lot.code}
        </Text>
        {started && (
          <Badge size="xs" tt="none">
            Started
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {`${lot.material.name} · ${lot.facility.code}`}
      </Text>
      <Text size="xs">{formatKg(lot.kg)}</Text>
      <Handle type="source" position={Position.Right} isConnectable={false} style={hidden} />
    </Box>
  );
}

function PartnerNode({ data }: NodeProps<Extract<TraceNode, { type: 'partner' }>>) {
  const p = data as PartnerNodeData;
  const supplier = p.kind === 'supplier';
  return (
    <Box
      h={NODE_HEIGHT}
      px="sm"
      py={6}
      bg="var(--mantine-color-default-hover)"
      style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 24 }}
    >
      {!supplier && <Handle type="target" position={Position.Left} isConnectable={false} style={hidden} />}
      <Text fw={700} size="sm" truncate>
        {p.name}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {`${supplier ? 'Supplier' : 'Customer'} · ${p.detail}`}
      </Text>
      <Text size="xs">{`${formatKg(p.kg)} · ${pct(p.pct)}`}</Text>
      {supplier && <Handle type="source" position={Position.Right} isConnectable={false} style={hidden} />}
    </Box>
  );
}

const nodeTypes: NodeTypes = { lot: LotNode, partner: PartnerNode };

const EDGE = { markerEnd: { type: MarkerType.ArrowClosed }, labelStyle: { fontSize: 11 } };

const ARIA = {
  'node.a11yDescription.default': 'Press Enter to trace from this lot.',
  'controls.ariaLabel': 'Graph zoom',
};

interface Props {
  trace: Trace;
  title: string;
  /** Re-traces from a lot (not a started one). */
  onTrace: (lot: TraceLot) => void;
  /** A phone: a fixed height, whatever the trace's size. */
  phone: boolean;
}

/**
 * The lineage as a graph: pan and zoom (buttons too), every lot reachable by Tab, a click or Enter on
 * one traces from it. The lots table below says the same in rows.
 */
export function TraceGraph({ trace, title, onTrace, phone }: Props) {
  const colorScheme = useComputedColorScheme('light');
  const { nodes, edges, tallest } = useMemo(() => traceLayout(trace), [trace]);
  const height = phone ? 360 : Math.min(640, Math.max(320, tallest * (NODE_HEIGHT + 28) + 80));
  const traceNode = (id: string | undefined) => {
    const node = nodes.find((n) => n.id === id);
    if (node?.type === 'lot' && !node.data.started) onTrace(node.data.lot);
  };
  const onNodeClick: NodeMouseHandler<TraceNode> = (_, node) => traceNode(node.id);
  // Enter or Space on a focused lot: React Flow's own handler would only select it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const element = (event.target as HTMLElement).closest<HTMLElement>('.react-flow__node');
    if (!element) return;
    event.preventDefault();
    traceNode(element.dataset.id);
  };

  return (
    // Keys reach here from the graph's focusable nodes.
    <Box
      h={height}
      onKeyDown={onKeyDown}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    >
      <ReactFlow<TraceNode>
        aria-label={`Lineage graph of ${title}: ${trace.lots.length} lots, ${trace.suppliers.length} suppliers, ${trace.customers.length} customers. The lots table below lists the same.`}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        colorMode={colorScheme}
        onNodeClick={onNodeClick}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        ariaLabelConfig={ARIA}
        defaultEdgeOptions={EDGE}
        fitView
        // A phone shows the middle of a wide trace readable, to pan from, rather than all of it too small.
        fitViewOptions={{ padding: 0.15, minZoom: phone ? 0.55 : 0.2 }}
        minZoom={0.2}
        maxZoom={1.5}
        // The wheel scrolls the page past the graph; drag pans, pinch and the buttons zoom.
        zoomOnScroll={false}
        preventScrolling={false}
      >
        <Background gap={24} />
        <Controls showInteractive={false} position="top-right" />
      </ReactFlow>
    </Box>
  );
}
