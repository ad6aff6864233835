import {
  ledgerEntrySchema,
  paymentInputSchema,
  statementExportQuerySchema,
  statementQuerySchema,
  statementSchema,
  supplierBalanceExportQuerySchema,
  supplierBalancePageSchema,
  supplierBalanceQuerySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendCsv } from '../../lib/csv.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../../lib/idempotency.ts';
import { CSV_MAX_ROWS } from '../../lib/listing.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './ledger.service.ts';

const tags = ['supplier ledger'];
const supplierParams = z.object({ supplier_id: z.string().uuid() });

/** Payables from posted receipts and the payments and advances against them (PHP). */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/supplier-ledger',
    {
      schema: {
        tags,
        summary: 'What is owed to each supplier (search, filters, keyset pages, totals)',
        querystring: supplierBalanceQuerySchema,
        response: { 200: supplierBalancePageSchema },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/supplier-ledger/export.csv',
    {
      schema: {
        tags,
        summary: `The filtered supplier balances as CSV (at most ${CSV_MAX_ROWS} rows)`,
        querystring: supplierBalanceExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      sendCsv(reply, 'supplier-balances.csv', await service.exportBalances(ctx, callerOf(req), req.query)),
  );

  app.get(
    '/supplier-ledger/:supplier_id',
    {
      schema: {
        tags,
        summary:
          'A supplier’s statement for a period: opening balance, entries with running balance, closing',
        params: supplierParams,
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (req) => service.statement(ctx, callerOf(req), req.params.supplier_id, req.query),
  );

  app.get(
    '/supplier-ledger/:supplier_id/statement.csv',
    {
      schema: {
        tags,
        summary: 'The statement as CSV, with opening and closing balance rows',
        params: supplierParams,
        querystring: statementExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const out = await service.exportStatement(ctx, callerOf(req), req.params.supplier_id, req.query);
      return sendCsv(reply, out.filename, out.csv);
    },
  );

  app.post(
    '/supplier-ledger/payments',
    {
      schema: {
        tags,
        summary: 'Records a payment (cash, GCash or bank), or an advance when marked so',
        headers: idempotencyHeaders,
        body: paymentInputSchema,
        response: { 201: ledgerEntrySchema },
      },
    },
    async (req, reply) => {
      const out = await service.pay(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(201).send(out.body);
    },
  );
};
