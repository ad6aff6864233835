import { can, type transactionLogBodySchema } from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { type CsvColumn, EXPORT_PAGE, pageOf } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './activity.repo.ts';
import { streamCsv } from './export.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.getEntry>>>;

/** Admins, managers and auditors read the whole organization's log; everyone else their own. */
const seesAll = (c: Caller) => can(c.role, 'activity.read_all');

const toEntry = ({ entry: e, userName }: Row) => ({
  id: e.id,
  user_id: e.userId,
  user_name: userName,
  transaction_type: e.transactionType,
  source: e.source,
  description: e.description,
  amount: e.amount,
  currency: e.currency,
  status: e.status,
  reference_id: e.referenceId,
  payment_method: e.paymentMethod,
  metadata: e.metadata as Record<string, unknown>,
  created_at: e.createdAt.toISOString(),
});

export type LogInput = z.output<typeof transactionLogBodySchema>;

/** An event the client reports; stored as source "client" so it never passes for the server's own. */
export async function record(ctx: AppContext, caller: Caller, input: LogInput): Promise<string> {
  if (input.user_id !== caller.userId) throw forbidden('You can only record your own activity');
  return repo.insertEntry(ctx.db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    transactionType: input.transaction_type,
    source: 'client',
    description: input.description,
    amount: input.amount,
    currency: input.currency,
    status: input.status,
    referenceId: input.reference_id ?? null,
    paymentMethod: input.payment_method,
    metadata: input.metadata,
  });
}
export type ActivityQuery = {
  limit: number;
  cursor?: string;
  q?: string;
  type?: string;
  user_id?: string;
  from?: string;
  to?: string;
};

function filter(caller: Caller, q: ActivityQuery): Omit<repo.ActivityFilter, 'limit'> {
  if (q.user_id && q.user_id !== caller.userId && !seesAll(caller))
    throw forbidden('You can only see your own activity');
  return {
    userId: seesAll(caller) ? q.user_id : caller.userId,
    type: q.type,
    q: q.q,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

export async function list(ctx: AppContext, caller: Caller, q: ActivityQuery) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const rows = await repo.listEntries(ctx.db, caller.organizationId, {
    ...filter(caller, q),
    after,
    limit: q.limit + 1,
  });
  const page = toPage(rows, q.limit, (r) => [r.at, r.entry.id]);
  return { items: page.items.map(toEntry), next_cursor: page.next_cursor };
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  const row = await repo.getEntry(ctx.db, caller.organizationId, id);
  if (!row || (!seesAll(caller) && row.entry.userId !== caller.userId)) throw notFound('Activity entry');
  return toEntry(row);
}

const ACTIVITY_CSV: CsvColumn<ReturnType<typeof toEntry>>[] = [
  ['created_at', (r) => r.created_at],
  ['user', (r) => r.user_name],
  ['type', (r) => r.transaction_type],
  ['source', (r) => r.source],
  ['description', (r) => r.description],
  ['amount', (r) => r.amount],
  ['currency', (r) => r.currency],
  ['status', (r) => r.status],
  ['reference_id', (r) => r.reference_id],
  ['payment_method', (r) => r.payment_method],
];

/** The filtered log as CSV, every entry, streamed; the export itself is logged (EXPORT_DATA). */
export function exportCsv(
  ctx: AppContext,
  caller: Caller,
  q: Omit<ActivityQuery, 'limit' | 'cursor'>,
  reply: FastifyReply,
) {
  const f = filter(caller, { ...q, limit: 0 });
  return streamCsv(ctx, caller, reply, {
    filename: 'activity-log.csv',
    dataType: 'user_transactions',
    parameters: q,
    columns: ACTIVITY_CSV,
    page: async (tx: Tx, after: [string, string] | undefined) =>
      pageOf(
        await repo.listEntries(tx, caller.organizationId, { ...f, after, limit: EXPORT_PAGE + 1 }),
        EXPORT_PAGE,
        (r): [string, string] => [r.at, r.entry.id],
        toEntry,
      ),
  });
}
