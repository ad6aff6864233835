import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `round` in the background, `everyMs` after the previous round ended, so rounds never overlap and a
 * slow database only spaces them out. With `restFactor`, the pause after a round is also at least that many
 * times the round's own duration: work whose rounds grow with the data (a day's facts) then takes at most
 * 1 / (1 + restFactor) of the time, however large it grows. A failed round is logged at warn with `failure`
 * and the next one tries again. `round` is told whether the app is stopping, to end a long round early.
 * Answers the stop function, which waits for a running round (shutdown closes the pool only after it).
 */
export function repeat(
  round: (stopping: () => boolean) => Promise<unknown>,
  log: FastifyBaseLogger,
  failure: string,
  everyMs: number,
  restFactor = 0,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const stopping = () => stopped;
  const once = async () => {
    const started = Date.now();
    try {
      await round(stopping);
    } catch (err) {
      log.warn({ err }, failure);
    }
    const rest = Math.max(everyMs, restFactor * (Date.now() - started));
    if (!stopped) timer = setTimeout(tick, rest);
  };
  const tick = () => {
    running = once();
  };
  timer = setTimeout(tick, everyMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
