import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { tell, traders } from './notify.ts';
import * as repo from './offers.repo.ts';
import { terms } from './offers.service.ts';

// Offers expire without anyone answering them: by time, or when their listing sells out to another offer.
// Both parties' activity logs record it like every other step of a trade. Nothing sweeps offers past their
// time: whichever party reads them first (an offer, its thread, a list of offers) marks them expired, and
// only that move from open logs and tells, so each expiry is told once.

type Step = {
  /** Each party's log entry, given the other party's name. */
  words: (other: string) => string;
  /** Which parties are told, and in what words. */
  tell: { organizationId: string; text: string }[];
};

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Who stands for an organization in its log entry: the caller when it is of that organization; else the
 * organization's own member who last made an offer in the thread, else its first trader. Nobody answered
 * this offer, so another organization's member (the buyer who bought the listing out) is never named.
 */
async function actorFor(tx: Tx, caller: Caller | null, orgId: string, o: repo.ExpiredOffer) {
  if (caller?.organizationId === orgId) return caller.userId;
  return (await repo.threadMember(tx, orgId, o.threadId)) ?? (await traders(tx, orgId))[0]?.userId;
}

async function recordExpiry(
  tx: Tx,
  publicUrl: string,
  caller: Caller | null,
  o: repo.ExpiredOffer,
  listing: { id: string; title: string },
  step: Step,
) {
  const names = await repo.organizationNames(tx, [o.sellerOrganizationId, o.buyerOrganizationId]);
  for (const [org, other] of [
    [o.sellerOrganizationId, o.buyerOrganizationId],
    [o.buyerOrganizationId, o.sellerOrganizationId],
  ] as const) {
    const userId = await actorFor(tx, caller, org, o);
    if (!userId) continue; // an organization with no trader left has no one to stand for it
    const actor: Caller = caller
      ? { ...caller, organizationId: org, userId }
      : {
          sessionId: 'system',
          membershipId: '',
          role: 'manager',
          supplierId: null,
          organizationId: org,
          userId,
        };
    await logChange(tx, actor, {
      type: 'UPDATE_RECORD',
      entityType: 'market_offer',
      entityId: o.id,
      description: step.words(names.get(other) ?? 'another organization'),
      after: { status: 'expired' },
    });
  }
  for (const t of step.tell)
    await tell(tx, publicUrl, t.organizationId, {
      title: 'Offer expired',
      theirs: t.text,
      path: `/marketplace/listings/${listing.id}`,
    });
}

/**
 * A listing sold out: its other open offers expire. Both parties log it, naming organizations only; the
 * party that is not the listing's is told (the listing's own organization made the sale).
 */
export async function expireOnSoldOut(
  tx: Tx,
  publicUrl: string,
  caller: Caller,
  listing: { id: string; title: string; unit: string; organizationId: string },
) {
  for (const o of await repo.expireOpenOffers(tx, listing.id)) {
    const what = terms(listing.unit, o.quantity, o.price);
    const other =
      o.sellerOrganizationId === listing.organizationId ? o.buyerOrganizationId : o.sellerOrganizationId;
    await recordExpiry(tx, publicUrl, caller, o, listing, {
      words: (name) => `“${listing.title}” sold out: the open offer of ${what} with ${name} expired`,
      tell: [{ organizationId: other, text: `“${listing.title}” sold out: your open offer on it expired` }],
    });
  }
}

/**
 * Marks the caller's offers past their time expired (of one offer, thread or listing when given), logging
 * and telling both parties of each, in a transaction of its own before the read that found them.
 */
export async function expireDue(
  ctx: AppContext,
  caller: Caller,
  scope: { id?: string; threadId?: string; listingId?: string },
) {
  await ctx.db.transaction(async (tx) => {
    const due = await repo.expireDueOffers(tx, caller.organizationId, scope);
    for (const o of due) {
      const listing = await repo.getListing(tx, o.listingId);
      if (!listing) continue;
      const what = `${terms(listing.unit, o.quantity, o.price)} on “${listing.title}”`;
      const text = (name: string) => `The offer of ${what} with ${name} expired on ${when(o.expiresAt)}`;
      const names = await repo.organizationNames(tx, [o.sellerOrganizationId, o.buyerOrganizationId]);
      const otherName = (org: string) =>
        names.get(org === o.sellerOrganizationId ? o.buyerOrganizationId : o.sellerOrganizationId) ?? '';
      await recordExpiry(tx, ctx.publicUrl, null, o, listing, {
        words: text,
        tell: [o.sellerOrganizationId, o.buyerOrganizationId].map((org) => ({
          organizationId: org,
          text: text(otherName(org)),
        })),
      });
    }
  });
}
