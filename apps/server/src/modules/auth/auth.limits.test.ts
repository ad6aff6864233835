import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { memberships, notifications, outbox, users } from '../../db/schema/index.ts';
import { newOrganization, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { client, type TestClient } from '../../test/http.ts';
import { keyOf, LIMITS } from '../security/rate-limit.ts';
import { clearRateLimit } from '../security/security.repo.ts';

// Brute-force limits that must not let strangers lock a member out. The app logs at warn level into
// `logs`, so refusals can be checked too.

type LogLine = { level: number; msg: string; email?: string; ip?: string; limit?: string };
const logs: LogLine[] = [];
let app: App;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(JSON.parse(String(chunk)));
      done();
    },
  });
  app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'warn' },
    db: database.db,
    logger: pino({ level: 'warn' }, stream),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const login = (c: TestClient, email: string, password: string) =>
  c.post('/api/auth/login', { email, password });
const mailsTo = (email: string, subject: RegExp) =>
  database.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, email))
    .then((rows) => rows.filter((m) => subject.test(m.subject)));
const strangers = (n: number) => Promise.all(Array.from({ length: n }, () => client(app)));

describe('failed sign-ins', () => {
  it('keeps the owner able to sign in while strangers fail at the account, and warns them once', async () => {
    const { email } = await newOrganization(app);
    const attackers = await strangers(5);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const attacker = attackers[i % attackers.length] as TestClient;
      statuses.push((await login(attacker, email, `wrong-guess-${i}`)).statusCode);
    }
    // Ten failures put the account under watch; every address that failed there is then refused.
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);

    const owner = await client(app);
    expect((await login(owner, email, TEST_PASSWORD)).statusCode).toBe(200);
    for (const attacker of attackers) {
      const res = await login(attacker, email, TEST_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('rate_limited');
    }
    // A fresh address still gets its answer (and counts), but the owner hears only once.
    expect((await login(await client(app), email, 'yet-another-guess')).statusCode).toBe(401);

    const warnings = await mailsTo(email, /Failed sign-in attempts/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.text).toContain('10 failed attempts');
    expect(warnings[0]?.text).toContain('from 5 different addresses');
    expect(warnings[0]?.text).toContain('Your account is not locked');
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const notes = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user?.id ?? ''));
    expect(notes.map((n) => n.title)).toEqual(['Failed sign-in attempts']);

    const refusal = logs.find((l) => l.level === 40 && l.email === email && l.msg.includes('refused'));
    expect(refusal).toMatchObject({ ip: attackers[0]?.ip, limit: LIMITS.loginFailuresPerAccount.name });
    expect(JSON.stringify(logs)).not.toContain('wrong-guess');
    expect(JSON.stringify(logs)).not.toContain(TEST_PASSWORD);
  });

  it('refuses one address after 10 failures at one account, not at other accounts', async () => {
    const { email } = await newOrganization(app);
    const { email: other } = await newOrganization(app);
    const c = await client(app);
    for (let i = 0; i < 10; i++) expect((await login(c, email, `nope-${i}-nope`)).statusCode).toBe(401);
    expect((await login(c, email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(c, other, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(await client(app), email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets an address’s typos once it signs in with the right password', async () => {
    const { email } = await newOrganization(app);
    const owner = await client(app);
    for (let i = 0; i < 2; i++) expect((await login(owner, email, `typo-${i}-typo`)).statusCode).toBe(401);
    expect((await login(owner, email, TEST_PASSWORD)).statusCode).toBe(200);
    for (const attacker of await strangers(10)) await login(attacker, email, 'a-stranger-guess');
    expect((await login(owner, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits failures per address over all accounts (40 an hour), beside the 30 attempts per 15 min', async () => {
    const c = await client(app);
    const { email } = await newOrganization(app);
    for (let i = 0; i < 30; i++) await login(c, uniqueEmail(`spray${i}`), 'Spray-and-pray-1');
    expect((await login(c, uniqueEmail('spray'), 'Spray-and-pray-1')).statusCode).toBe(429);
    // Fifteen minutes later the attempt window has passed; the failure count has not.
    await clearRateLimit(database.db, keyOf(LIMITS.loginPerIp, c.ip));
    for (let i = 0; i < 10; i++)
      expect((await login(c, uniqueEmail(`late${i}`), 'Spray-and-pray-1')).statusCode).toBe(401);
    expect((await login(c, email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('emailed links', () => {
  for (const [path, subject] of [
    ['/api/auth/magiclink', /sign-in link/],
    ['/api/auth/password/forgot', /Reset your PlasTrace password/],
  ] as const) {
    it(`${path}: strangers cannot use up what the owner's own addresses may ask for`, async () => {
      const { email, admin } = await newOrganization(app); // signing in made admin.ip a known address
      for (const stranger of await strangers(5))
        expect((await stranger.post(path, { email })).statusCode).toBe(200);
      const late = await client(app);
      expect((await late.post(path, { email })).statusCode).toBe(429);
      expect(logs.some((l) => l.level === 40 && l.email === email && l.ip === late.ip)).toBe(true);

      const home = await client(app, admin.ip);
      for (let i = 0; i < 5; i++) expect((await home.post(path, { email })).statusCode).toBe(200);
      expect((await mailsTo(email, subject)).length).toBe(10);
      // Even a known address has its own hourly quota per email.
      expect((await home.post(path, { email })).statusCode).toBe(429);
    });
  }

  it('counts an unknown email like a stranger asking for a known one', async () => {
    const ghost = uniqueEmail('ghost');
    for (const stranger of await strangers(5))
      expect((await stranger.post('/api/auth/magiclink', { email: ghost })).statusCode).toBe(200);
    expect((await (await client(app)).post('/api/auth/magiclink', { email: ghost })).statusCode).toBe(429);
    expect(await mailsTo(ghost, /./)).toEqual([]);
  });

  it('sends no sign-in or reset link to a deactivated member, with the same answer', async () => {
    const { email, admin } = await newOrganization(app);
    const active = await (await client(app)).post('/api/auth/magiclink', { email });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    await database.db
      .update(memberships)
      .set({ status: 'deactivated' })
      .where(eq(memberships.userId, user?.id ?? ''));
    const before = (await mailsTo(email, /./)).length;
    const magic = await admin.post('/api/auth/magiclink', { email });
    expect(magic.statusCode).toBe(200);
    expect(magic.json()).toEqual(active.json());
    const reset = await admin.post('/api/auth/password/forgot', { email });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(
      'If an account exists for that email, we have sent a link to reset the password.',
    );
    expect((await mailsTo(email, /./)).length).toBe(before);
  });
});
