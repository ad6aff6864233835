import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  marketListings,
  marketOffers,
  marketReservations,
  materials,
  memberships,
  notifications,
  orderLines,
  userTransactions,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { listLots, lotsOf, type MarketLot, type MarketOrg, marketOrganization } from '../../test/market.ts';
import { activity } from '../../test/masterdata.ts';

// How deals and offers end (review fixes): each party's log keeps its own view; a deal's orders change only
// with the deal, and its held kg are released when it completes or its sales order is closed; a cancel on a
// paused listing gives the kg back to it; a material code clash on accept; listings past their last day;
// offers expiring by time or by a sell-out, logged in both organizations.

const ctx = useTestApp();
let s: MarketOrg;
let b: MarketOrg;
let c: MarketOrg;

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const offer = (who: TestClient, listingId: string, body: Record<string, unknown>) =>
  who.post(`/api/market/listings/${listingId}/offers`, body, key());

async function listing(lots: MarketLot[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await listLots(s.manager, s, lots, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function deal(listingId: string, quantity: string, buyer: MarketOrg = b) {
  const o = await offer(buyer.manager, listingId, { quantity, price: '40.00' });
  expect(o.statusCode, o.body).toBe(201);
  const res = await s.manager.post(`/api/market/offers/${o.json().id}/accept`, {}, key());
  expect(res.statusCode, res.body).toBe(201);
  const mine = res.json();
  const theirs = (await buyer.manager.get(`/api/market/deals/${mine.id}`)).json();
  return { id: mine.id as string, so: mine.my_order as Order, po: theirs.my_order as Order };
}
type Order = { id: string; number: string };

async function heldForOrder(orderId: string) {
  const [row] = await ctx.database.db
    .select({ kg: sql<string>`coalesce(sum(${marketReservations.qty}), 0)::text` })
    .from(marketReservations)
    .where(eq(marketReservations.orderId, orderId));
  return row?.kg;
}

const reserved = async (lot: MarketLot) => (await lotsOf(ctx, [lot.id]))[0]?.reserved_kg;

async function dispatchAgainst(so: Order, lotId: string, kg: string) {
  const order = (await s.admin.get(`/api/orders/${so.id}`)).json();
  const res = await s.operator.post('/api/dispatch-records?post=true', {
    customer_id: order.customer.id,
    order_id: so.id,
    facility_id: s.ids.mnl1,
    dispatched_at: new Date(Date.now() - 60_000).toISOString(),
    lines: [{ lot_id: lotId, kg, unit_price: '40.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  s = await marketOrganization(ctx, 'endseller');
  b = await marketOrganization(ctx, 'endbuyer');
  c = await marketOrganization(ctx, 'endthird');
});

describe('each organization’s log of a deal', () => {
  it('keeps its own view: the other party’s order never appears in it', async () => {
    const lots = await s.receiveFlake(['700']);
    const d = await deal(await listing(lots), '300');
    const logged = async (orgId: string) =>
      JSON.stringify(
        await ctx.database.db
          .select({ after: auditLog.after })
          .from(auditLog)
          .where(and(eq(auditLog.organizationId, orgId), eq(auditLog.entityId, d.id))),
      );
    const buyers = await logged(b.organizationId);
    expect(buyers).toContain(d.po.id);
    expect(buyers).not.toContain(d.so.id);
    expect(buyers).not.toContain(d.so.number);
    const sellers = await logged(s.organizationId);
    expect(sellers).toContain(d.so.id);
    expect(sellers).not.toContain(d.po.id);
  });
});

describe('a deal’s orders', () => {
  it('are cancelled only with the deal', async () => {
    const d = await deal(await listing(await s.receiveFlake(['500'])), '500');
    for (const [who, order] of [
      [s.admin, d.so],
      [b.admin, d.po],
    ] as const) {
      const res = await who.post(`/api/orders/${order.id}/cancel`, { reason: 'Cancelled by hand' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(/belongs to the marketplace deal .*: cancel the deal instead/);
    }
    // Nothing was delivered: closing either would leave a deal that can neither complete nor be cancelled.
    const closed = await s.admin.post(`/api/orders/${d.so.id}/close`, { reason: 'Closing by hand' });
    expect(closed.statusCode, closed.body).toBe(422);
    const res = await b.manager.post(`/api/market/deals/${d.id}/cancel`, { reason: 'Our plant is down' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('release what is still held when the buyer confirms receipt of less', async () => {
    const lots = await s.receiveFlake(['1000']);
    const d = await deal(await listing(lots), '1000');
    await dispatchAgainst(d.so, lots[0]?.id ?? '', '600');
    expect(await heldForOrder(d.so.id)).toBe('400.000');
    const done = await b.manager.post(`/api/market/deals/${d.id}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(await heldForOrder(d.so.id)).toBe('0.000');
    expect(await reserved(lots[0] as MarketLot)).toBe('0.000');
  });

  it('release what is still held when the sales order is closed short', async () => {
    const lots = await s.receiveFlake(['800']);
    const d = await deal(await listing(lots), '800');
    await dispatchAgainst(d.so, lots[0]?.id ?? '', '300');
    const res = await s.admin.post(`/api/orders/${d.so.id}/close`, { reason: 'The rest was wet' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await heldForOrder(d.so.id)).toBe('0.000');
    expect(await reserved(lots[0] as MarketLot)).toBe('0.000');
  });
});

describe('cancelling a deal on a paused listing', () => {
  it('gives its kg back to the listing, which still counts them unsold', async () => {
    const lots = await s.receiveFlake(['1000']);
    const listingId = await listing(lots);
    const d = await deal(listingId, '400');
    const l = (await s.manager.get(`/api/market/listings/${listingId}`)).json();
    const paused = await s.manager.patch(`/api/market/listings/${listingId}`, {
      version: l.version,
      status: 'paused',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const res = await b.manager.post(`/api/market/deals/${d.id}/cancel`, { reason: 'Prices moved' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.manager.get(`/api/market/listings/${listingId}`)).json()).toMatchObject({
      status: 'paused',
      remaining: '1000.000',
    });
    expect(await reserved(lots[0] as MarketLot)).toBe('1000.000');
  });
});

describe('moving a listing’s kg to a deal', () => {
  it('refuses (a bug, not a user error) when its lots hold less than is left to sell', async () => {
    const lots = await s.receiveFlake(['500']);
    const listingId = await listing(lots);
    await ctx.database.db.insert(marketReservations).values({
      organizationId: s.organizationId,
      lotId: lots[0]?.id ?? '',
      listingId,
      qty: '-200',
      reason: 'test: released behind the listing’s back',
    });
    const o = (await offer(b.manager, listingId, { quantity: '500', price: '40' })).json();
    const res = await s.manager.post(`/api/market/offers/${o.id}/accept`, {}, key());
    expect(res.statusCode).toBe(500);
    expect(await reserved(lots[0] as MarketLot)).toBe('300.000');
  });
});

describe('accepting with a material code taken', () => {
  it('reuses a material whose grade differs only in case, and suffixes a code an archived one has', async () => {
    const [sellerFlake] = await ctx.database.db.select().from(materials).where(eq(materials.id, s.ids.flake));
    if (!sellerFlake) throw new Error('no flake');
    const grade = sellerFlake.grade.toLowerCase();
    expect(grade).not.toBe(sellerFlake.grade);
    await ctx.database.db.update(materials).set({ grade }).where(eq(materials.id, c.ids.flake));
    const first = await deal(await listing(await s.receiveFlake(['200'])), '200', c);
    const lineOf = async (orderId: string) =>
      (await ctx.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)))[0];
    expect((await lineOf(first.po.id))?.materialId).toBe(c.ids.flake);

    const code = `MKT-${sellerFlake.polymer}-${sellerFlake.form}-${sellerFlake.grade}`.toUpperCase();
    await ctx.database.db
      .update(materials)
      .set({ code, archivedAt: new Date() })
      .where(eq(materials.id, c.ids.flake));
    const second = await deal(await listing(await s.receiveFlake(['200'])), '200', c);
    const line = await lineOf(second.po.id);
    const [made] = await ctx.database.db
      .select({ code: materials.code })
      .from(materials)
      .where(eq(materials.id, line?.materialId ?? ''));
    expect(made?.code).toBe(`${code}-2`);
  });
});

describe('a listing past its last day', () => {
  it('takes no offers, counters or accepts', async () => {
    const listingId = await listing(await s.receiveFlake(['300']));
    const open = (await offer(b.manager, listingId, { quantity: '100', price: '40' })).json();
    await ctx.database.db
      .update(marketListings)
      .set({ availableUntil: '2026-01-31' })
      .where(eq(marketListings.id, listingId));
    expect((await offer(c.manager, listingId, { quantity: '100', price: '40' })).statusCode).toBe(404);
    for (const action of ['accept', 'counter']) {
      const res = await s.manager.post(
        `/api/market/offers/${open.id}/${action}`,
        { quantity: '100', price: '41' },
        key(),
      );
      expect(res.statusCode, action).toBe(422);
      expect(res.json().message).toMatch(/was available until 2026-01-31/);
    }
  });
});

describe('offers that expire', () => {
  const told = async (orgId: string, title: string) =>
    ctx.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.organizationId, orgId), eq(notifications.title, title)));

  it('when the listing sells out are logged by both parties, naming organizations', async () => {
    const listingId = await listing(await s.receiveFlake(['900']));
    await offer(c.manager, listingId, { quantity: '300', price: '39' });
    await deal(listingId, '900');
    expect(await activity(c.admin, 'sold out')).toEqual([
      `“Clear PET flakes, hot-washed” sold out: the open offer of 300 kg at ₱39.00/kg with ${s.name} expired`,
    ]);
    expect(await activity(s.admin, `with ${c.name} expired`)).toHaveLength(1);
    // The third organization's entry stands in the name of its own member, not of whoever bought it.
    const entries = await ctx.database.db
      .select({ member: memberships.organizationId })
      .from(userTransactions)
      .leftJoin(
        memberships,
        and(
          eq(memberships.userId, userTransactions.userId),
          eq(memberships.organizationId, c.organizationId),
        ),
      )
      .where(
        and(
          eq(userTransactions.organizationId, c.organizationId),
          sql`${userTransactions.description} LIKE '%sold out%'`,
        ),
      );
    expect(entries).toEqual([{ member: c.organizationId }]);
  });

  it('by time are marked, logged and told once, when either party reads them', async () => {
    const listingId = await listing(await s.receiveFlake(['500']));
    const o = (await offer(c.manager, listingId, { quantity: '100', price: '38' })).json();
    await ctx.database.db
      .update(marketOffers)
      .set({ expiresAt: new Date('2026-02-03T04:05:00Z') })
      .where(eq(marketOffers.id, o.id));
    const before = (await told(s.organizationId, 'Offer expired')).length;
    const items = (await c.manager.get(`/api/market/offers?listing_id=${listingId}`)).json().items;
    expect(items.map((x: { status: string }) => x.status)).toEqual(['expired']);
    const [row] = await ctx.database.db.select().from(marketOffers).where(eq(marketOffers.id, o.id));
    expect(row?.status).toBe('expired');
    const first = (await told(s.organizationId, 'Offer expired')).length;
    expect(first).toBeGreaterThan(before);
    // Later reads by either party tell no one again.
    await s.manager.get(`/api/market/offers/${o.id}/thread`);
    await c.manager.get(`/api/market/offers/${o.id}`);
    const words = '100 kg at ₱38.00/kg on “Clear PET flakes, hot-washed”';
    expect((await told(c.organizationId, 'Offer expired')).map((n) => n.body)).toContain(
      `The offer of ${words} with ${s.name} expired on 2026-02-03 04:05 UTC`,
    );
    expect((await told(s.organizationId, 'Offer expired')).length).toBe(first);
    expect(await activity(s.admin, `with ${c.name} expired on`)).toHaveLength(1);
    expect(await activity(c.admin, `with ${s.name} expired on`)).toHaveLength(1);
  });
});
