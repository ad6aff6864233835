import {
  creditNoteInputSchema,
  customerBalanceExportQuerySchema,
  customerBalancePageSchema,
  customerBalanceQuerySchema,
  customerLedgerEntrySchema,
  customerPaymentInputSchema,
  customerStatementSchema,
  paymentReversalBodySchema,
  statementExportQuerySchema,
  statementQuerySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import { customerBalances, exportCustomerBalances } from './customer-ledger.service.ts';
import { CUSTOMER_BOOK } from './ledger.books.ts';
import * as service from './ledger.service.ts';
import * as payments from './payments.service.ts';

const tags = ['customer ledger'];
const customerParams = z.object({ customer_id: z.string().uuid() });

/** Receivables from posted dispatches, and the credit notes and payments against them (PHP). */
export const customerLedgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/customer-ledger',
    {
      schema: {
        'x-permission': 'customer_ledger.read',
        tags,
        summary: 'What each customer owes, with its ageing (search, filters, keyset pages, totals)',
        querystring: customerBalanceQuerySchema,
        response: { 200: customerBalancePageSchema },
      },
    },
    async (req) => customerBalances(ctx, callerOf(req), req.query),
  );

  app.get(
    '/customer-ledger/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered customer balances and their ageing as CSV, every row (streamed)',
        querystring: customerBalanceExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => exportCustomerBalances(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/customer-ledger/:customer_id',
    {
      schema: {
        'x-permission': 'customer_ledger.read',
        tags,
        summary:
          'A customer’s statement for a period: opening balance, entries with running balance, closing',
        params: customerParams,
        querystring: statementQuerySchema,
        response: { 200: customerStatementSchema },
      },
    },
    async (req) => service.statement(ctx, CUSTOMER_BOOK, callerOf(req), req.params.customer_id, req.query),
  );

  app.get(
    '/customer-ledger/:customer_id/statement.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The statement as CSV, every entry, with opening and closing balance rows (streamed)',
        params: customerParams,
        querystring: statementExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      service.exportStatement(ctx, CUSTOMER_BOOK, callerOf(req), req.params.customer_id, req.query, reply),
  );

  app.post(
    '/customer-ledger/payments',
    {
      schema: {
        'x-permission': 'payments.write',
        tags,
        summary: 'Records a customer’s payment (cash, GCash, bank or cheque), never more than is owed',
        headers: idempotencyHeaders,
        body: customerPaymentInputSchema,
        response: { 201: customerLedgerEntrySchema },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const out = await payments.pay(
        ctx,
        CUSTOMER_BOOK,
        callerOf(req),
        body.customer_id,
        body,
        idempotencyKeyOf(req),
      );
      return reply.code(201).send(out.body);
    },
  );

  app.post(
    '/customer-ledger/credit-notes',
    {
      schema: {
        'x-permission': 'payments.write',
        tags,
        summary: 'A manager’s credit note: lowers what a customer owes, with the reason; dated today',
        headers: idempotencyHeaders,
        body: creditNoteInputSchema,
        response: { 201: customerLedgerEntrySchema },
      },
    },
    async (req, reply) => {
      const out = await payments.creditNote(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(201).send(out.body);
    },
  );

  app.post(
    '/customer-ledger/entries/:id/reverse',
    {
      schema: {
        'x-permission': 'payments.write',
        tags,
        summary: 'Reverses a mistaken payment (once), with the reason; dated today',
        params: z.object({ id: z.string().uuid() }),
        body: paymentReversalBodySchema,
        response: { 201: customerLedgerEntrySchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await payments.reversePayment(ctx, CUSTOMER_BOOK, callerOf(req), req.params.id, req.body.reason),
        ),
  );
};
