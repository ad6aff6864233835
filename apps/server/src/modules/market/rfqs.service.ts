import { formatKg, type ReceivedRfq, type Rfq, type RfqInput, type RfqQuoteInput } from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, invalidField, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { idempotent } from '../security/idempotency.ts';
import { marketStep } from './notify.ts';
import { getListing } from './offers.repo.ts';
import { openOffer } from './offers.service.ts';
import * as repo from './rfqs.repo.ts';

// Requests for quotation (docs/architecture.md "Marketplace"): a buyer asks up to ten sellers at once,
// through one active sell listing of material each. A seller answers before the request closes with a
// quote, which is an offer on its listing to the buyer (negotiated like any offer), or declines. Only the
// buyer and the sellers it asked ever find a request; anyone else gets 404.

type Handle = Db | Tx;
const MAX_OPEN_DAYS = 90;
const DAY_MS = 86_400_000;

const tabPath = (tab: 'rfqs' | 'received', id: string) => `/enhanced-marketplace?tab=${tab}&rfq=${id}`;

function fields(r: repo.RfqRow) {
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    polymer: r.polymer,
    form: r.form,
    grade: r.grade,
    quantity_kg: r.quantity_kg,
    target_price: r.target_price,
    needed_by: r.needed_by,
    delivery_terms: r.delivery_terms,
    message: r.message,
    closes_at: r.closes_at,
    status: r.status,
    created_at: r.created_at,
  };
}

async function withRecipients(h: Handle, orgId: string, rfqs: repo.RfqRow[]): Promise<Rfq[]> {
  const recipients = await repo.recipientsOf(
    h,
    orgId,
    rfqs.map((r) => r.id),
  );
  return rfqs.map((r) => ({
    ...fields(r),
    recipients: recipients
      .filter((x) => x.rfq_id === r.id)
      .map((x) => ({
        id: x.id,
        seller: { organization_id: x.seller_organization_id, name: x.seller_name },
        listing: { id: x.listing_id, title: x.listing_title },
        status: x.status,
        offer_id: x.offer_id,
        responded_at: x.responded_at,
      })),
  }));
}

function toReceived(r: repo.ReceivedRow): ReceivedRfq {
  return {
    ...fields(r),
    buyer: { organization_id: r.organization_id, name: r.buyer_name },
    recipient_id: r.recipient_id,
    listing: { id: r.listing_id, title: r.listing_title },
    my_status: r.my_status,
    offer_id: r.offer_id,
    responded_at: r.responded_at,
  };
}

async function detail(h: Handle, orgId: string, id: string): Promise<Rfq> {
  const row = await repo.getRfq(h, orgId, id);
  if (!row) throw notFound('Request for quotation');
  const [view] = await withRecipients(h, orgId, [row]);
  return view as Rfq;
}

type ListQuery = { limit: number; cursor?: string; status?: string };

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const before = decodeCursor(q.cursor, ['uuid'] as const)?.[0];
  const rows = await repo.listRfqs(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    before,
    status: q.status,
  });
  const page = toPage(rows, q.limit, (r) => [r.id]);
  return {
    items: await withRecipients(ctx.db, caller.organizationId, page.items),
    next_cursor: page.next_cursor,
  };
}

export const get = (ctx: AppContext, caller: Caller, id: string) => detail(ctx.db, caller.organizationId, id);

export async function received(ctx: AppContext, caller: Caller, q: ListQuery) {
  const before = decodeCursor(q.cursor, ['uuid'] as const)?.[0];
  const rows = await repo.listReceived(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    before,
    status: q.status,
  });
  const page = toPage(rows, q.limit, (r) => [r.recipient_id]);
  return { items: page.items.map(toReceived), next_cursor: page.next_cursor };
}

