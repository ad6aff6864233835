import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Content-Security-Policy for the SPA: Mantine injects style tags, nothing loads from other hosts. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Served over plain HTTP on localhost too; HSTS belongs to the TLS terminator in front of us.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}
