import { REPORT_FORMAT_LABELS, REPORT_SCHEDULE_TIMES, type ReportKind } from '@plastrace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { repeat } from '../../lib/repeat.ts';
import { enqueue } from '../mail/mail.repo.ts';
import { buildReport, logGeneration, PERIOD_OF, renderReport } from './reports.service.ts';
import * as repo from './schedules.repo.ts';

// Scheduled reports (docs/architecture.md "Reports"): at 18:00 in the organization's time zone, the daily
// and inventory reports of that day; on the 1st the month before; on 1 January the year before. A period
// is sent once: the schedule's row is locked while its mails are written, and last_sent_for moves in the
// same transaction, so two instances (or a restart) never send it twice.

export const SEND_HOUR = 18;

type Wall = { day: string; hour: number; minute: number };
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The local day and hour of an instant in a time zone. */
function wallOf(at: Date, timeZone: string): Wall {
  let f = wallFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

const two = (n: number) => String(n).padStart(2, '0');
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** The instant a local day's hour begins in a time zone (its offset found by two corrections, for DST). */
export function instantOf(day: string, hour: number, timeZone: string): Date {
  const wanted = Date.parse(`${day}T${two(hour)}:00:00Z`);
  let t = wanted;
  for (let i = 0; i < 2; i++) {
    const w = wallOf(new Date(t), timeZone);
    t += wanted - Date.parse(`${w.day}T${two(w.hour)}:${two(w.minute)}:00Z`);
  }
  return new Date(t);
}

/**
 * The latest period of a report whose sending time has passed at `now`: its report key ('2026-10-05',
 * '2026-10', '2026'), the day last_sent_for records for it, and when it became due.
 */
export function duePeriod(report: ReportKind, now: Date, timeZone: string) {
  const local = wallOf(now, timeZone);
  // The last day whose 18:00 has passed.
  const day = local.hour >= SEND_HOUR ? local.day : shiftDay(local.day, -1);
  if (PERIOD_OF[report] === 'day')
    return { key: day, sentFor: day, dueAt: instantOf(day, SEND_HOUR, timeZone) };
  if (PERIOD_OF[report] === 'month') {
    const first = `${day.slice(0, 7)}-01`;
    const before = shiftDay(first, -1).slice(0, 7);
    return { key: before, sentFor: `${before}-01`, dueAt: instantOf(first, SEND_HOUR, timeZone) };
  }
  const year = String(Number(day.slice(0, 4)) - 1);
  return {
    key: year,
    sentFor: `${year}-01-01`,
    dueAt: instantOf(`${day.slice(0, 4)}-01-01`, SEND_HOUR, timeZone),
  };
}

/** Due when its period's time has passed since it was last changed, and that period was not sent. */
export function isDue(s: repo.DueRow, now: Date) {
  const due = duePeriod(s.report, now, s.time_zone);
  const fresh = due.dueAt.getTime() > Date.parse(s.updated_at);
  return fresh && (s.last_sent_for === null || s.last_sent_for < due.sentFor) ? due : null;
}

/** Sends one schedule's due period, if it still is due once locked; answers whether it did. */
async function sendOne(ctx: AppContext, id: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(
    async (tx) => {
      const s = await repo.lockSchedule(tx, id);
      const due = s && isDue(s, now);
      if (!s || !due) return false;
      const report = await buildReport(tx, s.organization_id, s.report, due.key);
      const doc = await renderReport(tx, report, s.format);
      const to = await repo.readers(tx, s.organization_id, s.recipient_user_ids);
      const what = `${report.title} for ${report.period.label}`;
      if (to.length > 0) {
        const fileId = await repo.insertDocument(tx, {
          orgId: s.organization_id,
          userId: s.created_by,
          bytes: doc.bytes,
          mime: doc.mime,
          name: doc.filename,
        });
        const link = `${ctx.publicUrl}/reports/${s.report}?${PERIOD_OF[s.report]}=${report.period.key}`;
        for (const r of to)
          await enqueue(tx, {
            to: r.email,
            subject: `${report.organization.name}: ${what}`,
            text: [
              `Hello ${r.name},`,
              '',
              `The ${report.title.toLowerCase()} of ${report.organization.name} for ${report.period.label} is attached (${REPORT_FORMAT_LABELS[s.format]}, ${doc.filename}).`,
              '',
              `See it in PlasTrace: ${link}`,
              '',
              `It is sent ${REPORT_SCHEDULE_TIMES[s.report]} (${s.time_zone}). An administrator or manager can change who receives it on the Reports page: ${ctx.publicUrl}/reports`,
            ].join('\n'),
            attachmentFileId: fileId,
          });
      }
      await logGeneration(tx, { organizationId: s.organization_id, userId: s.created_by }, report, s.format, {
        description: `Sent the ${what.charAt(0).toLowerCase()}${what.slice(1)} (${REPORT_FORMAT_LABELS[s.format]}) to ${to.length} member${to.length === 1 ? '' : 's'} on its schedule`,
        scheduleId: s.id,
      });
      await repo.markSent(tx, s.id, due.sentFor);
      return true;
      // One snapshot (taken by the lock, the first statement): the report's figures and lists agree.
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * Sends every schedule due at `now`; answers how many it sent. A schedule that fails is logged and tried
 * again on the next round; the others go on.
 */
export async function runDue(ctx: AppContext, now: Date, log?: FastifyBaseLogger): Promise<number> {
  const due = (await repo.activeSchedules(ctx.db)).filter((s) => isDue(s, now));
  let sent = 0;
  for (const s of due) {
    try {
      if (await sendOne(ctx, s.id, now)) sent++;
    } catch (err) {
      log?.warn({ err, schedule: s.id }, 'sending a scheduled report failed; retrying next round');
    }
  }
  if (sent > 0) void ctx.mailer.kick();
  return sent;
}

/** Runs `runDue` every `everyMs` in the background; answers the stop function, which waits for a round. */
export function startReportSchedules(ctx: AppContext, log: FastifyBaseLogger, everyMs = 60_000) {
  return repeat(
    () => runDue(ctx, new Date(), log),
    log,
    'checking report schedules failed; retrying',
    everyMs,
  );
}
