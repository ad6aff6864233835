import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import { createLogger, loggerOptions } from '../../apps/server/src/lib/logger.ts';
import { Mailer } from '../../apps/server/src/modules/mail/mail.service.ts';
import type { BenchContext } from '../lib/scenario.ts';

/**
 * The real app (all plugins, hooks and routes) on the bench database, logging as it does by default
 * (LOG_LEVEL=info: one line per request, written asynchronously as createLogger writes to stdout)
 * into /dev/null, so the rows pay for the log line the server writes.
 */
export async function benchApp(ctx: BenchContext) {
  const out = pino.destination({ dest: '/dev/null', sync: false });
  const app = await buildApp({
    config: { publicUrl: 'http://127.0.0.1', logLevel: 'info' },
    db: ctx.db.database.db,
    logger: pino(loggerOptions('info'), out),
  });
  app.addHook('onClose', async () => out.destroy());
  return app;
}

/** The web app's public client key (apps/web/src/api/authHeaders.ts): sent until there is a session. */
const WEB_CLIENT_KEY = 'plastrace-web';

/**
 * Signs in the way the web app does: `GET /api/ping` starts a browser session (CSRF cookie, token
 * in `x-csrf-token`), then `POST /api/auth/login` with both. Returns the headers every later
 * state-changing call carries: the bearer token, the CSRF token and its cookie.
 */
export async function signIn(
  origin: string,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const ping = await fetch(new URL('/api/ping', origin), { headers: { 'x-api-key': WEB_CLIENT_KEY } });
  const csrf = ping.headers.get('x-csrf-token');
  if (!ping.ok || !csrf) throw new Error(`GET /api/ping: ${ping.status}, no CSRF token`);
  const cookie = ping.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const login = await fetch(new URL('/api/auth/login', origin), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': WEB_CLIENT_KEY,
      'x-csrf-token': csrf,
      cookie,
    },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  const body = (await login.json()) as { session?: { access_token?: string } };
  const token = body.session?.access_token;
  if (!login.ok || !token) throw new Error(`POST /api/auth/login: ${login.status} ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${token}`, 'x-csrf-token': csrf, cookie };
}

/** What the services get from the app (app.ts builds the same); its mailer is never started. */
export function serviceContext(ctx: BenchContext): AppContext {
  const { db } = ctx.db.database;
  return { db, mailer: new Mailer(db, createLogger('silent'), undefined), publicUrl: 'http://127.0.0.1' };
}
