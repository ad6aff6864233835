import type {
  paymentInputSchema,
  statementExportQuerySchema,
  statementQuerySchema,
  supplierBalanceExportQuerySchema,
  supplierBalanceQuerySchema,
} from '@plastrace/shared';
import { formatPhp, formatUnits, toUnits } from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, assertNotFuture, notFound, sqlState, unprocessable } from '../../lib/errors.ts';
import {
  decodeSortCursor,
  exportFilter,
  listFilter,
  type PageWindow,
  sortedPages,
  toSortedPage,
} from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';
import { assertBooksOpen } from '../organization/books.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { idempotent } from '../security/idempotency.ts';
import { ownSupplierOf } from '../suppliers/suppliers.policy.ts';
import { getSupplier } from '../suppliers/suppliers.repo.ts';
import * as repo from './ledger.repo.ts';
import { BALANCE_CSV, balanceLine, statementCsv, toBalance, toEntry } from './ledger.views.ts';

type BalanceQuery = z.output<typeof supplierBalanceQuerySchema>;
type BalanceExportQuery = z.output<typeof supplierBalanceExportQuerySchema>;
type StatementQuery = z.output<typeof statementQuerySchema>;
type StatementExportQuery = z.output<typeof statementExportQuerySchema>;
/** `advance` may be left out by callers other than the route (the demo seed): it defaults to false. */
type Payment = Omit<z.output<typeof paymentInputSchema>, 'advance'> & { advance?: boolean };

/** Statement pages are oldest first; the cursor names this order like a list's sort. */
const STATEMENT_ORDER = 'posted_at';

/** The filter of the balances list; a supplier member's list holds at most their own supplier. */
async function balanceFilter(
  ctx: AppContext,
  caller: Caller,
  q: BalanceExportQuery,
): Promise<repo.BalanceFilter> {
  return {
    onlyId: ownSupplierOf(caller),
    q: q.q,
    type: q.type,
    owing: q.owing,
    before: q.as_of
      ? repo.dayStart(q.as_of, await timeZoneOf(ctx.db, caller.organizationId), true)
      : undefined,
  };
}

export async function list(ctx: AppContext, caller: Caller, q: BalanceQuery) {
  const f = await balanceFilter(ctx, caller, q);
  const [rows, totals] = await Promise.all([
    repo.balances(ctx.db, caller.organizationId, { ...f, ...listFilter(q) }),
    repo.balanceTotals(ctx.db, caller.organizationId, f),
  ]);
  return {
    ...toSortedPage(rows, q.limit, q.sort, toBalance),
    totals,
    as_of: q.as_of ?? null,
    currency: 'PHP' as const,
  };
}

export async function exportBalances(
  ctx: AppContext,
  caller: Caller,
  q: BalanceExportQuery,
  reply: FastifyReply,
) {
  const f = { ...(await balanceFilter(ctx, caller, q)), ...exportFilter(q) };
  return streamCsv(ctx, caller, reply, {
    filename: 'supplier-balances.csv',
    dataType: 'supplier_balances',
    parameters: q,
    columns: BALANCE_CSV,
    page: sortedPages(
      (tx: Tx, page: PageWindow) => repo.balances(tx, caller.organizationId, { ...f, ...page }),
      toBalance,
    ),
  });
}

/** The supplier the statement is about: 404 for another organization's, and for a supplier member, any but their own. */
async function statementSupplier(ctx: AppContext, caller: Caller, supplierId: string) {
  const own = ownSupplierOf(caller);
  const supplier =
    own === undefined || own === supplierId
      ? await getSupplier(ctx.db, caller.organizationId, supplierId)
      : undefined;
  if (!supplier) throw notFound('Supplier');
  return supplier;
}

async function periodOf(ctx: AppContext, caller: Caller, q: StatementExportQuery): Promise<repo.Period> {
  if (!q.from && !q.to) return {};
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  return {
    start: q.from ? repo.dayStart(q.from, timeZone) : undefined,
    end: q.to ? repo.dayStart(q.to, timeZone, true) : undefined,
  };
}

