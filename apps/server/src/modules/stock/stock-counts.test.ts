import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers, userTransactions } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let orgId: string;
const fac: Record<string, string> = {};
let ids: { supplier: string; pet: string; hdpe: string };

beforeAll(async () => {
  const { organizationId } = await seedDemo(ctx.database.db, {
    seed: 4,
    slug: 'counts',
    asOf: new Date('2026-11-01'),
  });
  orgId = organizationId;
  const db = ctx.database.db;
  for (const f of await db.select().from(facilities).where(eq(facilities.organizationId, orgId))) {
    fac[f.code] = f.id;
  }
  const [sup] = await db.select().from(suppliers).where(eq(suppliers.organizationId, orgId));
  const mats = await db.select().from(materials).where(eq(materials.organizationId, orgId));
  ids = {
    supplier: sup?.id ?? '',
    pet: mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '',
    hdpe: mats.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '',
  };
  const login = async (who: string) =>
    (await client(ctx.app)).login(`${who}.counts@demo.plastrace.ph`, DEMO_PASSWORD);
  [admin, manager, operator] = await Promise.all([login('admin'), login('manager'), login('operator')]);
});

type LotRef = { id: string; code: string };

/** Receives and posts one delivery at a facility; returns its lots, one per line. */
async function receive(
  facility: string,
  lines: { material_id: string; gross_kg: number; unit_price: number }[],
) {
  const draft = await admin.post('/api/receive-records', {
    supplier_id: ids.supplier,
    facility_id: facility,
    received_at: '2026-11-02T08:00:00+08:00',
    lines,
  });
  const posted = (await admin.post(`/api/receive-records/${draft.json().id}/post`)).json();
  return posted.lines.map((l: { lot: LotRef }) => l.lot) as LotRef[];
}

const put = (c: TestClient, id: string, lines: { lot_id?: string; counted_kg: unknown }[]) =>
  c.request('PUT', `/api/stock-counts/${id}/lines`, { lines });

type Line = { lot: { id: string }; difference_kg: string | null; difference_value_php: string | null };
const lineOf = (count: { lines: Line[] }, lot?: LotRef) => count.lines.find((l) => l.lot.id === lot?.id);
const movements = async (lot?: LotRef) =>
  (await admin.get(`/api/lots/${lot?.id}`)).json().movements as {
    kind: string;
    qty_kg: string;
    value_php: string;
    reason: string | null;
    source_type: string;
  }[];

