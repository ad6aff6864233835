import pg from 'pg';
import type { Flow } from '../lib/flow.ts';
import { weights } from './readings-ingest.user.ts';

export type ReadingsInsertData = {
  url: string;
  organizationId: string;
  devices: string[];
  batch: number;
  seqFrom: number;
};

const COLUMNS = 9;

/**
 * The baseline of HTTP ingest: the same readings written by a pg client straight into device_readings,
 * one multi-row INSERT … VALUES per step (autocommitted), no HTTP, no checks, no device update.
 */
const flow: Flow<ReadingsInsertData> = async (d, index) => {
  const client = new pg.Client({ connectionString: d.url });
  await client.connect();
  const device = d.devices[index % d.devices.length] as string;
  const values = Array.from(
    { length: d.batch },
    (_, r) => `(${Array.from({ length: COLUMNS }, (_, c) => `$${r * COLUMNS + c + 1}`).join(', ')})`,
  ).join(', ');
  const text = `INSERT INTO device_readings (organization_id, device_id, seq, recorded_at, kind, value, unit, stable, latitude)
    VALUES ${values}`;
  let seq = d.seqFrom;
  return {
    step: async () => {
      const params = weights(device, seq, d.batch).flatMap((r) => [
        d.organizationId,
        device,
        r.seq,
        r.recorded_at,
        r.kind,
        r.value,
        r.unit,
        r.stable,
        null,
      ]);
      seq += d.batch;
      await client.query(text, params);
      return d.batch;
    },
    close: () => client.end(),
  };
};

export default flow;
