import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { MAP_TILES } from '@plastrace/shared';
import Fastify, { type FastifyInstance } from 'fastify';

/** Content-Security-Policy for the SPA: Mantine injects style tags; only map tiles load from another host. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', MAP_TILES.origin],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // Served over plain HTTP on localhost too; HSTS belongs to the TLS terminator in front of us.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sends with our options. They are the same on every response, but @fastify/helmet
 * rebuilds helmet's middleware per request (~21 % of a trivial route's CPU), so they are captured once
 * from a throwaway instance: helmet itself decides them, and they stay exactly what it would send.
 */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  let captured: Record<string, string> = {};
  probe.get('/', async (_req, reply) => {
    // Helmet writes to the raw response in onRequest; Fastify adds its own headers only when sending.
    captured = Object.fromEntries(
      Object.entries(reply.raw.getHeaders()).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    );
    return '';
  });
  await probe.inject('/');
  await probe.close();
  if (!captured['content-security-policy']) throw new Error('helmet sent no Content-Security-Policy');
  return captured;
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

let computed: Promise<Record<string, string>> | undefined;

/** The security headers and the request's id (`x-request-id`), on every answer. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  computed ??= helmetHeaders();
  const headers = await computed;
  // One onRequest hook, as helmet did: a route may still replace any of them, and every answer, errors
  // included, keeps them. API answers are per caller and often personal: no cache keeps them unless the
  // route chose its own policy (photos are immutable). The web app's files are not under /api and keep
  // their caching.
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  // The request's id rides in the same hook: one hook fewer on every request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApi(req.url) ? apiHeaders : headers);
    reply.header('x-request-id', req.id);
    done();
  });
}
