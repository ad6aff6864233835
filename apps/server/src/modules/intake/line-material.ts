import type { Tx } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import * as repo from './line-material.repo.ts';

type Material = { id: string; code: string; name: string; grade: string };

/**
 * Sets the material of one line of a draft receive record (a confirmed identification), in the caller's
 * transaction. Unlike an edit of the draft, the line keeps its id, weights and scale reading. The price
 * follows the new material as a draft's would (its purchase order's line, else the buying price list on
 * the day received); with neither, the line keeps the price it had, which the person can still edit.
 */
export async function setDraftLineMaterial(
  tx: Tx,
  caller: Caller,
  lineId: string,
  material: Material,
  why: string,
) {
  const found = await repo.lockLineRecord(tx, caller.organizationId, lineId);
  if (!found || (caller.role === 'supplier' && found.record.supplierId !== caller.supplierId))
    throw notFound('Receive line');
  const { line, record } = found;
  if (record.status !== 'draft')
    throw unprocessable(
      `Receive record ${record.number} is ${record.status}: only a draft’s lines can change material.`,
    );
  let orderLineId: string | null = null;
  let price: string | undefined;
  if (record.orderId) {
    const ol = await repo.orderLineFor(tx, record.orderId, material);
    if (!ol) throw unprocessable(`${material.name} is not on the purchase order of ${record.number}.`);
    orderLineId = ol.id;
    price = ol.unitPrice;
  }
  if (price === undefined && found.region)
    price = await repo.buyingPriceOn(tx, caller.organizationId, {
      materialId: material.id,
      grade: material.grade,
      region: found.region,
      at: record.receivedAt,
    });
  const unitPrice = price ?? line.unitPrice;
  await repo.setLineMaterial(tx, line, { materialId: material.id, orderLineId, unitPrice });
  await logChange(tx, caller, {
    type: 'UPDATE_RECORD',
    entityType: 'receive_record',
    entityId: record.id,
    description: `Set line ${line.lineNo} of ${record.number} to ${material.name}: ${why}`,
    before: { line_no: line.lineNo, material_id: line.materialId, unit_price: line.unitPrice },
    after: { line_no: line.lineNo, material_id: material.id, unit_price: unitPrice },
    referenceId: record.number,
  });
  return { recordId: record.id, number: record.number, lineNo: line.lineNo, unitPrice };
}