describe('stock counts', () => {
  it('posts each difference as an adjustment at average cost, and nothing for a lot that matches', async () => {
    const [a, b, c] = await receive(fac.MNL2 ?? '', [
      { material_id: ids.pet, gross_kg: 100, unit_price: 10 },
      { material_id: ids.pet, gross_kg: 300, unit_price: 12 },
      { material_id: ids.hdpe, gross_kg: 50, unit_price: 20 },
    ]);
    const opened = await operator.post('/api/stock-counts', { facility_id: fac.MNL2, notes: 'Month-end' });
    expect(opened.statusCode).toBe(201);
    const count = opened.json();
    expect(count).toMatchObject({ status: 'open', facility: { code: 'MNL2' }, material: null });
    expect(count.number).toMatch(/^SC-\d{4}-\d{6}$/);
    expect(count.totals).toEqual({
      lines: 3,
      counted_lines: 0,
      book_kg: '450.000',
      book_value_php: '5600.00',
      counted_kg: '0.000',
      difference_kg: '0.000',
      difference_value_php: '0.00',
    });

    // Operators enter counts, as often as they like while the count is open.
    const huge = await put(operator, count.id, [{ lot_id: a?.id, counted_kg: '1000000000000000' }]);
    expect(huge.statusCode).toBe(400);
    expect(Object.values(huge.json().details.fields)).toEqual(['Counted kg must be below 100,000,000,000']);
    expect((await put(operator, count.id, [{ lot_id: a?.id, counted_kg: 90 }])).statusCode).toBe(200);
    const saved = await put(operator, count.id, [
      { lot_id: a?.id, counted_kg: '97.5' },
      { lot_id: b?.id, counted_kg: 300 },
      { lot_id: c?.id, counted_kg: '50.333' },
    ]);
    expect(saved.statusCode).toBe(200);
    const before = saved.json();
    // 100 kg at ₱10: −2.5 kg is −₱25.00; 50 kg at ₱20: +0.333 kg is +₱6.66.
    expect(lineOf(before, a)).toMatchObject({ difference_kg: '-2.500', difference_value_php: '-25.00' });
    expect(lineOf(before, b)).toMatchObject({ difference_kg: '0.000', difference_value_php: '0.00' });
    expect(lineOf(before, c)).toMatchObject({ difference_kg: '0.333', difference_value_php: '6.66' });
    expect(before.totals).toEqual({
      lines: 3,
      counted_lines: 3,
      book_kg: '450.000',
      book_value_php: '5600.00',
      counted_kg: '447.833',
      difference_kg: '-2.167',
      difference_value_php: '-18.34',
    });

    const refused = await operator.post(`/api/stock-counts/${count.id}/post`, { version: before.version });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const stale = await manager.post(`/api/stock-counts/${count.id}/post`, { version: count.version });
    expect(stale.statusCode).toBe(409);

    const posted = await manager.post(`/api/stock-counts/${count.id}/post`, { version: before.version });
    expect(posted.statusCode).toBe(200);
    const after = posted.json();
    expect(after).toMatchObject({ status: 'posted', posted_by: { name: expect.any(String) } });
    // What posting wrote is exactly what the count showed beforehand.
    expect(after.totals).toEqual(before.totals);
    expect(after.lines).toEqual(before.lines);

    const reason = `Stock count ${count.number}`;
    expect((await movements(a)).at(-1)).toMatchObject({
      kind: 'adjustment',
      qty_kg: '-2.500',
      value_php: '-25.00',
      reason,
      source_type: 'stock_count',
    });
    expect((await movements(b)).map((m) => m.kind)).toEqual(['receipt']);
    expect((await movements(c)).at(-1)).toMatchObject({ qty_kg: '0.333', value_php: '6.66', reason });
    expect((await admin.get(`/api/lots/${a?.id}`)).json()).toMatchObject({
      qty_kg: '97.500',
      value_php: '975.00',
    });

    const [logged] = await ctx.database.db
      .select()
      .from(userTransactions)
      .where(and(eq(userTransactions.organizationId, orgId), eq(userTransactions.referenceId, count.number)))
      .orderBy(desc(userTransactions.createdAt));
    expect(logged).toMatchObject({ transactionType: 'UPDATE_RECORD', amount: '-18.34' });
    expect(logged?.description).toContain(`Posted stock count ${count.number}`);

    // A posted count never changes again, through the API or straight in the database.
    expect((await put(operator, count.id, [{ lot_id: a?.id, counted_kg: 1 }])).statusCode).toBe(422);
    expect((await manager.post(`/api/stock-counts/${count.id}/post`)).statusCode).toBe(422);
    expect((await manager.post(`/api/stock-counts/${count.id}/cancel`, { reason: 'Oops' })).statusCode).toBe(
      422,
    );
    await expect(
      ctx.database.db.execute(sql`UPDATE stock_count_lines SET counted_kg = 1 WHERE count_id = ${count.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.execute(sql`UPDATE stock_counts SET notes = 'x' WHERE id = ${count.id}`),
    ).rejects.toThrow();
  });

  it('refuses to post uncounted lots and lots that moved since opening, writing nothing', async () => {
    const [a, b] = await receive(fac.CEB2 ?? '', [
      { material_id: ids.pet, gross_kg: 40, unit_price: 10 },
      { material_id: ids.pet, gross_kg: 60, unit_price: 10 },
    ]);
    const count = (
      await admin.post('/api/stock-counts', { facility_id: fac.CEB2, material_id: ids.pet })
    ).json();
    await put(operator, count.id, [{ lot_id: a?.id, counted_kg: 39 }]);
    const uncounted = await manager.post(`/api/stock-counts/${count.id}/post`);
    expect(uncounted.statusCode).toBe(422);
    expect(uncounted.json().message).toContain(`Lot ${b?.code} is not counted yet`);

    await put(operator, count.id, [{ lot_id: b?.id, counted_kg: 61 }]);
    await admin.post(`/api/lots/${b?.id}/adjust`, { qty_kg: -5, reason: 'Spillage' });
    const stale = await manager.post(`/api/stock-counts/${count.id}/post`);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toContain(`The book balance of lot ${b?.code} changed`);
    expect(stale.json().details).toEqual({ lot_id: b?.id, lot_code: b?.code });
    // All or nothing: the lot that did match got no adjustment either.
    expect((await movements(a)).map((m) => m.kind)).toEqual(['receipt']);

    const unknown = await put(operator, count.id, [
      { lot_id: '00000000-0000-4000-8000-000000000000', counted_kg: 1 },
    ]);
    expect(unknown.statusCode).toBe(422);

    const cancelled = await operator.post(`/api/stock-counts/${count.id}/cancel`, {
      reason: 'Recount next week',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Recount next week' });
    expect((await put(operator, count.id, [{ lot_id: a?.id, counted_kg: 40 }])).statusCode).toBe(422);
  });

  it('keeps one open count per facility, needs stock to count, and posts nothing when all match', async () => {
    const [lot] = await receive(fac.MNL3 ?? '', [{ material_id: ids.hdpe, gross_kg: 12.5, unit_price: 30 }]);
    const count = (await operator.post('/api/stock-counts', { facility_id: fac.MNL3 })).json();
    const twice = await operator.post('/api/stock-counts', { facility_id: fac.MNL3, material_id: ids.hdpe });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain(count.number);
    const empty = await operator.post('/api/stock-counts', { facility_id: fac.CEB1 });
    expect(empty.statusCode).toBe(422);

    await put(operator, count.id, [{ lot_id: lot?.id, counted_kg: '12.500' }]);
    // Two managers posting at once: one posts, the other finds it posted.
    const [first, second] = await Promise.all([
      manager.post(`/api/stock-counts/${count.id}/post`),
      admin.post(`/api/stock-counts/${count.id}/post`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    expect((await movements(lot)).map((m) => m.kind)).toEqual(['receipt']);
    const list = (await operator.get(`/api/stock-counts?facility_id=${fac.MNL3}`)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: 'posted', totals: { difference_kg: '0.000' } });
  });

  it('lists with filters and keyset pages; other organizations and supplier members see none', async () => {
    await receive(fac.MNL1 ?? '', [{ material_id: ids.pet, gross_kg: 5, unit_price: 1 }]);
    // Counts of its own, so there are two pages whatever else ran before: two closed, then one open.
    for (const reason of ['Counted the wrong bay', 'Scale out of calibration']) {
      const earlier = (await operator.post('/api/stock-counts', { facility_id: fac.MNL1 })).json();
      const cancelled = await operator.post(`/api/stock-counts/${earlier.id}/cancel`, { reason });
      expect(cancelled.statusCode).toBe(200);
    }
    const mine = (await operator.post('/api/stock-counts', { facility_id: fac.MNL1 })).json();
    const firstPage = (await operator.get('/api/stock-counts?limit=2')).json();
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.items[0].id).toBe(mine.id);
    const rest = (await operator.get(`/api/stock-counts?limit=2&cursor=${firstPage.next_cursor}`)).json();
    const all = [...firstPage.items, ...rest.items].map((c: { id: string }) => c.id);
    expect(new Set(all).size).toBe(all.length);
    expect(
      (await operator.get('/api/stock-counts?status=open')).json().items.map((c: { id: string }) => c.id),
    ).toEqual([mine.id]);
    expect((await operator.get(`/api/stock-counts?q=${mine.number}`)).json().items).toHaveLength(1);

    const other = await newOrganization(ctx.app);
    expect((await other.admin.get(`/api/stock-counts/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await put(other.admin, mine.id, [{ lot_id: mine.lines[0].lot.id, counted_kg: 1 }])).statusCode,
    ).toBe(404);
    expect((await other.admin.post(`/api/stock-counts/${mine.id}/post`)).statusCode).toBe(404);
    expect(
      (await other.admin.post(`/api/stock-counts/${mine.id}/cancel`, { reason: 'Not mine' })).statusCode,
    ).toBe(404);
    expect((await other.admin.post('/api/stock-counts', { facility_id: fac.MNL1 })).statusCode).toBe(404);
    expect((await other.admin.get('/api/stock-counts')).json().items).toEqual([]);
    const supplier = await (await client(ctx.app)).login('supplier.counts@demo.plastrace.ph', DEMO_PASSWORD);
    expect((await supplier.get('/api/stock-counts')).statusCode).toBe(403);
  });
});
