import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { client, type TestClient } from '../../test/http.ts';
import { startSmtp } from '../../test/smtp.ts';
import { Mailer } from '../mail/mail.service.ts';
import { duePeriod, instantOf, runDue } from './reports.worker.ts';

// Report schedules: who may set them and receive them, and the worker that sends what is due — at 18:00
// in the organization's time zone (Manila here), monthly on the 1st — once, however many instances run,
// with the document attached over a real SMTP conversation.

const TZ = 'Asia/Manila';
let database: TestDatabase;
let app: App;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ctx: AppContext;
let org = '';
const as: Record<'admin' | 'manager' | 'operator' | 'auditor' | 'supplier', TestClient> = {} as never;
const ids: Record<string, string> = {};
const emails: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtp();
  // The worker is driven here, at chosen instants: no background round beside it.
  app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', smtpUrl: smtp.url },
    db: database.db,
    logSequencer: false,
    reportSchedules: false,
  });
  await app.ready();
  ({ organizationId: org } = await seedDemo(database.db, {
    seed: 3,
    slug: 'sched',
    asOf: new Date('2026-10-15T00:00:00Z'),
  }));
  for (const role of ['admin', 'manager', 'operator', 'auditor', 'supplier'] as const) {
    emails[role] = `${role}.sched@demo.plastrace.ph`;
    as[role] = await (await client(app)).login(emails[role] as string, DEMO_PASSWORD);
    ids[role] = (await as[role].get('/api/dashboard/users/me')).json().id;
  }
  ctx = {
    db: database.db,
    mailer: new Mailer(database.db, pino({ level: 'silent' }), smtp.url),
    publicUrl: 'http://localhost:3000',
  };
}, 240_000);

afterAll(async () => {
  await ctx?.mailer.stop();
  await app?.close();
  await smtp?.close();
  await database?.drop();
});

