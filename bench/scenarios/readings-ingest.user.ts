import type { Flow } from '../lib/flow.ts';
import { connection, expectJson } from '../lib/http-client.ts';

export type ReadingsIngestData = {
  origin: string;
  /** An unbound ingest key of the bench organization (x-api-key, no session, no CSRF). */
  key: string;
  /** One device per virtual user: a gateway sending its scale's readings. */
  devices: string[];
  batch: number;
  /** Sequence numbers of this row start here, so every run of a database sends new readings. */
  seqFrom: number;
};

/** The readings of one step: `batch` weights, one a second, as a weighbridge sends them. */
export function weights(device: string, from: number, batch: number, withDevice = true) {
  const now = Date.now();
  return Array.from({ length: batch }, (_, i) => ({
    ...(withDevice ? { device_id: device } : {}),
    seq: from + i,
    recorded_at: new Date(now - (batch - i) * 1000).toISOString(),
    kind: 'weight',
    value: 14_000 + ((from + i) % 50) * 10,
    unit: 'kg',
    stable: i % 5 === 4,
  }));
}

/** One virtual gateway: each step POSTs `batch` readings of its device to /api/iot/readings. */
const flow: Flow<ReadingsIngestData> = async (d, index) => {
  const http = connection(d.origin);
  const device = d.devices[index % d.devices.length] as string;
  let seq = d.seqFrom;
  const headers = { 'x-api-key': d.key };
  return {
    step: async () => {
      const readings = weights(device, seq, d.batch);
      seq += d.batch;
      const reply = expectJson<{ accepted: number }>(
        'POST /api/iot/readings',
        await http.request('POST', '/api/iot/readings', headers, { readings }),
        200,
      );
      if (reply.accepted !== d.batch) throw new Error(`accepted ${reply.accepted} of ${d.batch}`);
      return d.batch;
    },
    close: http.close,
  };
};

export default flow;
