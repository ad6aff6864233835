import type { LEDGER_SORTS } from '@plastrace/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { type ListFilter, searchAny } from '../../lib/listing.ts';
import type { EntryRow, LedgerBook } from './ledger.books.ts';

type Handle = Db | Tx;

// Every amount is summed by PostgreSQL on numeric(14,2) and leaves as text: no float ever holds money.
// Each query reads the book it is given (ledger.books.ts): the supplier or the customer ledger.

/**
 * ISO 8601 in UTC. Cursors keep the microseconds (`micro`): a JS Date would cut them to milliseconds
 * and the next page would skip entries posted within the same millisecond.
 */
const isoUtc = (at: SQL | AnyPgColumn, micro = false) =>
  sql<string>`to_char(${at} AT TIME ZONE 'UTC', ${micro ? 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"' : 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'})`;

/** Where a calendar day of the organization's time zone starts; `next` gives where it ends. */
export const dayStart = (day: string, timeZone: string, next = false) =>
  sql`((${day}::date + ${next ? 1 : 0}::int)::timestamp AT TIME ZONE ${timeZone})`;

/** An entry's columns, the party's id under one name whichever book it is. */
const entryColumns = (b: LedgerBook) => {
  const l = b.ledger;
  return {
    id: l.id,
    organizationId: l.organizationId,
    partyId: b.partyId,
    kind: l.kind,
    amount: l.amount,
    currency: l.currency,
    method: l.method,
    reference: l.reference,
    sourceType: l.sourceType,
    sourceId: l.sourceId,
    note: l.note,
    createdBy: l.createdBy,
    postedAt: l.postedAt,
  };
};

// ---- balances ----

export type BalanceFilter = {
  /** The one party a member may see (a supplier member's own supplier). */
  onlyId?: string;
  q?: string;
  type?: string;
  owing?: boolean;
  /** Entries posted before this instant count (the end of the as-of day). */
  before?: SQL;
};

/** Which of the book's entries a balance filter reads, with the party joined. */
export function filteredEntries(b: LedgerBook, orgId: string, f: BalanceFilter) {
  const l = b.ledger;
  const p = b.parties;
  return {
    join: and(eq(p.id, b.partyId), eq(p.organizationId, l.organizationId)),
    where: and(
      eq(l.organizationId, orgId),
      f.onlyId ? eq(b.partyId, f.onlyId) : undefined,
      f.type ? sql`${p.type} = ${f.type}` : undefined,
      searchAny(f.q, [p.code, p.name]),
      f.before ? sql`${l.postedAt} < ${f.before}` : undefined,
    ),
  };
}

/** One row per party with ledger entries: the balance and the last entry, as of `before`. */
function partyBalances(db: Handle, b: LedgerBook, orgId: string, f: BalanceFilter) {
  const l = b.ledger;
  const p = b.parties;
  const entries = filteredEntries(b, orgId, f);
  return db
    .select({
      id: p.id,
      code: p.code,
      name: p.name,
      type: sql<string>`${p.type}::text`.as('type'),
      balance: sql<string>`sum(${l.amount})`.as('balance'),
      lastEntryAt: sql<string>`max(${l.postedAt})`.as('last_entry_at'),
    })
    .from(l)
    .innerJoin(p, entries.join)
    .where(entries.where)
    .groupBy(p.id)
    .having(f.owing ? sql`sum(${l.amount}) > 0` : undefined)
    .as('b');
}

type Balances = ReturnType<typeof partyBalances>;
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

