import { randomUUID } from 'node:crypto';
import type { Flow } from '../lib/flow.ts';
import { connection, expectJson } from '../lib/http-client.ts';

export type DispatchData = {
  origin: string;
  /** From signIn: bearer token, CSRF token and cookie. */
  headers: Record<string, string>;
  customer: string;
  suppliers: string[];
  facilities: string[];
  materials: string[];
};

const at = <T>(items: T[], i: number) => items[i % items.length] as T;

/**
 * One virtual loading bay: first receives two large lots of its own at one facility (untimed), then
 * each step saves and posts a dispatch taking 2 kg from each of them.
 */
const flow: Flow<DispatchData> = async (d, index) => {
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
      lines: [0, 1].map((k) => ({
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
      const dispatch = expectJson<{ status: string }>(
        'POST /api/dispatch-records?post=true',
        await post('/api/dispatch-records?post=true', {
          customer_id: d.customer,
          facility_id: facility,
          dispatched_at: new Date(Date.now() - 60_000).toISOString(),
          lines: lots.map((lot_id) => ({ lot_id, kg: '2', unit_price: '30' })),
        }),
        201,
      );
      if (dispatch.status !== 'posted') throw new Error(`posting left the dispatch ${dispatch.status}`);
    },
    close: http.close,
  };
};

export default flow;
