import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { facilities, organizations, prices, suppliers } from '../db/schema/index.ts';
import { balances } from '../modules/inventory/inventory.repo.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { type SeedResult, seedDemo, seedDemoIfEmpty } from './demo.ts';

const asOf = new Date('2026-11-01T00:00:00Z');
let a: TestDatabase;
let b: TestDatabase;
let demo: SeedResult;
const PUBLIC_URL = 'https://plastrace.example.ph';
// Both databases get the same demo first, so every test below can run alone or in any order.
beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  [demo] = await Promise.all([
    seedDemo(a.db, { seed: 42, asOf, deliveries: true, publicUrl: PUBLIC_URL }),
    seedDemo(b.db, { seed: 42, asOf, deliveries: true, publicUrl: PUBLIC_URL }),
  ]);
}, 240_000);
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

async function orgId(db: Db, slug: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  if (!org) throw new Error('no org');
  return org.id;
}

async function snapshot(db: Db, slug: string) {
  const org = { id: await orgId(db, slug) };
  const sup = await db
    .select({ code: suppliers.code, name: suppliers.name, type: suppliers.type, phone: suppliers.phone })
    .from(suppliers)
    .where(eq(suppliers.organizationId, org.id))
    .orderBy(asc(suppliers.code));
  const pr = await db
    .select({ region: prices.region, price: prices.pricePerKg, from: prices.effectiveFrom })
    .from(prices)
    .where(eq(prices.organizationId, org.id))
    .orderBy(asc(prices.region), asc(prices.effectiveFrom), asc(prices.pricePerKg));
  return { sup, pr, ...(await deliveries(db, org.id)) };
}

const rows = async <T extends Record<string, unknown>>(db: Db, text: ReturnType<typeof sql>) =>
  (await db.execute<T>(text)).rows;

/** Everything the deliveries wrote, without generated ids and wall-clock timestamps. */
async function deliveries(db: Db, org: string) {
  const q = (text: ReturnType<typeof sql>) => rows(db, text);
  return {
    records: await q(sql`
      SELECT r.number, r.status, s.code AS supplier, f.code AS facility, r.received_at, r.weighbridge_ticket,
             r.scale_device_id, r.vehicle_plate, r.notes, r.void_reason,
             json_agg(json_build_array(m.code, l.gross_kg, l.tare_kg, l.net_kg, l.deduction_pct, l.payable_kg,
                      l.unit_price, l.amount, lot.code, lot.status) ORDER BY l.line_no) AS lines
      FROM receive_records r JOIN suppliers s ON s.id = r.supplier_id JOIN facilities f ON f.id = r.facility_id
      JOIN receive_lines l ON l.record_id = r.id JOIN materials m ON m.id = l.material_id
      LEFT JOIN lots lot ON lot.id = l.lot_id
      WHERE r.organization_id = ${org} GROUP BY r.id, s.code, f.code ORDER BY r.number`),
    movements: await q(sql`
      SELECT lot.code, sm.kind, sm.qty_kg, sm.value_php, sm.reason FROM stock_movements sm
      JOIN lots lot ON lot.id = sm.lot_id WHERE sm.organization_id = ${org} ORDER BY lot.code, sm.id`),
    ledger: await q(sql`
      SELECT s.code, e.kind, e.amount, e.method, e.reference, e.note FROM supplier_ledger e
      JOIN suppliers s ON s.id = e.supplier_id WHERE e.organization_id = ${org} ORDER BY s.code, e.id`),
  };
}

