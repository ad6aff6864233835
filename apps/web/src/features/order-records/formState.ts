import { orderFields, orderLineAmount, orderRules, sumDecimals } from '@plastrace/shared';
import { z } from 'zod';
import { toLocalInput } from '../../components/common/datetime.ts';
import { leftOutWhenBlank, nullWhenBlank, typed } from '../../components/common/schemaForm.ts';
import type { MaterialOption } from '../receive-records/api.ts';
import type { OrderDetail, OrderInput } from './api.ts';

const wire = orderFields.shape;
const wireLine = wire.lines.element.shape;

/** One order line as typed: the wire's line, its numbers as text, and a React key. */
const lineFormSchema = wire.lines.element.extend({
  key: z.string(),
  // Left blank, the server takes the material's own grade.
  grade: leftOutWhenBlank(wireLine.grade),
  kg: typed(wireLine.kg),
  // Left blank, the server takes the price list's price (selling for a sale, buying for a purchase).
  unit_price: leftOutWhenBlank(wireLine.unit_price),
});

/**
 * The order form, checked by the API's own fields and rules (orderFields, orderRules). Every field is
 * sent, a blank one as null: an edit replaces what the draft had, so a cleared due date is cleared.
 */
export const orderFormSchema = orderFields
  .extend({
    customer_id: nullWhenBlank(wire.customer_id),
    supplier_id: nullWhenBlank(wire.supplier_id),
    facility_id: nullWhenBlank(wire.facility_id),
    due_on: nullWhenBlank(wire.due_on),
    delivery_terms: nullWhenBlank(wire.delivery_terms),
    customer_reference: nullWhenBlank(wire.customer_reference),
    tolerance_pct: typed(wire.tolerance_pct.unwrap()),
    notes: nullWhenBlank(wire.notes),
    // The wire's own count rules (at least one line, at most 50), on lines held as text.
    lines: z.array(lineFormSchema).check(...((wire.lines.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[])),
  })
  // Also while another field is refused, so every message shows at once.
  .superRefine(orderRules, { when: () => true });

export type OrderFormValues = z.input<typeof orderFormSchema>;
export type LineValues = OrderFormValues['lines'][number];

let seq = 0;
export const emptyLine = (): LineValues => ({
  key: `line-${++seq}`,
  material_id: '',
  grade: '',
  kg: '',
  unit_price: '',
});

export const newValues = (timeZone: string, now = new Date()): OrderFormValues => ({
  kind: 'sales',
  customer_id: '',
  supplier_id: '',
  facility_id: '',
  ordered_on: toLocalInput(now, timeZone).slice(0, 10),
  due_on: '',
  delivery_terms: '',
  customer_reference: '',
  tolerance_pct: '0',
  notes: '',
  lines: [emptyLine()],
});

export const valuesOf = (o: OrderDetail): OrderFormValues => ({
  kind: o.kind,
  customer_id: o.customer?.id ?? '',
  supplier_id: o.supplier?.id ?? '',
  facility_id: o.facility?.id ?? '',
  ordered_on: o.orderedOn,
  due_on: o.dueOn ?? '',
  delivery_terms: o.deliveryTerms ?? '',
  customer_reference: o.customerReference ?? '',
  tolerance_pct: o.tolerancePct,
  notes: o.notes ?? '',
  lines: o.lines.map((l) => ({
    key: `line-${++seq}`,
    material_id: l.material.id,
    grade: l.grade,
    kg: l.kg,
    unit_price: l.unitPrice,
  })),
});

/** The checked form as the API's body: the React keys dropped; `confirm` creates it confirmed. */
export function toInput(checked: z.output<typeof orderFormSchema>, confirm: boolean): OrderInput {
  return {
    ...checked,
    confirm: confirm || undefined,
    lines: checked.lines.map(({ key: _, ...line }) => line),
  };
}

/** The grade a line stands for: its own, else its material's (as the server resolves it). */
export const lineGrade = (line: LineValues, materials: MaterialOption[]) =>
  line.grade.trim() || materials.find((m) => m.id === line.material_id)?.grade || 'A';

/**
 * Each line's amount as the server will store it (null until kg and price are numbers), and the
 * totals. A line whose price is blank is priced with `listPrice`, the price list's row the server will use.
 */
export function orderFigures(
  lines: LineValues[],
  listPrice: (line: LineValues) => string | null | undefined = () => undefined,
) {
  const amounts = lines.map((l) => orderLineAmount(l.kg, l.unit_price.trim() || listPrice(l) || ''));
  return {
    amounts,
    totalKg: sumDecimals(
      lines.map((l) => l.kg),
      3,
    ),
    totalAmount: sumDecimals(
      amounts.map((a) => a ?? '0'),
      2,
    ),
  };
}
