import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeat } from '../../lib/repeat.ts';
import * as repo from './iot-alerts.repo.ts';
import { LOOKBACK_DAYS, RULES, type RuleScope } from './rules.ts';

// The anomaly rules' round (docs/architecture.md "Devices and identification"): every minute, resolve the
// alerts whose condition ended, then raise what each rule finds. Each rule is one statement; the unique
// index of unresolved alerts makes a second instance's round, or a repeated one, raise nothing twice.

export type Evaluation = { raised: Record<string, number>; resolved: number };

/**
 * Runs every rule as of `now`, for one organization or all; records dated in the LOOKBACK_DAYS before
 * `now` are looked at (`since` overrides, e.g. a one-off catch-up after a long stop).
 */
export async function evaluateAlerts(
  db: Db,
  organizationId: string | undefined,
  now: Date,
  since = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000),
): Promise<Evaluation> {
  const scope: RuleScope = { organizationId, now, since };
  const resolved = await repo.resolveEnded(db, scope);
  const raised: Record<string, number> = {};
  for (const [rule, candidates] of RULES) raised[rule] = await repo.raise(db, rule, candidates(scope), now);
  return { raised, resolved };
}

/** Runs `evaluateAlerts` for every organization every `everyMs`; answers the stop function. */
export function startIotAlerts(db: Db, log: FastifyBaseLogger, everyMs = 60_000) {
  return repeat(
    () => evaluateAlerts(db, undefined, new Date()),
    log,
    'evaluating the IoT anomaly rules failed; retrying',
    everyMs,
  );
}
