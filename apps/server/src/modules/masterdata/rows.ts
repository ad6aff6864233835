import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from './records.ts';

type Handle = Db | Tx;

/** A master-data table: scoped by organization, coded, named, archivable and versioned. */
type RecordTable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  code: PgColumn;
  name: PgColumn;
  archivedAt: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** What a create or update may set: everything but the keys and the bookkeeping. */
export type RecordValues<T extends PgTable> = Omit<
  T['$inferInsert'],
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;

/**
 * The queries every master-data table shares, each scoped to the organization: the list (sorted by
 * name, code or creation, keyset pages, archived rows only when asked, a search over the given
 * columns, plus the module's own conditions), one row, one active row, insert and the versioned update.
 * A module's repo keeps only what is its own (its filters, joins and extra lookups).
 */
export function recordRows<T extends RecordTable>(t: T, noun: string) {
  type Row = T['$inferSelect'];
  const sorts = { name: t.name, code: t.code, created_at: t.createdAt };
  const one = async (db: Handle, where: SQL | undefined): Promise<Row | undefined> => {
    const [row] = await db
      .select()
      .from(t as PgTable)
      .where(where);
    return row as Row | undefined;
  };
  return {
    list(db: Handle, orgId: string, f: ListFilter, own: (SQL | undefined)[], search: AnyPgColumn[]) {
      const order = sortOrder(f.sort, sorts, t.id, f.after);
      return db
        .select({ ...getTableColumns(t as PgTable), sortValue: order.value })
        .from(t as PgTable)
        .where(
          and(
            eq(t.organizationId, orgId),
            f.includeArchived ? undefined : isNull(t.archivedAt),
            ...own,
            searchAny(f.q, search),
            order.after,
          ),
        )
        .orderBy(...order.orderBy)
        .limit(f.limit) as unknown as Promise<(Row & { sortValue: string })[]>;
    },
    get: (db: Handle, orgId: string, id: string) => one(db, and(eq(t.organizationId, orgId), eq(t.id, id))),
    /** For new records that refer to it: an archived row cannot be chosen. */
    getActive: (db: Handle, orgId: string, id: string) =>
      one(db, and(eq(t.organizationId, orgId), eq(t.id, id), isNull(t.archivedAt))),
    async insert(tx: Tx, orgId: string, values: RecordValues<T>): Promise<string> {
      const [row] = await tx
        .insert(t)
        .values({ ...values, organizationId: orgId } as PgInsertValue<T>)
        .returning({ id: t.id });
      if (!row) throw new Error(`${noun} insert returned nothing`);
      return row.id as string;
    },
    update: (
      tx: Tx,
      orgId: string,
      id: string,
      version: number | undefined,
      values: Partial<RecordValues<T>>,
    ) => updateVersioned(tx, t, orgId, id, version, values as PgUpdateSetSource<T>),
  };
}
