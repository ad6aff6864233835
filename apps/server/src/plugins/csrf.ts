import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { API_KEY_HEADER, looksLikeApiKey } from '../modules/api-keys/api-keys.verify.ts';

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
  await app.register(cookie);
  let key: Promise<string> | undefined;
  const getKey = () => {
    key ??= opts.key().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  // A callback, not an async hook: reads (most requests) pass without a promise.
  app.addHook('preValidation', (req, _reply, done) => {
    // Only routes that exist: an unknown path stays a 404.
    if (!STATE_CHANGING.has(req.method) || !req.routeOptions.url?.startsWith('/api/')) return done();
    // A machine with an organization API key sends no cookie and no session; a browser on another site
    // cannot add the header without CORS preflight, so the key's own check (plugins/auth.ts) stands in.
    if (looksLikeApiKey(req.headers[API_KEY_HEADER]) && !req.headers.authorization) return done();
    const header = req.headers['x-csrf-token'];
    getKey().then(
      (key) =>
        valid(key, req.cookies[CSRF_COOKIE], typeof header === 'string' ? header : undefined)
          ? done()
          : done(new AppError('csrf_invalid', 'Invalid or missing CSRF token')),
      done,
    );
  });

  return {
    async issue(req, reply) {
      let value = req.cookies[CSRF_COOKIE];
      if (!value || !/^[\w-]{43}$/.test(value)) {
        value = randomBytes(32).toString('base64url');
        reply.setCookie(CSRF_COOKIE, value, {
          httpOnly: true,
          sameSite: 'lax',
          secure: opts.secure,
          path: '/api',
          maxAge: MAX_AGE_S,
        });
      }
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${sign(await getKey(), value, nonce)}`;
    },
  };
}
