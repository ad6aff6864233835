import { receiveRecordInputSchema } from '@plastrace/shared';
import type { AppContext } from '../context.ts';
import * as intake from '../modules/intake/intake.service.ts';
import * as orders from '../modules/orders/orders.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';
import { manilaDate, manilaTime } from './deliveries-plan.ts';

export type PurchasingCounts = { purchaseOrders: number; purchaseReceipts: number };

// The plant buys baled bottles ahead from an aggregator: last month's purchase order, priced from the
// buying price list, was half delivered on two trucks; this month's is confirmed and waiting. Through
// the real order and intake services, so the deliveries count towards the order.

const DAY = 86_400_000;

/** 10:00 in Manila on day `1 + day` of the month `back` months before `asOf`'s (a Sunday moves to Monday). */
function workingMorning(asOf: Date, back: number, day: number) {
  let midnight = Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - back, 1 + day);
  // The gate is closed on Sundays (Manila days are UTC days shifted by 8 hours: the weekday is the same).
  if (new Date(midnight).getUTCDay() === 0) midnight += DAY;
  return manilaTime(midnight, 10 * 60);
}

export async function seedPurchasing(
  ctx: AppContext,
  actors: { manager: Caller; operator: Caller },
  opts: { asOf: Date; supplier: { id: string }; facility: { id: string }; material: { id: string } },
): Promise<PurchasingCounts> {
  const order = async (orderedOn: Date, dueOn: Date) => {
    await clockAt(ctx.db, orderedOn, -60); // placed in the hour before the order's morning
    return orders.create(ctx, actors.manager, {
      kind: 'purchase',
      supplier_id: opts.supplier.id,
      facility_id: opts.facility.id,
      ordered_on: manilaDate(orderedOn),
      due_on: manilaDate(dueOn),
      delivery_terms: 'Baled, delivered to the plant gate; weighed on our weighbridge',
      tolerance_pct: '5',
      // No price: the buying price in force on the order day.
      lines: [{ material_id: opts.material.id, kg: '12000' }],
      confirm: true,
    });
  };
  const last = await order(workingMorning(opts.asOf, 1, 1), workingMorning(opts.asOf, 1, 27));
  let receipts = 0;
  for (const [day, gross, tare] of [
    [8, '14320', '8150'],
    [15, '12980', '8090'],
  ] as const) {
    const at = workingMorning(opts.asOf, 1, day);
    if (at >= opts.asOf) break;
    const input = receiveRecordInputSchema.parse({
      supplier_id: opts.supplier.id,
      facility_id: opts.facility.id,
      received_at: at.toISOString(),
      order_id: last.body.id,
      weighbridge_ticket: `WB-PO-${String(receipts + 1).padStart(3, '0')}`,
      vehicle_plate: 'NBC 4521',
      // The truck's gross on the first line, its tare with it: one line of baled bottles per truck.
      lines: [{ material_id: opts.material.id, gross_kg: gross, tare_kg: tare, deduction_pct: '1.5' }],
    });
    await clockAt(ctx.db, at, 5);
    const created = await intake.create(ctx, actors.operator, input);
    await clockAt(ctx.db, at, 10);
    await intake.post(ctx, actors.operator, created.body.id);
    receipts++;
  }
  await order(opts.asOf, new Date(opts.asOf.getTime() + 21 * DAY));
  return { purchaseOrders: 2, purchaseReceipts: receipts };
}
