import { traceSchema } from '@plastrace/shared';
import { describe, expect, it } from 'vitest';
import { camelKeys } from '../../api/caseConvert.ts';
import { wire } from '../../test/wire.ts';
import type { Trace } from './api.ts';
import { IDS, traceOf } from './testTrace.ts';
import { traceLayout } from './traceLayout.ts';

const asClient = (value: unknown) => camelKeys(value) as Trace;

describe('traceLayout', () => {
  it('puts suppliers, lots by level and customers in columns left to right, with labelled edges', () => {
    const { nodes, edges, tallest } = traceLayout(asClient(traceOf()));
    const x = Object.fromEntries(nodes.map((n) => [n.id, n.position.x]));
    expect(x[`s:${IDS.juan}`]).toBeLessThan(x[IDS.bottlesA] ?? 0);
    expect(x[IDS.bottlesA]).toBe(x[IDS.bottlesB]);
    expect(x[IDS.bottlesA]).toBeLessThan(x[IDS.flakes] ?? 0);
    expect(x[IDS.flakes]).toBeLessThan(x[IDS.halfA] ?? 0);
    expect(x[IDS.halfA]).toBeLessThan(x[`c:${IDS.plasticorp}`] ?? 0);
    expect(tallest).toBe(2);
    expect(nodes.find((n) => n.id === IDS.flakes)?.data).toMatchObject({ kind: 'lot', started: true });

    expect(edges.map((e) => [e.source, e.target, e.label])).toEqual([
      [IDS.bottlesA, IDS.flakes, '600 kg · PR-0007'],
      [IDS.bottlesB, IDS.flakes, '400 kg · PR-0007'],
      [IDS.flakes, IDS.halfA, '500 kg · Split'],
      [IDS.flakes, IDS.halfB, '400 kg · Split'],
      [`s:${IDS.juan}`, IDS.bottlesA, 'RR-0011 · 600 kg'],
      [`s:${IDS.barangay}`, IDS.bottlesB, 'RR-0014 · 400 kg'],
      [IDS.halfA, `c:${IDS.plasticorp}`, 'DR-0021 · 500 kg'],
      [IDS.halfB, `c:${IDS.greenpack}`, 'DR-0022 · 250 kg'],
    ]);
    expect(edges[2]?.ariaLabel).toBe('500 kg · Split: from MNL1-261120-0002 to MNL1-261121-0001');
  });

  it('orders a column by where its neighbours stand, not by code, so edges do not cross', () => {
    const base = traceOf();
    // Barangay listed first (more kg, say): in list order it would stand above Juan, level with the
    // wrong delivery lot, and the two supplier edges would cross.
    const trace = asClient(
      wire(traceSchema, {
        ...base,
        destinations: base.destinations.slice(0, 1),
        customers: base.customers.slice(0, 1),
        suppliers: [...base.suppliers].reverse(),
      }),
    );
    const { nodes } = traceLayout(trace);
    const y = Object.fromEntries(nodes.map((n) => [n.id, n.position.y]));
    // Suppliers listed Barangay first still stand level with the lots they delivered.
    expect(y[`s:${IDS.juan}`]).toBe(y[IDS.bottlesA]);
    expect(y[`s:${IDS.barangay}`]).toBe(y[IDS.bottlesB]);
    // The one customer stands level with the lot it got.
    expect(y[`c:${IDS.plasticorp}`]).toBe(0);
    expect(y[IDS.flakes]).toBe(0);
  });
});
