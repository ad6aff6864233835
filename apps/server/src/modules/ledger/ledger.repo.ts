import type { LEDGER_SORTS, SUPPLIER_TYPES } from '@plastrace/shared';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { supplierLedger, suppliers } from '../../db/schema/index.ts';
import { type ListFilter, searchAny } from '../../lib/listing.ts';

type Handle = Db | Tx;
const l = supplierLedger;
const s = suppliers;

// Every amount is summed by PostgreSQL on numeric(14,2) and leaves as text: no float ever holds money.

export async function insertLedgerEntry(tx: Tx, values: typeof supplierLedger.$inferInsert) {
  const [row] = await tx.insert(supplierLedger).values(values).returning();
  if (!row) throw new Error('ledger insert returned nothing');
  return row;
}

/**
 * ISO 8601 in UTC. Cursors keep the microseconds (`micro`): a JS Date would cut them to milliseconds
 * and the next page would skip entries posted within the same millisecond.
 */
const isoUtc = (at: SQL | AnyPgColumn, micro = false) =>
  sql<string>`to_char(${at} AT TIME ZONE 'UTC', ${micro ? 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"' : 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'})`;

/** Where a calendar day of the organization's time zone starts; `next` gives where it ends. */
export const dayStart = (day: string, timeZone: string, next = false) =>
  sql`((${day}::date + ${next ? 1 : 0}::int)::timestamp AT TIME ZONE ${timeZone})`;

// ---- balances ----

export type BalanceFilter = {
  /** A supplier member's own supplier. */
  onlyId?: string;
  q?: string;
  type?: (typeof SUPPLIER_TYPES)[number];
  owing?: boolean;
  /** Entries posted before this instant count (the end of the as-of day). */
  before?: SQL;
};

/** One row per supplier with ledger entries: the balance and the last entry, as of `before`. */
function supplierBalances(db: Handle, orgId: string, f: BalanceFilter) {
  return db
    .select({
      id: s.id,
      code: s.code,
      name: s.name,
      type: s.type,
      balance: sql<string>`sum(${l.amount})`.as('balance'),
      lastEntryAt: sql<string>`max(${l.postedAt})`.as('last_entry_at'),
    })
    .from(l)
    .innerJoin(s, and(eq(s.id, l.supplierId), eq(s.organizationId, l.organizationId)))
    .where(
      and(
        eq(l.organizationId, orgId),
        f.onlyId ? eq(l.supplierId, f.onlyId) : undefined,
        f.type ? eq(s.type, f.type) : undefined,
        searchAny(f.q, [s.code, s.name]),
        f.before ? sql`${l.postedAt} < ${f.before}` : undefined,
      ),
    )
    .groupBy(s.id)
    .having(f.owing ? sql`sum(${l.amount}) > 0` : undefined)
    .as('b');
}

type Balances = ReturnType<typeof supplierBalances>;
type SortKey = Exclude<(typeof LEDGER_SORTS)[number], `-${string}`>;

/** ORDER BY, keyset condition and cursor value of a sort such as `-balance`; the id breaks ties. */
function balanceOrder(b: Balances, sort: string, after?: [string, string]) {
  const descending = sort.startsWith('-');
  const keys: Record<SortKey, [column: SQL, typed: (v: string) => SQL, value: SQL<string>]> = {
    balance: [sql`${b.balance}`, (v) => sql`${v}::numeric`, sql<string>`${b.balance}::text`],
    name: [sql`${b.name}`, (v) => sql`${v}::text`, sql<string>`${b.name}`],
    last_entry_at: [
      sql`${b.lastEntryAt}`,
      (v) => sql`${v}::timestamptz`,
      isoUtc(sql`${b.lastEntryAt}`, true),
    ],
  };
  const key = keys[(descending ? sort.slice(1) : sort) as SortKey];
  if (!key) throw new Error(`unknown sort key ${sort}`); // the route's zod enum lets only known keys through
  const [column, typed, value] = key;
  const dir = descending ? desc : asc;
  return {
    orderBy: [dir(column), dir(b.id)],
    after: after
      ? sql`(${column}, ${b.id}) ${sql.raw(descending ? '<' : '>')} (${typed(after[0])}, ${after[1]}::uuid)`
      : undefined,
    value,
  };
}