export function balances(db: Handle, book: LedgerBook, orgId: string, f: BalanceFilter & ListFilter) {
  const b = partyBalances(db, book, orgId, f);
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

/**
 * Totals over every party the filter matches, whatever page is shown: how many, the positive
 * balances (owed), the negative ones as a positive amount (a supplier's advances, a customer's
 * credits) and their difference.
 */
export async function balanceTotals(db: Handle, book: LedgerBook, orgId: string, f: BalanceFilter) {
  const b = partyBalances(db, book, orgId, f);
  const [row] = await db
    .select({
      parties: sql<number>`count(*)::int`,
      owed: sql<string>`round(coalesce(sum(${b.balance}) FILTER (WHERE ${b.balance} > 0), 0), 2)::text`,
      negative: sql<string>`round(coalesce(-sum(${b.balance}) FILTER (WHERE ${b.balance} < 0), 0), 2)::text`,
      net: sql<string>`round(coalesce(sum(${b.balance}), 0), 2)::text`,
    })
    .from(b);
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}

/** What is owed between the organization and one party now (inside a write's transaction, after lockParty). */
export async function balanceOf(tx: Tx, b: LedgerBook, orgId: string, partyId: string): Promise<string> {
  const [row] = await tx
    .select({ balance: sql<string>`round(coalesce(sum(${b.ledger.amount}), 0), 2)::text` })
    .from(b.ledger)
    .where(and(eq(b.ledger.organizationId, orgId), eq(b.partyId, partyId)));
  return row?.balance ?? '0.00';
}

/** One entry of the organization's book. */
export async function getEntry(
  tx: Tx,
  b: LedgerBook,
  orgId: string,
  id: string,
): Promise<EntryRow | undefined> {
  const [row] = await tx
    .select(entryColumns(b))
    .from(b.ledger)
    .where(and(eq(b.ledger.organizationId, orgId), eq(b.ledger.id, id)));
  return row;
}

/** A party of the organization, archived or not (a statement reads history). */
export async function getParty(db: Handle, b: LedgerBook, orgId: string, partyId: string) {
  const p = b.parties;
  const [row] = await db
    .select({ id: p.id, code: p.code, name: p.name, type: sql<string>`${p.type}::text` })
    .from(p)
    .where(and(eq(p.organizationId, orgId), eq(p.id, partyId)));
  return row;
}

/** Locks the party's row so two writes cannot both pass the balance check. */
export async function lockParty(tx: Tx, b: LedgerBook, orgId: string, partyId: string) {
  const p = b.parties;
  const [row] = await tx
    .select({ id: p.id, name: p.name, archivedAt: p.archivedAt })
    .from(p)
    .where(and(eq(p.organizationId, orgId), eq(p.id, partyId)))
    .for('update');
  return row;
}

// ---- statement ----

/** A statement period: entries posted from `start` (inclusive) to `end` (exclusive); open-ended if left out. */
export type Period = { start?: SQL; end?: SQL };

const ofParty = (b: LedgerBook, orgId: string, partyId: string, end?: SQL) =>
  and(
    eq(b.ledger.organizationId, orgId),
    eq(b.partyId, partyId),
    end ? sql`${b.ledger.postedAt} < ${end}` : undefined,
  );

/** Opening and closing balance of the period, what it added and took off, and its bounds as ISO text. */
export async function periodSummary(db: Handle, b: LedgerBook, orgId: string, partyId: string, p: Period) {
  const l = b.ledger;
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
      end: isoUtc(p.end ?? dbNow),
    })
    .from(l)
    .where(ofParty(b, orgId, partyId, p.end));
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}

/**
 * The period's entries, oldest first, each with the running balance after it. The window runs over
 * the party's whole history up to the period's end, so the first entry's balance already holds
 * the opening balance and every page continues where the last one stopped.
 */
export function entries(
  db: Handle,
  b: LedgerBook,
  orgId: string,
  partyId: string,
  f: Period & { limit: number; after?: [string, string] },
) {
  const l = b.ledger;
  const book = sql.identifier(b.ledgerName);
  const e = db
    .select({
      ...entryColumns(b),
      balance: sql<string>`(sum(${l.amount}) OVER (ORDER BY ${l.postedAt}, ${l.id}))::text`.as('balance'),
      sortValue: isoUtc(l.postedAt, true).as('sort_value'),
      // Even when the reversal falls after the period: a statement must not offer to reverse it again.
      // (Spelled out: Drizzle writes the outer column unqualified, which the subquery would take as r's.)
      reversedBy: sql<string | null>`(SELECT r.id FROM ${book} r
        WHERE r.organization_id = ${orgId} AND r.source_id = ${book}.id AND r.kind = 'payment_reversal')`.as(
        'reversed_by',
      ),
    })
    .from(l)
    .where(ofParty(b, orgId, partyId, f.end))
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
