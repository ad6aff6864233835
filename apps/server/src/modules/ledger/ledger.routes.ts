import { decimalInput } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './ledger.service.ts';

const tags = ['supplier ledger'];
const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const statement = z.object({
  items: z.array(
    z.object({
      id: z.string().uuid(),
      kind: z.string(),
      amount: z.string(),
      balance: z.string(),
      currency: z.string(),
      method: z.string().nullable(),
      reference: z.string().nullable(),
      source_type: z.string().nullable(),
      source_id: z.string().nullable(),
      note: z.string().nullable(),
      posted_at: z.string(),
    }),
  ),
  balance: z.string(),
});

/** Payables from posted receipts and the payments against them (PHP). */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/supplier-ledger',
    {
      schema: {
        tags,
        summary: 'What is owed to each supplier',
        response: {
          200: z.object({
            items: z.array(
              z.object({
                supplier: ref,
                balance: z.string(),
                currency: z.literal('PHP'),
                last_entry_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => service.balances(ctx, callerOf(req)),
  );

  app.get(
    '/supplier-ledger/:supplier_id',
    {
      schema: {
        tags,
        summary: 'A supplier’s statement with the running balance',
        params: z.object({ supplier_id: z.string().uuid() }),
        response: { 200: statement },
      },
    },
    async (req) => service.statement(ctx, callerOf(req), req.params.supplier_id),
  );

  app.post(
    '/supplier-ledger/payments',
    {
      schema: {
        tags,
        summary: 'Records a payment to a supplier (cash, GCash or bank)',
        body: z.object({
          supplier_id: z.string().uuid(),
          amount: decimalInput(2, 'Amount'),
          method: z.enum(['cash', 'gcash', 'bank']),
          reference: z.string().trim().max(100).nullish(),
          note: z.string().trim().max(500).nullish(),
        }),
        response: { 201: statement },
      },
    },
    async (req, reply) => reply.code(201).send(await service.pay(ctx, callerOf(req), req.body)),
  );
};
