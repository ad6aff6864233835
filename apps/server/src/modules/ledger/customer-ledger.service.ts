import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type CsvColumn, exportFilter, type PageWindow, sortedPages } from '../../lib/listing.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { streamCsv } from '../activity/export.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { type Ageing, type AgeingQuery, ageingByCustomer, ageingTotals, NO_AGEING } from './ageing.repo.ts';
import { CUSTOMER_BOOK } from './ledger.books.ts';
import * as repo from './ledger.repo.ts';
import { type BalanceExportQuery, type BalanceQuery, balanceFilter, list } from './ledger.service.ts';
import { balanceCsv, toBalance } from './ledger.views.ts';

// What customers owe is read like what suppliers are owed (ledger.service.ts), with the ageing of the
// open receivables beside each balance and in the totals: a collector calls the oldest first.

const book = CUSTOMER_BOOK;
const balanceOf = toBalance(book);
type CustomerBalance = ReturnType<typeof balanceOf> & { ageing: Ageing };

/** The ageing is counted to the as-of day, or today, in the organization's time zone. */
async function ageingQuery(ctx: AppContext, caller: Caller, q: BalanceExportQuery): Promise<AgeingQuery> {
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  return {
    filter: await balanceFilter(ctx, book, caller, q, timeZone),
    asOf: q.as_of ?? dayIn(new Date(), timeZone),
    timeZone,
  };
}

export async function customerBalances(ctx: AppContext, caller: Caller, q: BalanceQuery) {
  const ageing = await ageingQuery(ctx, caller, q);
  const [{ totals, ...page }, totalAgeing] = await Promise.all([
    list(ctx, book, caller, q),
    ageingTotals(ctx.db, caller.organizationId, ageing),
  ]);
  const ids = page.items.map((b) => b.customer.id);
  const byCustomer = await ageingByCustomer(ctx.db, caller.organizationId, ageing, ids);
  return {
    ...page,
    items: page.items.map(
      (b): CustomerBalance => ({ ...b, ageing: byCustomer.get(b.customer.id) ?? NO_AGEING }),
    ),
    totals: {
      customers: totals.parties,
      owed: totals.owed,
      credits: totals.negative,
      net: totals.net,
      ageing: totalAgeing,
    },
  };
}

const BALANCE_CSV: CsvColumn<CustomerBalance>[] = [
  ...balanceCsv(book.party),
  ['current', (b) => b.ageing.current],
  ['days_31_to_60', (b) => b.ageing.days_31_to_60],
  ['days_61_to_90', (b) => b.ageing.days_61_to_90],
  ['over_90_days', (b) => b.ageing.over_90_days],
];

/** The filtered balances as CSV, each with its ageing, every row (streamed, logged). */
export async function exportCustomerBalances(
  ctx: AppContext,
  caller: Caller,
  q: BalanceExportQuery,
  reply: FastifyReply,
) {
  const ageing = await ageingQuery(ctx, caller, q);
  const f = { ...ageing.filter, ...exportFilter(q) };
  const withAgeing = async (tx: Tx, page: PageWindow) => {
    const rows = await repo.balances(tx, book, caller.organizationId, { ...f, ...page });
    const byCustomer = await ageingByCustomer(
      tx,
      caller.organizationId,
      ageing,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, ageing: byCustomer.get(r.id) ?? NO_AGEING }));
  };
  return streamCsv(ctx, caller, reply, {
    filename: book.csv.balances,
    dataType: book.csv.balancesData,
    parameters: q,
    columns: BALANCE_CSV,
    page: sortedPages(withAgeing, (r): CustomerBalance => ({ ...balanceOf(r), ageing: r.ageing })),
  });
}
