import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { insertEntry } from '../activity/activity.repo.ts';
import { audit } from '../security/security.repo.ts';
import * as repo from './organization.repo.ts';

// Books closed (docs/architecture.md: Domain model): once a period's statements and reports have gone out, nothing dated in
// it may be posted any more. Every posting checks the date inside its own transaction; corrections of
// a closed period are posted on a later day (reversals, adjustments), so what was sent stays true.

/**
 * Refuses a posting dated on or before the organization's "books closed through" day (422, with the
 * day in the details). The rule is the database's (pt_assert_books_open, migration 0010), which the
 * receive-record posting functions call too, so every posting refuses alike.
 */
export async function assertBooksOpen(tx: Tx, organizationId: string, at: Date, what: string): Promise<void> {
  await repo.assertBooksOpen(tx, organizationId, at, what);
}

/** Moves the date (forward to close a period, back to reopen one), with the reason in the audit trail. */
export async function closeBooks(
  ctx: AppContext,
  caller: Caller,
  input: { through: string | null; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.getOrganization(tx, caller.organizationId);
    if (!before) throw notFound('Organization');
    const today = dayIn(new Date(), before.timeZone);
    if (input.through && input.through >= today)
      throw invalidField('through', `Close the books through a past day: today (${today}) is still open`);
    if (input.through === before.booksClosedThrough)
      throw new AppError('conflict', `The books are already closed through ${input.through ?? 'no date'}.`);
    const after = await repo.setBooksClosedThrough(tx, caller.organizationId, input.through);
    if (!after) throw notFound('Organization');
    const change = { books_closed_through: [before.booksClosedThrough, after.booksClosedThrough] };
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'organization.books_closed',
      entityType: 'organization',
      entityId: caller.organizationId,
      before: { books_closed_through: before.booksClosedThrough },
      after: { books_closed_through: after.booksClosedThrough, reason: input.reason },
    });
    const reopened = !input.through || (before.booksClosedThrough ?? '') > input.through;
    await insertEntry(tx, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      transactionType: 'UPDATE_SETTINGS',
      description: input.through
        ? `${reopened ? 'Reopened the books: closed through' : 'Closed the books through'} ${input.through}: ${input.reason}`
        : `Reopened every period of the books: ${input.reason}`,
      referenceId: caller.organizationId,
      metadata: { settingType: 'books_closed_through', changes: change, reason: input.reason },
    });
    return after;
  });
}
