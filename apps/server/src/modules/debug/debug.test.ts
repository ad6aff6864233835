import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { logEntries, logPending, outbox } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { newOrganization } from '../../test/accounts.ts';
import type { TestContext } from '../../test/app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { client, type TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { journal } from './debug.repo.ts';

// Secrets of every kind config.ts reads; none may appear anywhere in the answer.
const DB_PASSWORD = 'db-pw-7f3a9c';
const SSL_PASSWORD = 'ssl-pw-41d2e8';
const SMTP_USER = 'smtp-user-token-b81c';
const SMTP_PASSWORD = 'smtp-pw-0e6d55';
const SIGNING_KEY_MATERIAL = 'c2lnbmluZy1rZXktbWF0ZXJpYWwtOTk';
const SECRETS = [DB_PASSWORD, SSL_PASSWORD, SMTP_USER, SMTP_PASSWORD, SIGNING_KEY_MATERIAL];

const config = loadConfig({
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://plastrace.example.ph',
  DATABASE_URL: `postgres://plastrace:${DB_PASSWORD}@db.internal:5432/plastrace?sslmode=require&sslpassword=${SSL_PASSWORD}`,
  // A closed local port: the mailer fails at once rather than wait for a server that is not there.
  SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:1`,
  LOG_SIGNING_KEY: `PRIVATE+KEY+plastrace.example.ph+0a1b2c3d+${SIGNING_KEY_MATERIAL}`,
  DB_POOL_SIZE: '10',
  SUPPORT_EMAIL: 'help@plastrace.example.ph',
});

const ctx = {} as TestContext;
let org: Awaited<ReturnType<typeof seededOrganization>>;

beforeAll(async () => {
  ctx.database = await createTestDatabase();
  // The app gets the whole configuration, as main.ts gives it (the shared test app gives only a few settings).
  ctx.app = await buildApp({ config, db: ctx.database.db, logSequencer: false });
  await ctx.app.ready();
  org = await seededOrganization(ctx, 'dbg');
});
afterAll(async () => {
  await ctx.app?.close();
  await ctx.database?.drop();
});

const setting = (body: { configuration: { name: string; value: string | null }[] }, name: string) =>
  body.configuration.find((s) => s.name === name)?.value;

describe('GET /api/debug', () => {
  it('answers an admin with the build, configuration, database and migrations', async () => {
    const res = await org.admin.get('/api/debug');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.version).toBe(API_VERSION);
    expect(body.build).toMatchObject({ node_version: process.version });
    expect(body.build.uptime_s).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.build.started_at)).toBeLessThanOrEqual(Date.parse(body.generated_at));
    expect(setting(body, 'PUBLIC_URL')).toBe('https://plastrace.example.ph');
    expect(setting(body, 'DB_POOL_SIZE')).toBe('10');
    expect(setting(body, 'SUPPORT_EMAIL')).toBe('help@plastrace.example.ph');
    expect(setting(body, 'LOG_ORIGIN')).toBe('plastrace.example.ph/plastrace-log');
    expect(body.database).toMatchObject({ mode: 'external', pool: { max: 10 } });
    expect(body.database.server_version).toMatch(/^\d+/);
    expect(body.database.size_bytes).toBeGreaterThan(0);
    expect(body.mail.transport).toBe('smtp');
    expect(body.migrations).toMatchObject({ status: 'ready', applied: journal.length, pending: [] });
    expect(body.migrations.items.map((m: { name: string }) => m.name)).toEqual(journal.map((m) => m.tag));
    expect(body.migrations.items.every((m: { applied: boolean }) => m.applied)).toBe(true);
  });

  it('shows secrets only as "set", never their values', async () => {
    const res = await org.admin.get('/api/debug');
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    const body = res.json();
    expect(setting(body, 'DATABASE_URL')).toBe(
      'postgres://plastrace@db.internal:5432/plastrace?sslmode=require&sslpassword=set',
    );
    expect(setting(body, 'DATABASE_URL password')).toBe('set');
    expect(setting(body, 'SMTP_URL')).toBe('smtp://127.0.0.1:1');
    expect(setting(body, 'SMTP_URL user and password')).toBe('set');
    expect(setting(body, 'LOG_SIGNING_KEY')).toBe('set');
  });

  it('counts the mail outbox', async () => {
    const before = (await org.admin.get('/api/debug')).json().mail;
    const hourAgo = sql`now() - interval '1 hour'`;
    await ctx.database.db.insert(outbox).values([
      // Failed twice and held back, so the mailer leaves it alone during the test.
      {
        toAddress: 'a@example.ph',
        subject: 'stuck',
        text: 'x',
        attempts: 2,
        createdAt: sql`now() - interval '3 days'`,
        nextAttemptAt: sql`now() + interval '1 day'`,
      },
      {
        toAddress: 'b@example.ph',
        subject: 'sent',
        text: 'x',
        attempts: 1,
        sentAt: hourAgo,
        createdAt: hourAgo,
      },
      {
        toAddress: 'c@example.ph',
        subject: 'sent long ago',
        text: 'x',
        attempts: 1,
        sentAt: sql`now() - interval '2 days'`,
        createdAt: sql`now() - interval '2 days'`,
      },
    ]);
    const mail = (await org.admin.get('/api/debug')).json().mail;
    expect(mail.unsent).toBe(before.unsent + 1);
    expect(mail.failing).toBe(before.failing + 1);
    expect(mail.sent_last_day).toBe(before.sent_last_day + 1);
    // The stuck mail is the oldest unsent one: three days old.
    expect(mail.oldest_unsent_age_s).toBeGreaterThanOrEqual(3 * 86_400);
    expect(mail.oldest_unsent_age_s).toBeLessThan(4 * 86_400);
  });

  it('counts the record log’s queue, this organization’s apart', async () => {
    const before = (await org.admin.get('/api/debug')).json().record_log;
    const another = await newOrganization(ctx.app, 'Other Recyclers Inc.');
    const queued = [
      { organizationId: org.organizationId, loggedAt: sql`now() - interval '2 hours'` },
      { organizationId: another.organizationId, loggedAt: sql`now()` },
    ];
    for (const q of queued) {
      const id = randomUUID();
      // No sequencer runs in tests: the entries stay queued.
      await ctx.database.db.insert(logEntries).values({
        id,
        organizationId: q.organizationId,
        recordType: 'lot',
        recordId: randomUUID(),
        version: 1,
        event: 'created',
        snapshot: {},
        loggedAt: q.loggedAt,
      });
      await ctx.database.db.insert(logPending).values({ entryId: id });
    }
    const log = (await org.admin.get('/api/debug')).json().record_log;
    expect(log.pending).toBe(before.pending + 2);
    expect(log.organization_pending).toBe(before.organization_pending + 1);
    expect(log.oldest_pending_age_s).toBeGreaterThanOrEqual(2 * 3600);
    expect(Date.parse(log.oldest_pending_at)).toBeLessThanOrEqual(Date.now() - 2 * 3600 * 1000);
    const theirs = (await another.admin.get('/api/debug')).json().record_log;
    expect(theirs).toMatchObject({ pending: log.pending, organization_pending: 1 });
  });

  it('refuses every other role and anyone signed out', async () => {
    const others: [string, TestClient][] = [
      ['manager', org.manager],
      ['operator', org.operator],
      ['auditor', org.auditor],
      ['supplier', org.supplier],
    ];
    for (const [role, member] of others) {
      const res = await member.get('/api/debug');
      expect(res.statusCode, role).toBe(403);
      for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    }
    expect((await (await client(ctx.app)).get('/api/debug')).statusCode).toBe(401);
  });

  it('lists the migrations this build has that the database lacks', async () => {
    const last = journal[journal.length - 1];
    if (!last) throw new Error('no migrations in the journal');
    // As the owner: the app's role may only read drizzle's table. The row goes back afterwards, so the
    // other tests see a database that is up to date whatever order they run in.
    const owner = new pg.Client({ connectionString: ctx.database.url });
    await owner.connect();
    try {
      const removed = await owner.query<{ hash: string; created_at: string }>(
        'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1 RETURNING hash, created_at',
        [last.when],
      );
      expect(removed.rowCount).toBe(1);
      try {
        const body = (await org.admin.get('/api/debug')).json();
        expect(body.migrations).toMatchObject({
          status: 'not_ready',
          applied: journal.length - 1,
          expected: journal.length,
          pending: [last.tag],
        });
        expect(body.migrations.items.at(-1)).toMatchObject({ name: last.tag, applied: false });
      } finally {
        const row = removed.rows[0];
        await owner.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
          row?.hash,
          row?.created_at,
        ]);
      }
    } finally {
      await owner.end();
    }
  });

  it('keeps the installation’s figures from administrators who do not run it (OPERATOR_EMAILS)', async () => {
    const guarded = await buildApp({
      config: { ...config, operatorEmails: ['ops@plastrace.example.ph'] },
      db: ctx.database.db,
      logSequencer: false,
      factsRefresh: false,
    });
    await guarded.ready();
    try {
      const admin = await (await client(guarded)).login('admin.dbg@demo.plastrace.ph', DEMO_PASSWORD);
      const res = await admin.get('/api/debug');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.operator).toBe(false);
      expect(body.configuration).toBeNull();
      expect(body.database).toBeNull();
      expect(body.mail).toBeNull();
      expect(body.record_log.pending).toBeNull();
      expect(body.record_log.organization_pending).toBeGreaterThanOrEqual(0);
      expect(body.migrations.status).toBe('ready');
      expect(res.body).not.toContain('db.internal');
    } finally {
      await guarded.close();
    }
  });

  it('takes an operator’s address only once it is verified, and trusts no proxied loopback', async () => {
    const asOperator = async (config_: typeof config) => {
      const app = await buildApp({
        config: config_,
        db: ctx.database.db,
        logSequencer: false,
        factsRefresh: false,
      });
      await app.ready();
      try {
        const admin = await (await client(app)).login('admin.dbg@demo.plastrace.ph', DEMO_PASSWORD);
        return (await admin.get('/api/debug')).json().operator as boolean;
      } finally {
        await app.close();
      }
    };
    const listed = { ...config, operatorEmails: ['admin.dbg@demo.plastrace.ph'] };
    expect(await asOperator(listed)).toBe(true);
    await ctx.database.db.execute(
      sql`UPDATE users SET email_verified_at = NULL WHERE email = 'admin.dbg@demo.plastrace.ph'`,
    );
    try {
      expect(await asOperator(listed)).toBe(false);
    } finally {
      await ctx.database.db.execute(
        sql`UPDATE users SET email_verified_at = now() WHERE email = 'admin.dbg@demo.plastrace.ph'`,
      );
    }
    expect(await asOperator({ ...config, operatorEmails: undefined, host: '127.0.0.1' })).toBe(true);
    expect(
      await asOperator({ ...config, operatorEmails: undefined, host: '127.0.0.1', trustProxy: true }),
    ).toBe(false);
    expect(await asOperator({ ...config, operatorEmails: undefined, host: '0.0.0.0' })).toBe(false);
  });
});
