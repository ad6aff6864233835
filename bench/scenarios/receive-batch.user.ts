import type { Flow } from '../lib/flow.ts';
import { connection, expectJson } from '../lib/http-client.ts';
import { delivery, type ReceiveData } from './receive-posting.user.ts';

export type ReceiveBatchData = Omit<ReceiveData, 'mode'> & {
  /** Records per request. */
  size: number;
  /** Makes the records' Idempotency-Keys unique across rows and runs of the same database. */
  run: string;
};

type BatchReply = { results: { status: number }[]; posted: number; refused: number };

/**
 * One virtual scale or importer: each step posts `size` one-line deliveries in one
 * POST /api/receive-records/batch, each record with its own idempotency_key; it counts `size` records.
 */
const flow: Flow<ReceiveBatchData> = async (d, index) => {
  const http = connection(d.origin);
  let n = 0;
  return {
    step: async () => {
      const records = Array.from({ length: d.size }, () => {
        n++;
        return { ...delivery(d, index, n), idempotency_key: `${d.run}:${index}:${n}` };
      });
      const reply = expectJson<BatchReply>(
        'POST /api/receive-records/batch',
        await http.request('POST', '/api/receive-records/batch', d.headers, { records }),
        200,
      );
      if (reply.posted !== d.size)
        throw new Error(
          `batch posted ${reply.posted} of ${d.size}: ${JSON.stringify(reply.results.find((r) => r.status !== 201))}`,
        );
      return d.size;
    },
    close: http.close,
  };
};

export default flow;
