import { type Action, page } from '@plastrace/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, type Caller, callerOf } from '../../plugins/auth.ts';

type Page<V> = { items: V[]; next_cursor: string | null };

/** What a master-data module's service offers to its routes. */
export type RecordService<Q, C, U, V> = {
  list: (ctx: AppContext, caller: Caller, q: Q) => Promise<Page<V>>;
  exportCsv: (
    ctx: AppContext,
    caller: Caller,
    q: Omit<Q, 'limit' | 'cursor'>,
    reply: FastifyReply,
  ) => Promise<FastifyReply>;
  get: (ctx: AppContext, caller: Caller, id: string) => Promise<V>;
  create: (ctx: AppContext, caller: Caller, body: C) => Promise<V>;
  update: (ctx: AppContext, caller: Caller, id: string, body: U) => Promise<V>;
  setArchived: (ctx: AppContext, caller: Caller, id: string, archived: boolean) => Promise<V>;
};

type ListSchema = z.ZodObject<{ limit: z.ZodType; cursor: z.ZodType }>;

const idParams = z.object({ id: z.string().uuid() });
/** Typed as a plain FastifySchema so Fastify does not try to infer replies from generic zod types. */
const plain = (s: FastifySchema) => s;

/**
 * The seven routes every master-data record has: list, CSV export, one, create, update, archive and
 * restore, under `/api/<path>`. Routes stay thin: validate, then call the service.
 */
export function recordRoutes<
  L extends ListSchema,
  C extends z.ZodType,
  U extends z.ZodType,
  V extends z.ZodType,
>(o: {
  path: string;
  /** OpenAPI tag, e.g. "facilities". */
  tag: string;
  /** e.g. "facility". */
  noun: string;
  schemas: { list: L; create: C; update: U; view: V };
  service: RecordService<z.output<L>, z.output<C>, z.output<U>, z.output<V>>;
  /** Who may list and read, and who may update (suppliers: a supplier member their own record). */
  permissions?: { read: Action; update: Action };
}): FastifyPluginAsyncZod<{ ctx: AppContext }> {
  const { read, update } = o.permissions ?? { read: 'masterdata.read', update: 'masterdata.write' };
  const { path, noun, schemas, service } = o;
  const tags = [o.tag];
  const exportSchema = schemas.list.omit({ limit: true, cursor: true });
  type Q = z.output<L>;

  // The zod type provider cannot resolve reply types of still-generic schemas, so the routes are
  // registered untyped; the service signatures above keep the handlers type-checked.
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;
  return async (typed, { ctx }) => {
    const app = typed as unknown as FastifyInstance;
    app.addHook('onRequest', authenticate(ctx.db));

    app.get(
      path,
      {
        schema: plain({
          'x-permission': read,
          tags,
          summary: `Lists ${o.tag} (search, filters, keyset pages; archived ones only when asked)`,
          querystring: schemas.list,
          response: { 200: page(schemas.view) },
        }),
      },
      async (req) => service.list(ctx, callerOf(req), req.query as Q),
    );

    app.get(
      `${path}/export.csv`,
      {
        schema: plain({
          'x-permission': 'data.export',
          tags,
          summary: `The filtered ${o.tag} as CSV, every row (streamed)`,
          querystring: exportSchema,
          produces: ['text/csv'],
        }),
      },
      async (req, reply) =>
        service.exportCsv(ctx, callerOf(req), req.query as Omit<Q, 'limit' | 'cursor'>, reply),
    );

    app.get(
      `${path}/:id`,
      {
        schema: plain({
          'x-permission': read,
          tags,
          summary: `One ${noun}`,
          params: idParams,
          response: { 200: schemas.view },
        }),
      },
      async (req) => service.get(ctx, callerOf(req), id(req)),
    );

    app.post(
      path,
      {
        schema: plain({
          'x-permission': 'masterdata.write',
          tags,
          summary: `Creates a ${noun} (codes are unique in the organization)`,
          body: schemas.create,
          response: { 201: schemas.view },
        }),
      },
      async (req, reply) =>
        reply.code(201).send(await service.create(ctx, callerOf(req), req.body as z.output<C>)),
    );

    app.patch(
      `${path}/:id`,
      {
        schema: plain({
          'x-permission': update,
          tags,
          summary: `Changes a ${noun}; send only the fields that change, with the version you read`,
          params: idParams,
          body: schemas.update,
          response: { 200: schemas.view },
        }),
      },
      async (req) => service.update(ctx, callerOf(req), id(req), req.body as z.output<U>),
    );

    for (const [action, archived] of [
      ['archive', true],
      ['restore', false],
    ] as const) {
      app.post(
        `${path}/:id/${action}`,
        {
          schema: plain({
            'x-permission': 'masterdata.write',
            tags,
            summary: archived
              ? `Archives a ${noun}: hidden from lists and pickers, kept for past records`
              : `Restores an archived ${noun}`,
            params: idParams,
            response: { 200: schemas.view },
          }),
        },
        async (req) => service.setArchived(ctx, callerOf(req), id(req), archived),
      );
    }
  };
}