/** Each listing must be another organization's active sell listing of material, one per seller. */
async function recipientsFor(tx: Tx, caller: Caller, ids: string[]) {
  const found = new Map((await repo.targetListings(tx, ids)).map((l) => [l.id, l]));
  const sellers = new Map<string, number>();
  const issues: Record<string, string> = {};
  const to: { id: string; sellerOrgId: string; listingId: string; sellerName: string; title: string }[] = [];
  ids.forEach((id, i) => {
    const l = found.get(id);
    const field = `body.listing_ids.${i}`;
    // Another organization's closed or paused listing is not found, as on the marketplace itself.
    const visible = l && (l.organization_id === caller.organizationId || l.status === 'active');
    if (!l || !visible) issues[field] = 'This listing was not found or is no longer active';
    else if (l.organization_id === caller.organizationId) issues[field] = 'This is your own listing';
    else if (l.status !== 'active') issues[field] = 'This listing is not active';
    else if (l.side !== 'sell' || l.kind !== 'material') issues[field] = 'Choose a sell listing of material';
    else if (sellers.has(l.organization_id))
      issues[field] =
        `${l.organization_name} is already asked through listing ${(sellers.get(l.organization_id) ?? 0) + 1}: one listing per seller`;
    else {
      sellers.set(l.organization_id, i);
      to.push({
        id: uuidv7(),
        sellerOrgId: l.organization_id,
        listingId: l.id,
        sellerName: l.organization_name,
        title: l.title,
      });
    }
  });
  const first = Object.values(issues)[0];
  if (first) throw new AppError('unprocessable', first, { fields: issues });
  return to;
}

export async function create(ctx: AppContext, caller: Caller, input: RfqInput, key?: string) {
  const closes = Date.parse(input.closes_at);
  if (closes <= Date.now()) throw invalidField('closes_at', 'The closing time must be in the future');
  if (closes > Date.now() + MAX_OPEN_DAYS * DAY_MS)
    throw invalidField('closes_at', `A request can stay open at most ${MAX_OPEN_DAYS} days`);
  if (new Set(input.listing_ids).size !== input.listing_ids.length)
    throw invalidField('listing_ids', 'Each listing once');
  return idempotent(
    ctx.db,
    { organizationId: caller.organizationId, route: 'market.rfqs.create', key },
    input,
    async (tx) => {
      const org = await repo.yearOf(tx, caller.organizationId);
      if (!org) throw notFound('Organization');
      const to = await recipientsFor(tx, caller, input.listing_ids);
      const id = uuidv7();
      const number = await repo.insertRfq(tx, {
        id,
        orgId: caller.organizationId,
        year: org.year,
        title: input.title,
        polymer: input.polymer,
        form: input.form,
        grade: input.grade ?? null,
        quantityKg: input.quantity_kg,
        targetPrice: input.target_price ?? null,
        neededBy: input.needed_by ?? null,
        deliveryTerms: input.delivery_terms ?? null,
        message: input.message ?? null,
        closesAt: input.closes_at,
        userId: caller.userId,
      });
      await repo.insertRecipients(tx, id, caller.organizationId, to);
      const what = `${number} “${input.title}” (${formatKg(input.quantity_kg)})`;
      for (const r of to)
        await marketStep(tx, caller, ctx.publicUrl, {
          entityType: 'market_rfq',
          otherOrganizationId: r.sellerOrgId,
          entityId: id,
          type: 'CREATE_RECORD',
          mine: `Sent request for quotation ${what} to ${r.sellerName} for listing “${r.title}”`,
          theirs: `${org.name} asks you for a quotation: ${what}, through your listing “${r.title}”. Quote before ${input.closes_at}.`,
          title: 'Request for quotation',
          path: tabPath('received', id),
        });
      return { status: 201, body: await detail(tx, caller.organizationId, id) };
    },
  );
}

/** The seller's row of an open RFQ, locked; a closed, cancelled or answered one is refused. */
async function answerable(tx: Tx, caller: Caller, rfqId: string) {
  const r = await repo.receivedRfq(tx, caller.organizationId, rfqId, true);
  if (!r) throw notFound('Request for quotation');
  if (r.status === 'cancelled') throw unprocessable(`${r.number} was cancelled by the buyer`);
  if (r.status === 'closed')
    throw unprocessable(`${r.number} closed on ${r.closes_at}: it takes no more answers`);
  if (r.my_status !== 'sent')
    throw new AppError(
      'conflict',
      `You already ${r.my_status === 'quoted' ? 'quoted' : 'declined'} ${r.number}`,
    );
  return r;
}

