import { formatUnits, toUnits } from '@plastrace/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { customerLedger, customers, drivers, facilities, prices, vehicles } from '../db/schema/index.ts';
import type { Random } from '../lib/random.ts';
import * as dispatch from '../modules/dispatch/dispatch.service.ts';
import { recordDelivery } from '../modules/dispatch/proof.ts';
import { CUSTOMER_BOOK } from '../modules/ledger/ledger.books.ts';
import { pay } from '../modules/ledger/payments.service.ts';
import * as orders from '../modules/orders/orders.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';
import { manilaDate } from './deliveries-plan.ts';
import { lotsInStock } from './production.ts';

export type OutboundCounts = {
  customers: number;
  sellingPrices: number;
  salesOrders: number;
  dispatches: number;
};

// Months of sales at the demo plant: four buyers of flake and pellets order each month; the plant
// dispatches what it has made against those orders through the real dispatch service, the buyers sign
// for what arrives (one delivery short beyond tolerance is waiting for a manager, one was credited), and
// pay by bank transfer some weeks later — so the customer ledger has current and ageing receivables.

const CUSTOMERS = [
  [
    'CUST-001',
    'Polymer Products Manufacturing Corp.',
    'manufacturer',
    'Marilao',
    'Bulacan',
    '204-117-553-000',
  ],
  [
    'CUST-002',
    'Luzon Packaging Solutions Inc.',
    'manufacturer',
    'General Trias',
    'Cavite',
    '008-342-919-000',
  ],
  ['CUST-003', 'Kalikasan Beverages Corp.', 'brand_owner', 'Santa Rosa', 'Laguna', '221-650-004-000'],
  ['CUST-004', 'Metro Resin Traders', 'trader', 'Valenzuela', 'Metro Manila', '402-118-770-000'],
] as const;

/**
 * PHP per kg, the demo's selling prices of recycled PET four months back (about twice what bottles cost
 * at the gate), and how much they rise each month after.
 */
const PRICE = { PET_FLAKE: [4200, 50], PET_PELLET: [5800, 75] } as const;
type Product = keyof typeof PRICE;

const DAY = 86_400_000;
const RECEIVERS = ['M. Reyes', 'L. Tan', 'J. Garcia', 'A. Santos'];

/** A scribbled signature, as the driver's phone sends it (a PNG of the strokes). */
let scribble: Promise<Buffer> | undefined;
const signature = () =>
  (scribble ??= sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><path d="M10 60 C 40 10, 60 10, 70 50 S 110 70, 130 30 S 170 20, 230 55" stroke="#111" stroke-width="3" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer());
const kg = (n: number) => (Math.round(n / 50) * 50).toFixed(3);

export async function seedOutbound(
  ctx: AppContext,
  tx: Tx,
  actors: { manager: Caller; operator: Caller },
  opts: { rand: Random; asOf: Date; facility: { id: string }; materials: Map<string, string> },
): Promise<OutboundCounts> {
  const { rand, asOf, facility } = opts;
  const { manager, operator } = actors;
  const orgId = manager.organizationId;
  const buyers = await tx
    .insert(customers)
    .values(
      CUSTOMERS.map(([code, name, type, city, province, tin]) => ({
        organizationId: orgId,
        code,
        name,
        type,
        city,
        province,
        tin,
        contactName: 'Purchasing',
        email: `purchasing@${code.toLowerCase()}.example.ph`,
      })),
    )
    .returning({ id: customers.id, city: customers.city, province: customers.province });
  // The wing van and the two drivers whose licences stay valid through the demo's months.
  const [van] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.organizationId, orgId), eq(vehicles.type, 'wing_van')));
  const crew = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.organizationId, orgId), inArray(drivers.code, ['DRV-001', 'DRV-004'])));
  const material = (code: Product) => {
    const id = opts.materials.get(code);
    if (!id) throw new Error(`demo sales need material ${code}`);
    return id;
  };

  // The selling price list the sales orders take their prices from, one row a month per product.
  const [plant] = await tx
    .select({ region: facilities.region })
    .from(facilities)
    .where(eq(facilities.id, facility.id));
  const sellingPrices = (Object.keys(PRICE) as Product[]).flatMap((p) =>
    [3, 2, 1, 0].map((back, k) => ({
      organizationId: orgId,
      kind: 'selling' as const,
      materialId: material(p),
      region: plant?.region ?? 'NCR',
      pricePerKg: formatUnits(BigInt(PRICE[p][0] + k * PRICE[p][1]), 2),
      effectiveFrom: new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - back, 1))
        .toISOString()
        .slice(0, 10),
    })),
  );
  await tx.insert(prices).values(sellingPrices);

  let salesOrders = 0;
  let dispatches = 0;
  const posted: { id: string; at: Date }[] = [];
  // The last three months, each opened on its 2nd day.
  for (let back = 3; back >= 1; back--) {
    const month = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - back + 1, 2, 1));
    if (month > asOf) continue; // on the demo's 1st of a month, its orders are yet to come
    for (const [i, buyer] of buyers.entries()) {
      if ((i + back) % 2 === 0) continue; // two buyers order each month
      const products: Product[] = i % 2 === 0 ? ['PET_PELLET'] : ['PET_FLAKE', 'PET_PELLET'];
      await clockAt(ctx.db, month, 30); // entered as the buyer's PO arrives that morning
      const order = await orders.create(ctx, manager, {
        kind: 'sales',
        customer_id: buyer.id,
        facility_id: facility.id,
        ordered_on: manilaDate(month),
        due_on: manilaDate(new Date(month.getTime() + 23 * DAY)),
        delivery_terms: `Delivered to the buyer's plant, ${buyer.city}`,
        customer_reference: `PO-${buyer.province?.slice(0, 3).toUpperCase()}-${1000 + salesOrders}`,
        tolerance_pct: '2',
        // No price: the selling price in force on the order day.
        lines: products.map((p) => ({ material_id: material(p), kg: kg(1500 + rand.next() * 2500) })),
        confirm: true,
      });
      salesOrders++;
      // Shipped in one or two loads a week or two later, from what the plant has made by then.
      for (const week of [1, 2]) {
        const at = new Date(month.getTime() + (week * 7 + i) * DAY + 2 * 3_600_000);
        if (at > asOf) break;
        const lines: { lot_id: string; kg: string }[] = [];
        for (const line of order.body.lines) {
          const want = toUnits(line.kg, 3) / 2n + (week === 2 ? toUnits(line.kg, 3) % 2n : 0n);
          const stock = await lotsInStock(tx, orgId, facility.id, [line.material.code], at);
          let left = want;
          for (const lot of stock) {
            if (left <= 0n) break;
            const take = toUnits(lot.qty, 3) < left ? toUnits(lot.qty, 3) : left;
            lines.push({ lot_id: lot.id, kg: formatUnits(take, 3) });
            left -= take;
          }
        }
        if (lines.length === 0) continue;
        const total = lines.reduce((t, l) => t + toUnits(l.kg, 3), 0n);
        const tare = toUnits('8120', 3);
        await clockAt(ctx.db, at, 10); // posted as the truck leaves the weighbridge
        const out = await dispatch.create(
          ctx,
          operator,
          {
            customer_id: buyer.id,
            order_id: order.body.id,
            facility_id: facility.id,
            dispatched_at: at.toISOString(),
            vehicle_id: van?.id,
            driver_id: rand.pick(crew).id,
            gross_kg: formatUnits(tare + total, 3),
            tare_kg: formatUnits(tare, 3),
            weighbridge_ticket: `WB-${String(4000 + dispatches).padStart(5, '0')}`,
            seal_numbers: [`S-${10_000 + dispatches * 2}`, `S-${10_001 + dispatches * 2}`],
            destination: `${buyer.city}, ${buyer.province}`,
            lines,
          },
          undefined,
          true,
        );
        dispatches++;
        posted.push({ id: out.body.id, at });
      }
    }
  }
  await deliver(ctx, operator, manager, posted, asOf);
  await collect(ctx, tx, manager, buyers, asOf);
  return { customers: buyers.length, sellingPrices: sellingPrices.length, salesOrders, dispatches };
}

