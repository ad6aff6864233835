import type { AppContext } from '../../context.ts';
import { formatDecimal, parseDecimal } from '../../lib/decimal.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { getOrganization } from '../organization/organization.repo.ts';
import * as repo from './inventory.repo.ts';

/** Weighted-average cost per kg, PHP, rounded to centavos. */
const average = (qty: string, value: string) => {
  const kg = parseDecimal(qty, 3);
  return kg === 0n ? '0.00' : formatDecimal((parseDecimal(value, 2) * 1000n * 2n + kg) / (2n * kg), 2);
};

export async function inventory(
  ctx: AppContext,
  caller: Caller,
  q: { group: repo.Grouping; facility_id?: string; material_id?: string; as_of?: string },
) {
  if (caller.role === 'supplier') throw forbidden('Your role may not view the inventory');
  const org = await getOrganization(ctx.db, caller.organizationId);
  const rows = await repo.balances(ctx.db, caller.organizationId, {
    group: q.group,
    facilityId: q.facility_id,
    materialId: q.material_id,
    asOf: q.as_of,
    timeZone: org?.timeZone ?? 'Asia/Manila',
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
