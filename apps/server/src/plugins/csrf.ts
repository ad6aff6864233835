import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { API_KEY_HEADER, looksLikeApiKey } from '../modules/api-keys/api-keys.verify.ts';
import { addRouteHook, methodsOf } from './route-hooks.ts';

/**
 * Signed double-submit CSRF (docs/architecture.md: Sessions and requests): an httpOnly cookie holds a random value; the token is
 * `nonce.HMAC(key, cookie.nonce)`. A page on another site can make the browser send the cookie but can
 * neither read a token nor forge one, and a token stolen without its cookie is useless.
 */
export const CSRF_COOKIE = 'pt_csrf';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_AGE_S = 30 * 24 * 60 * 60; // the web caches its token for 30 days (spec §9)

export type Csrf = { issue: (req: FastifyRequest, reply: FastifyReply) => Promise<string> };

const sign = (key: string, cookieValue: string, nonce: string) =>
  createHmac('sha256', key).update(`${cookieValue}.${nonce}`).digest('base64url');

/**
 * The CSRF cookie's value, the one cookie the API reads; read where it is needed instead of a cookie
 * plugin parsing every request's cookies (and checking every answer for cookies to set) in two hooks.
 */
export function csrfCookieOf(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CSRF_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function valid(key: string, cookieValue: string | undefined, token: string | undefined): boolean {
  if (!cookieValue || !token) return false;
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(key, cookieValue, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `key` is read on first use (from the database, shared by every instance) and then kept. */
export async function registerCsrf(
  app: FastifyInstance,
  opts: { key: () => Promise<string>; secure: boolean },
): Promise<Csrf> {
  let key: Promise<string> | undefined;
  const getKey = () => {
    key ??= opts.key().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  // A callback, not an async hook; on the state-changing /api routes only (an unknown path stays a 404,
  // and reads go without the step), added as each is registered.
  const check = (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    // A route answering several methods is checked on its state-changing ones.
    if (!STATE_CHANGING.has(req.method)) return done();
    // A machine with an organization API key sends no cookie and no session; a browser on another site
    // cannot add the header without CORS preflight, so the key's own check (plugins/auth.ts) stands in.
    if (looksLikeApiKey(req.headers[API_KEY_HEADER]) && !req.headers.authorization) return done();
    const header = req.headers['x-csrf-token'];
    getKey().then(
      (key) =>
        valid(key, csrfCookieOf(req), typeof header === 'string' ? header : undefined)
          ? done()
          : done(new AppError('csrf_invalid', 'Invalid or missing CSRF token')),
      done,
    );
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && methodsOf(route).some((m) => STATE_CHANGING.has(m)))
      addRouteHook(route, 'preValidation', check);
  });

  return {
    async issue(req, reply) {
      let value = csrfCookieOf(req);
      if (!value || !/^[\w-]{43}$/.test(value)) {
        value = randomBytes(32).toString('base64url');
        reply.header(
          'set-cookie',
          `${CSRF_COOKIE}=${value}; Max-Age=${MAX_AGE_S}; Path=/api; HttpOnly${opts.secure ? '; Secure' : ''}; SameSite=Lax`,
        );
      }
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${sign(await getKey(), value, nonce)}`;
    },
  };
}
