import type { Debug } from '@plastrace/shared';
import { isLoopbackHost } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import { readiness } from '../system/system.service.ts';
import { type DebugConfig, settingsOf } from './debug.config.ts';
import * as repo from './debug.repo.ts';

export type DebugOptions = { db: Db; config: DebugConfig; version: string };

const secondsSince = (at: Date | null, now: Date) =>
  at ? Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000)) : null;

/**
 * Whether the caller runs the installation: anyone may register an organization and administer it, so
 * the installation's configuration, database and queues (other organizations' mail and log entries
 * among them) go only to the verified addresses in OPERATOR_EMAILS (an address registered by someone else
 * is not verified) — or, when it is unset, to any administrator of an app only this machine can reach:
 * a loopback HOST not behind a proxy (TRUST_PROXY), whose users are its operators.
 */
export async function isOperator(db: Db, config: DebugConfig, caller: Caller): Promise<boolean> {
  if (!config.operatorEmails)
    return !config.trustProxy && (config.host === undefined || isLoopbackHost(config.host));
  const user = await repo.emailOf(db, caller.userId);
  return !!user?.verified && config.operatorEmails.includes(user.email.toLowerCase());
}

/** How the build is configured and whether its database and queues keep up (GET /api/debug). */
export async function debugReport({ db, config, version }: DebugOptions, caller: Caller): Promise<Debug> {
  // One after another: the admin tools must not take several of the pool's connections at once.
  const operator = await isOperator(db, config, caller);
  const ready = await readiness(db);
  const applied = await repo.appliedMigrationTimes(db);
  const database = operator ? await repo.databaseFacts(db) : null;
  const mail = operator ? await repo.outboxCounts(db) : null;
  const queue = await repo.logQueue(db, caller.organizationId);
  const now = new Date();
  const uptime = process.uptime();
  const pool = db.$client;
  const items = repo.journal.map((m) => ({
    name: m.tag,
    created_at: new Date(m.when).toISOString(),
    applied: applied.has(m.when),
  }));
  return {
    generated_at: now.toISOString(),
    version,
    build: {
      node_version: process.version,
      // Set by the deployment, not by config.ts: they describe the build, and nothing reads them to run.
      environment: process.env.NODE_ENV || null,
      commit: process.env.GIT_COMMIT || null,
      started_at: new Date(now.getTime() - uptime * 1000).toISOString(),
      uptime_s: Math.floor(uptime),
    },
    operator,
    configuration: operator ? settingsOf(config) : null,
    database: database && {
      mode: config.databaseUrl ? 'external' : 'embedded',
      server_version: database.serverVersion,
      name: database.name,
      size_bytes: database.sizeBytes,
      pool: {
        max: pool.options.max ?? config.poolSize ?? 0,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      },
    },
    migrations: {
      status: ready.status,
      applied: ready.migrations.applied,
      expected: ready.migrations.expected,
      items,
      pending: items.filter((m) => !m.applied).map((m) => m.name),
    },
    mail: mail && {
      transport: config.smtpUrl ? 'smtp' : 'log',
      unsent: mail.unsent,
      failing: mail.failing,
      sent_last_day: mail.sentLastDay,
      oldest_unsent_at: mail.oldestUnsentAt?.toISOString() ?? null,
      oldest_unsent_age_s: secondsSince(mail.oldestUnsentAt, now),
    },
    record_log: {
      pending: operator ? queue.pending : null,
      organization_pending: queue.organizationPending,
      oldest_pending_at: operator ? (queue.oldestPendingAt?.toISOString() ?? null) : null,
      oldest_pending_age_s: operator ? secondsSince(queue.oldestPendingAt, now) : null,
    },
  };
}
