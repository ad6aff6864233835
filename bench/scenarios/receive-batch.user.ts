import type { Flow } from '../lib/flow.ts';
import { connection, expectJson } from '../lib/http-client.ts';
import { delivery, type ReceiveData } from './receive-posting.user.ts';

export type ReceiveBatchData = Omit<ReceiveData, 'mode'> & {
  /** Records per request. */
  size: number;
  /** Makes the records' Idempotency-Keys unique across rows and runs of the same database. */
  run: string;
  /** Lines a delivery (default 1). */
  lines?: number;
  /** What a step counts: records (default), or the record-log entries they append (a record and its lots). */
  count?: 'records' | 'entries';
};

type BatchReply = { results: { status: number }[]; posted: number; refused: number };

/**
 * One virtual scale or importer: each step posts `size` deliveries of `lines` lines in one
 * POST /api/receive-records/batch, each record with its own idempotency_key; it counts `size` records,
 * or the log entries they append.
 */
const flow: Flow<ReceiveBatchData> = async (d, index) => {
  const http = connection(d.origin);
  let n = 0;
  return {
    step: async () => {
      const records = Array.from({ length: d.size }, () => {
        n++;
        return { ...delivery(d, index, n, d.lines), idempotency_key: `${d.run}:${index}:${n}` };
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
      return d.count === 'entries' ? d.size * (1 + (d.lines ?? 1)) : d.size;
    },
    close: http.close,
  };
};

export default flow;
