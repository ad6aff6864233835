import { randomUUID } from 'node:crypto';
import type { Flow } from '../lib/flow.ts';
import { connection, expectJson } from '../lib/http-client.ts';

export type ReceiveData = {
  origin: string;
  /** From signIn: bearer token, CSRF token and cookie. */
  headers: Record<string, string>;
  suppliers: string[];
  facilities: string[];
  materials: string[];
  /**
   * `save-and-post`: one request, POST /api/receive-records?post=true (the form's "Save and post");
   * `draft-then-post`: POST /api/receive-records, then POST /api/receive-records/{id}/post.
   */
  mode: 'save-and-post' | 'draft-then-post';
};

const at = <T>(items: T[], i: number) => items[i % items.length] as T;

/** The `n`-th one-line delivery of virtual user `index`, as the web form sends it (price from the price list). */
export function delivery(
  d: Omit<ReceiveData, 'mode' | 'origin' | 'headers'>,
  index: number,
  n: number,
  lines = 1,
) {
  const i = index * 31 + n;
  return {
    supplier_id: at(d.suppliers, i),
    facility_id: at(d.facilities, i),
    received_at: new Date().toISOString(),
    weighbridge_ticket: `WB-${index}-${n}`,
    vehicle_plate: 'NBC 4821',
    lines: Array.from({ length: lines }, (_, k) => ({
      material_id: at(d.materials, i + k),
      gross_kg: '6520',
      tare_kg: '5480',
      deduction_pct: '2.5',
    })),
  };
}

/** One virtual weighbridge clerk: each step saves a one-line delivery and posts it, as the web form does. */
const flow: Flow<ReceiveData> = async (d, index) => {
  const http = connection(d.origin);
  let n = 0;
  const post = (path: string, body?: unknown) =>
    http.request('POST', path, { ...d.headers, 'idempotency-key': randomUUID() }, body);
  return {
    step: async () => {
      const body = delivery(d, index, ++n);
      let posted: { status: string };
      if (d.mode === 'save-and-post') {
        posted = expectJson(
          'POST /api/receive-records?post=true',
          await post('/api/receive-records?post=true', body),
          201,
        );
      } else {
        const created = expectJson<{ id: string }>(
          'POST /api/receive-records',
          await post('/api/receive-records', body),
          201,
        );
        posted = expectJson(
          'POST /api/receive-records/{id}/post',
          await post(`/api/receive-records/${created.id}/post`),
          200,
        );
      }
      if (posted.status !== 'posted') throw new Error(`posting left the record ${posted.status}`);
    },
    close: http.close,
  };
};

export default flow;
