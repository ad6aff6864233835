import type { inventoryExportQuerySchema, inventoryQuerySchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { formatDecimal, parseDecimal } from '../../lib/decimal.ts';
import { forbidden } from '../../lib/errors.ts';
import { CSV_MAX_ROWS, type CsvColumn, csvExport } from '../../lib/listing.ts';
import { assertMayExport } from '../../lib/records.ts';
import type { Caller } from '../../plugins/auth.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import * as repo from './inventory.repo.ts';

/** Weighted-average cost per kg, PHP, rounded to centavos. */
const average = (qty: string, value: string) => {
  const kg = parseDecimal(qty, 3);
  return kg === 0n ? '0.00' : formatDecimal((parseDecimal(value, 2) * 1000n * 2n + kg) / (2n * kg), 2);
};

type Query = z.output<typeof inventoryQuerySchema>;
type ExportQuery = z.output<typeof inventoryExportQuerySchema>;

/** One page of balances (or every row, without `limit`), with totals over the whole filter. */
async function report(
  ctx: AppContext,
  caller: Caller,
  q: ExportQuery,
  page?: { limit: number; cursor?: string },
) {
  if (caller.role === 'supplier') throw forbidden('Your role may not view the inventory');
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  const rows = await repo.balances(ctx.db, caller.organizationId, {
    group: q.group,
    facilityId: q.facility_id,
    materialId: q.material_id,
    asOf: q.as_of,
    q: q.q,
    timeZone,
    after: decodeCursor(page?.cursor, 3) as [string, string, string] | undefined,
    limit: page ? page.limit + 1 : CSV_MAX_ROWS,
  });
  const { items: pageRows, next_cursor } = page
    ? toPage(rows, page.limit, (r) => [r.facility_code, r.material_code ?? '', r.lot_code ?? ''])
    : { items: rows, next_cursor: null };
  const first = rows[0];
  const items = pageRows.map((r) => ({
    facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name },
    material: r.material_id
      ? { id: r.material_id, code: r.material_code ?? '', name: r.material_name ?? '' }
      : null,
    lot: r.lot_id ? { id: r.lot_id, code: r.lot_code ?? '', status: r.lot_status ?? '' } : null,
    qty_kg: r.qty_kg,
    value_php: r.value_php,
    avg_cost_per_kg: average(r.qty_kg, r.value_php),
  }));
  return {
    items,
    next_cursor,
    totals: {
      qty_kg: first?.total_qty_kg ?? '0.000',
      value_php: first?.total_value_php ?? '0.00',
      rows: first?.total_rows ?? 0,
    },
    as_of: q.as_of ?? null,
    currency: 'PHP' as const,
  };
}

export const inventory = (ctx: AppContext, caller: Caller, { limit, cursor, ...q }: Query) =>
  report(ctx, caller, q, { limit, cursor });

type Item = Awaited<ReturnType<typeof report>>['items'][number];

const INVENTORY_CSV: CsvColumn<Item>[] = [
  ['facility_code', (i) => i.facility.code],
  ['facility', (i) => i.facility.name],
  ['material_code', (i) => i.material?.code],
  ['material', (i) => i.material?.name],
  ['lot_code', (i) => i.lot?.code],
  ['lot_status', (i) => i.lot?.status],
  ['qty_kg', (i) => i.qty_kg],
  ['value_php', (i) => i.value_php],
  ['avg_cost_php_per_kg', (i) => i.avg_cost_per_kg],
];

/** The same report as CSV; the columns a grouping leaves empty stay, so every export has one shape. */
export async function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery) {
  assertMayExport(caller);
  const all = await report(ctx, caller, q);
  return csvExport(ctx.db, caller, {
    dataType: 'inventory',
    parameters: q,
    columns: INVENTORY_CSV,
    items: all.items,
  });
}