/**
 * The buyers sign for what arrives the next day, a few kg short as scales differ (within the 0.2 %
 * tolerance); the second-last delivery was 0.45 % short and waits for a manager, an earlier one was 0.5 %
 * short and was credited. The last dispatch is still on the road.
 */
async function deliver(
  ctx: AppContext,
  operator: Caller,
  manager: Caller,
  posted: { id: string; at: Date }[],
  asOf: Date,
) {
  const order = posted.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, -1);
  for (const [i, p] of order.entries()) {
    const deliveredAt = new Date(p.at.getTime() + DAY);
    if (deliveredAt > asOf) continue;
    const record = await dispatch.get(ctx, operator, p.id);
    // Short by this many hundredths of a percent: 0.45 %, 0.5 %, else 0–0.1 % (within tolerance).
    const short = i === order.length - 1 ? 45n : i === 1 ? 50n : BigInt((i % 3) * 5);
    const shipped = toUnits(record.total_kg, 3);
    await clockAt(ctx.db, deliveredAt, 45); // the driver's proof of delivery is entered on return
    await recordDelivery(ctx, operator, p.id, {
      fields: {
        delivered_at: deliveredAt.toISOString(),
        received_kg: formatUnits(shipped - (shipped * short) / 10_000n, 3),
        receiver_name: RECEIVERS[i % RECEIVERS.length] ?? 'Receiving clerk',
      },
      files: { signature: { name: 'signature.png', bytes: await signature() } },
    });
    if (i === 1) {
      await clockAt(ctx.db, deliveredAt, 2 * 24 * 60); // agreed two days later
      await dispatch.settle(ctx, manager, p.id, {
        resolution: 'credit_note',
        reason: 'Shortage agreed with the buyer after a joint reweigh',
      });
    }
  }
}

/** What each buyer owed 30 days ago is paid by bank transfer; newer receivables are still open. */
async function collect(ctx: AppContext, tx: Tx, manager: Caller, buyers: { id: string }[], asOf: Date) {
  const cutoff = new Date(asOf.getTime() - 30 * DAY);
  for (const [i, buyer] of buyers.entries()) {
    // What was owed at the cutoff, less any credit note written since (settlements are dated when made).
    const [row] = await tx
      .select({
        atCutoff: sql<string>`coalesce(sum(${customerLedger.amount}) FILTER (WHERE ${lt(customerLedger.postedAt, cutoff)}), 0)::text`,
        today: sql<string>`coalesce(sum(${customerLedger.amount}), 0)::text`,
      })
      .from(customerLedger)
      .where(eq(customerLedger.customerId, buyer.id));
    const [then, now] = [toUnits(row?.atCutoff ?? '0', 2), toUnits(row?.today ?? '0', 2)];
    const owed = formatUnits(then < now ? then : now, 2);
    if (toUnits(owed, 2) <= 0n) continue;
    const paidAt = new Date(asOf.getTime() - 20 * DAY);
    await clockAt(ctx.db, paidAt, 60); // booked when the bank statement showed it
    await pay(ctx, CUSTOMER_BOOK, manager, buyer.id, {
      amount: owed,
      method: 'bank',
      reference: `BDO-${240_000 + i * 7_919}`,
      paid_at: paidAt.toISOString(),
    });
  }
}
