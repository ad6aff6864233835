import {
  type MarketPriceHistory,
  type MarketPriceHistoryQuery,
  type MarketPricePeriod,
  MIN_DEALS_FOR_PRICES,
} from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './price-history.repo.ts';

// Price history of the marketplace (docs/architecture.md "Marketplace"): completed deals by the day they
// completed. A period with fewer than three deals shows its count but no price, since one or two deals'
// prices would tell the parties' terms to anyone who knows who traded.

const MAX_PERIODS = 120;

const shiftYear = (day: string, by: number) => `${Number(day.slice(0, 4)) + by}${day.slice(4)}`;

export async function history(
  ctx: AppContext,
  caller: Caller,
  q: MarketPriceHistoryQuery,
): Promise<MarketPriceHistory> {
  const org = await repo.timeZoneOf(ctx.db, caller.organizationId);
  if (!org) throw notFound('Organization');
  const to = q.to ?? org.today;
  const from = q.from ?? shiftYear(to, -1).replace(/-02-29$/, '-02-28');
  const tooLong = `At most ${MAX_PERIODS} ${q.interval}s: choose a later from`;
  if (from > to)
    throw new AppError('validation_failed', 'From must be on or before to', {
      fields: { 'querystring.from': 'From must be on or before to' },
    });
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7));
  if ((q.interval === 'month' ? months : months / 3) >= MAX_PERIODS)
    throw new AppError('validation_failed', tooLong, { fields: { 'querystring.from': tooLong } });
  const rows = await repo.pricePeriods(ctx.db, {
    kind: q.kind,
    polymer: q.polymer,
    form: q.form,
    grade: q.grade,
    interval: q.interval,
    from,
    to,
    timeZone: org.time_zone,
  });
  const periods: MarketPricePeriod[] = rows.map((r) => {
    const enough = r.deals >= MIN_DEALS_FOR_PRICES;
    return {
      period: r.period,
      from: r.from,
      to: r.to,
      deals: r.deals,
      quantity: r.quantity,
      enough,
      average_price: enough ? r.average_price : null,
      min_price: enough ? r.min_price : null,
      max_price: enough ? r.max_price : null,
    };
  });
  return {
    kind: q.kind,
    unit: q.kind === 'material' ? 'kg' : 'credit',
    interval: q.interval,
    from,
    to,
    periods,
  };
}
