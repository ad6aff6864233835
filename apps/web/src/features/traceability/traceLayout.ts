import { formatKg } from '@plastrace/shared';
import type { Edge, Node } from '@xyflow/react';
import type { Trace, TraceLot } from './api.ts';
import { byId, partnerType, pct, viaWords } from './words.ts';

// The trace as a left-to-right graph: suppliers, then the lots in columns by level (furthest origin
// first, the started lots highlighted), then customers. Within a column nodes are ordered by where
// their neighbours already stand (the barycentre heuristic), which keeps most edges from crossing
// without a layout library.

export const NODE_WIDTH = 210;
export const NODE_HEIGHT = 76;
const COLUMN = NODE_WIDTH + 110;
const ROW = NODE_HEIGHT + 28;

export type LotNodeData = { kind: 'lot'; lot: TraceLot; started: boolean };
export type PartnerNodeData = {
  kind: 'supplier' | 'customer';
  name: string;
  detail: string;
  kg: string;
  pct: string;
};
export type TraceNode = Node<LotNodeData, 'lot'> | Node<PartnerNodeData, 'partner'>;

interface Layout {
  nodes: TraceNode[];
  edges: Edge[];
  /** The most nodes in one column: what the graph's height is made for. */
  tallest: number;
}

export function traceLayout(trace: Trace): Layout {
  const lots = byId(trace.lots);
  const codeOf = (id: string) => lots.get(id)?.code ?? 'a lot';
  const edges: Edge[] = [];
  const links: [string, string][] = [];
  const link = (edge: Edge) => {
    edges.push(edge);
    links.push([edge.source, edge.target]);
  };

  for (const e of trace.edges) {
    const label = `${formatKg(e.kg)} · ${viaWords(e.via)}`;
    link({
      id: `e:${e.fromLotId}>${e.toLotId}>${e.via.id}`,
      source: e.fromLotId,
      target: e.toLotId,
      label,
      ariaLabel: `${label}: from ${codeOf(e.fromLotId)} to ${codeOf(e.toLotId)}`,
    });
  }

  const partners = new Map<string, PartnerNodeData>();
  for (const s of trace.suppliers)
    partners.set(`s:${s.supplier.id}`, {
      kind: 'supplier',
      name: s.supplier.name,
      detail: partnerType(s.supplier.type),
      kg: s.kg,
      pct: s.sharePct,
    });
  for (const c of trace.customers)
    partners.set(`c:${c.customer.id}`, {
      kind: 'customer',
      name: c.customer.name,
      detail: partnerType(c.customer.type),
      kg: c.kg,
      pct: c.sharePct,
    });
  for (const o of trace.origins) {
    if (!o.supplier || !lots.has(o.lotId)) continue;
    const label = `${o.receiveRecord?.number ?? 'Delivery'} · ${formatKg(lots.get(o.lotId)?.kg)}`;
    link({
      id: `o:${o.lotId}`,
      source: `s:${o.supplier.id}`,
      target: o.lotId,
      label,
      ariaLabel: `${label}: from ${o.supplier.name} to ${codeOf(o.lotId)}`,
    });
  }
  for (const d of trace.destinations) {
    if (!lots.has(d.lotId)) continue;
    const label = `${d.dispatchRecord.number} · ${formatKg(d.dispatchedKg)}`;
    link({
      id: `d:${d.dispatchRecord.id}:${d.lotId}`,
      source: d.lotId,
      target: `c:${d.customer.id}`,
      label,
      ariaLabel: `${label}: from ${codeOf(d.lotId)} to ${d.customer.name}`,
    });
  }

  // Columns: lots by level, suppliers before the furthest origin, customers after the furthest lot.
  const levels = trace.lots.map((l) => l.level);
  const first = Math.min(0, ...levels);
  const last = Math.max(0, ...levels);
  const columns = new Map<number, string[]>();
  const add = (column: number, id: string) => columns.set(column, [...(columns.get(column) ?? []), id]);
  for (const lot of trace.lots) add(lot.level, lot.id);
  for (const [id, p] of partners) add(p.kind === 'supplier' ? first - 1 : last + 1, id);

  // Placing order: the start, then outwards to the left, then outwards to the right.
  const order = [...columns.keys()].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
  const y = new Map<string, number>();
  const neighbours = (id: string) =>
    links.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : [])).filter((n) => y.has(n));
  for (const column of order) {
    const ids = columns.get(column) ?? [];
    const weight = (id: string) => {
      const placed = neighbours(id).map((n) => y.get(n) ?? 0);
      return placed.length ? placed.reduce((s, v) => s + v, 0) / placed.length : 0;
    };
    const sorted = ids.map((id, i) => ({ id, i, w: weight(id) })).sort((a, b) => a.w - b.w || a.i - b.i);
    sorted.forEach(({ id }, i) => {
      y.set(id, (i - (sorted.length - 1) / 2) * ROW);
    });
  }

  const xOf = (column: number) => (column - (first - 1)) * COLUMN;
  const started = new Set(trace.start.lotIds);
  const nodes: TraceNode[] = [];
  for (const [column, ids] of columns)
    for (const id of ids) {
      const position = { x: xOf(column), y: y.get(id) ?? 0 };
      const lot = lots.get(id);
      const size = { width: NODE_WIDTH, height: NODE_HEIGHT };
      if (lot) {
        const isStart = started.has(id);
        nodes.push({
          id,
          type: 'lot',
          position,
          ...size,
          data: { kind: 'lot', lot, started: isStart },
          ariaRole: isStart ? 'group' : 'button',
          ariaLabel: `Lot ${lot.code}, ${lot.material.name}, ${formatKg(lot.kg)}${
            isStart ? ', a started lot' : ': trace from this lot'
          }`,
        });
      } else {
        const p = partners.get(id);
        if (!p) continue;
        nodes.push({
          id,
          type: 'partner',
          position,
          ...size,
          data: p,
          // Nothing to do on a supplier or customer: no tab stop (the tables above list them).
          focusable: false,
          ariaLabel: `${p.kind === 'supplier' ? 'Supplier' : 'Customer'} ${p.name}, ${formatKg(p.kg)} (${pct(p.pct)})`,
        });
      }
    }
  return { nodes, edges, tallest: Math.max(1, ...[...columns.values()].map((c) => c.length)) };
}
