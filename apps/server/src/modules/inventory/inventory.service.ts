import type { inventoryQuerySchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { formatDecimal, parseDecimal } from '../../lib/decimal.ts';
import { forbidden } from '../../lib/errors.ts';
import { type CsvColumn, csvExport } from '../../lib/listing.ts';
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

export async function inventory(ctx: AppContext, caller: Caller, q: Query) {
  if (caller.role === 'supplier') throw forbidden('Your role may not view the inventory');
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  const rows = await repo.balances(ctx.db, caller.organizationId, {
    group: q.group,
    facilityId: q.facility_id,
    materialId: q.material_id,
    asOf: q.as_of,
    timeZone,
  });
  let kg = 0n;
  let php = 0n;
  const items = rows.map((r) => {
    kg += parseDecimal(r.qty_kg, 3);
    php += parseDecimal(r.value_php, 2);
    return {
      facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name },
      material: r.material_id
        ? { id: r.material_id, code: r.material_code ?? '', name: r.material_name ?? '' }
        : null,
      lot: r.lot_id ? { id: r.lot_id, code: r.lot_code ?? '', status: r.lot_status ?? '' } : null,
      qty_kg: r.qty_kg,
      value_php: r.value_php,
      avg_cost_per_kg: average(r.qty_kg, r.value_php),
    };
  });
  return {
    items,
    totals: { qty_kg: formatDecimal(kg, 3), value_php: formatDecimal(php, 2) },
    as_of: q.as_of ?? null,
    currency: 'PHP' as const,
  };
}

type Item = Awaited<ReturnType<typeof inventory>>['items'][number];

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
export async function exportCsv(ctx: AppContext, caller: Caller, q: Query) {
  assertMayExport(caller);
  const report = await inventory(ctx, caller, q);
  return csvExport(ctx.db, caller, {
    dataType: 'inventory',
    parameters: q,
    columns: INVENTORY_CSV,
    items: report.items,
  });
}
