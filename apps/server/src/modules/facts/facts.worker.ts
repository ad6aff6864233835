import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { refreshFacts } from './facts.repo.ts';

/**
 * Keeps the daily facts cache current in the background: every `everyMs`, rewrite the days postings
 * marked. Readers are exact without it (marked days are computed live); it keeps them fast.
 * Answers the stop function, which waits for a running round.
 */
export function startFactsRefresh(db: Db, log: FastifyBaseLogger, everyMs = 2_000) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    try {
      while (!stopped && (await refreshFacts(db)) > 0) {}
    } catch (err) {
      log.warn({ err }, 'refreshing the daily facts failed; retrying');
    }
    if (!stopped) timer = setTimeout(tick, everyMs);
  };
  const tick = () => {
    running = round();
  };
  timer = setTimeout(tick, everyMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
