import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeat } from '../../lib/repeat.ts';
import { FACTS_BATCH, pendingMarks, refreshFacts } from './facts.repo.ts';

/**
 * One round of the refresh: the days marked when it began, `limit` marks a call. Marks made during the
 * round wait for the next: under a steady stream of postings marks never run out, and a round that
 * chased them would rewrite today's facts over and over, each time reading all of today's records
 * (measured with four posting clients: PostgreSQL's CPU a posting 7.4 ms with it, 5.0 ms without).
 * Answers the days rewritten.
 */
export async function refreshRound(
  db: Db,
  stopping: () => boolean,
  limit = FACTS_BATCH,
  refresh: (db: Db, limit: number) => Promise<number> = refreshFacts,
): Promise<number> {
  let calls = Math.ceil((await pendingMarks(db)) / limit);
  let days = 0;
  while (calls-- > 0 && !stopping()) {
    const n = await refresh(db, limit);
    // 0: nothing left, or another instance's refresh holds the lock and does the work.
    if (n === 0) break;
    days += n;
  }
  return days;
}

/**
 * A round rewrites each marked day whole, so under steady posting its cost grows with the day's volume
 * until a round outlasts the interval and the worker holds a core the postings need. Resting four times
 * a round's duration caps it at a fifth of one connection's time; readers stay exact meanwhile (a marked
 * day is computed live), only slower.
 */
const REST_FACTOR = 4;

/**
 * Keeps the daily facts cache current in the background: every `everyMs` (or longer after a long round,
 * REST_FACTOR), rewrite the days postings marked. Readers are exact without it (marked days are
 * computed live); it keeps them fast. Answers the stop function, which waits for a running round.
 */
export function startFactsRefresh(db: Db, log: FastifyBaseLogger, everyMs = 2_000) {
  return repeat(
    (stopping) => refreshRound(db, stopping),
    log,
    'refreshing the daily facts failed; retrying',
    everyMs,
    REST_FACTOR,
  );
}
