import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { inventory } from './inventory.service.ts';

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });

export const inventoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  app.get(
    '/inventory',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Stock by facility × material × lot from the ledger, valued at weighted-average cost (PHP)',
        querystring: z.object({
          group: z.enum(['lot', 'material', 'facility']).default('lot'),
          facility_id: z.string().uuid().optional(),
          material_id: z.string().uuid().optional(),
          as_of: z.iso.date().optional().describe('Balances at the end of this day (organization time zone)'),
        }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                facility: ref,
                material: ref.nullable(),
                lot: z.object({ id: z.string().uuid(), code: z.string(), status: z.string() }).nullable(),
                qty_kg: z.string(),
                value_php: z.string(),
                avg_cost_per_kg: z.string(),
              }),
            ),
            totals: z.object({ qty_kg: z.string(), value_php: z.string() }),
            as_of: z.string().nullable(),
            currency: z.literal('PHP'),
          }),
        },
      },
    },
    async (req) => inventory(ctx, callerOf(req), req.query),
  );
};
