import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { supplierLedger, suppliers } from '../../db/schema/index.ts';

export async function insertLedgerEntry(tx: Tx, values: typeof supplierLedger.$inferInsert): Promise<void> {
  await tx.insert(supplierLedger).values(values);
}

/** A supplier's entries, oldest first, each with the running balance after it. */
export function entries(db: Db | Tx, orgId: string, supplierId: string) {
  const l = supplierLedger;
  return db
    .select({
      entry: l,
      balance: sql<string>`sum(${l.amount}) OVER (ORDER BY ${l.postedAt}, ${l.id})::numeric(14,2)::text`,
    })
    .from(l)
    .where(and(eq(l.organizationId, orgId), eq(l.supplierId, supplierId)))
    .orderBy(asc(l.postedAt), asc(l.id));
}

/** What the organization owes each supplier (only suppliers with ledger entries). */
export function balances(db: Db | Tx, orgId: string, supplierId?: string) {
  return db
    .select({
      supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
      balance: sql<string>`sum(${supplierLedger.amount})::numeric(14,2)::text`,
      lastEntryAt: sql<Date>`max(${supplierLedger.postedAt})`,
    })
    .from(supplierLedger)
    .innerJoin(suppliers, eq(suppliers.id, supplierLedger.supplierId))
    .where(
      and(
        eq(supplierLedger.organizationId, orgId),
        supplierId ? eq(supplierLedger.supplierId, supplierId) : undefined,
      ),
    )
    .groupBy(suppliers.id, suppliers.code, suppliers.name)
    .orderBy(desc(sql`sum(${supplierLedger.amount})`), asc(suppliers.name));
}

/** Locks the supplier row so two payments cannot both pass the balance check. */
export async function lockSupplier(tx: Tx, orgId: string, supplierId: string) {
  const [row] = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.organizationId, orgId), eq(suppliers.id, supplierId)))
    .for('update');
  return row;
}