describe('demo seed', () => {
  it('is deterministic: the same seed gives the same data', async () => {
    const first = await snapshot(a.db, 'demo');
    expect(first.records.length).toBe(demo.counts.receiveRecords + demo.counts.purchaseReceipts);
    expect(first.ledger.length).toBeGreaterThan(demo.counts.posted);
    expect(first).toEqual(await snapshot(b.db, 'demo'));
    await seedDemo(b.db, { seed: 43, asOf, slug: 'other' });
    expect((await snapshot(b.db, 'other')).sup).not.toEqual((await snapshot(b.db, 'demo')).sup);
  }, 120_000);

  it('fills Philippine facilities in Metro Manila and Cebu, suppliers of every kind and PHP prices', async () => {
    const fac = await a.db.select().from(facilities);
    expect(new Set(fac.map((f) => f.province))).toEqual(new Set(['Metro Manila', 'Cebu']));
    const types = new Set((await a.db.select({ t: suppliers.type }).from(suppliers)).map((s) => s.t));
    expect(types).toEqual(
      new Set(['waste_picker', 'junkshop', 'aggregator', 'cooperative', 'lgu', 'company']),
    );
    const pr = await a.db.select().from(prices);
    expect(pr.every((p) => p.currency === 'PHP' && Number(p.pricePerKg) > 0)).toBe(true);
    const [org] = await a.db.select().from(organizations);
    expect(org).toMatchObject({ defaultCurrency: 'PHP', timeZone: 'Asia/Manila', isDemo: true });
  });

  it('grows with --scale', async () => {
    const small = await seedDemo(a.db, { seed: 1, asOf, slug: 's1' });
    const big = await seedDemo(a.db, { seed: 1, asOf, slug: 's4', scale: 4 });
    expect(big.counts.suppliers).toBe(small.counts.suppliers * 4);
    expect(big.counts.prices).toBe(small.counts.prices * 4);
    // Deliveries only when asked for: module tests start from master data alone.
    expect(big.counts.receiveRecords).toBe(0);
  });

  it('refuses a taken slug and leaves nothing half-written', async () => {
    const before = (await a.db.select().from(suppliers)).length;
    await expect(seedDemo(a.db, { seed: 9, asOf })).rejects.toThrow(/already exists/);
    expect((await a.db.select().from(suppliers)).length).toBe(before);
  });

  it('seeds an empty database only', async () => {
    expect(await seedDemoIfEmpty(a.db, { seed: 1, asOf })).toBeUndefined();
  });
});

