import type { AppContext } from '../context.ts';
import * as listings from '../modules/market/listings.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';

export type MarketCounts = { listings: number };

/**
 * Two marketplace listings of the demo plant, through the listings service as its manager would: PET pellets
 * for sale ("make an offer") and a buy request for natural HDPE. Neither is backed by lots, so the demo's
 * stock stays free for the walkthroughs that dispatch and process it; a visitor's /marketplace is not empty.
 */
export async function seedMarket(
  ctx: AppContext,
  manager: Caller,
  opts: { facilityId: string; pelletId: string; asOf: Date },
): Promise<MarketCounts> {
  await clockAt(ctx.db, opts.asOf, -3 * 24 * 60); // listed three days before the demo's day
  await listings.create(ctx, manager, {
    side: 'sell',
    kind: 'material',
    title: 'Clear PET pellets from bottle-to-bottle washing, 8 t',
    description: 'Extruded at our Valenzuela plant from hot-washed clear bottle flake. Samples on request.',
    material_id: opts.pelletId,
    quantity: '8000',
    min_order: '1000',
    facility_id: opts.facilityId,
  });
  await listings.create(ctx, manager, {
    side: 'buy',
    kind: 'material',
    title: 'Wanted: natural HDPE rigid, baled, 10 t a month',
    description: 'Milk and detergent bottles, natural colour, caps off. Delivered to Valenzuela.',
    polymer: 'HDPE',
    form: 'rigid',
    grade: 'A',
    quantity: '10000',
    min_order: '2000',
    price: '21.50',
    facility_id: opts.facilityId,
  });
  return { listings: 2 };
}
