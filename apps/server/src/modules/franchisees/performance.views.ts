import type { FranchiseeFigures, FranchiseePerformance } from '@plastrace/shared';
import type { PerformanceRow } from './performance.repo.ts';

type Item = FranchiseePerformance['items'][number];

/** What an empty network (no franchisees yet) shows: zeros, written as PostgreSQL writes them. */
const NOTHING: FranchiseeFigures = {
  volume_kg: '0.000',
  purchases_php: '0.00',
  target_kg: '0.000',
  target_pct: null,
  fee_due_php: '0.00',
  payouts_php: '0.00',
};

const figures = (r: PerformanceRow): FranchiseeFigures => ({
  volume_kg: r.volume_kg,
  purchases_php: r.purchases_php,
  target_kg: r.target_kg,
  target_pct: r.target_pct,
  fee_due_php: r.fee_due_php,
  payouts_php: r.payouts_php,
});

/**
 * The answer from the query's rows (ordered by franchisee code, then month, totals last): a row with a
 * franchisee and a month is a cell, one without a month its total, one without a franchisee the
 * network's. The query writes every franchisee's every month, so nothing is filled in here but the
 * network of an organization without franchisees.
 */
export function performanceView(months: string[], rows: PerformanceRow[]): FranchiseePerformance {
  const items = new Map<string, Item>();
  const network = new Map<string, FranchiseeFigures>();
  let total = NOTHING;
  for (const r of rows) {
    if (r.id === null) {
      if (r.month === null) total = figures(r);
      else network.set(r.month, figures(r));
      continue;
    }
    let item = items.get(r.id);
    if (!item) {
      item = {
        franchisee: {
          id: r.id,
          code: r.code,
          name: r.name,
          supplier: { id: r.supplier_id, code: r.supplier_code, name: r.supplier_name },
          city: r.city,
          latitude: r.latitude,
          longitude: r.longitude,
          fee_kind: r.fee_kind,
          fee_value: r.fee_value,
          archived: r.archived,
        },
        months: [],
        total: NOTHING,
      };
      items.set(r.id, item);
    }
    if (r.month === null) item.total = figures(r);
    else item.months.push({ month: r.month, ...figures(r), in_agreement: r.in_agreement });
  }
  return {
    months,
    items: [...items.values()],
    network: {
      months: months.map((month) => ({ month, ...(network.get(month) ?? NOTHING) })),
      total,
    },
  };
}
