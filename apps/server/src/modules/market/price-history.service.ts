import {
  type MarketPriceHistory,
  type MarketPriceHistoryQuery,
  type MarketPricePeriod,
  MIN_DEALS_FOR_PRICES,
  MIN_DEALS_FOR_RANGE,
} from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './price-history.repo.ts';

// Price history of the marketplace (docs/architecture.md "Marketplace"): completed deals by the day they
// completed, in whole months or quarters. What a period shows grows with its deals, since a few deals'
// figures would tell the parties' terms to anyone who knows who traded: under three only the count, from
// three the quantity and weighted average, from five the lowest and highest price (each one deal's price).
// The range is widened to whole periods before it filters: a range ending mid-period, compared with one
// ending a day later, would otherwise isolate that day's deal.

const MAX_PERIODS = 120;

const shiftYear = (day: string, by: number) => `${Number(day.slice(0, 4)) + by}${day.slice(4)}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** The first month of `day`'s period (1–12). */
function firstMonth(day: string, interval: MarketPriceHistoryQuery['interval']) {
  const m = Number(day.slice(5, 7));
  return interval === 'quarter' ? m - ((m - 1) % 3) : m;
}

const periodStart = (day: string, interval: MarketPriceHistoryQuery['interval']) =>
  `${day.slice(0, 4)}-${pad(firstMonth(day, interval))}-01`;

function periodEnd(day: string, interval: MarketPriceHistoryQuery['interval']) {
  const year = Number(day.slice(0, 4));
  const month = firstMonth(day, interval) + (interval === 'quarter' ? 2 : 0);
  // Day 0 of the next month is this month's last day.
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

export async function history(
  ctx: AppContext,
  caller: Caller,
  q: MarketPriceHistoryQuery,
): Promise<MarketPriceHistory> {
  const org = await repo.timeZoneOf(ctx.db, caller.organizationId);
  if (!org) throw notFound('Organization');
  const lastDay = q.to ?? org.today;
  const firstDay = q.from ?? shiftYear(lastDay, -1).replace(/-02-29$/, '-02-28');
  const tooLong = `At most ${MAX_PERIODS} ${q.interval}s: choose a later from`;
  if (firstDay > lastDay)
    throw new AppError('validation_failed', 'From must be on or before to', {
      fields: { 'querystring.from': 'From must be on or before to' },
    });
  const from = periodStart(firstDay, q.interval);
  const to = periodEnd(lastDay, q.interval);
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
    const range = r.deals >= MIN_DEALS_FOR_RANGE;
    return {
      period: r.period,
      from: r.from,
      to: r.to,
      deals: r.deals,
      quantity: enough ? r.quantity : null,
      enough,
      average_price: enough ? r.average_price : null,
      min_price: range ? r.min_price : null,
      max_price: range ? r.max_price : null,
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
