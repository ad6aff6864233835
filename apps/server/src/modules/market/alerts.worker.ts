import { formatCount, formatKg, formatPhp, PERMISSIONS, savedSearchFiltersSchema } from '@plastrace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { repeat } from '../../lib/repeat.ts';
import { enqueue } from '../mail/mail.repo.ts';
import * as repo from './alerts.repo.ts';
import { type ListingRow, searchListings } from './listings.search.ts';

// Saved-search alerts (docs/architecture.md "Marketplace"): at 08:00 in the organization's time zone, each
// search with its alert on gets one e-mail listing the active listings of other organizations that match
// it and were created after its watermark (alerted_through) and up to 07:45 (repo.ALERT_LAG), where the
// watermark then moves. The search's row is locked while its mail is written and the watermark moves in the
// same transaction, so two instances, a restart or a second pass never send the same listings twice; a day
// with nothing new sends nothing.

/** Listings named in one mail; more are counted and left to the marketplace's own search. */
const MAX_LISTED = 50;
const READERS = PERMISSIONS['market.read'].roles;

/**
 * No listing's id sorts after it: with `through` as the cursor of the newest-first order, the page starts
 * with the listings created at or before `through`.
 */
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

const quantityOf = (l: ListingRow) =>
  l.unit === 'kg' ? formatKg(l.remaining) : `${formatCount(l.remaining)} credits`;
const priceOf = (l: ListingRow) =>
  l.price === null ? 'make an offer' : `${formatPhp(l.price)} per ${l.unit === 'kg' ? 'kg' : 'credit'}`;

function mailText(ctx: AppContext, s: repo.DueSearch, found: ListingRow[]) {
  const shown = found.slice(0, MAX_LISTED);
  const lines = shown.map(
    (l) =>
      `- ${l.title}: ${quantityOf(l)}, ${priceOf(l)}, quality level ${l.quality_level}\n  ${ctx.publicUrl}/marketplace/listings/${l.id}`,
  );
  const more = found.length > MAX_LISTED ? ['', `…and more: see them on ${ctx.publicUrl}/marketplace`] : [];
  return [
    `Hello ${s.first_name},`,
    '',
    `New on the marketplace for your saved search “${s.name}”:`,
    '',
    ...lines,
    ...more,
    '',
    `Turn this alert off or change the search: ${ctx.publicUrl}/enhanced-marketplace`,
  ].join('\n');
}

/** Sends one search's alert if it is still due once locked; answers whether a mail was written. */
async function alertOne(ctx: AppContext, id: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const s = await repo.lockDue(tx, id, now, READERS);
    if (!s) return false;
    const parsed = savedSearchFiltersSchema.safeParse(s.filters);
    const found = await searchListings(tx, parsed.success ? parsed.data : {}, {
      sort: 'newest',
      limit: MAX_LISTED + 1,
      excludeOrganizationId: s.organization_id,
      createdAfter: new Date(s.alerted_through),
      after: [s.through, LAST_ID],
    });
    // Never the newest listing's instant: one created before it may not have committed yet.
    await repo.markAlerted(tx, s.id, s.through);
    if (found.length === 0) return false;
    await enqueue(tx, {
      to: s.email,
      subject: `${found.length > MAX_LISTED ? `${MAX_LISTED}+` : found.length} new listing${found.length === 1 ? '' : 's'} for “${s.name}”`,
      text: mailText(ctx, s, found),
    });
    return true;
  });
}

/** Sends every alert due at `now`; answers how many mails it wrote. A failing search is retried next round. */
export async function runAlerts(ctx: AppContext, now: Date, log?: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (const s of await repo.dueSearches(ctx.db, now, READERS)) {
    try {
      if (await alertOne(ctx, s.id, now)) sent++;
    } catch (err) {
      log?.warn({ err, savedSearch: s.id }, 'sending a saved-search alert failed; retrying next round');
    }
  }
  if (sent > 0) void ctx.mailer.kick();
  return sent;
}

/** Runs `runAlerts` every `everyMs` in the background; answers the stop function, which waits for a round. */
export function startMarketAlerts(ctx: AppContext, log: FastifyBaseLogger, everyMs = 60_000) {
  return repeat(
    () => runAlerts(ctx, new Date(), log),
    log,
    'checking saved-search alerts failed; retrying',
    everyMs,
  );
}
