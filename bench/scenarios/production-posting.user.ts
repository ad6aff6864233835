import { randomUUID } from 'node:crypto';
import type { Flow } from '../lib/flow.ts';
import { connection, expectJson } from '../lib/http-client.ts';

export type ProductionData = {
  origin: string;
  /** From signIn: bearer token, CSRF token and cookie. */
  headers: Record<string, string>;
  suppliers: string[];
  facilities: string[];
  materials: string[];
};

const at = <T>(items: T[], i: number) => items[i % items.length] as T;

/** A shredding run that ended a minute ago: 3 kg from each lot into two output lots and 0.2 kg of fines. */
export function shredding(facility: string, lots: string[], outputs: [string, string]) {
  const now = Date.now();
  return {
    facility_id: facility,
    process_code: 'shredding',
    started_at: new Date(now - 3_600_000).toISOString(),
    ended_at: new Date(now - 60_000).toISOString(),
    inputs: lots.map((lot_id) => ({ lot_id, kg: '3' })),
    outputs: [
      { material_id: outputs[0], kg: '5.5' },
      { material_id: outputs[1], kg: '3.3' },
    ],
    losses: [{ kind: 'fines', fate: 'landfill', kg: '0.2' }],
  };
}

/**
 * One virtual line operator: first receives three large lots of its own at one facility (untimed), then
 * each step saves and posts a run taking 3 kg from each of them into two output lots and a loss.
 */
const flow: Flow<ProductionData> = async (d, index) => {
  const http = connection(d.origin);
  const post = (path: string, body: unknown) =>
    http.request('POST', path, { ...d.headers, 'idempotency-key': randomUUID() }, body);
  const facility = at(d.facilities, index);
  const received = expectJson<{ lines: { lot: { id: string } }[] }>(
    'POST /api/receive-records?post=true',
    await post('/api/receive-records?post=true', {
      supplier_id: at(d.suppliers, index),
      facility_id: facility,
      received_at: new Date(Date.now() - 3_600_000).toISOString(),
      lines: [0, 1, 2].map((k) => ({
        material_id: at(d.materials, index + k),
        gross_kg: '900000',
        unit_price: '10',
      })),
    }),
    201,
  );
  const lots = received.lines.map((l) => l.lot.id);
  return {
    step: async () => {
      const run = expectJson<{ status: string }>(
        'POST /api/production-records?post=true',
        await post(
          '/api/production-records?post=true',
          shredding(facility, lots, [at(d.materials, index), at(d.materials, index + 1)]),
        ),
        201,
      );
      if (run.status !== 'posted') throw new Error(`posting left the run ${run.status}`);
    },
    close: http.close,
  };
};

export default flow;