/** A supplier's statement for a period: opening balance, the entries with their running balance, closing balance. */
export async function statement(ctx: AppContext, caller: Caller, supplierId: string, q: StatementQuery) {
  const supplier = await statementSupplier(ctx, caller, supplierId);
  const period = await periodOf(ctx, caller, q);
  const after = decodeSortCursor(q.cursor, STATEMENT_ORDER);
  const [summary, rows] = await Promise.all([
    repo.periodSummary(ctx.db, caller.organizationId, supplierId, period),
    repo.entries(ctx.db, caller.organizationId, supplierId, { ...period, after, limit: q.limit + 1 }),
  ]);
  return {
    ...toSortedPage(rows, q.limit, STATEMENT_ORDER, toEntry),
    supplier: { id: supplier.id, code: supplier.code, name: supplier.name, type: supplier.type },
    from: q.from ?? null,
    to: q.to ?? null,
    opening_balance: summary.opening,
    closing_balance: summary.closing,
    total_increase: summary.increase,
    total_decrease: summary.decrease,
    currency: 'PHP' as const,
  };
}

/**
 * The statement as CSV, every entry of the period, streamed: an opening-balance row at the period's
 * start, the entries, and a closing-balance row at its end. The export is logged with its entry count.
 */
export async function exportStatement(
  ctx: AppContext,
  caller: Caller,
  supplierId: string,
  q: StatementExportQuery,
  reply: FastifyReply,
) {
  const supplier = await statementSupplier(ctx, caller, supplierId);
  const period = await periodOf(ctx, caller, q);
  // Both balance rows come from the same snapshot as the entries, so the statement always adds up.
  const summary = (tx: Tx) => repo.periodSummary(tx, caller.organizationId, supplierId, period);
  const columns = statementCsv(supplier);
  const row = (l: ReturnType<typeof balanceLine>) => columns.map(([, cell]) => cell(l));
  return streamCsv(ctx, caller, reply, {
    filename: `statement-${supplier.code}${q.from ? `-from-${q.from}` : ''}${q.to ? `-to-${q.to}` : ''}.csv`,
    dataType: 'supplier_statement',
    parameters: { supplier_id: supplierId, ...q },
    columns,
    before: async (tx) => {
      const s = await summary(tx);
      return [row(balanceLine('opening_balance', s.start, s.opening))];
    },
    page: sortedPages(
      (tx: Tx, page: PageWindow) =>
        repo.entries(tx, caller.organizationId, supplierId, { ...period, ...page }),
      toEntry,
    ),
    after: async (tx) => {
      const s = await summary(tx);
      return [row(balanceLine('closing_balance', s.end, s.closing))];
    },
  });
}

/**
 * Records money paid to a supplier. A payment above what is owed is refused unless it is marked as
 * an advance: recyclers in the Philippines commonly advance cash (a "bale") to junkshops and waste
 * pickers to secure their next deliveries, and the payables of those deliveries then settle it. An
 * unmarked overpayment is almost always a typo, so it needs that explicit choice. The excess of an
 * advance leaves a negative balance (the supplier owes material); advances go only to active
 * suppliers, since archived ones cannot deliver again. A retried payment (same Idempotency-Key) is
 * recorded once: a double tap must not pay twice. `paid_at` dates a payment made earlier.
 */
