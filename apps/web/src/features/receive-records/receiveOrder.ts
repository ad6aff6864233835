import { orderLineFor } from '@plastrace/shared';
import { useEffect } from 'react';
import { type OrderDetail, type OrderLine, useOrder } from '../order-records/api.ts';
import type { MaterialOption } from './api.ts';
import type { ReceiveForm } from './formState.ts';

// A delivery received against a purchase order: the order's supplier and facility fill the form's
// blanks, and a line left without a price takes its order line's price (then the buying price list).

type Party = { id: string; code: string; name: string };

/**
 * The order line a delivery line of `materialId` counts towards, by the rule posting uses (the shared
 * orderLineFor: the line at the material's grade first, else the first of that material); none when the
 * material is not on the order.
 */
export function receiveOrderLine(
  order: OrderDetail,
  materialId: string,
  material: MaterialOption | undefined,
): OrderLine | undefined {
  const lines = order.lines.map((l) => ({
    line: l,
    materialId: l.material.id,
    grade: l.grade,
    lineNo: l.lineNo,
  }));
  return orderLineFor(lines, { id: materialId, grade: material?.grade })?.line;
}

/** What a line says of the order: its number and the order line's price, null when not on the order. */
export type LineOrder = { number: string; unitPrice: string | null };

/**
 * The purchase order the form names (loaded by id: chosen from the list, or given in the address):
 * once loaded, a blank supplier and facility take the order's. `lineOrder` tells each line its price
 * source: undefined without an order (or until it loads).
 */
export function useReceiveOrder(
  form: ReceiveForm,
  materials: MaterialOption[],
  onSupplier: (supplier: Party) => void,
) {
  const orderId = form.getValues().order_id;
  const query = useOrder(orderId, !!orderId);
  const order = query.data?.id === orderId && query.data.kind === 'purchase' ? query.data : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order loaded, not per keystroke
  useEffect(() => {
    if (!order) return;
    const values = form.getValues();
    if (!values.supplier_id && order.supplier) {
      onSupplier(order.supplier);
      form.setFieldValue('supplier_id', order.supplier.id);
    }
    if (!values.facility_id && order.facility) form.setFieldValue('facility_id', order.facility.id);
  }, [order?.id]);

  const lineOrder = (materialId: string): LineOrder | undefined => {
    if (!order || !materialId) return undefined;
    const line = receiveOrderLine(
      order,
      materialId,
      materials.find((m) => m.id === materialId),
    );
    return { number: order.number, unitPrice: line?.unitPrice ?? null };
  };
  return { order, query, lineOrder };
}
