import type { FranchiseFeeKind } from '@plastrace/shared';
import { and, eq, getTableColumns, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { franchisees, suppliers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListFilter, sameText, searchAny, sortOrder } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';

type Handle = Db | Tx;
const t = franchisees;
const rows = recordRows(t, 'franchisee');
const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

const columns = { ...getTableColumns(t), supplierCode: suppliers.code, supplierName: suppliers.name };
export type FranchiseeRow = NonNullable<Awaited<ReturnType<typeof getFranchisee>>>;
export type FranchiseeValues = RecordValues<typeof franchisees>;
export type FranchiseeFilter = ListFilter & { feeKind?: FranchiseFeeKind; city?: string };

export function listFranchisees(db: Handle, orgId: string, f: FranchiseeFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns, sortValue: order.value })
    .from(t)
    .innerJoin(suppliers, eq(suppliers.id, t.supplierId))
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.feeKind ? eq(t.feeKind, f.feeKind) : undefined,
        sameText(t.city, f.city),
        searchAny(f.q, [t.code, t.name, t.ownerName, t.city, suppliers.name]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getFranchisee(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(t)
    .innerJoin(suppliers, eq(suppliers.id, t.supplierId))
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** The franchisee, archived or not, that already sells as this supplier (other than `self`). */
export async function franchiseeOfSupplier(db: Handle, orgId: string, supplierId: string, self?: string) {
  const [row] = await db
    .select({ code: t.code, name: t.name, archivedAt: t.archivedAt })
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.supplierId, supplierId), self ? ne(t.id, self) : undefined));
  return row;
}

const SUPPLIER_TAKEN = 'This supplier is already another franchisee’s';

/**
 * The unique (organization, supplier) constraint, met when two requests give one supplier at the same
 * moment (the check before the write saw neither), answers 409 like the check does.
 */
async function oneSupplierEach<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    if (cause?.code === '23505' && cause.constraint?.endsWith('_supplierId_unique'))
      throw new AppError('conflict', SUPPLIER_TAKEN, { fields: { 'body.supplier_id': SUPPLIER_TAKEN } });
    throw err;
  }
}

export const insertFranchisee = (tx: Tx, orgId: string, values: FranchiseeValues) =>
  oneSupplierEach(() => rows.insert(tx, orgId, values));
export const updateFranchisee = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<FranchiseeValues>,
) => oneSupplierEach(() => rows.update(tx, orgId, id, version, values));