describe('demo deliveries', () => {
  const org = () => demo.organizationId;

  it('posts most deliveries, leaves the newest as drafts and voids the duplicates', async () => {
    const records = await rows<{
      number: string;
      status: string;
      received_at: Date;
      lines: number;
      lots: number;
      receipts: number;
      voided_lots: number;
      total: string;
      ledger: [string, string][] | null;
    }>(
      a.db,
      sql`
      SELECT r.number, r.status, r.received_at, count(l.id)::int AS lines,
             count(lot.id) FILTER (WHERE lot.origin_type = 'receive_line' AND lot.origin_id = l.id
               AND lot.material_id = l.material_id AND lot.facility_id = r.facility_id)::int AS lots,
             count(mv.id) FILTER (WHERE mv.qty_kg = l.net_kg AND mv.value_php = l.amount)::int AS receipts,
             count(lot.id) FILTER (WHERE lot.status = 'voided')::int AS voided_lots,
             sum(l.amount)::text AS total,
             (SELECT json_agg(json_build_array(e.kind, e.amount::text) ORDER BY e.id) FROM supplier_ledger e
               WHERE e.source_id = r.id) AS ledger
      FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
      LEFT JOIN lots lot ON lot.id = l.lot_id
      LEFT JOIN stock_movements mv ON mv.lot_id = l.lot_id AND mv.kind = 'receipt'
      WHERE r.organization_id = ${org()} GROUP BY r.id ORDER BY r.received_at, r.number`,
    );
    const by = (status: string) => records.filter((r) => r.status === status);
    // The deliveries against purchase orders are posted too.
    expect(by('posted')).toHaveLength(demo.counts.posted + demo.counts.purchaseReceipts);
    expect(by('draft')).toHaveLength(demo.counts.drafts);
    expect(by('voided')).toHaveLength(demo.counts.voided);
    expect(demo.counts).toMatchObject({ drafts: 3, voided: 2 });
    for (const r of by('posted')) {
      expect(r, r.number).toMatchObject({ lots: r.lines, receipts: r.lines, ledger: [['payable', r.total]] });
    }
    for (const r of by('voided')) {
      expect(r, r.number).toMatchObject({
        lots: r.lines,
        voided_lots: r.lines,
        ledger: [
          ['payable', r.total],
          ['payable_reversal', `-${r.total}`],
        ],
      });
    }
    for (const r of by('draft')) expect(r, r.number).toMatchObject({ lots: 0, receipts: 0, ledger: null });
    // Drafts are the deliveries nobody has posted yet: the newest ones.
    expect(records.slice(-demo.counts.drafts).every((r) => r.status === 'draft')).toBe(true);
  });

  it('leaves every inventory balance non-negative and equal to its ledger', async () => {
    const [cache] = await rows<{ negative: number; mismatched: number; lots: number }>(
      a.db,
      sql`
      SELECT count(*) FILTER (WHERE b.qty_kg < 0)::int AS negative,
             count(*) FILTER (WHERE b.qty_kg <> s.qty OR b.value_php <> s.value)::int AS mismatched,
             count(*)::int AS lots
      FROM lot_balances b
      JOIN (SELECT lot_id, sum(qty_kg) AS qty, sum(value_php) AS value FROM stock_movements GROUP BY lot_id) s
        ON s.lot_id = b.lot_id
      WHERE b.organization_id = ${org()}`,
    );
    expect(cache).toMatchObject({ negative: 0, mismatched: 0 });
    expect(cache?.lots).toBeGreaterThan(demo.counts.posted);
    const stock = await balances(a.db, org(), { group: 'lot', timeZone: 'Asia/Manila' });
    expect(stock.length).toBeGreaterThan(demo.counts.posted);
    expect(stock.every((s) => Number(s.qty_kg) > 0 && Number(s.value_php) > 0)).toBe(true);
    const [posted] = await rows<{ kg: string }>(
      a.db,
      sql`SELECT sum(l.net_kg)::text AS kg FROM receive_lines l JOIN receive_records r ON r.id = l.record_id
          WHERE r.organization_id = ${org()} AND r.status = 'posted'`,
    );
    // What production lost left stock; everything else is still there, in some form.
    const [lost] = await rows<{ kg: string }>(
      a.db,
      sql`SELECT coalesce(sum(l.kg), 0)::text AS kg FROM production_losses l
          JOIN production_records r ON r.id = l.record_id
          WHERE r.organization_id = ${org()} AND r.status = 'posted'`,
    );
    // And what was dispatched left too.
    const [shipped] = await rows<{ kg: string }>(
      a.db,
      sql`SELECT coalesce(sum(l.kg), 0)::text AS kg FROM dispatch_lines l
          JOIN dispatch_records r ON r.id = l.record_id
          WHERE r.organization_id = ${org()} AND r.status = 'posted'`,
    );
    expect(Number(shipped?.kg)).toBeGreaterThan(0);
    const grams = (kg: string | undefined) => Math.round(Number(kg) * 1000);
    const total = stock.reduce((kg, s) => kg + grams(s.qty_kg), 0);
    expect(total).toBe(grams(posted?.kg) - grams(lost?.kg) - grams(shipped?.kg));
  });

  it('packs a brand’s products: components and bills of materials with a newer lighter version', async () => {
    const [water] = await rows<{ versions: number; current: string }>(
      a.db,
      sql`SELECT count(v.*)::int AS versions, max(v.notes) AS current FROM products p
          JOIN bom_versions v ON v.product_id = p.id
          WHERE p.organization_id = ${org()} AND p.code = 'MAL-H2O-500'`,
    );
    expect(water).toEqual({ versions: 2, current: 'Lightweighted bottle with 30 % rPET' });
    expect(demo.counts).toMatchObject({ components: 7, products: 3 });
  });

  it('keeps drivers, trucks and haulers: one licence lapsing within the month, one lapsed', async () => {
    const [fleet] = await rows<{ expiring: string[]; expired: string[]; trucks: string[]; haulers: number }>(
      a.db,
      sql`SELECT
            (SELECT array_agg(code ORDER BY code) FROM drivers WHERE organization_id = ${org()}
              AND licence_expires_on BETWEEN '2026-11-01' AND date '2026-11-01' + 30) AS expiring,
            (SELECT array_agg(code ORDER BY code) FROM drivers WHERE organization_id = ${org()}
              AND licence_expires_on < '2026-11-01') AS expired,
            (SELECT array_agg(code || ' ' || capacity_kg::text ORDER BY capacity_kg) FROM vehicles
              WHERE organization_id = ${org()}) AS trucks,
            (SELECT count(*)::int FROM haulers WHERE organization_id = ${org()}) AS haulers`,
    );
    expect(fleet).toEqual({
      expiring: ['DRV-002'],
      expired: ['DRV-003'],
      trucks: ['GAB 7730 2500.000', 'NDA 4521 4000.000', 'NBC 1234 10000.000', 'NGT 5512 25000.000'],
      haulers: 2,
    });
    expect(demo.counts).toMatchObject({ drivers: 4, vehicles: 4, haulers: 2 });
  });

  it('sells flake and pellets against orders: delivered, one short and open, one credited, one on the road, paid later', async () => {
    const [sales] = await rows<{
      orders: number;
      fulfilled: number;
      awaiting: number;
      open: number;
      credited: number;
      receivable: string;
      paid: string;
      owed: string;
    }>(
      a.db,
      sql`SELECT
            (SELECT count(*)::int FROM order_records WHERE organization_id = ${org()} AND kind = 'sales') AS orders,
            (SELECT count(*)::int FROM order_records WHERE organization_id = ${org()}
              AND status IN ('partly_fulfilled', 'fulfilled')) AS fulfilled,
            (SELECT count(*)::int FROM dispatch_records WHERE organization_id = ${org()} AND status = 'posted'
              AND delivered_at IS NULL) AS awaiting,
            (SELECT count(*)::int FROM dispatch_records WHERE organization_id = ${org()} AND discrepancy_status = 'open') AS open,
            (SELECT count(*)::int FROM dispatch_records WHERE organization_id = ${org()} AND discrepancy_status = 'credited') AS credited,
            (SELECT sum(amount)::text FROM customer_ledger WHERE organization_id = ${org()} AND kind = 'receivable') AS receivable,
            (SELECT (-sum(amount))::text FROM customer_ledger WHERE organization_id = ${org()} AND kind = 'payment') AS paid,
            (SELECT sum(amount)::text FROM customer_ledger WHERE organization_id = ${org()}) AS owed`,
    );
    expect(demo.counts).toMatchObject({ customers: 4, salesOrders: sales?.orders, sellingPrices: 8 });
    expect(sales).toMatchObject({ awaiting: 1, open: 1, credited: 1 });
    expect(sales?.fulfilled).toBeGreaterThan(0);
    // Some receivables are paid, some still owed, and nobody owes less than nothing.
    expect(Number(sales?.paid)).toBeGreaterThan(0);
    expect(Number(sales?.owed)).toBeGreaterThan(0);
    expect(Number(sales?.owed)).toBeLessThan(Number(sales?.receivable));
  });

  it('prices sales orders from the selling price list and buys bottles ahead on purchase orders', async () => {
    const unpriced = await rows<{ n: number }>(
      a.db,
      sql`SELECT count(*)::int AS n FROM order_lines ol JOIN order_records o ON o.id = ol.order_id
          JOIN facilities f ON f.id = o.facility_id
          WHERE o.organization_id = ${org()} AND ol.unit_price IS DISTINCT FROM (
            SELECT p.price_per_kg FROM prices p WHERE p.organization_id = o.organization_id
              AND p.material_id = ol.material_id AND p.region = f.region
              AND p.kind = CASE o.kind WHEN 'sales' THEN 'selling' ELSE 'buying' END::price_kind
              AND p.effective_from <= o.ordered_on ORDER BY p.effective_from DESC LIMIT 1)`,
    );
    expect(unpriced[0]?.n).toBe(0);
    const bought = await rows<{ number: string; status: string; receipts: number; received: string }>(
      a.db,
      sql`SELECT o.number, o.status, count(r.id)::int AS receipts, coalesce(sum(l.net_kg), 0)::text AS received
          FROM order_records o LEFT JOIN receive_records r ON r.order_id = o.id AND r.status = 'posted'
          LEFT JOIN receive_lines l ON l.record_id = r.id
          WHERE o.organization_id = ${org()} AND o.kind = 'purchase' GROUP BY o.id ORDER BY o.number`,
    );
    expect(demo.counts).toMatchObject({ purchaseOrders: 2, purchaseReceipts: 2 });
    expect(bought).toEqual([
      { number: 'PO-2026-000001', status: 'partly_fulfilled', receipts: 2, received: '11060.000' },
      { number: 'PO-2026-000002', status: 'confirmed', receipts: 0, received: '0' },
    ]);
  });

  it('registers the plant’s weighbridge (calibrated), the wash line’s meter and the van’s tracker, with no readings', async () => {
    const devices = await rows<{ code: string; kind: string; calibrated: number; readings: number }>(
      a.db,
      sql`SELECT d.code, d.kind::text AS kind,
            (SELECT count(*)::int FROM device_calibrations c WHERE c.device_id = d.id) AS calibrated,
            (SELECT count(*)::int FROM device_readings r WHERE r.device_id = d.id) AS readings
          FROM devices d WHERE d.organization_id = ${org()} ORDER BY d.code`,
    );
    expect(demo.counts).toMatchObject({ devices: 3 });
    expect(devices).toEqual([
      { code: 'EM-WASH-1', kind: 'energy_meter', calibrated: 0, readings: 0 },
      { code: 'GPS-NDA4521', kind: 'gps_tracker', calibrated: 0, readings: 0 },
      { code: 'WB-1', kind: 'weighbridge', calibrated: 1, readings: 0 },
    ]);
  });

  it('runs the plant: bales and bottles washed into flake, flake pelletised, at realistic yields', async () => {
    const runs = await rows<{ process: string; yield: string; energy: string | null; basis: string }>(
      a.db,
      sql`SELECT r.process_code AS process, (sum(o.kg) * 100 / (SELECT sum(kg) FROM production_inputs WHERE record_id = r.id))::text AS yield,
                 r.energy_kwh::text AS energy, r.energy_basis::text AS basis
          FROM production_records r JOIN production_outputs o ON o.record_id = r.id
          WHERE r.organization_id = ${org()} AND r.status = 'posted' GROUP BY r.id`,
    );
    expect(runs.length).toBe(demo.counts.productionRuns);
    const washes = runs.filter((r) => r.process === 'washing');
    const extrusions = runs.filter((r) => r.process === 'extrusion');
    expect(washes.length).toBeGreaterThan(5);
    expect(extrusions.length).toBeGreaterThan(3);
    expect(runs.filter((r) => !(Number(r.yield) >= 75 && Number(r.yield) <= 95))).toEqual([]);
    expect(extrusions.filter((r) => r.basis !== 'metered' || !(Number(r.energy) > 0))).toEqual([]);
    expect(washes.filter((r) => r.basis !== 'rated_power')).toEqual([]);
  });

  it('prices every line from the demo price list, received in working hours before the seed day', async () => {
    const [check] = await rows<{ lines: number; listed: number; off_hours: number; first: Date; last: Date }>(
      a.db,
      sql`
      SELECT count(*)::int AS lines, count(*) FILTER (WHERE l.unit_price = p.price)::int AS listed,
             count(*) FILTER (WHERE extract(hour FROM r.received_at AT TIME ZONE 'Asia/Manila') NOT BETWEEN 7 AND 16
               OR extract(dow FROM r.received_at AT TIME ZONE 'Asia/Manila') = 0)::int AS off_hours,
             min(r.received_at) AS first, max(r.received_at) AS last
      FROM receive_lines l JOIN receive_records r ON r.id = l.record_id JOIN facilities f ON f.id = r.facility_id
      LEFT JOIN LATERAL (
        SELECT price_per_kg AS price FROM prices
        WHERE organization_id = r.organization_id AND material_id = l.material_id AND region = f.region
          AND kind = 'buying' AND effective_from <= (r.received_at AT TIME ZONE 'Asia/Manila')::date
        ORDER BY effective_from DESC LIMIT 1) p ON true
      WHERE r.organization_id = ${org()}`,
    );
    expect(check?.listed).toBe(check?.lines);
    expect(check?.off_hours).toBe(0);
    // The price history starts on the 1st of the month five months before November.
    expect(new Date(check?.first ?? 0) >= new Date('2026-05-31T16:00:00Z')).toBe(true);
    expect(new Date(check?.last ?? 0) < asOf).toBe(true);
  });

  it('pays suppliers by cash, GCash and bank, never more than owed, pickers on the spot', async () => {
    const accounts = await rows<{
      type: string;
      balance: string;
      methods: string[] | null;
      unreferenced: number;
    }>(
      a.db,
      sql`
      SELECT s.type, sum(e.amount)::text AS balance,
             array_agg(DISTINCT e.method::text) FILTER (WHERE e.kind = 'payment') AS methods,
             count(*) FILTER (WHERE e.kind = 'payment' AND e.reference IS NULL)::int AS unreferenced
      FROM supplier_ledger e JOIN suppliers s ON s.id = e.supplier_id
      WHERE e.organization_id = ${org()} GROUP BY s.id`,
    );
    expect(accounts.every((x) => Number(x.balance) >= 0 && x.unreferenced === 0)).toBe(true);
    expect(new Set(accounts.flatMap((x) => x.methods ?? []))).toEqual(new Set(['cash', 'gcash', 'bank']));
    const pickers = accounts.filter((x) => x.type === 'waste_picker');
    expect(pickers.length).toBeGreaterThan(0);
    expect(pickers.every((x) => x.balance === '0.00')).toBe(true);
    // Payables still within their terms stay open.
    expect(accounts.some((x) => Number(x.balance) > 0)).toBe(true);
    expect(demo.counts.payments).toBeGreaterThan(0);
  });

  it('dates its history on the days things happened, with no supplier ever owed less than nothing', async () => {
    const ninetyDaysBefore = new Date(asOf.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
    const then = await balances(a.db, org(), {
      group: 'lot',
      timeZone: 'Asia/Manila',
      asOf: ninetyDaysBefore,
    });
    const now = await balances(a.db, org(), { group: 'lot', timeZone: 'Asia/Manila' });
    expect(then.length).toBeGreaterThan(0);
    expect(then.length).toBeLessThan(now.length);
    const [ledger] = await rows<{ first_payment: Date; lowest: string }>(
      a.db,
      sql`
      SELECT min(posted_at) FILTER (WHERE kind = 'payment') AS first_payment, min(running)::text AS lowest
      FROM (SELECT kind, posted_at,
                   sum(amount) OVER (PARTITION BY supplier_id ORDER BY posted_at, id) AS running
            FROM supplier_ledger WHERE organization_id = ${org()}) e`,
    );
    expect(new Date(ledger?.first_payment ?? asOf) < new Date(ninetyDaysBefore)).toBe(true);
    expect(Number(ledger?.lowest)).toBeGreaterThanOrEqual(0);
  });

  it('stamps its history at the times things happened, none at the moment of seeding', async () => {
    // Every time column of every table with the demo's rows, against the demo's day (asOf): the seed ran
    // after it, so a row stamped by the real clock shows up here.
    const columns = await rows<{ table_name: string; column_name: string }>(
      a.db,
      sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type = 'timestamp with time zone'
          AND EXISTS (SELECT 1 FROM information_schema.columns o WHERE o.table_schema = 'public'
                      AND o.table_name = c.table_name AND o.column_name = 'organization_id')
        ORDER BY 1, 2`,
    );
    expect(columns.length).toBeGreaterThan(100);
    const limit = new Date(asOf.getTime() + 86_400_000).toISOString();
    const late: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [found] = await rows<{ n: number; latest: string | null }>(
        a.db,
        sql`SELECT count(*)::int AS n, max(${sql.identifier(column)})::text AS latest FROM ${sql.identifier(table)}
          WHERE organization_id = ${org()} AND ${sql.identifier(column)} > ${limit}::timestamptz`,
      );
      if (found?.n) late.push(`${table}.${column}: ${found.n} after ${limit}, latest ${found.latest}`);
    }
    expect(late).toEqual([]);
    const [activity] = await rows<{ days: number }>(
      a.db,
      sql`SELECT count(DISTINCT (created_at AT TIME ZONE 'Asia/Manila')::date)::int AS days
        FROM user_transactions WHERE organization_id = ${org()}`,
    );
    expect(activity?.days).toBeGreaterThan(60);
  });

  it('weighs pickers’ sacks on a platform scale and trucks on the weighbridge', async () => {
    const kinds = await rows<{ type: string; avg_kg: string; plates: number; tickets: number; n: number }>(
      a.db,
      sql`
      SELECT s.type, avg(t.kg)::text AS avg_kg, count(r.vehicle_plate)::int AS plates,
             count(r.weighbridge_ticket)::int AS tickets, count(*)::int AS n
      FROM receive_records r JOIN suppliers s ON s.id = r.supplier_id
      JOIN (SELECT record_id, sum(net_kg) AS kg FROM receive_lines GROUP BY record_id) t ON t.record_id = r.id
      WHERE r.organization_id = ${org()} GROUP BY s.type`,
    );
    const of = (type: string) => kinds.find((k) => k.type === type);
    expect(Number(of('waste_picker')?.avg_kg)).toBeLessThan(100);
    expect(of('waste_picker')).toMatchObject({ plates: 0, tickets: 0 });
    expect(Number(of('aggregator')?.avg_kg)).toBeGreaterThan(900);
    expect(of('aggregator')?.tickets).toBe(of('aggregator')?.n);
  });

  it('publishes a pellet lot’s passport whose Digital Link is on the installation’s address', async () => {
    expect(demo.counts.passports).toBe(2);
    const { rows } = await a.db.execute<{ link: string; code: string }>(
      sql`SELECT v.content #>> '{identifier,digital_link}' AS link, lo.code
          FROM passport_versions v JOIN passports p ON p.id = v.passport_id JOIN lots lo ON lo.id = p.lot_id
          WHERE v.organization_id = ${demo.organizationId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.link).toBe(`${PUBLIC_URL}/o/${demo.slug}/lot/${rows[0]?.code}`);
  });

  it('lists pellets for sale and asks for HDPE on the marketplace, holding none of its lots', async () => {
    expect(demo.counts.listings).toBe(2);
    const { rows } = await a.db.execute<{ side: string; status: string; level: number; city: string }>(
      sql`SELECT side, status, quality_level AS level, city FROM market_listings
          WHERE organization_id = ${demo.organizationId} ORDER BY side`,
    );
    expect(rows).toEqual([
      { side: 'buy', status: 'active', level: 1, city: 'Valenzuela' },
      { side: 'sell', status: 'active', level: 1, city: 'Valenzuela' },
    ]);
    const { rows: held } = await a.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM market_reservations WHERE organization_id = ${demo.organizationId}`,
    );
    expect(held).toEqual([{ n: 0 }]);
  });

  it('scales the deliveries with --scale', async () => {
    const double = await seedDemo(b.db, { seed: 42, asOf, slug: 'd2', scale: 2, deliveries: true });
    for (const k of ['receiveRecords', 'posted', 'drafts', 'voided'] as const)
      expect(double.counts[k], k).toBe(demo.counts[k] * 2);
    expect(double.counts.payments).toBeGreaterThan(demo.counts.payments);
  }, 120_000);
});
