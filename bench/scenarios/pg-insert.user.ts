import pg from 'pg';
import type { Flow } from '../lib/flow.ts';

export type PgInsertData = { url: string; table: string };

/** One pg client on its own connection; each step inserts one row (autocommit: one transaction each). */
const flow: Flow<PgInsertData> = async (d, index) => {
  const client = new pg.Client({ connectionString: d.url });
  await client.connect();
  const text = `INSERT INTO ${d.table} (conn, n, note) VALUES ($1, $2, $3)`;
  let n = 0;
  return {
    step: async () => {
      await client.query(text, [index, ++n, 'bench']);
    },
    close: () => client.end(),
  };
};

export default flow;
