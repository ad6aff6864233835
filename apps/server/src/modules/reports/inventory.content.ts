import { type Report, reportDayLabel } from '@plastrace/shared';
import { add, col, figure, type ReportHead, table } from './content.ts';
import type { AgeRow, StockRow } from './reports.repo.ts';

// The inventory report: stock by facility and material with its value at the end of a day (the daily
// facts' stock movements through it), and the age of the lots in stock now (their balances).

export function inventoryReport(head: ReportHead, stock: StockRow[], ages: AgeRow[], today: string): Report {
  const kg = add(3, ...stock.map((s) => s.kg));
  const php = add(2, ...stock.map((s) => s.php));
  const ageNote =
    head.period.to === today
      ? 'Age is the days since a lot was made, to today.'
      : `Ages are of the lots in stock when the report was made (${reportDayLabel(today)}), not on ${head.period.label}: the balance of each lot is kept for now only.`;
  return {
    ...head,
    sections: [
      {
        key: 'stock',
        title: 'Stock by facility and material',
        figures: [
          figure('stock_kg', 'In stock', 'kg', kg, `At the end of ${head.period.label}`),
          figure('stock_php', 'Value', 'php', php, 'At the cost of the lots'),
          figure(
            'facilities',
            'Facilities holding stock',
            'count',
            String(new Set(stock.map((s) => s.facility)).size),
            null,
          ),
        ],
        tables: [
          table(
            'stock',
            'Stock by facility and material',
            [
              col('facility', 'Facility', 'text'),
              col('material', 'Material', 'text'),
              col('kg', 'Kg', 'kg'),
              col('php', 'Value', 'php'),
            ],
            stock.map((s) => [s.facility, s.material, s.kg, s.php]),
            { empty: 'No stock was held at the end of this day.', total: 'Total' },
          ),
        ],
        notes: [
          'Every stock movement through the day: receipts, runs, dispatches, splits, counts and adjustments.',
        ],
      },
      {
        key: 'age',
        title: 'Age of the stock',
        figures: [
          figure(
            'lots',
            'Lots in stock',
            'count',
            String(ages.reduce((t, a) => t + a.lots, 0)),
            `On ${reportDayLabel(today)}`,
          ),
          figure('over_180_kg', 'Older than 180 days', 'kg', add(3, ...ages.map((a) => a.older)), null),
        ],
        tables: [
          table(
            'ages',
            'Kg in stock by age of lot',
            [
              col('material', 'Material', 'text'),
              col('lots', 'Lots', 'count'),
              col('d30', '0–30 days', 'kg'),
              col('d90', '31–90 days', 'kg'),
              col('d180', '91–180 days', 'kg'),
              col('older', 'Over 180 days', 'kg'),
              col('kg', 'Total', 'kg'),
              col('php', 'Value', 'php'),
            ],
            ages.map((a) => [a.material, String(a.lots), a.d30, a.d90, a.d180, a.older, a.kg, a.php]),
            { empty: 'No lots are in stock.', total: 'Total' },
          ),
        ],
        notes: [ageNote],
      },
    ],
  };
}
