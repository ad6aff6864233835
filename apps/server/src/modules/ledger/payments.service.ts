import {
  type creditNoteInputSchema,
  formatPhp,
  formatUnits,
  missingReferenceMessage,
  type PaymentMethod,
  toUnits,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, assertNotFuture, notFound, sqlState, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { assertBooksOpen } from '../organization/books.ts';
import { idempotent } from '../security/idempotency.ts';
import { CUSTOMER_BOOK, type LedgerBook, type PartyName } from './ledger.books.ts';
import * as repo from './ledger.repo.ts';
import { toEntry } from './ledger.views.ts';

// The writes of either book: a payment, its reversal, and a manager's credit note to a customer. Each
// is one transaction that locks the party, checks the balance, appends an entry and logs the change.

/** A payment as either book's route takes it; `advance` only the supplier book knows (the demo seed leaves it out). */
export type Payment = {
  amount: string;
  method: PaymentMethod;
  reference?: string | null | undefined;
  note?: string | null | undefined;
  advance?: boolean | undefined;
  paid_at?: string | undefined;
};
type CreditNote = z.output<typeof creditNoteInputSchema>;

/**
 * Records money paid to a supplier or received from a customer; `body` is the request as sent (an
 * Idempotency-Key's retry is recognised by it). A payment above what is owed is refused unless the
 * book takes advances and it is marked as one: recyclers in the Philippines commonly advance cash (a
 * "bale") to junkshops and waste pickers to secure their next deliveries, and the payables of those
 * deliveries then settle it. An unmarked overpayment is almost always a typo, so it needs that explicit
 * choice. The excess of an advance leaves a negative balance (the supplier owes material); advances go
 * only to active suppliers, since archived ones cannot deliver again. Customers' deposits are not kept,
 * so a customer never pays more than is owed. A retried payment (same Idempotency-Key) is recorded
 * once: a double tap must not pay twice. `paid_at` dates a payment made earlier.
 */
export async function pay<P extends PartyName, T extends string, K extends string>(
  ctx: AppContext,
  book: LedgerBook<P, T, K>,
  caller: Caller,
  partyId: string,
  body: Payment,
  idempotencyKey?: string,
) {
  const amount = toUnits(body.amount, 2);
  if (amount <= 0n) throw unprocessable('The payment must be above ₱0.00');
  const paidAt = body.paid_at ? new Date(body.paid_at) : undefined;
  if (paidAt) assertNotFuture(paidAt, 'paid_at', 'The time paid');
  if (body.method !== 'cash' && !body.reference) throw unprocessable(missingReferenceMessage(body.method));
  const scope = { organizationId: caller.organizationId, route: book.paymentsRoute, key: idempotencyKey };
  return idempotent(ctx.db, scope, body, async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, paidAt ?? new Date(), 'A payment');
    const party = await repo.lockParty(tx, book, caller.organizationId, partyId);
    if (!party) throw notFound(book.Party);
    const owed = toUnits(await repo.balanceOf(tx, book, caller.organizationId, partyId), 2);
    const advance = amount > owed;
    if (advance && !(book.advances && body.advance))
      throw unprocessable(book.says.exceeds(formatUnits(owed, 2), party.name));
    if (advance && party.archivedAt)
      throw unprocessable(`${party.name} is archived and cannot get an advance`);
    const paid = formatUnits(amount, 2);
    const entry = await book.insert(tx, {
      organizationId: caller.organizationId,
      partyId,
      kind: advance ? 'advance' : 'payment',
      amount: formatUnits(-amount, 2),
      method: body.method,
      reference: body.reference || null,
      note: body.note || null,
      sourceType: 'payment',
      createdBy: caller.userId,
      postedAt: paidAt,
    });
    const view = toEntry<K>({ ...entry, balance: formatUnits(owed - amount, 2) });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: book.entity.payment,
      entityId: entry.id,
      description: book.says.paid(party.name, paid, body.method, advance),
      amount: paid,
      referenceId: body.reference ?? undefined,
      after: { [`${book.party}_id`]: partyId, ...view },
    });
    return { status: 201, body: view };
  });
}

