import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeat } from '../../lib/repeat.ts';
import { refreshFacts } from './facts.repo.ts';

/**
 * Keeps the daily facts cache current in the background: every `everyMs`, rewrite the days postings
 * marked. Readers are exact without it (marked days are computed live); it keeps them fast.
 * Answers the stop function, which waits for a running round.
 */
export function startFactsRefresh(db: Db, log: FastifyBaseLogger, everyMs = 2_000) {
  return repeat(
    async (stopping) => {
      while (!stopping() && (await refreshFacts(db)) > 0) {}
    },
    log,
    'refreshing the daily facts failed; retrying',
    everyMs,
  );
}
