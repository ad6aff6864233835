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
};

const at = <T>(items: T[], i: number) => items[i % items.length] as T;

/** One virtual weighbridge clerk: each step saves a one-line delivery and posts it, as the web form does. */
const flow: Flow<ReceiveData> = async (d, index) => {
  const http = connection(d.origin);
  let n = 0;
  return {
    step: async () => {
      n++;
      const i = index * 31 + n;
      const body = {
        supplier_id: at(d.suppliers, i),
        facility_id: at(d.facilities, i),
        received_at: new Date().toISOString(),
        weighbridge_ticket: `WB-${index}-${n}`,
        vehicle_plate: 'NBC 4821',
        lines: [{ material_id: at(d.materials, i), gross_kg: '6520', tare_kg: '5480', deduction_pct: '2.5' }],
      };
      const created = expectJson<{ id: string }>(
        'POST /api/receive-records',
        await http.request(
          'POST',
          '/api/receive-records',
          { ...d.headers, 'idempotency-key': randomUUID() },
          body,
        ),
        201,
      );
      const posted = expectJson<{ status: string }>(
        'POST /api/receive-records/{id}/post',
        await http.request('POST', `/api/receive-records/${created.id}/post`, {
          ...d.headers,
          'idempotency-key': randomUUID(),
        }),
        200,
      );
      if (posted.status !== 'posted') throw new Error(`posting left the record ${posted.status}`);
    },
    close: http.close,
  };
};

export default flow;
