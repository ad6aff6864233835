import { PERMISSIONS } from '@plastrace/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, organizations, users } from '../../db/schema/index.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { enqueue } from '../mail/mail.repo.ts';
import { notify } from '../organization/notifications.repo.ts';

// Every step of a trade is told to the other party and written to both organizations' activity logs, in
// the step's own transaction: a refused step tells nobody, and a committed one is never left untold.

export type MarketEvent = {
  /** The organization on the other side of the trade, which is told. */
  otherOrganizationId: string;
  entityType: 'market_offer' | 'market_deal' | 'market_rfq';
  /** A step that creates the record (a request for quotation sent); else an update. */
  type?: 'CREATE_RECORD' | 'UPDATE_RECORD';
  entityId: string;
  /** The caller's activity log: "Countered the offer on PET flakes…". */
  mine: string;
  /** The other organization's log and notification: "EcoPlast countered your offer on PET flakes…". */
  theirs: string;
  /** The notification's title: "Offer countered". */
  title: string;
  /** Where the other party sees it, under the public URL: /marketplace?tab=deals, /enhanced-marketplace?tab=received. */
  path: string;
  amount?: string;
  /** The caller's view of the record, for its own log only: it names the caller's order and ids. */
  after?: unknown;
  /** The other organization's own view of the record; left out, its entry has no `after`. */
  theirAfter?: unknown;
};

/** The organization's name, for the other party's words. */
export async function organizationName(tx: Tx, id: string): Promise<string> {
  const [row] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.name ?? 'Another organization';
}

/** The active members of an organization whose role may trade on the marketplace. */
export async function traders(tx: Tx, organizationId: string) {
  return tx
    .select({ userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        inArray(memberships.role, [...PERMISSIONS['market.trade'].roles]),
      ),
    );
}

/**
 * Logs the step in both organizations and tells the other one's traders in the app and by e-mail. The
 * other organization's entry names the member who acted (the activity log records who did a thing) and
 * its description names their organization.
 */
export async function marketStep(tx: Tx, caller: Caller, publicUrl: string, e: MarketEvent) {
  const change = {
    type: e.type ?? ('UPDATE_RECORD' as const),
    entityType: e.entityType,
    entityId: e.entityId,
    amount: e.amount,
  };
  await logChange(tx, caller, { ...change, after: e.after, description: e.mine });
  await logChange(
    tx,
    { ...caller, organizationId: e.otherOrganizationId },
    { ...change, after: e.theirAfter, description: e.theirs },
  );
  await tell(tx, publicUrl, e.otherOrganizationId, e);
}

/**
 * Tells an organization's traders in the app and by e-mail, without logging: for what happened to its
 * offers without anyone acting on them (a listing sold out to someone else).
 */
export async function tell(
  tx: Tx,
  publicUrl: string,
  organizationId: string,
  m: { title: string; theirs: string; path: string },
) {
  const link = `${publicUrl}${m.path}`;
  for (const t of await traders(tx, organizationId)) {
    await notify(tx, organizationId, t.userId, 'market', m.title, m.theirs);
    await enqueue(tx, {
      to: t.email,
      subject: `${m.title} on the PlasTrace marketplace`,
      text: `Hello,\n\n${m.theirs}\n\nOpen it here:\n\n${link}\n`,
    });
  }
}