/**
 * A quote is an offer on the seller's listing to the buyer (offers.service openOffer, which checks the
 * listing, the quantity and the expiry and tells the buyer), recorded on the seller's recipient row.
 */
export async function quote(ctx: AppContext, caller: Caller, rfqId: string, input: RfqQuoteInput) {
  return ctx.db.transaction(async (tx) => {
    const r = await answerable(tx, caller, rfqId);
    const listing = await getListing(tx, r.listing_id, true);
    if (!listing) throw notFound('Listing');
    const offer = await openOffer(
      tx,
      caller,
      listing,
      {
        quantity: input.quantity,
        price: input.price,
        delivery_terms: input.delivery_terms,
        message: `Quote for request for quotation ${r.number} “${r.title}”`,
        expires_at: input.expires_at,
      },
      { buyerOrganizationId: r.organization_id, publicUrl: ctx.publicUrl },
    );
    await repo.answer(tx, caller.organizationId, r.recipient_id, { status: 'quoted', offerId: offer.id });
    const after = await repo.receivedRfq(tx, caller.organizationId, rfqId);
    return toReceived(after as repo.ReceivedRow);
  });
}

export async function decline(ctx: AppContext, caller: Caller, rfqId: string, reason?: string) {
  return ctx.db.transaction(async (tx) => {
    const r = await answerable(tx, caller, rfqId);
    await repo.answer(tx, caller.organizationId, r.recipient_id, { status: 'declined' });
    const name = (await repo.yearOf(tx, caller.organizationId))?.name ?? 'A seller';
    const why = reason ? `: ${reason}` : '';
    await marketStep(tx, caller, ctx.publicUrl, {
      entityType: 'market_rfq',
      otherOrganizationId: r.organization_id,
      entityId: rfqId,
      mine: `Declined request for quotation ${r.number} of ${r.buyer_name}${why}`,
      theirs: `${name} declined your request for quotation ${r.number} “${r.title}”${why}.`,
      title: 'Quotation declined',
      path: tabPath('rfqs', rfqId),
    });
    const after = await repo.receivedRfq(tx, caller.organizationId, rfqId);
    return toReceived(after as repo.ReceivedRow);
  });
}

export async function cancel(ctx: AppContext, caller: Caller, rfqId: string) {
  return ctx.db.transaction(async (tx) => {
    const r = await repo.getRfq(tx, caller.organizationId, rfqId, true);
    if (!r) throw notFound('Request for quotation');
    if (r.status !== 'open')
      throw unprocessable(`${r.number} is ${r.status}: only an open request can be cancelled`);
    await repo.cancelRfq(tx, caller.organizationId, rfqId);
    // Quotes already given stay offers: the buyer declines or lets them expire like any offer.
    const waiting = (await repo.recipientsOf(tx, caller.organizationId, [rfqId])).filter(
      (x) => x.status === 'sent',
    );
    if (waiting.length === 0)
      await logChange(tx, caller, {
        type: 'UPDATE_RECORD',
        entityType: 'market_rfq',
        entityId: rfqId,
        description: `Cancelled request for quotation ${r.number}`,
      });
    for (const x of waiting)
      await marketStep(tx, caller, ctx.publicUrl, {
        entityType: 'market_rfq',
        otherOrganizationId: x.seller_organization_id,
        entityId: rfqId,
        mine: `Cancelled request for quotation ${r.number} sent to ${x.seller_name}`,
        theirs: `${r.buyer_name} cancelled its request for quotation ${r.number} “${r.title}”: no quote is needed.`,
        title: 'Request for quotation cancelled',
        path: tabPath('received', rfqId),
      });
    return detail(tx, caller.organizationId, rfqId);
  });
}
