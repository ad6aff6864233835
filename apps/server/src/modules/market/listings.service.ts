import {
  formatKg,
  type MarketListingClose,
  type MarketListingCreate,
  type MarketListingListQuery,
  type MarketListingUpdate,
  type MarketSearchQuery,
  sumDecimals,
  toUnits,
} from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppContext, Caller } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { toPage } from '../../lib/cursor.ts';
import { AppError, notFound, pgError, unprocessable } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { logChange } from '../activity/changes.ts';
import { idempotent } from '../security/idempotency.ts';
import { consume, type Limit } from '../security/rate-limit.ts';
import { listingQuality, type QualityFacts } from './listings.quality.ts';
import * as repo from './listings.repo.ts';
import {
  decodeListingCursor,
  type ListingLotRow,
  type ListingRow,
  listingLots,
  readListings,
  searchListings,
} from './listings.search.ts';
import { lotsByListing, toListing, toPublicListing } from './listings.views.ts';
import { marketStep } from './notify.ts';
import { expireOpenOffers } from './offers.repo.ts';

// Listings (docs/architecture.md "Marketplace"): an organization's offers to sell and requests to buy.
// A sell listing of lots reserves their kg and a credit listing its block's credits in the listing's own
// transaction; closing gives back what the listing still holds. Another organization sees a listing only
// while it is active, and anonymous visitors never see who lists.

/** The public marketplace is read per address like the credit registry. */
export const MARKET_VIEWS_PER_IP: Limit = { name: 'market-public-ip', limit: 300, windowMs: 5 * 60_000 };

const refuse = (field: string, message: string) =>
  unprocessable(message, { fields: { [`body.${field}`]: message } });

/** A reservation the 0031 trigger refused, put under the lot's kg field. */
function reservationRefusal(err: unknown, lots: { lot_id: string }[]): AppError | undefined {
  const pg = pgError(err);
  if (pg?.code !== 'PT422' || !pg.detail) return undefined;
  const detail = JSON.parse(pg.detail) as { lot_id?: string; available_kg?: string };
  const i = lots.findIndex((l) => l.lot_id === detail.lot_id);
  if (i < 0) return undefined;
  return unprocessable(pg.message, {
    lot_id: detail.lot_id,
    available_kg: detail.available_kg,
    fields: { [`body.lots.${i}.kg`]: pg.message },
  });
}

function checkMinOrder(minOrder: string | null | undefined, quantity: string) {
  if (minOrder && toUnits(minOrder, 3) > toUnits(quantity, 3))
    throw refuse('min_order', 'The minimum order cannot be more than the quantity listed');
}

type Location = Pick<repo.ListingInsert, 'facilityId' | 'city' | 'province' | 'latitude' | 'longitude'>;

async function locationOf(tx: Tx, org: string, b: MarketListingCreate): Promise<Location> {
  if (!b.facility_id)
    return {
      facilityId: null,
      city: b.city ?? null,
      province: b.province ?? null,
      latitude: b.latitude ?? null,
      longitude: b.longitude ?? null,
    };
  const f = await repo.facility(tx, org, b.facility_id);
  if (!f) throw refuse('facility_id', 'Choose one of your facilities');
  return { facilityId: b.facility_id, ...f };
}

/** The sell listing's lots, checked: the caller's, available and of the listed material. */
async function checkedLots(tx: Tx, org: string, materialId: string, lots: { lot_id: string; kg: string }[]) {
  const found = new Map(
    (
      await repo.lotsByIds(
        tx,
        org,
        lots.map((l) => l.lot_id),
      )
    ).map((l) => [l.id, l]),
  );
  lots.forEach((l, i) => {
    const lot = found.get(l.lot_id);
    if (!lot) throw refuse(`lots.${i}.lot_id`, 'Choose one of your lots');
    if (lot.status !== 'available') throw refuse(`lots.${i}.lot_id`, `Lot ${lot.code} is ${lot.status}`);
    if (lot.material_id !== materialId)
      throw refuse(`lots.${i}.lot_id`, `Lot ${lot.code} is not of the material listed`);
  });
}

