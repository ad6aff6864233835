import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { consume, type Limit } from '../security/rate-limit.ts';
import { LINK_TYPES, linkset, passportJsonLd } from './passports.jsonld.ts';
import { notFoundPage, PASSPORT_CSS, PASSPORT_CSS_PATH, passportPage } from './passports.page.ts';
import type { PublicLookup } from './passports.repo.ts';
import * as service from './passports.service.ts';

// The GS1 Digital Link resolver of lots with a published passport (docs/architecture.md, "Product
// passports and Digital Link"): /01/{gtin}/10/{lot} and /o/{organization}/lot/{lot}, for anyone. People
// get the passport page, machines JSON-LD (content negotiation on Accept), resolvers the linkset. These
// paths are not under /api: they are registered before the web app so they win over its fallback.

/** Scans and crawlers from one address; a person reading a few passports never comes near it. */
export const PASSPORT_VIEWS_PER_IP: Limit = { name: 'passport-ip', limit: 300, windowMs: 5 * 60_000 };

type Format = 'html' | 'jsonld';

/** The format the Accept header prefers; HTML wins ties, so a missing or any-type Accept reads the page. */
export function negotiate(accept: string | undefined): Format {
  if (!accept) return 'html';
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    const t = type.trim();
    if (t === 'text/html' || t === 'application/xhtml+xml') html = Math.max(html, q);
    else if (t === 'application/ld+json' || t === 'application/json') json = Math.max(json, q);
    else if (t === '*/*') {
      html = Math.max(html, q * 0.999);
      json = Math.max(json, q * 0.998);
    } else if (t === 'text/*') html = Math.max(html, q * 0.999);
    else if (t === 'application/*') json = Math.max(json, q * 0.999);
  }
  return json > html ? 'jsonld' : 'html';
}

type Query = { version?: string; linkType?: string; format?: string };

const LATEST_CACHE = 'public, max-age=300';
const VERSION_CACHE = 'public, max-age=31536000, immutable';

function versionOf(query: Query): number | undefined | 'bad' {
  if (query.version === undefined) return undefined;
  return /^[1-9]\d{0,6}$/.test(query.version) ? Number(query.version) : 'bad';
}

async function answer(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, at: PublicLookup) {
  const query = req.query as Query;
  const asked =
    query.format === 'jsonld' || query.format === 'json' ? 'jsonld' : negotiate(req.headers.accept);
  reply.header('vary', 'Accept');
  try {
    await consume(ctx.db, PASSPORT_VIEWS_PER_IP, req.ip);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    reply.code(429).header('retry-after', '300').header('cache-control', 'no-store');
    return asked === 'html'
      ? reply
          .type('text/html; charset=utf-8')
          .send(notFoundPage('Too many requests from your network. Wait a few minutes and try again.'))
      : reply.send({ code: 'rate_limited', message: err.message });
  }
  const version = versionOf(query);
  const linkType = query.linkType;
  const refuse = (message: string, status = 404) => {
    reply.code(status).header('cache-control', 'public, max-age=60');
    return asked === 'html'
      ? reply.type('text/html; charset=utf-8').send(notFoundPage(message))
      : reply.send({ code: status === 404 ? 'not_found' : 'validation_failed', message });
  };
  if (version === 'bad') return refuse('The version must be a whole number from 1.', 400);
  if (linkType && linkType !== 'all' && !(LINK_TYPES as readonly string[]).includes(linkType))
    return refuse(`This resolver has no ${linkType} link for this item.`);
  const found = await service.resolve(ctx, at, version);
  if (!found)
    return refuse(
      version
        ? `Version ${version} of this passport does not exist.`
        : `No published product passport exists for lot ${at.lotCode}.`,
    );
  const link = found.content.identifier.digital_link;
  reply
    .header('cache-control', found.latest ? LATEST_CACHE : VERSION_CACHE)
    .header(
      'link',
      [
        `<${link}>; rel="alternate"; type="application/ld+json"`,
        `<${link}>; rel="alternate"; type="text/html"`,
        `<${link}?linkType=all>; rel="linkset"; type="application/linkset+json"`,
      ].join(', '),
    );
  if (linkType === 'all') {
    const title = found.content.identifier.product?.name ?? found.content.identifier.material.name;
    return reply
      .type('application/linkset+json')
      .send(JSON.stringify(linkset(link, `${title}, lot ${at.lotCode}`)));
  }
  if (asked === 'jsonld')
    return reply.type('application/ld+json').send(JSON.stringify(passportJsonLd(found)));
  const latestNo = found.latest
    ? found.version
    : ((await service.resolve(ctx, at))?.version ?? found.version);
  return reply.type('text/html; charset=utf-8').send(passportPage(found, latestNo));
}

const lotCode = (raw: string) => raw.trim().toUpperCase();

export async function registerPassportResolver(app: FastifyInstance, ctx: AppContext) {
  // Routes outside /api are not in the OpenAPI document: it describes the JSON API.
  const hide = { schema: { hide: true } };
  app.get<{ Params: { gtin: string; lot: string } }>('/01/:gtin/10/:lot', hide, async (req, reply) => {
    if (!/^\d{14}$/.test(req.params.gtin))
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(notFoundPage('A GTIN in a Digital Link has 14 digits.'));
    return answer(ctx, req, reply, { kind: 'gtin', gtin: req.params.gtin, lotCode: lotCode(req.params.lot) });
  });
  app.get<{ Params: { org: string; code: string } }>('/o/:org/lot/:code', hide, async (req, reply) =>
    answer(ctx, req, reply, {
      kind: 'lot',
      organizationSlug: req.params.org,
      lotCode: lotCode(req.params.code),
    }),
  );
  app.get(PASSPORT_CSS_PATH, hide, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(PASSPORT_CSS),
  );
}
