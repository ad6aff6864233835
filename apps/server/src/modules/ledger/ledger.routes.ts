import {
  ledgerEntrySchema,
  paymentInputSchema,
  paymentReversalBodySchema,
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
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import { SUPPLIER_BOOK } from './ledger.books.ts';
import * as service from './ledger.service.ts';
import * as payments from './payments.service.ts';

const tags = ['supplier ledger'];
const supplierParams = z.object({ supplier_id: z.string().uuid() });

/** Payables from posted receipts and the payments and advances against them (PHP). */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/supplier-ledger',
    {
      schema: {
        'x-permission': 'ledger.read',
        tags,
        summary: 'What is owed to each supplier (search, filters, keyset pages, totals)',
        querystring: supplierBalanceQuerySchema,
        response: { 200: supplierBalancePageSchema },
      },
    },
    async (req) => service.supplierBalances(ctx, callerOf(req), req.query),
  );

  app.get(
    '/supplier-ledger/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered supplier balances as CSV, every row (streamed)',
        querystring: supplierBalanceExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportBalances(ctx, SUPPLIER_BOOK, callerOf(req), req.query, reply),
  );

  app.get(
    '/supplier-ledger/:supplier_id',
    {
      schema: {
        'x-permission': 'ledger.read',
        tags,
        summary:
          'A supplier’s statement for a period: opening balance, entries with running balance, closing',
        params: supplierParams,
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (req) => service.statement(ctx, SUPPLIER_BOOK, callerOf(req), req.params.supplier_id, req.query),
  );

  app.get(
    '/supplier-ledger/:supplier_id/statement.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The statement as CSV, every entry, with opening and closing balance rows (streamed)',
        params: supplierParams,
        querystring: statementExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      service.exportStatement(ctx, SUPPLIER_BOOK, callerOf(req), req.params.supplier_id, req.query, reply),
  );

  app.post(
    '/supplier-ledger/payments',
    {
      schema: {
        'x-permission': 'payments.write',
        tags,
        summary: 'Records a payment (cash, GCash, bank or cheque), or an advance when marked so',
        headers: idempotencyHeaders,
        body: paymentInputSchema,
        response: { 201: ledgerEntrySchema },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const out = await payments.pay(
        ctx,
        SUPPLIER_BOOK,
        callerOf(req),
        body.supplier_id,
        body,
        idempotencyKeyOf(req),
      );
      return reply.code(201).send(out.body);
    },
  );

  app.post(
    '/supplier-ledger/entries/:id/reverse',
    {
      schema: {
        'x-permission': 'payments.write',
        tags,
        summary: 'Reverses a mistaken payment or advance (once), with the reason; dated today',
        params: z.object({ id: z.string().uuid() }),
        body: paymentReversalBodySchema,
        response: { 201: ledgerEntrySchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await payments.reversePayment(ctx, SUPPLIER_BOOK, callerOf(req), req.params.id, req.body.reason),
        ),
  );
};