async function materialFacts(h: Db | Tx, org: string, side: 'sell' | 'buy', lotIds: string[]) {
  return {
    kind: 'material' as const,
    side,
    material: true,
    quantity: true,
    lots: await repo.qualityFacts(h, org, lotIds),
  };
}

/** Reads one listing back as its owner sees it. */
export async function ownView(ctx: AppContext, h: Db | Tx, caller: Caller, id: string) {
  const [row] = await readListings(
    h,
    [sql`l.id = ${id}::uuid`, sql`l.organization_id = ${caller.organizationId}::uuid`],
    {
      withSeller: true,
      limit: 1,
    },
  );
  if (!row) throw notFound('Listing');
  return toListing(ctx.publicUrl, caller.organizationId, row, await listingLots(h, [id]));
}

export function create(ctx: AppContext, caller: Caller, b: MarketListingCreate, idempotencyKey?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'market:listings:create', key: idempotencyKey };
  return idempotent(ctx.db, scope, b, async (tx) => {
    const id = uuidv7();
    const lots = b.lots ?? [];
    let material: repo.MaterialRow | undefined;
    let block: repo.BlockRow | undefined;
    let quantity = b.quantity ?? '0';
    let facts: QualityFacts;
    if (b.kind === 'material') {
      if (b.side === 'sell') {
        material = await repo.material(tx, org, b.material_id ?? '');
        if (!material) throw refuse('material_id', 'Choose one of your materials');
        if (lots.length > 0) {
          await checkedLots(tx, org, material.id, lots);
          quantity = sumDecimals(
            lots.map((l) => l.kg),
            3,
          );
          if (b.quantity && toUnits(b.quantity, 3) !== toUnits(quantity, 3))
            throw refuse(
              'quantity',
              `The lots add up to ${formatKg(quantity)}: leave the quantity out or match it`,
            );
        }
      }
      facts = await materialFacts(
        tx,
        org,
        b.side,
        lots.map((l) => l.lot_id),
      );
    } else {
      if (b.side === 'sell') {
        block = await repo.lockBlock(tx, org, b.credit_block_id ?? '');
        if (!block) throw refuse('credit_block_id', 'Choose credits your organization holds');
        if (block.status !== 'held') throw refuse('credit_block_id', 'Retired credits cannot be listed');
        // Whole credits counted exactly: reserved is a numeric sum, read as text.
        const free = Number(BigInt(block.held) - toUnits(block.reserved, 0));
        if (toUnits(quantity, 3) > BigInt(free) * 1000n)
          throw unprocessable(
            `This block has ${free} credit${free === 1 ? '' : 's'} not yet listed or sold`,
            {
              available: free,
              fields: { 'body.quantity': `At most ${free} can be listed` },
            },
          );
      }
      facts = { kind: 'credits', side: b.side, quantity: true, batchLogged: block ? block.logged : null };
    }
    checkMinOrder(b.min_order, quantity);
    const quality = listingQuality(facts);
    await repo.insertListing(tx, {
      id,
      orgId: org,
      userId: caller.userId,
      side: b.side,
      kind: b.kind,
      title: b.title,
      description: b.description ?? null,
      materialId: material?.id ?? null,
      polymer: material?.polymer ?? b.polymer ?? null,
      form: material?.form ?? b.form ?? null,
      grade: b.grade ?? material?.grade ?? null,
      creditBatchId: block?.batch_id ?? null,
      creditVintage: block?.vintage ?? b.credit_vintage ?? null,
      creditFate: block?.fate ?? b.credit_fate ?? null,
      unit: b.kind === 'material' ? 'kg' : 'credit',
      quantity,
      minOrder: b.min_order ?? null,
      price: b.price ?? null,
      ...(await locationOf(tx, org, b)),
      availableFrom: b.available_from ?? null,
      availableUntil: b.available_until ?? null,
      qualityLevel: quality.level,
      quality,
      // Photos come only through the listing's upload route (listings.photos.ts), never another record's files.
      photoFileIds: [],
    });
    try {
      if (lots.length > 0) await repo.insertLotsAndReserve(tx, org, caller.userId, id, lots);
      if (block) await repo.reserveCredits(tx, org, caller.userId, id, block.id, quantity);
    } catch (err) {
      throw reservationRefusal(err, lots) ?? err;
    }
    const unit = b.kind === 'material' ? formatKg(quantity) : `${quantity} credits`;
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'market_listing',
      entityId: id,
      description: `Listed to ${b.side} ${unit}: ${b.title}`,
      after: {
        side: b.side,
        kind: b.kind,
        quantity,
        price: b.price ?? null,
        lots,
        credit_block_id: block?.id,
      },
    });
    return { status: 201, body: await ownView(ctx, tx, caller, id) };
  });
}

