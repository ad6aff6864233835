import type { AppContext } from '../../context.ts';
import { formatDecimal, parseDecimal } from '../../lib/decimal.ts';
import { forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { assertMay } from '../../lib/policy.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import * as repo from './ledger.repo.ts';

/** A supplier member sees only their own account. */
function visibleSupplier(caller: Caller, supplierId?: string): string | undefined {
  if (caller.role !== 'supplier') return supplierId;
  if (supplierId && supplierId !== caller.supplierId) throw notFound('Supplier');
  return caller.supplierId ?? '00000000-0000-0000-0000-000000000000';
}

export async function balances(ctx: AppContext, caller: Caller) {
  assertMay(caller, 'readOperations');
  const rows = await repo.balances(ctx.db, caller.organizationId, visibleSupplier(caller));
  return {
    items: rows.map((r) => ({
      supplier: r.supplier,
      balance: r.balance,
      currency: 'PHP' as const,
      last_entry_at: new Date(r.lastEntryAt).toISOString(),
    })),
  };
}

export async function statement(ctx: AppContext, caller: Caller, supplierId: string) {
  assertMay(caller, 'readOperations');
  const rows = await repo.entries(
    ctx.db,
    caller.organizationId,
    visibleSupplier(caller, supplierId) ?? supplierId,
  );
  return {
    items: rows.map(({ entry: e, balance }) => ({
      id: e.id,
      kind: e.kind,
      amount: e.amount,
      balance,
      currency: e.currency,
      method: e.method,
      reference: e.reference,
      source_type: e.sourceType,
      source_id: e.sourceId,
      note: e.note,
      posted_at: e.postedAt.toISOString(),
    })),
    balance: rows.at(-1)?.balance ?? '0.00',
  };
}

type Payment = {
  supplier_id: string;
  amount: string;
  method: 'cash' | 'gcash' | 'bank';
  reference?: string | null;
  note?: string | null;
};

/** A payment lowers what is owed; paying more than is owed is refused (advances are not supported yet). */
export async function pay(ctx: AppContext, caller: Caller, p: Payment) {
  if (caller.role !== 'admin' && caller.role !== 'manager')
    throw forbidden('Only managers and administrators may record payments');
  const amount = parseDecimal(p.amount, 2);
  if (amount <= 0n) throw unprocessable('The payment must be above ₱0.00');
  if (p.method !== 'cash' && !p.reference)
    throw unprocessable(`A ${p.method === 'gcash' ? 'GCash' : 'bank'} payment needs its reference number`);
  await ctx.db.transaction(async (tx) => {
    const supplier = await repo.lockSupplier(tx, caller.organizationId, p.supplier_id);
    if (!supplier) throw notFound('Supplier');
    const [current] = await repo.balances(tx, caller.organizationId, p.supplier_id);
    const owed = parseDecimal(current?.balance ?? '0', 2);
    if (amount > owed)
      throw unprocessable(`The payment exceeds the ₱${formatDecimal(owed, 2)} owed to ${supplier.name}`);
    await repo.insertLedgerEntry(tx, {
      organizationId: caller.organizationId,
      supplierId: p.supplier_id,
      kind: 'payment',
      amount: formatDecimal(-amount, 2),
      method: p.method,
      reference: p.reference || null,
      note: p.note || null,
      sourceType: 'payment',
      createdBy: caller.userId,
    });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'supplier_payment',
      entityId: p.supplier_id,
      description: `Paid ${supplier.name} ₱${formatDecimal(amount, 2)} by ${p.method}`,
      amount: formatDecimal(amount, 2),
      referenceId: p.reference ?? undefined,
    });
  });
  return statement(ctx, caller, p.supplier_id);
}
