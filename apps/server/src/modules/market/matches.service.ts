import { type MarketListing, type MarketSearchFilters, toUnits } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { type ListingRow, listingLots, readListings, searchListings } from './listings.search.ts';
import { lotsByListing, toListing } from './listings.views.ts';

// Matching (docs/architecture.md "Marketplace"): for one of the caller's buy listings, the active sell
// listings of other organizations that could fill it; for a sell listing, the buy requests it could fill.
// A buy listing's polymer, form and grade bind only when it names them; quantities and prices must meet
// where both sides state them. Nearest first when the caller's listing has a point, else cheapest first.

/** Candidates read before the rules that the search's filters cannot say are applied. */
const CANDIDATES = 200;
const SHOWN = 50;

/** Quantities and prices compared exactly, in thousandths. */
const n = (s: string) => toUnits(s, 3);
const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The sell listing `sell` could fill the buy listing `buy`: kind, material, quantity and price agree. */
export function fills(sell: ListingRow, buy: ListingRow): boolean {
  if (sell.kind !== buy.kind) return false;
  if (buy.kind === 'material') {
    if (buy.polymer && buy.polymer !== sell.polymer) return false;
    if (buy.form && buy.form !== sell.form) return false;
    if (buy.grade && !same(buy.grade, sell.grade)) return false;
  } else {
    if (buy.credit_fate && buy.credit_fate !== sell.credit_fate) return false;
    if (buy.credit_vintage && buy.credit_vintage !== sell.credit_vintage) return false;
  }
  // The seller has at least the buyer's minimum; the buyer wants at least the seller's minimum.
  if (buy.min_order && n(sell.remaining) < n(buy.min_order)) return false;
  if (sell.min_order && n(buy.remaining) < n(sell.min_order)) return false;
  if (buy.price !== null && sell.price !== null && n(sell.price) > n(buy.price)) return false;
  return true;
}

/** The search filters that narrow the candidates on the database side: what binds either way. */
function filtersFor(mine: ListingRow): MarketSearchFilters {
  const near = mine.latitude && mine.longitude ? { near_lat: mine.latitude, near_lng: mine.longitude } : {};
  const base = { side: mine.side === 'buy' ? ('sell' as const) : ('buy' as const), kind: mine.kind, ...near };
  if (mine.kind === 'credits') return base;
  if (mine.side === 'buy')
    return {
      ...base,
      ...(mine.polymer ? { polymer: mine.polymer as MarketSearchFilters['polymer'] } : {}),
      ...(mine.form ? { form: mine.form as MarketSearchFilters['form'] } : {}),
      ...(mine.grade ? { grade: mine.grade } : {}),
      ...(mine.min_order ? { min_quantity: mine.min_order } : {}),
    };
  // A buy request names a polymer; its form and grade may be left open, so only the polymer narrows here.
  return { ...base, ...(mine.polymer ? { polymer: mine.polymer as MarketSearchFilters['polymer'] } : {}) };
}

export async function matches(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<{ items: MarketListing[] }> {
  const [mine] = await readListings(
    ctx.db,
    [sql`l.id = ${id}::uuid`, sql`l.organization_id = ${caller.organizationId}::uuid`],
    { limit: 1 },
  );
  if (!mine) throw notFound('Listing');
  if (mine.status === 'closed') return { items: [] };
  const filters = filtersFor(mine);
  const candidates = await searchListings(ctx.db, filters, {
    withSeller: true,
    sort: filters.near_lat ? 'distance' : mine.side === 'buy' ? 'price_asc' : 'price_desc',
    limit: CANDIDATES,
    excludeOrganizationId: caller.organizationId,
  });
  const found = candidates
    .filter((c) => (mine.side === 'buy' ? fills(c, mine) : fills(mine, c)))
    .slice(0, SHOWN);
  const lots = lotsByListing(
    await listingLots(
      ctx.db,
      found.map((r) => r.id),
    ),
  );
  return {
    items: found.map((r) => toListing(ctx.publicUrl, caller.organizationId, r, lots.get(r.id) ?? [])),
  };
}