async function lockedOwn(tx: Tx, caller: Caller, id: string, version: number) {
  const l = await repo.lockListing(tx, caller.organizationId, id);
  if (!l) throw notFound('Listing');
  if (l.status === 'closed') throw unprocessable('This listing is closed: list again instead');
  if (l.version !== version)
    throw new AppError('conflict', 'Someone else changed this listing. Reload and try again.');
  return l;
}

/** The quality level again: a passport published since, or a lot's records logged since, may raise it. */
async function requality(tx: Tx, org: string, l: repo.LockedListing) {
  if (l.kind === 'material')
    return listingQuality(
      await materialFacts(tx, org, l.side as 'sell' | 'buy', await repo.listingLotIds(tx, org, l.id)),
    );
  const logged =
    l.side === 'sell' && l.credit_batch_id ? await repo.batchLogged(tx, l.credit_batch_id) : null;
  return listingQuality({
    kind: 'credits',
    side: l.side as 'sell' | 'buy',
    quantity: true,
    batchLogged: logged,
  });
}

export async function update(ctx: AppContext, caller: Caller, id: string, b: MarketListingUpdate) {
  return ctx.db.transaction(async (tx) => {
    const l = await lockedOwn(tx, caller, id, b.version);
    checkMinOrder(b.min_order, l.quantity);
    const quality = await requality(tx, caller.organizationId, l);
    const changes = {
      title: b.title,
      description: b.description,
      price: b.price,
      minOrder: b.min_order,
      availableFrom: b.available_from,
      availableUntil: b.available_until,
      status: b.status,
    };
    await repo.updateListing(tx, caller.organizationId, id, {
      ...changes,
      qualityLevel: quality.level,
      quality,
    });
    const { version: _, ...after } = b;
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'market_listing',
      entityId: id,
      description:
        b.status && b.status !== l.status
          ? `${b.status === 'paused' ? 'Paused' : 'Resumed'} listing ${l.title}`
          : `Changed listing ${l.title}`,
      before: { status: l.status },
      after,
    });
    return ownView(ctx, tx, caller, id);
  });
}

/**
 * Withdraws a listing: what it still reserves is released, and its open offers expire with it (as when it
 * sells out, deals.accept.ts), each maker told.
 */
export async function close(ctx: AppContext, caller: Caller, id: string, b: MarketListingClose) {
  return ctx.db.transaction(async (tx) => {
    const l = await lockedOwn(tx, caller, id, b.version);
    // A credit deal's credits stay on the listing's hold until the seller confirms payment.
    const unpaid = await repo.unpaidCreditDeals(tx, id);
    if (unpaid > 0)
      throw unprocessable(
        `${unpaid === 1 ? 'A deal on this listing awaits' : `${unpaid} deals on this listing await`} your confirmation of payment: confirm or cancel ${unpaid === 1 ? 'it' : 'them'} before withdrawing the listing`,
      );
    await repo.releaseListing(tx, caller.organizationId, caller.userId, id, 'withdrawn');
    await repo.updateListing(tx, caller.organizationId, id, { status: 'closed', closedReason: 'withdrawn' });
    const expired = await expireOpenOffers(tx, id);
    for (const o of expired) {
      const other =
        o.sellerOrganizationId === caller.organizationId ? o.buyerOrganizationId : o.sellerOrganizationId;
      const words = `“${l.title}” was withdrawn: the open offer on it expired`;
      await marketStep(tx, caller, ctx.publicUrl, {
        otherOrganizationId: other,
        entityType: 'market_offer',
        entityId: o.id,
        mine: words,
        theirs: words,
        title: 'Offer expired',
        path: `/marketplace/listings/${id}`,
      });
    }
    const n = expired.length;
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'market_listing',
      entityId: id,
      description: `Withdrew listing ${l.title}${n > 0 ? `; its ${n} open offer${n === 1 ? '' : 's'} expired` : ''}`,
      before: { status: l.status },
      after: { status: 'closed', closed_reason: 'withdrawn' },
    });
    return ownView(ctx, tx, caller, id);
  });
}