export function balances(db: Handle, orgId: string, f: BalanceFilter & ListFilter) {
  const b = supplierBalances(db, orgId, f);
  const order = balanceOrder(b, f.sort, f.after);
  return db
    .select({
      id: b.id,
      code: b.code,
      name: b.name,
      type: b.type,
      // Named apart from b's columns: a bare "balance" in ORDER BY would otherwise sort this text.
      balance: sql<string>`${b.balance}::text`.as('balance_text'),
      lastEntryAt: isoUtc(sql`${b.lastEntryAt}`).as('last_entry_text'),
      sortValue: order.value.as('sort_value'),
    })
    .from(b)
    .where(order.after)
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

/** Totals over every supplier the filter matches, whatever page is shown. */
export async function balanceTotals(db: Handle, orgId: string, f: BalanceFilter) {
  const b = supplierBalances(db, orgId, f);
  const [row] = await db
    .select({
      suppliers: sql<number>`count(*)::int`,
      owed: sql<string>`round(coalesce(sum(${b.balance}) FILTER (WHERE ${b.balance} > 0), 0), 2)::text`,
      advances: sql<string>`round(coalesce(-sum(${b.balance}) FILTER (WHERE ${b.balance} < 0), 0), 2)::text`,
      net: sql<string>`round(coalesce(sum(${b.balance}), 0), 2)::text`,
    })
    .from(b);
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}

/** What is owed to one supplier now (inside the payment's transaction, after lockSupplier). */
export async function balanceOf(tx: Tx, orgId: string, supplierId: string): Promise<string> {
  const [row] = await tx
    .select({ balance: sql<string>`round(coalesce(sum(${l.amount}), 0), 2)::text` })
    .from(l)
    .where(and(eq(l.organizationId, orgId), eq(l.supplierId, supplierId)));
  return row?.balance ?? '0.00';
}

/** One entry of the organization's ledger. */
export async function getEntry(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(l)
    .where(and(eq(l.organizationId, orgId), eq(l.id, id)));
  return row;
}

/** Locks the supplier row so two payments cannot both pass the balance check. */
export async function lockSupplier(tx: Tx, orgId: string, supplierId: string) {
  const [row] = await tx
    .select({ id: s.id, name: s.name, archivedAt: s.archivedAt })
    .from(s)
    .where(and(eq(s.organizationId, orgId), eq(s.id, supplierId)))
    .for('update');
  return row;
}

// ---- statement ----

/** A statement period: entries posted from `start` (inclusive) to `end` (exclusive); open-ended if left out. */
export type Period = { start?: SQL; end?: SQL };

const ofSupplier = (orgId: string, supplierId: string, end?: SQL) =>
  and(
    eq(l.organizationId, orgId),
    eq(l.supplierId, supplierId),
    end ? sql`${l.postedAt} < ${end}` : undefined,
  );

/** Opening and closing balance of the period, what it added and took off, and its bounds as ISO text. */
export async function periodSummary(db: Handle, orgId: string, supplierId: string, p: Period) {
  const inPeriod = p.start ? sql`${l.postedAt} >= ${p.start}` : sql`true`;
  const total = (filter: SQL, sign = sql``) =>
    sql<string>`round(coalesce(${sign}sum(${l.amount}) FILTER (WHERE ${filter}), 0), 2)::text`;
  const [row] = await db
    .select({
      opening: total(sql`NOT (${inPeriod})`),
      closing: total(sql`true`),
      increase: total(sql`${inPeriod} AND ${l.amount} > 0`),
      decrease: total(sql`${inPeriod} AND ${l.amount} < 0`, sql`-`),
      start: p.start ? isoUtc(p.start) : sql<null>`NULL`,
      end: isoUtc(p.end ?? sql`now()`),
    })
    .from(l)
    .where(ofSupplier(orgId, supplierId, p.end));
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}

/**
 * The period's entries, oldest first, each with the running balance after it. The window runs over
 * the supplier's whole history up to the period's end, so the first entry's balance already holds
 * the opening balance and every page continues where the last one stopped.
 */
export function entries(
  db: Handle,
  orgId: string,
  supplierId: string,
  f: Period & { limit: number; after?: [string, string] },
) {
  const e = db
    .select({
      ...getTableColumns(l),
      balance: sql<string>`(sum(${l.amount}) OVER (ORDER BY ${l.postedAt}, ${l.id}))::text`.as('balance'),
      sortValue: isoUtc(l.postedAt, true).as('sort_value'),
      // Even when the reversal falls after the period: a statement must not offer to reverse it again.
      // (Spelled out: Drizzle writes the outer column unqualified, which the subquery would take as r's.)
      reversedBy: sql<string | null>`(SELECT r.id FROM supplier_ledger r
        WHERE r.organization_id = ${orgId} AND r.source_id = supplier_ledger.id AND r.kind = 'payment_reversal')`.as(
        'reversed_by',
      ),
    })
    .from(l)
    .where(ofSupplier(orgId, supplierId, f.end))
    .as('e');
  return db
    .select()
    .from(e)
    .where(
      and(
        f.start ? sql`${e.postedAt} >= ${f.start}` : undefined,
        f.after
          ? sql`(${e.postedAt}, ${e.id}) > (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(e.postedAt), asc(e.id))
    .limit(f.limit);
}
