import type { Debug } from './api.ts';

/**
 * When a figure means something is wrong. The sequencer takes the record log's queue every half second, so
 * an entry a minute old means it has stopped; the mailer retries every 30 s and backs off to 32 min, so mail
 * unsent for an hour is stuck (a failure has already been counted in `failing`).
 */
export const LOG_QUEUE_STUCK_S = 60;
export const MAIL_STUCK_S = 3600;

export type Problem = { title: string; text: string };

/** What the page warns about first, in the order support would look at it. */
export function problemsOf(d: Debug): Problem[] {
  const problems: Problem[] = [];
  const pending = d.migrations.pending;
  if (d.migrations.status !== 'ready' || pending.length > 0)
    problems.push({
      title: 'Migrations are missing',
      text: `${d.migrations.applied} of ${d.migrations.expected} applied${pending.length ? `; pending: ${pending.join(', ')}` : ''}. Restart the app or run npm run db:migrate.`,
    });
  if (d.database && d.database.pool.waiting > 0)
    problems.push({
      title: 'Requests are waiting for a database connection',
      text: `${d.database.pool.waiting} waiting, all ${d.database.pool.max} connections in use: raise DB_POOL_SIZE or find what holds them.`,
    });
  if (d.mail && d.mail.failing > 0)
    problems.push({
      title: 'Mail is failing',
      text: `${d.mail.failing} unsent ${d.mail.failing === 1 ? 'message has' : 'messages have'} failed at least once: check SMTP_URL and the server log.`,
    });
  else if ((d.mail?.oldestUnsentAgeS ?? 0) >= MAIL_STUCK_S)
    problems.push({
      title: 'Mail is not leaving',
      text: 'The oldest unsent message has waited over an hour without an attempt: check that the app’s mailer runs.',
    });
  if ((d.recordLog.oldestPendingAgeS ?? 0) >= LOG_QUEUE_STUCK_S)
    problems.push({
      title: 'The record log is behind',
      text: `${d.recordLog.pending ?? 0} ${d.recordLog.pending === 1 ? 'entry waits' : 'entries wait'} for the sequencer, the oldest for over a minute: check the server log for the sequencer’s errors.`,
    });
  return problems;
}