/** One listing: the caller's own in any status, another organization's only while it is active. */
export async function get(ctx: AppContext, caller: Caller, id: string) {
  const [row] = await readListings(
    ctx.db,
    [
      sql`l.id = ${id}::uuid`,
      sql`(l.organization_id = ${caller.organizationId}::uuid OR l.status = 'active')`,
    ],
    { withSeller: true, limit: 1 },
  );
  if (!row) throw notFound('Listing');
  return toListing(ctx.publicUrl, caller.organizationId, row, await listingLots(ctx.db, [id]));
}

async function page<V>(
  ctx: AppContext,
  rows: ListingRow[],
  limit: number,
  sort: string,
  view: (row: ListingRow, lots: ListingLotRow[]) => V,
) {
  const p = toPage(rows, limit, (r) => [sort, r.sort_value, r.id]);
  const lots = lotsByListing(
    await listingLots(
      ctx.db,
      p.items.map((r) => r.id),
    ),
  );
  return { items: p.items.map((r) => view(r, lots.get(r.id) ?? [])), next_cursor: p.next_cursor };
}

const memberView = (ctx: AppContext, caller: Caller) => (r: ListingRow, lots: ListingLotRow[]) =>
  toListing(ctx.publicUrl, caller.organizationId, r, lots);

/** The caller's organization's listings, newest first. */
export async function listMine(ctx: AppContext, caller: Caller, q: MarketListingListQuery) {
  const where: SQL[] = [sql`l.organization_id = ${caller.organizationId}::uuid`];
  if (q.status) where.push(sql`l.status = ${q.status}`);
  if (q.side) where.push(sql`l.side = ${q.side}`);
  if (q.kind) where.push(sql`l.kind = ${q.kind}`);
  if (q.q) where.push(sql`l.title ILIKE ${containsPattern(q.q)}`);
  const rows = await readListings(ctx.db, where, {
    withSeller: true,
    limit: q.limit + 1,
    after: decodeListingCursor(q.cursor, 'newest'),
  });
  return page(ctx, rows, q.limit, 'newest', memberView(ctx, caller));
}

/** Members' search: active listings of every organization, the caller's own marked `mine`. */
export async function search(ctx: AppContext, caller: Caller, q: MarketSearchQuery) {
  const rows = await searchListings(ctx.db, q, {
    withSeller: true,
    sort: q.sort,
    limit: q.limit + 1,
    after: decodeListingCursor(q.cursor, q.sort),
  });
  return page(ctx, rows, q.limit, q.sort, memberView(ctx, caller));
}

/** Anyone's search: the same listings without who lists them. */
export async function publicSearch(ctx: AppContext, ip: string, q: MarketSearchQuery) {
  await consume(ctx.db, MARKET_VIEWS_PER_IP, ip);
  const rows = await searchListings(ctx.db, q, {
    coarse: true,
    sort: q.sort,
    limit: q.limit + 1,
    after: decodeListingCursor(q.cursor, q.sort),
  });
  return page(ctx, rows, q.limit, q.sort, toPublicListing);
}

export async function publicGet(ctx: AppContext, ip: string, id: string) {
  await consume(ctx.db, MARKET_VIEWS_PER_IP, ip);
  const [row] = await readListings(ctx.db, [sql`l.id = ${id}::uuid`, sql`l.status = 'active'`], {
    coarse: true,
    limit: 1,
  });
  if (!row) throw notFound('Listing');
  return toPublicListing(row, await listingLots(ctx.db, [id]));
}
