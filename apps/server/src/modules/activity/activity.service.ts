import type { TransactionType } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { toCsv } from '../../lib/csv.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './activity.repo.ts';
import { logExport } from './changes.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.getEntry>>>;
export const EXPORT_MAX_ROWS = 50_000;

/** Admins, managers and auditors read the whole organization's log; everyone else their own. */
const seesAll = (c: Caller) => c.role === 'admin' || c.role === 'manager' || c.role === 'auditor';

const toEntry = ({ entry: e, userName }: Row) => ({
  id: e.id,
  user_id: e.userId,
  user_name: userName,
  transaction_type: e.transactionType,
  description: e.description,
  amount: e.amount,
  currency: e.currency,
  status: e.status,
  reference_id: e.referenceId,
  payment_method: e.paymentMethod,
  metadata: e.metadata as Record<string, unknown>,
  created_at: e.createdAt.toISOString(),
});

export type LogInput = {
  user_id: string;
  transaction_type: TransactionType;
  description: string;
  amount: number;
  currency: 'PHP';
  status: string;
  reference_id?: string | null;
  payment_method: string;
  metadata: Record<string, unknown>;
};

export async function record(ctx: AppContext, caller: Caller, input: LogInput): Promise<string> {
  if (input.user_id !== caller.userId) throw forbidden('You can only record your own activity');
  return repo.insertEntry(ctx.db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    transactionType: input.transaction_type,
    description: input.description,
    amount: input.amount.toFixed(2),
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
  const after = decodeCursor(q.cursor, 2) as [string, string] | undefined;
  const rows = await repo.listEntries(ctx.db, caller.organizationId, {
    ...filter(caller, q),
    after,
    limit: q.limit + 1,
  });
  const page = toPage(rows, q.limit, (r) => [r.entry.createdAt.toISOString(), r.entry.id]);
  return { items: page.items.map(toEntry), next_cursor: page.next_cursor };
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  const row = await repo.getEntry(ctx.db, caller.organizationId, id);
  if (!row || (!seesAll(caller) && row.entry.userId !== caller.userId)) throw notFound('Activity entry');
  return toEntry(row);
}

/** The filtered log as CSV; the export itself is logged (EXPORT_DATA) with its row count. */
export async function exportCsv(ctx: AppContext, caller: Caller, q: Omit<ActivityQuery, 'limit' | 'cursor'>) {
  const rows = (
    await repo.listEntries(ctx.db, caller.organizationId, {
      ...filter(caller, { ...q, limit: 0 }),
      limit: EXPORT_MAX_ROWS,
    })
  ).map(toEntry);
  await logExport(ctx.db, caller, {
    dataType: 'user_transactions',
    format: 'csv',
    recordCount: rows.length,
    parameters: q,
  });
  return toCsv(
    [
      'created_at',
      'user',
      'type',
      'description',
      'amount',
      'currency',
      'status',
      'reference_id',
      'payment_method',
    ],
    rows.map((r) => [
      r.created_at,
      r.user_name,
      r.transaction_type,
      r.description,
      r.amount,
      r.currency,
      r.status,
      r.reference_id,
      r.payment_method,
    ]),
  );
}
