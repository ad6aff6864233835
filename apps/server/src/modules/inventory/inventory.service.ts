import type { inventoryExportQuerySchema, inventoryQuerySchema } from '@plastrace/shared';
import { pricePerKg } from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { type CsvColumn, EXPORT_PAGE, pageOf } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { streamCsv } from '../activity/export.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import * as repo from './inventory.repo.ts';

/** Weighted-average cost per kg, PHP, rounded to centavos. */
const average = (qty: string, value: string) => pricePerKg(value, qty) ?? '0.00';

type Query = z.output<typeof inventoryQuerySchema>;
type ExportQuery = z.output<typeof inventoryExportQuerySchema>;

/** The repo's filter for a query: balances of today, or of the end of `as_of`. */
async function filterOf(ctx: AppContext, caller: Caller, q: ExportQuery) {
  return {
    group: q.group,
    facilityId: q.facility_id,
    materialId: q.material_id,
    asOf: q.as_of,
    q: q.q,
    timeZone: await timeZoneOf(ctx.db, caller.organizationId),
  };
}

const keyOf = (r: repo.InventoryRow): [string, string, string] => [
  r.facility_code,
  r.material_code ?? '',
  r.lot_code ?? '',
];

const toItem = (r: repo.InventoryRow) => ({
  facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name },
  material: r.material_id
    ? { id: r.material_id, code: r.material_code ?? '', name: r.material_name ?? '' }
    : null,
  lot: r.lot_id ? { id: r.lot_id, code: r.lot_code ?? '', status: r.lot_status ?? '' } : null,
  qty_kg: r.qty_kg,
  value_php: r.value_php,
  avg_cost_per_kg: average(r.qty_kg, r.value_php),
});

/** One page of balances, with totals over the whole filter. */
async function report(
  ctx: AppContext,
  caller: Caller,
  q: ExportQuery,
  page: { limit: number; cursor?: string },
) {
  const rows = await repo.balances(ctx.db, caller.organizationId, {
    ...(await filterOf(ctx, caller, q)),
    after: decodeCursor(page.cursor, ['text', 'text', 'text']),
    limit: page.limit + 1,
  });
  const { items: pageRows, next_cursor } = toPage(rows, page.limit, keyOf);
  const first = rows[0];
  const items = pageRows.map(toItem);
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

type Item = ReturnType<typeof toItem>;

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
/** Every balance of the filter as CSV, streamed; a past day's are summed once per page of 5,000. */
export async function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  const filter = await filterOf(ctx, caller, q);
  const size = 5 * EXPORT_PAGE;
  return streamCsv(ctx, caller, reply, {
    filename: `inventory-${q.group}-${q.as_of ?? 'today'}.csv`,
    dataType: 'inventory',
    parameters: q,
    columns: INVENTORY_CSV,
    page: async (tx: Tx, after: [string, string, string] | undefined) =>
      pageOf(
        await repo.balances(tx, caller.organizationId, { ...filter, after, limit: size + 1 }),
        size,
        keyOf,
        toItem,
      ),
  });
}