/**
 * A manager lowers what a customer owes (a price agreed down, goods returned): a credit note with its
 * reason, today. Like a payment it never takes the balance below zero, since a customer's credit is not
 * kept, and a retry with the same Idempotency-Key records it once.
 */
export async function creditNote(ctx: AppContext, caller: Caller, c: CreditNote, idempotencyKey?: string) {
  const book = CUSTOMER_BOOK;
  const amount = toUnits(c.amount, 2);
  if (amount <= 0n) throw unprocessable('The credit note must be above ₱0.00');
  const scope = {
    organizationId: caller.organizationId,
    route: 'customer-ledger:credit-notes',
    key: idempotencyKey,
  };
  return idempotent(ctx.db, scope, c, async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, new Date(), 'A credit note');
    const customer = await repo.lockParty(tx, book, caller.organizationId, c.customer_id);
    if (!customer) throw notFound(book.Party);
    const owed = toUnits(await repo.balanceOf(tx, book, caller.organizationId, c.customer_id), 2);
    if (amount > owed)
      throw unprocessable(
        `The credit note exceeds the ${formatPhp(formatUnits(owed < 0n ? 0n : owed, 2))} ${customer.name} owes.`,
      );
    const credited = formatUnits(amount, 2);
    const entry = await book.insert(tx, {
      organizationId: caller.organizationId,
      partyId: c.customer_id,
      kind: 'credit_note',
      amount: formatUnits(-amount, 2),
      note: c.reason,
      sourceType: 'credit_note',
      createdBy: caller.userId,
    });
    const view = toEntry<(typeof book.kinds)[number]>({ ...entry, balance: formatUnits(owed - amount, 2) });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'customer_credit_note',
      entityId: entry.id,
      description: `Credited ${customer.name} ${formatPhp(credited)}: ${c.reason}`,
      amount: credited,
      after: { customer_id: c.customer_id, ...view },
    });
    return { status: 201, body: view };
  });
}

/**
 * Undoes a mistaken payment (or advance): the entry stays on the ledger and a reversal of the same amount,
 * with the reason, cancels it (today's date, so statements already sent stay true). A payment is
 * reversed at most once; the database's unique index holds that even for two managers at once.
 */
export async function reversePayment<P extends PartyName, T extends string, K extends string>(
  ctx: AppContext,
  book: LedgerBook<P, T, K>,
  caller: Caller,
  entryId: string,
  reason: string,
) {
  return ctx.db.transaction(async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, new Date(), 'A reversal');
    const entry = await repo.getEntry(tx, book, caller.organizationId, entryId);
    if (!entry) throw notFound('Ledger entry');
    if (!(book.reversible as readonly string[]).includes(entry.kind))
      throw unprocessable(book.says.notReversible(entry.kind));
    const party = await repo.lockParty(tx, book, caller.organizationId, entry.partyId);
    if (!party) throw notFound(book.Party);
    const amount = formatUnits(-toUnits(entry.amount, 2), 2);
    const reversal = await uniqueReversal(() =>
      book.insert(tx, {
        organizationId: caller.organizationId,
        partyId: entry.partyId,
        kind: 'payment_reversal',
        amount,
        method: entry.method,
        reference: entry.reference,
        note: reason,
        sourceType: book.ledgerName,
        sourceId: entry.id,
        createdBy: caller.userId,
      }),
    );
    const view = toEntry<K>({
      ...reversal,
      balance: await repo.balanceOf(tx, book, caller.organizationId, entry.partyId),
    });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: book.entity.reversal,
      entityId: reversal.id,
      description: book.says.reversed(entry.kind, amount, party.name, reason),
      amount,
      referenceId: entry.reference ?? entry.id,
      before: toEntry({ ...entry, balance: '' }),
      after: { [`${book.party}_id`]: entry.partyId, ...view },
    });
    return view;
  });
}

async function uniqueReversal<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (err) {
    if (sqlState(err) === '23505') throw new AppError('conflict', 'This payment has already been reversed.');
    throw err;
  }
}
