import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** A request for a file (an icon, an image, a script…), never a page: a miss is a 404, not the app. */
const FILE = /\.(ico|png|jpe?g|gif|svg|webp|avif|txt|xml|json|js|mjs|css|map|woff2?|ttf|webmanifest)$/i;

/**
 * Serves the built web app and falls back to index.html for client routes. Unknown /api paths, and
 * missing files (under /assets, or any path naming a file), stay JSON 404s: answering them with HTML
 * hides real errors, and a browser asking for /favicon.png would get a page.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // wildcard: files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: 'index.html',
      // The build wrote .br and .gz beside each text file (apps/web/build/precompress.ts).
      preCompressed: true,
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
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/assets/') && !FILE.test(path);
    if (hasWeb && isPage && path !== '/api' && !path.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorBody('not_found', `Route ${req.method} ${path} not found`));
  });
}
