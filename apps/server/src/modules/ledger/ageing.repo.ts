import type { ageingSchema } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { customerLedger, customers } from '../../db/schema/index.ts';
import { anyUuid } from '../../lib/prepared.ts';
import { CUSTOMER_BOOK } from './ledger.books.ts';
import { type BalanceFilter, filteredEntries } from './ledger.repo.ts';

// Ageing of what customers owe: each open receivable by how many days old it is on the as-of day, the
// way a collector reads it. Payments and credit notes settle the oldest receivables first (FIFO), so
// what stays open is the newest part of the balance; its buckets always add up to a positive balance.

export type Ageing = z.output<typeof ageingSchema>;
type Row = Ageing & { party_id: string };

const l = customerLedger;

/**
 * Pairs an entry with the one that cancels it: a dispatch's receivable with its void, a payment with
 * its reversal. A pair nets to what is left (nothing, once cancelled) at the first entry's date, so a
 * void removes its own receivable rather than settling the oldest one, and a reversed payment settles
 * nothing. Every other entry stands alone.
 */
const PAIR = sql`CASE
  WHEN ${l.kind} = 'payment' THEN 'p:' || ${l.id}
  WHEN ${l.kind} = 'payment_reversal' AND ${l.sourceId} IS NOT NULL THEN 'p:' || ${l.sourceId}
  WHEN ${l.kind} IN ('receivable', 'receivable_reversal') AND ${l.sourceId} IS NOT NULL THEN 'r:' || ${l.sourceId}
  ELSE 'x:' || ${l.id} END`;

export type AgeingQuery = {
  filter: BalanceFilter;
  /** The day ages are counted to, and the organization's time zone that days are read in. */
  asOf: string;
  timeZone: string;
};

/** The open receivables of the filter's customers (only `ids`, if given), each with its age in days. */
function openReceivables(orgId: string, q: AgeingQuery, ids?: readonly string[]): SQL {
  const e = filteredEntries(CUSTOMER_BOOK, orgId, q.filter);
  return sql`
    WITH pairs AS (
      SELECT ${l.customerId} AS party_id, ${PAIR} AS pair, sum(${l.amount}) AS amount,
             min(${l.postedAt}) AS posted_at
      FROM ${l} JOIN ${customers} ON ${e.join}
      WHERE ${e.where} ${ids ? sql`AND ${anyUuid(l.customerId, ids)}` : sql``}
      GROUP BY 1, 2
    ),
    settled AS (
      SELECT party_id, amount, posted_at,
             sum(amount) FILTER (WHERE amount > 0)
               OVER (PARTITION BY party_id ORDER BY posted_at, pair) AS raised,
             coalesce(-sum(amount) FILTER (WHERE amount < 0) OVER (PARTITION BY party_id), 0) AS lowered
      FROM pairs
    )
    SELECT party_id, greatest(0, least(amount, raised - lowered)) AS open,
           ${q.asOf}::date - (posted_at AT TIME ZONE ${q.timeZone})::date AS age
    FROM settled
    WHERE amount > 0`;
}

const buckets = sql`
  round(coalesce(sum(open) FILTER (WHERE age <= 30), 0), 2)::text AS current,
  round(coalesce(sum(open) FILTER (WHERE age BETWEEN 31 AND 60), 0), 2)::text AS days_31_to_60,
  round(coalesce(sum(open) FILTER (WHERE age BETWEEN 61 AND 90), 0), 2)::text AS days_61_to_90,
  round(coalesce(sum(open) FILTER (WHERE age > 90), 0), 2)::text AS over_90_days`;

export const NO_AGEING: Ageing = {
  current: '0.00',
  days_31_to_60: '0.00',
  days_61_to_90: '0.00',
  over_90_days: '0.00',
};

/** The ageing of each of these customers (those with nothing open are left out). */
export async function ageingByCustomer(
  db: Db | Tx,
  orgId: string,
  q: AgeingQuery,
  ids: readonly string[],
): Promise<Map<string, Ageing>> {
  if (!ids.length) return new Map();
  const { rows } = await db.execute<Row>(sql`
    SELECT party_id, ${buckets} FROM (${openReceivables(orgId, q, ids)}) o GROUP BY party_id`);
  return new Map(rows.map(({ party_id, ...ageing }) => [party_id, ageing]));
}

/**
 * The ageing over every customer the filter matches. The owing filter changes nothing here: a
 * customer who owes nothing has nothing open.
 */
export async function ageingTotals(db: Db | Tx, orgId: string, q: AgeingQuery): Promise<Ageing> {
  const { rows } = await db.execute<Ageing>(sql`SELECT ${buckets} FROM (${openReceivables(orgId, q)}) o`);
  return rows[0] ?? NO_AGEING;
}