export async function pay(ctx: AppContext, caller: Caller, p: Payment, idempotencyKey?: string) {
  const amount = toUnits(p.amount, 2);
  if (amount <= 0n) throw unprocessable('The payment must be above ₱0.00');
  const paidAt = p.paid_at ? new Date(p.paid_at) : undefined;
  if (paidAt) assertNotFuture(paidAt, 'paid_at', 'The time paid');
  if (p.method !== 'cash' && !p.reference)
    throw unprocessable(`A ${p.method === 'gcash' ? 'GCash' : 'bank'} payment needs its reference number`);
  const scope = {
    organizationId: caller.organizationId,
    route: 'supplier-ledger:payments',
    key: idempotencyKey,
  };
  return idempotent(ctx.db, scope, p, async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, paidAt ?? new Date(), 'A payment');
    const supplier = await repo.lockSupplier(tx, caller.organizationId, p.supplier_id);
    if (!supplier) throw notFound('Supplier');
    const owed = toUnits(await repo.balanceOf(tx, caller.organizationId, p.supplier_id), 2);
    const advance = amount > owed;
    if (advance && !p.advance)
      throw unprocessable(
        `The payment exceeds the ${formatPhp(formatUnits(owed, 2))} owed to ${supplier.name}. Mark it as an advance to pay more.`,
      );
    if (advance && supplier.archivedAt)
      throw unprocessable(`${supplier.name} is archived and cannot get an advance`);
    const paid = formatUnits(amount, 2);
    const entry = await repo.insertLedgerEntry(tx, {
      organizationId: caller.organizationId,
      supplierId: p.supplier_id,
      kind: advance ? 'advance' : 'payment',
      amount: formatUnits(-amount, 2),
      method: p.method,
      reference: p.reference || null,
      note: p.note || null,
      sourceType: 'payment',
      createdBy: caller.userId,
      postedAt: paidAt,
    });
    const view = toEntry({ ...entry, balance: formatUnits(owed - amount, 2) });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'supplier_payment',
      entityId: entry.id,
      description: `${advance ? 'Advanced' : 'Paid'} ${supplier.name} ${formatPhp(paid)} by ${p.method}`,
      amount: paid,
      referenceId: p.reference ?? undefined,
      after: { supplier_id: p.supplier_id, ...view },
    });
    return { status: 201, body: view };
  });
}

/**
 * Undoes a mistaken payment or advance: the entry stays on the ledger and a reversal of the same amount,
 * with the reason, cancels it (today's date, so statements already sent stay true). A payment is
 * reversed at most once; the database's unique index holds that even for two managers at once.
 */
export async function reversePayment(ctx: AppContext, caller: Caller, entryId: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, new Date(), 'A reversal');
    const entry = await repo.getEntry(tx, caller.organizationId, entryId);
    if (!entry) throw notFound('Ledger entry');
    if (entry.kind !== 'payment' && entry.kind !== 'advance')
      throw unprocessable(
        `Only payments and advances can be reversed here; a ${entry.kind.replace('_', ' ')} is corrected by voiding its record.`,
      );
    const supplier = await repo.lockSupplier(tx, caller.organizationId, entry.supplierId);
    if (!supplier) throw notFound('Supplier');
    const amount = formatUnits(-toUnits(entry.amount, 2), 2);
    const reversal = await uniqueReversal(() =>
      repo.insertLedgerEntry(tx, {
        organizationId: caller.organizationId,
        supplierId: entry.supplierId,
        kind: 'payment_reversal',
        amount,
        method: entry.method,
        reference: entry.reference,
        note: reason,
        sourceType: 'supplier_ledger',
        sourceId: entry.id,
        createdBy: caller.userId,
      }),
    );
    const view = toEntry({
      ...reversal,
      balance: await repo.balanceOf(tx, caller.organizationId, entry.supplierId),
    });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'supplier_payment_reversal',
      entityId: reversal.id,
      description: `Reversed the ${entry.kind} of ${formatPhp(amount)} to ${supplier.name}: ${reason}`,
      amount,
      referenceId: entry.reference ?? entry.id,
      before: toEntry({ ...entry, balance: '' }),
      after: { supplier_id: entry.supplierId, ...view },
    });
    return view;
  });
}

async function uniqueReversal<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (err) {
    if (sqlState(err) === '23505') throw new AppError('conflict', 'This payment has already been reversed.');
    throw err;
  }
}
