import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeat } from '../../lib/repeat.ts';
import { pruneReadings } from './readings.repo.ts';

/** The retention when READINGS_RETENTION_DAYS is not set: two years, a weighing's usual audit horizon. */
export const DEFAULT_RETENTION_DAYS = 730;
/** Rows per DELETE: short transactions, so ingest never waits long behind the retention. */
const CHUNK = 10_000;

/**
 * Deletes readings older than `days` days, chunk after chunk, until none is left or the app stops;
 * readings a receive or dispatch line names are kept. Answers how many went.
 */
export async function pruneOldReadings(
  db: Db,
  days: number,
  opts: { chunk?: number; stopping?: () => boolean } = {},
): Promise<number> {
  const chunk = opts.chunk ?? CHUNK;
  let total = 0;
  for (;;) {
    const n = await pruneReadings(db, days, chunk);
    total += n;
    if (n < chunk || opts.stopping?.()) return total;
  }
}

/** The retention in the background, every `everyMs` (an hour); 0 days keeps readings forever. */
export function startReadingsRetention(db: Db, log: FastifyBaseLogger, days: number, everyMs = 3_600_000) {
  return repeat(
    async (stopping) => {
      const n = await pruneOldReadings(db, days, { stopping });
      if (n) log.info(`readings retention: deleted ${n} readings older than ${days} days`);
    },
    log,
    'deleting old readings failed; retrying',
    everyMs,
  );
}
