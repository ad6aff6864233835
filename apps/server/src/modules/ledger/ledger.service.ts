import type {
  statementExportQuerySchema,
  statementQuerySchema,
  supplierBalanceExportQuerySchema,
  supplierBalanceQuerySchema,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  decodeSortCursor,
  exportFilter,
  listFilter,
  type PageWindow,
  sortedPages,
  toSortedPage,
} from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { streamCsv } from '../activity/export.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { type LedgerBook, type PartyName, SUPPLIER_BOOK } from './ledger.books.ts';
import * as repo from './ledger.repo.ts';
import {
  balanceCsv,
  balanceLine,
  keyed,
  partyRef,
  statementCsv,
  toBalance,
  toEntry,
} from './ledger.views.ts';

// Reading either book (ledger.books.ts): balances per party, their export, a party's statement and its
// export. Payments and credit notes are in payments.service.ts.

/** The balance queries of both books: they differ only in the party types `type` takes. */
export type BalanceQuery = Omit<z.output<typeof supplierBalanceQuerySchema>, 'type'> & {
  type?: string | undefined;
};
export type BalanceExportQuery = Omit<z.output<typeof supplierBalanceExportQuerySchema>, 'type'> & {
  type?: string | undefined;
};
type StatementQuery = z.output<typeof statementQuerySchema>;
type StatementExportQuery = z.output<typeof statementExportQuerySchema>;

/** Statement pages are oldest first; the cursor names this order like a list's sort. */
const STATEMENT_ORDER = 'posted_at';

/**
 * The filter of the balances list; a supplier member's list holds at most their own supplier. The
 * organization's time zone is read only for an as-of day, unless the caller has it already.
 */
export async function balanceFilter(
  ctx: AppContext,
  book: LedgerBook,
  caller: Caller,
  q: BalanceExportQuery,
  timeZone?: string,
): Promise<repo.BalanceFilter> {
  return {
    onlyId: book.ownPartyOf(caller),
    q: q.q,
    type: q.type,
    owing: q.owing,
    before: q.as_of
      ? repo.dayStart(q.as_of, timeZone ?? (await timeZoneOf(ctx.db, caller.organizationId)), true)
      : undefined,
  };
}

/** A page of balances and the totals of the whole filter (`negative`: the balances below zero, as a positive amount). */
export async function list<P extends PartyName, T extends string, K extends string>(
  ctx: AppContext,
  book: LedgerBook<P, T, K>,
  caller: Caller,
  q: BalanceQuery,
) {
  const f = await balanceFilter(ctx, book, caller, q);
  const [rows, totals] = await Promise.all([
    repo.balances(ctx.db, book, caller.organizationId, { ...f, ...listFilter(q) }),
    repo.balanceTotals(ctx.db, book, caller.organizationId, f),
  ]);
  return {
    ...toSortedPage(rows, q.limit, q.sort, toBalance(book)),
    totals,
    as_of: q.as_of ?? null,
    currency: 'PHP' as const,
  };
}

/** What is owed to suppliers: the totals name the negative balances as the advances they are. */
export async function supplierBalances(ctx: AppContext, caller: Caller, q: BalanceQuery) {
  const { totals, ...page } = await list(ctx, SUPPLIER_BOOK, caller, q);
  return {
    ...page,
    totals: { suppliers: totals.parties, owed: totals.owed, advances: totals.negative, net: totals.net },
  };
}

export async function exportBalances(
  ctx: AppContext,
  book: LedgerBook,
  caller: Caller,
  q: BalanceExportQuery,
  reply: FastifyReply,
) {
  const f = { ...(await balanceFilter(ctx, book, caller, q)), ...exportFilter(q) };
  return streamCsv(ctx, caller, reply, {
    filename: book.csv.balances,
    dataType: book.csv.balancesData,
    parameters: q,
    columns: balanceCsv(book.party),
    page: sortedPages(
      (tx: Tx, page: PageWindow) => repo.balances(tx, book, caller.organizationId, { ...f, ...page }),
      toBalance(book),
    ),
  });
}

/** The party the statement is about: 404 for another organization's, and for a supplier member, any but their own. */
async function statementParty<T extends string>(
  ctx: AppContext,
  book: LedgerBook<PartyName, T>,
  caller: Caller,
  partyId: string,
) {
  const own = book.ownPartyOf(caller);
  const party =
    own === undefined || own === partyId
      ? await repo.getParty(ctx.db, book, caller.organizationId, partyId)
      : undefined;
  if (!party) throw notFound(book.Party);
  return partyRef<T>(party);
}

async function periodOf(ctx: AppContext, caller: Caller, q: StatementExportQuery): Promise<repo.Period> {
  if (!q.from && !q.to) return {};
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  return {
    start: q.from ? repo.dayStart(q.from, timeZone) : undefined,
    end: q.to ? repo.dayStart(q.to, timeZone, true) : undefined,
  };
}

/** A party's statement for a period: opening balance, the entries with their running balance, closing balance. */
export async function statement<P extends PartyName, T extends string, K extends string>(
  ctx: AppContext,
  book: LedgerBook<P, T, K>,
  caller: Caller,
  partyId: string,
  q: StatementQuery,
) {
  const party = await statementParty(ctx, book, caller, partyId);
  const period = await periodOf(ctx, caller, q);
  const after = decodeSortCursor(q.cursor, STATEMENT_ORDER);
  const [summary, rows] = await Promise.all([
    repo.periodSummary(ctx.db, book, caller.organizationId, partyId, period),
    repo.entries(ctx.db, book, caller.organizationId, partyId, { ...period, after, limit: q.limit + 1 }),
  ]);
  return {
    ...toSortedPage(rows, q.limit, STATEMENT_ORDER, toEntry<K>),
    ...keyed(book.party, party),
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
  book: LedgerBook,
  caller: Caller,
  partyId: string,
  q: StatementExportQuery,
  reply: FastifyReply,
) {
  const party = await statementParty(ctx, book, caller, partyId);
  const period = await periodOf(ctx, caller, q);
  // Both balance rows come from the same snapshot as the entries, so the statement always adds up.
  const summary = (tx: Tx) => repo.periodSummary(tx, book, caller.organizationId, partyId, period);
  const columns = statementCsv(book.party, party);
  const row = (l: ReturnType<typeof balanceLine>) => columns.map(([, cell]) => cell(l));
  return streamCsv(ctx, caller, reply, {
    filename: `statement-${party.code}${q.from ? `-from-${q.from}` : ''}${q.to ? `-to-${q.to}` : ''}.csv`,
    dataType: book.csv.statementData,
    parameters: { [`${book.party}_id`]: partyId, ...q },
    columns,
    before: async (tx) => {
      const s = await summary(tx);
      return [row(balanceLine('opening_balance', s.start, s.opening))];
    },
    page: sortedPages(
      (tx: Tx, page: PageWindow) =>
        repo.entries(tx, book, caller.organizationId, partyId, { ...period, ...page }),
      toEntry,
    ),
    after: async (tx) => {
      const s = await summary(tx);
      return [row(balanceLine('closing_balance', s.end, s.closing))];
    },
  });
}