const schedule = async (body: object, by: TestClient = as.manager) => {
  const res = await by.post('/api/reports/schedules', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** Dates the schedules' last change back, as if set up on 20 October. */
const setUpOn = (at: string) =>
  database.db.execute(
    sql`UPDATE report_schedules SET updated_at = ${at}::timestamptz WHERE organization_id = ${org}`,
  );
const outbox = async () =>
  (
    await database.db.execute<{
      to_address: string;
      subject: string;
      text: string;
      mime: string;
      name: string;
    }>(
      sql`SELECT o.to_address, o.subject, o.text, f.mime, f.original_name AS name
          FROM outbox o JOIN files f ON f.id = o.attachment_file_id
          WHERE f.organization_id = ${org} ORDER BY o.created_at, o.to_address`,
    )
  ).rows;

describe('the sending time', () => {
  it('is 18:00 in the organization’s time zone, the 1st for a month, 1 January for a year', () => {
    const at = (iso: string, report: 'daily' | 'monthly' | 'annual' | 'inventory') =>
      duePeriod(report, new Date(iso), TZ).key;
    // 17:59 and 18:00 in Manila (UTC+8).
    expect(at('2026-11-05T09:59:00Z', 'daily')).toBe('2026-11-04');
    expect(at('2026-11-05T10:00:00Z', 'daily')).toBe('2026-11-05');
    expect(at('2026-11-05T10:00:00Z', 'inventory')).toBe('2026-11-05');
    expect(at('2026-11-01T09:59:00Z', 'monthly')).toBe('2026-09');
    expect(at('2026-11-01T10:00:00Z', 'monthly')).toBe('2026-10');
    expect(at('2026-11-20T00:00:00Z', 'monthly')).toBe('2026-10');
    expect(at('2027-01-01T09:59:00Z', 'annual')).toBe('2025');
    expect(at('2027-01-01T10:00:00Z', 'annual')).toBe('2026');
    expect(instantOf('2026-11-05', 18, TZ).toISOString()).toBe('2026-11-05T10:00:00.000Z');
    // Across a daylight-saving change, 18:00 is still local.
    expect(instantOf('2026-07-01', 18, 'America/New_York').toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(instantOf('2026-12-01', 18, 'America/New_York').toISOString()).toBe('2026-12-01T23:00:00.000Z');
    expect(instantOf('2026-12-01', 18, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T12:30:00.000Z');
  });
});

describe('schedules', () => {
  it('go only to active members who may read reports, and only office roles set them', async () => {
    const refused = await as.manager.post('/api/reports/schedules', {
      report: 'daily',
      format: 'pdf',
      recipient_user_ids: [ids.auditor, ids.operator, ids.supplier],
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().details.fields)).toEqual([
      'body.recipient_user_ids.1',
      'body.recipient_user_ids.2',
    ]);
    const empty = await as.manager.post('/api/reports/schedules', {
      report: 'daily',
      format: 'pdf',
      recipient_user_ids: [],
    });
    expect(empty.json().details.fields).toHaveProperty('body.recipient_user_ids');
    const twice = await as.manager.post('/api/reports/schedules', {
      report: 'daily',
      format: 'pdf',
      recipient_user_ids: [ids.admin, ids.admin],
    });
    expect(twice.statusCode).toBe(400);

    const body = { report: 'monthly', format: 'xlsx', recipient_user_ids: [ids.admin] };
    for (const role of ['auditor', 'operator', 'supplier'] as const)
      expect((await as[role].post('/api/reports/schedules', body)).statusCode, role).toBe(403);
    expect((await as.operator.get('/api/reports/schedules')).statusCode).toBe(403);
    expect((await as.auditor.get('/api/reports/recipients')).statusCode).toBe(403);

    const recipients = (await as.manager.get('/api/reports/recipients')).json().items;
    expect(recipients.map((r: { email: string }) => r.email).sort()).toEqual(
      [emails.admin, emails.auditor, emails.manager].sort(),
    );

    const made = await schedule(body);
    expect(made).toMatchObject({
      report: 'monthly',
      format: 'xlsx',
      active: true,
      last_sent_for: null,
      version: 1,
    });
    expect(made.recipients).toEqual([
      { user_id: ids.admin, name: expect.any(String), email: emails.admin, role: 'admin', receives: true },
    ]);
    const listed = (await as.auditor.get('/api/reports/schedules')).json().items;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([made.id]);

    const changed = await as.admin.request('PUT', `/api/reports/schedules/${made.id}`, {
      ...body,
      recipient_user_ids: [ids.admin, ids.auditor],
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().recipient_user_ids).toEqual([ids.admin, ids.auditor]);
    const stale = await as.admin.request('PUT', `/api/reports/schedules/${made.id}`, { ...body, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await as.auditor.delete(`/api/reports/schedules/${made.id}`)).statusCode).toBe(403);
    expect((await as.manager.delete(`/api/reports/schedules/${made.id}`)).statusCode).toBe(204);
    expect((await as.manager.delete(`/api/reports/schedules/${made.id}`)).statusCode).toBe(404);
    const { rows } = await database.db.execute<{ description: string }>(
      sql`SELECT description FROM user_transactions WHERE organization_id = ${org}
          AND metadata->>'recordType' = 'report_schedule' ORDER BY created_at`,
    );
    expect(rows.map((r) => r.description)).toEqual([
      'Scheduled the monthly report as Excel (XLSX) to 1 member',
      'Changed the schedule of the monthly report as Excel (XLSX) to 2 members',
      'Removed the schedule of the monthly report (Excel (XLSX))',
    ]);
  });
});

describe('the worker', () => {
  let daily = '';
  let monthly = '';

  it('sends each due period once, at 18:00 Manila, to the members still allowed, with the document', async () => {
    daily = (await schedule({ report: 'daily', format: 'pdf', recipient_user_ids: [ids.auditor] })).id;
    monthly = (
      await schedule({ report: 'monthly', format: 'xlsx', recipient_user_ids: [ids.admin, ids.manager] })
    ).id;
    const paused = await schedule({
      report: 'inventory',
      format: 'pdf',
      recipient_user_ids: [ids.admin],
      active: false,
    });
    await setUpOn('2026-10-20T00:00:00Z');

    // 17:59 on 1 November: yesterday's daily is due; October is not (its 18:00 has not come), and
    // September's came before the schedule was set up.
    expect(await runDue(ctx, new Date('2026-11-01T09:59:00Z'))).toBe(1);
    let sent = await outbox();
    expect(sent.map((m) => [m.to_address, m.subject, m.mime, m.name])).toEqual([
      [
        emails.auditor,
        expect.stringMatching(/: Daily report for 31 October 2026$/),
        'application/pdf',
        'daily-report-2026-10-31.pdf',
      ],
    ]);
    expect(sent[0]?.text).toContain('http://localhost:3000/reports/daily?day=2026-10-31');

    // 18:00: the day's daily, and the monthly of October; the inactive schedule sends nothing.
    expect(await runDue(ctx, new Date('2026-11-01T10:00:00Z'))).toBe(2);
    sent = await outbox();
    expect(sent).toHaveLength(4);
    expect(
      sent
        .filter((m) => m.subject.endsWith('Monthly report for October 2026'))
        .map((m) => m.to_address)
        .sort(),
    ).toEqual([emails.admin, emails.manager].sort());
    expect(sent.find((m) => m.name === 'monthly-report-2026-10.xlsx')?.mime).toContain('spreadsheetml');
    expect(sent.some((m) => m.name.startsWith('inventory'))).toBe(false);

    // Never twice: the same instant, or later the same day, sends nothing more.
    expect(await runDue(ctx, new Date('2026-11-01T10:00:00Z'))).toBe(0);
    expect(await runDue(ctx, new Date('2026-11-01T15:00:00Z'))).toBe(0);
    expect(await outbox()).toHaveLength(4);
    const { rows } = await database.db.execute<{ id: string; last_sent_for: string | null }>(
      sql`SELECT id, last_sent_for::text FROM report_schedules WHERE organization_id = ${org}`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.last_sent_for]))).toEqual({
      [daily]: '2026-11-01',
      [monthly]: '2026-10-01',
      [paused.id]: null,
    });

    // Each sending is logged under the schedule, by the member who set it up.
    const log = await database.db.execute<{ description: string; metadata: Record<string, unknown> }>(
      sql`SELECT description, metadata FROM user_transactions WHERE organization_id = ${org}
          AND transaction_type = 'GENERATE_REPORT' ORDER BY created_at, id`,
    );
    expect(log.rows.map((r) => r.description)).toEqual([
      'Sent the daily report for 31 October 2026 (PDF) to 1 member on its schedule',
      expect.stringMatching(
        /^Sent the (daily report for 1 November 2026 \(PDF\) to 1 member|monthly report for October 2026 \(Excel \(XLSX\)\) to 2 members) on its schedule$/,
      ),
      expect.stringMatching(/on its schedule$/),
    ]);
    expect(log.rows[0]?.metadata).toMatchObject({ reportType: 'daily', format: 'pdf', scheduleId: daily });

    // The mails leave over SMTP with the document attached.
    await ctx.mailer.kick();
    // (Long subjects are folded: the test peer keeps their first line.)
    const mail = await smtp.waitFor(emails.admin as string, /Monthly report for October/);
    expect(mail.text).toContain('filename=monthly-report-2026-10.xlsx');
    const pdf = await smtp.waitFor(emails.auditor as string, /Daily report for 1 November/);
    expect(pdf.text).toMatch(/Content-Type: application\/pdf/i);
  });

  it('sends a period once when two instances run at the same moment', async () => {
    const at = new Date('2026-11-02T10:30:00Z');
    const [a, b] = await Promise.all([runDue(ctx, at), runDue(ctx, at)]);
    expect(a + b).toBe(1);
    const sent = await outbox();
    expect(sent.filter((m) => m.subject.endsWith('Daily report for 2 November 2026'))).toHaveLength(1);
  });

  it('leaves out a recipient who may no longer read reports', async () => {
    const members = (await as.admin.get('/api/members?limit=50')).json().items as {
      id: string;
      user_id: string;
      version: number;
    }[];
    const manager = members.find((m) => m.user_id === ids.manager);
    const res = await as.admin.request('PATCH', `/api/members/${manager?.id}`, {
      role: 'operator',
      version: manager?.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await as.admin.get('/api/reports/schedules')).json().items;
    expect(
      listed
        .find((s: { id: string }) => s.id === monthly)
        .recipients.map((r: { receives: boolean }) => r.receives),
    ).toEqual([true, false]);
    expect(await runDue(ctx, new Date('2026-12-01T10:00:00Z'))).toBe(2);
    const november = (await outbox()).filter((m) => m.subject.endsWith('Monthly report for November 2026'));
    expect(november.map((m) => m.to_address)).toEqual([emails.admin]);
  });
});
