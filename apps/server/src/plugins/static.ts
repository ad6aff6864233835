import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * Serves the built web app and falls back to index.html for client routes. Unknown /api paths, and
 * missing files under /assets, stay JSON or plain 404s: answering them with HTML hides real errors.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // wildcard: files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: 'index.html',
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so those never change; index.html always may.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/assets/');
    if (hasWeb && isPage && path !== '/api' && !path.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorBody('not_found', `Route ${req.method} ${path} not found`));
  });
}
