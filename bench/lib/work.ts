import type pg from 'pg';

/**
 * What PostgreSQL did for one statement, nested function calls and triggers included, as
 * EXPLAIN (ANALYZE, BUFFERS, WAL) counts it: shared-buffer accesses (hits and reads) and the WAL it wrote.
 * Unlike CPU time and rates on a shared machine, these are the same from run to run for the same work,
 * so two versions of a posting can be compared by them in one short run each.
 */
export type DbWork = { bufferAccesses: number; walRecords: number; walFullPages: number; walBytes: number };

export const noWork = (): DbWork => ({ bufferAccesses: 0, walRecords: 0, walFullPages: 0, walBytes: 0 });

type Plan = {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  'WAL Records': number;
  'WAL FPI': number;
  'WAL Bytes': number;
};

/**
 * Runs `sql` (one statement, its parameters `values`) under EXPLAIN ANALYZE on `client`, committed as
 * it would be alone, and adds what it did to `into`. TIMING OFF: no clock read per plan node.
 */
export async function explainWork(client: pg.Client, sql: string, values: unknown[], into: DbWork) {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, WAL, TIMING OFF, FORMAT JSON) ${sql}`,
    values,
  );
  const plan = rows[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error(`EXPLAIN gave no plan for ${sql}`);
  into.bufferAccesses += plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
  into.walRecords += plan['WAL Records'];
  into.walFullPages += plan['WAL FPI'];
  into.walBytes += plan['WAL Bytes'];
}

/** "504 buffer accesses, 92.0 WAL records, 16.4 kB of WAL (0.28 full-page images) a record" */
export function describeWork(work: DbWork, count: number, unit: string): string {
  const per = (n: number) => n / Math.max(count, 1);
  return `${Math.round(per(work.bufferAccesses))} buffer accesses, ${per(work.walRecords).toFixed(1)} WAL records, ${(per(work.walBytes) / 1000).toFixed(1)} kB of WAL (${per(work.walFullPages).toFixed(2)} full-page images) a ${unit}`;
}
