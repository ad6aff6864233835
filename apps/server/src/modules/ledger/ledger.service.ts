import type {
  paymentInputSchema,
  statementExportQuerySchema,
  statementQuerySchema,
  supplierBalanceExportQuerySchema,
  supplierBalanceQuerySchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatDecimal, parseDecimal } from '../../lib/decimal.ts';
import { assertNotFuture, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import {
  CSV_MAX_ROWS,
  csvExport,
  decodeSortCursor,
  exportFilter,
  listFilter,
  toSortedPage,
} from '../../lib/listing.ts';
import { assertMay } from '../../lib/policy.ts';
import { assertMayExport } from '../../lib/records.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
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
  assertMay(caller, 'readOperations');
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

export async function exportBalances(ctx: AppContext, caller: Caller, q: BalanceExportQuery) {
  assertMayExport(caller);
  const f = await balanceFilter(ctx, caller, q);
  const rows = await repo.balances(ctx.db, caller.organizationId, { ...f, ...exportFilter(q) });
  return csvExport(ctx.db, caller, {
    dataType: 'supplier_balances',
    parameters: q,
    columns: BALANCE_CSV,
    items: rows.map(toBalance),
  });
}

/** The supplier the statement is about: 404 for another organization's, and for a supplier member, any but their own. */
async function statementSupplier(ctx: AppContext, caller: Caller, supplierId: string) {
  assertMay(caller, 'readOperations');
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
 * The statement as CSV: the entries between an opening-balance row at the period's start and a
 * closing-balance row at its end. The export is logged with the number of entries it holds.
 */
export async function exportStatement(
  ctx: AppContext,
  caller: Caller,
  supplierId: string,
  q: StatementExportQuery,
) {
  assertMayExport(caller);
  const supplier = await statementSupplier(ctx, caller, supplierId);
  const period = await periodOf(ctx, caller, q);
  const [summary, rows] = await Promise.all([
    repo.periodSummary(ctx.db, caller.organizationId, supplierId, period),
    repo.entries(ctx.db, caller.organizationId, supplierId, { ...period, limit: CSV_MAX_ROWS + 1 }),
  ]);
  // A cut statement would not add up to its closing balance: refuse rather than truncate.
  if (rows.length > CSV_MAX_ROWS)
    throw unprocessable(
      `This period has more than ${CSV_MAX_ROWS.toLocaleString('en-US')} entries: export a shorter period.`,
    );
  const columns = statementCsv(supplier);
  const csv = await csvExport(ctx.db, caller, {
    dataType: 'supplier_statement',
    parameters: { supplier_id: supplierId, ...q },
    columns,
    items: rows.map(toEntry),
  });
  const line = (l: ReturnType<typeof balanceLine>) =>
    toCsv(
      columns.map(([, cell]) => String(cell(l) ?? '')),
      [],
    );
  const headerEnd = csv.indexOf('\r\n') + 2;
  return {
    filename: `statement-${supplier.code}${q.from ? `-from-${q.from}` : ''}${q.to ? `-to-${q.to}` : ''}.csv`,
    csv:
      csv.slice(0, headerEnd) +
      line(balanceLine('opening_balance', summary.start, summary.opening)) +
      csv.slice(headerEnd) +
      line(balanceLine('closing_balance', summary.end, summary.closing)),
  };
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
  if (caller.role !== 'admin' && caller.role !== 'manager')
    throw forbidden('Only managers and administrators may record payments');
  const amount = parseDecimal(p.amount, 2);
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
    const supplier = await repo.lockSupplier(tx, caller.organizationId, p.supplier_id);
    if (!supplier) throw notFound('Supplier');
    const owed = parseDecimal(await repo.balanceOf(tx, caller.organizationId, p.supplier_id), 2);
    const advance = amount > owed;
    if (advance && !p.advance)
      throw unprocessable(
        `The payment exceeds the ₱${formatDecimal(owed, 2)} owed to ${supplier.name}. Mark it as an advance to pay more.`,
      );
    if (advance && supplier.archivedAt)
      throw unprocessable(`${supplier.name} is archived and cannot get an advance`);
    const paid = formatDecimal(amount, 2);
    const entry = await repo.insertLedgerEntry(tx, {
      organizationId: caller.organizationId,
      supplierId: p.supplier_id,
      kind: advance ? 'advance' : 'payment',
      amount: formatDecimal(-amount, 2),
      method: p.method,
      reference: p.reference || null,
      note: p.note || null,
      sourceType: 'payment',
      createdBy: caller.userId,
      postedAt: paidAt,
    });
    const view = toEntry({ ...entry, balance: formatDecimal(owed - amount, 2) });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'supplier_payment',
      entityId: entry.id,
      description: `${advance ? 'Advanced' : 'Paid'} ${supplier.name} ₱${paid} by ${p.method}`,
      amount: paid,
      referenceId: p.reference ?? undefined,
      after: { supplier_id: p.supplier_id, ...view },
    });
    return { status: 201, body: view };
  });
}
