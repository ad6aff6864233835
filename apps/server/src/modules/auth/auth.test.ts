import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberships, notifications, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { linkToken, startSmtp } from '../../test/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());
const ctx = useTestApp({ smtpUrl: () => smtp.url });

const PASSWORD = 'Bote-at-plastik-42';
let n = 0;
const uniqueEmail = (p = 'user') => `${p}.${Date.now()}.${n++}@example.ph`;

async function register(email = uniqueEmail(), extra: Record<string, unknown> = {}) {
  const c = await client(ctx.app);
  const res = await c.post('/api/auth/signup', {
    email,
    password: PASSWORD,
    role: 'Recycler',
    first_name: 'Liza',
    firstName: 'Liza',
    last_name: 'Soberano',
    lastName: 'Soberano',
    company_name: 'Cebu Green Recovery',
    companyName: 'Cebu Green Recovery',
    epr_license: 'EPR-123',
    eprLicense: 'EPR-123',
    default_currency: 'PHP',
    defaultCurrency: 'PHP',
    ...extra,
  });
  return { c, res, email };
}

describe('CSRF', () => {
  it('GET /api/ping sets the httpOnly cookie and returns the token in x-csrf-token', async () => {
    const res = await ctx.app.inject('/api/ping');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-csrf-token']).toMatch(/^[\w-]+\.[\w-]+$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('pt_csrf=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('reads its cookie among others, keeps a good one and lets a token made for it pass', async () => {
    const first = await ctx.app.inject('/api/ping');
    const pair = String(first.headers['set-cookie']).split(';')[0] ?? '';
    expect(String(first.headers['set-cookie'])).toMatch(
      /^pt_csrf=[\w-]{43}; Max-Age=2592000; Path=\/api; HttpOnly; SameSite=Lax$/,
    );
    const cookie = `theme=dark; ${pair}; lang=fil`;
    const again = await ctx.app.inject({ url: '/api/ping', headers: { cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    const token = String(again.headers['x-csrf-token']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie, 'x-csrf-token': token, 'x-api-key': 'plastrace-web' },
      payload: { email: 'nobody@example.ph', password: 'Wrong-password-1' },
    });
    expect(res.json().code).not.toBe('csrf_invalid');
  });

  it('GET /api/csrf-token returns {csrfToken}', async () => {
    const res = await ctx.app.inject('/api/csrf-token');
    expect(Object.keys(res.json())).toEqual(['csrfToken']);
  });

  it('refuses state-changing calls without a valid token (403 csrf_invalid)', async () => {
    const c = await client(ctx.app);
    const body = { email: 'x@example.ph', password: 'whatever' };
    const none = await c.post('/api/auth/login', body, { 'x-csrf-token': '' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'csrf_invalid' });
    const forged = await c.post('/api/auth/login', body, { 'x-csrf-token': 'abc.def' });
    expect(forged.json().code).toBe('csrf_invalid');
    // A real token with someone else's cookie is worthless.
    const other = await client(ctx.app);
    const swapped = await c.post('/api/auth/login', body, { 'x-csrf-token': other.csrf });
    expect(swapped.json().code).toBe('csrf_invalid');
    const noCookie = await c.post('/api/auth/login', body, { cookie: '' });
    expect(noCookie.json().code).toBe('csrf_invalid');
  });
});

describe('registration', () => {
  it('creates an organization with the registrant as admin, keeping role, licence and currency', async () => {
    const { c, res, email } = await register();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registration successful! Please log in with your new account.' });
    await c.login(email, PASSWORD);
    const me = (await c.get('/api/dashboard/users/me')).json();
    expect(me).toMatchObject({
      email,
      first_name: 'Liza',
      last_name: 'Soberano',
      role: 'admin',
      business_role: 'Recycler',
      email_verified: false,
      organization: { name: 'Cebu Green Recovery', default_currency: 'PHP', epr_license: 'EPR-123' },
    });
  });

  it('accepts the camelCase fields alone and defaults the currency to USD', async () => {
    const c = await client(ctx.app);
    const email = uniqueEmail();
    const res = await c.post('/api/auth/signup', {
      email,
      password: PASSWORD,
      firstName: 'Ana',
      lastName: 'Reyes',
      companyName: 'Reyes Junkshop',
    });
    expect(res.statusCode).toBe(201);
    await c.login(email, PASSWORD);
    expect((await c.get('/api/dashboard/users/me')).json().organization.default_currency).toBe('USD');
  });

  it('sends a verification link that works once', async () => {
    const { c, email } = await register();
    const mail = await smtp.waitFor(email, /Verify your email/);
    const token = linkToken(mail, 'verify_token');
    expect((await c.post('/api/auth/verify-email', { token })).json().message).toContain('verified');
    expect((await c.post('/api/auth/verify-email', { token })).statusCode).toBe(400);
    await c.login(email, PASSWORD);
    expect((await c.get('/api/dashboard/users/me')).json().email_verified).toBe(true);
  });

  it('resends the verification link on request, and says so once verified', async () => {
    const { c, email } = await register();
    await smtp.waitFor(email, /Verify your email/);
    await c.login(email, PASSWORD);
    expect((await c.post('/api/auth/verify-email/resend')).statusCode).toBe(200);
    const mails = await smtp.waitFor(email, /Verify your email/, 10_000, 2);
    const token = linkToken(mails, 'verify_token');
    expect((await c.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await c.post('/api/auth/verify-email/resend')).json().message).toBe(
      'Your email address is already verified.',
    );
    expect((await (await client(ctx.app)).post('/api/auth/verify-email/resend')).statusCode).toBe(401);
  });

  it('answers a taken email as a new one, creates nothing and tells the owner', async () => {
    const { email, res: first } = await register();
    const again = await register(email, { password: 'Someone-elses-pass-9', company_name: 'Squatter Inc.' });
    expect(again.res.statusCode).toBe(201);
    expect(again.res.json()).toEqual(first.json());
    const notice = await smtp.waitFor(email, /Someone tried to register with your email address/);
    expect(notice.text).toContain('reset your password');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const orgs = await ctx.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, user?.id ?? ''));
    expect(orgs).toHaveLength(1);
    await (await client(ctx.app)).login(email, PASSWORD);
    const squatter = await (await client(ctx.app)).post('/api/auth/login', {
      email,
      password: 'Someone-elses-pass-9',
    });
    expect(squatter.statusCode).toBe(401);
    // Repeated attempts answer the same; the owner's inbox gets at most 3 notices a day.
    for (let i = 0; i < 3; i++) expect((await register(email)).res.statusCode).toBe(201);
    await smtp.waitFor(email, /tried to register/, 10_000, 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      smtp.received.filter((m) => m.to.includes(email) && /tried to register/.test(m.subject)),
    ).toHaveLength(3);
  });

  it('refuses a common password, a short one and missing fields', async () => {
    const common = await register(uniqueEmail(), { password: 'password123' });
    expect(common.res.statusCode).toBe(400);
    expect(common.res.json().error).toContain('too common');
    const short = await register(uniqueEmail(), { password: 'short' });
    expect(short.res.json().details.fields['body.password']).toBe('Password must be at least 8 characters');
    const c = await client(ctx.app);
    const missing = await c.post('/api/auth/signup', {
      email: uniqueEmail(),
      password: PASSWORD,
      firstName: 'A',
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().details.fields)).toEqual(['body.last_name', 'body.company_name']);
  });

  it('stores the password only as a scrypt hash', async () => {
    const { email } = await register();
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });
});

describe('sign-in and sessions', () => {
  let email: string;
  beforeAll(async () => {
    ({ email } = await register());
  });

  it('returns {session:{access_token}, user} and the token opens the API', async () => {
    const c = await client(ctx.app);
    const res = await c.post('/api/auth/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.session.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.user.email).toBe(email);
    c.token = body.session.access_token;
    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const c = await client(ctx.app);
    const wrong = await c.post('/api/auth/login', { email, password: 'not-the-password' });
    const unknown = await c.post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', error: 'Invalid email or password' });
    }
  });

  it('needs a session for protected calls, and a revoked one is refused', async () => {
    const anon = await client(ctx.app);
    expect((await anon.get('/api/dashboard/users/me')).statusCode).toBe(401);
    const c = await (await client(ctx.app)).login(email, PASSWORD);
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    const after = await c.get('/api/dashboard/users/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session expired. Please log in again.');
  });

  it('refresh extends the session and keeps the token', async () => {
    const c = await (await client(ctx.app)).login(email, PASSWORD);
    const res = await c.post('/api/session/refresh');
    expect(res.statusCode).toBe(200);
    expect(res.json().session.access_token).toBe(c.token);
    expect(new Date(res.json().session.expires_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('slides the idle expiry while the session is used, never past the absolute one', async () => {
    const c = await (await client(ctx.app)).login(email, PASSWORD);
    const [row] = await ctx.database.db
      .update(sessions)
      .set({
        lastSeenAt: new Date(Date.now() - 2 * 3600_000),
        idleExpiresAt: new Date(Date.now() + 3600_000),
      })
      .where(eq(sessions.tokenHash, hashToken(c.token)))
      .returning();
    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(200);
    const [after] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, row?.id ?? ''));
    expect(after?.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(after?.idleExpiresAt.getTime()).toBeLessThanOrEqual(after?.absoluteExpiresAt.getTime() ?? 0);
  });

  it('lists own sessions and revokes one; another user’s session id is a 404', async () => {
    const a = await (await client(ctx.app)).login(email, PASSWORD);
    const b = await (await client(ctx.app)).login(email, PASSWORD);
    const list = (await a.get('/api/sessions')).json().items as { id: string; current: boolean }[];
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const bId = list.find((s) => !s.current)?.id ?? '';
    const stranger = await (await client(ctx.app)).login((await register()).email, PASSWORD);
    expect((await stranger.delete(`/api/sessions/${bId}`)).statusCode).toBe(404);
    expect((await b.get('/api/dashboard/users/me')).statusCode).toBe(200);
    const revoked = (await a.get('/api/sessions'))
      .json()
      .items.filter((s: { current: boolean }) => !s.current);
    for (const s of revoked) expect((await a.delete(`/api/sessions/${s.id}`)).statusCode).toBe(200);
    expect((await b.get('/api/dashboard/users/me')).statusCode).toBe(401);
  });
});

describe('rate limits (429 rate_limited)', () => {
  /** Sends `n` allowed attempts, then one more that must be refused. */
  async function expectLimit(n: number, attempt: (i: number) => Promise<{ statusCode: number }>) {
    const allowed = [];
    for (let i = 0; i < n; i++) allowed.push((await attempt(i)).statusCode);
    expect(allowed.filter((s) => s === 429)).toEqual([]);
    const refused = (await attempt(n)) as { statusCode: number; json: () => { code: string } };
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
  }

  it('limits sign-in attempts per address, whatever the account', async () => {
    const c = await client(ctx.app);
    await expectLimit(30, (i) => c.post('/api/auth/login', { email: uniqueEmail(`ip${i}`), password: 'x' }));
    // Another address is not affected.
    const { email } = await register();
    expect((await (await client(ctx.app)).login(email, PASSWORD)).token).not.toBe('');
  });

  it('limits magic links per email and per address', async () => {
    const target = uniqueEmail('magic');
    await expectLimit(5, async () => (await client(ctx.app)).post('/api/auth/magiclink', { email: target }));
    const c = await client(ctx.app);
    await expectLimit(20, (i) => c.post('/api/auth/magiclink', { email: uniqueEmail(`m${i}`) }));
  });

  it('limits registrations per address', async () => {
    const c = await client(ctx.app);
    // Refused for a weak password after counting: cheap attempts that still count.
    await expectLimit(10, (i) =>
      c.post('/api/auth/signup', {
        email: uniqueEmail(`s${i}`),
        password: 'password123',
        first_name: 'A',
        last_name: 'B',
        company_name: 'C',
      }),
    );
  });

  it('limits invitation acceptance per address', async () => {
    const c = await client(ctx.app);
    await expectLimit(20, (i) =>
      c.post('/api/invitations/accept', {
        token: `not-a-real-invitation-token-${i}`,
        password: PASSWORD,
        first_name: 'A',
        last_name: 'B',
      }),
    );
  });
});

describe('magic link', () => {
  it('emails a one-time link that signs the user in', async () => {
    const { email } = await register();
    const c = await client(ctx.app);
    const res = await c.post('/api/auth/magiclink', { email });
    expect(res.json()).toEqual({ message: 'Magic link sent! Please check your email.' });
    const token = linkToken(await smtp.waitFor(email, /sign-in link/), 'magic_token');
    const signedIn = await c.post('/api/auth/magiclink/verify', { token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, email_verified: true });
    const reused = await c.post('/api/auth/magiclink/verify', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('This sign-in link is invalid, expired or already used.');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const c = await client(ctx.app);
    const ghost = uniqueEmail('ghost');
    expect((await c.post('/api/auth/magiclink', { email: ghost })).json().message).toBe(
      'Magic link sent! Please check your email.',
    );
    await expect(smtp.waitFor(ghost, /./, 500)).rejects.toThrow();
  });

  it('of 16 concurrent redemptions of one link exactly one wins', async () => {
    const { email } = await register();
    const c = await client(ctx.app);
    await c.post('/api/auth/magiclink', { email });
    const token = linkToken(await smtp.waitFor(email, /sign-in link/), 'magic_token');
    const results = await Promise.all(
      Array.from({ length: 16 }, async () =>
        (await client(ctx.app)).post('/api/auth/magiclink/verify', { token }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(15);
  });
});

describe('passwords', () => {
  let email: string;
  let c: TestClient;
  // An account of its own for each test: one test changes or resets the password another would sign in with.
  beforeEach(async () => {
    ({ email } = await register());
    c = await (await client(ctx.app)).login(email, PASSWORD);
  });

  it('changes the password: the current one is checked, other sessions end, a notification is left', async () => {
    const other = await (await client(ctx.app)).login(email, PASSWORD);
    const wrong = await c.post('/api/auth/password', {
      current_password: 'nope',
      new_password: 'Bagong-password-99',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields['body.current_password']).toBe('Your current password is not correct');
    const ok = await c.post('/api/auth/password', {
      current_password: PASSWORD,
      new_password: 'Bagong-password-99',
    });
    expect(ok.statusCode).toBe(200);
    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(200);
    expect((await other.get('/api/dashboard/users/me')).statusCode).toBe(401);
    await (await client(ctx.app)).login(email, 'Bagong-password-99');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user?.id ?? ''));
    expect(notes.map((x) => x.title)).toContain('Password changed');
  });

  it('resets a forgotten password by email, once, signing out every session', async () => {
    const anon = await client(ctx.app);
    expect((await anon.post('/api/auth/password/forgot', { email })).statusCode).toBe(200);
    const token = linkToken(await smtp.waitFor(email, /Reset your PlasTrace password/), 'reset_token');
    const res = await anon.post('/api/auth/password/reset', { token, password: 'Reset-and-renew-7' });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/dashboard/users/me')).statusCode).toBe(401);
    expect(
      (await anon.post('/api/auth/password/reset', { token, password: 'Another-one-8x' })).statusCode,
    ).toBe(400);
    await (await client(ctx.app)).login(email, 'Reset-and-renew-7');
  });
});

describe('demo hint', () => {
  it('is null while no demo organization exists', async () => {
    expect((await ctx.app.inject('/api/public/config')).json()).toEqual({ demo: null });
  });
});
