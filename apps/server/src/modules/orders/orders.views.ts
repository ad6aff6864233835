import {
  formatUnits,
  fulfilledPct,
  ORDER_KIND_LABELS,
  ORDER_STATUS_LABELS,
  type OrderRecord,
  type OrderRecordDetail,
  toUnits,
} from '@plastrace/shared';
import type { CsvColumn } from '../../lib/listing.ts';
import type * as repo from './orders.repo.ts';

type Header = NonNullable<Awaited<ReturnType<typeof repo.getOrder>>>;
type Line = Awaited<ReturnType<typeof repo.linesOf>>[number];
type Dispatch = Awaited<ReturnType<typeof repo.dispatchesOf>>[number];
type Receipt = Awaited<ReturnType<typeof repo.receiptsOf>>[number];

type Ref = { id: string | null; code: string | null; name: string | null } | null;
/** A left-joined record is all nulls when the order names none. */
const refOrNull = (x: Ref) => (x?.id ? { id: x.id, code: x.code ?? '', name: x.name ?? '' } : null);
const personOrNull = (p: { id: string | null; name: string | null } | null) =>
  p?.id ? { id: p.id, name: p.name ?? '' } : null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(h: Header): OrderRecord {
  const o = h.order;
  return {
    id: o.id,
    number: o.number,
    kind: o.kind,
    status: o.status,
    customer: refOrNull(h.customer),
    supplier: refOrNull(h.supplier),
    facility: refOrNull(h.facility),
    ordered_on: o.orderedOn,
    due_on: o.dueOn,
    delivery_terms: o.deliveryTerms,
    customer_reference: o.customerReference,
    tolerance_pct: o.tolerancePct,
    currency: 'PHP',
    notes: o.notes,
    total_kg: h.totalKg,
    amount: h.amount,
    shipped_kg: h.shippedKg,
    fulfilled_pct: fulfilledPct(h.shippedKg, h.totalKg),
    created_by: { id: h.createdBy.id, name: h.createdBy.name },
    created_at: o.createdAt.toISOString(),
    confirmed_by: personOrNull(h.confirmedBy),
    confirmed_at: iso(o.confirmedAt),
    closed_by: personOrNull(h.closedBy),
    closed_at: iso(o.closedAt),
    cancelled_by: personOrNull(h.cancelledBy),
    cancelled_at: iso(o.cancelledAt),
    cancel_reason: o.cancelReason,
    version: o.version,
  };
}

/** A line with what was delivered of it: posted dispatches (sales) or posted receipts (purchase). */
export function toLine(l: Line): OrderRecordDetail['lines'][number] {
  const left = toUnits(l.line.kg, 3) - toUnits(l.shippedKg, 3);
  return {
    id: l.line.id,
    line_no: l.line.lineNo,
    material: l.material,
    grade: l.line.grade,
    kg: l.line.kg,
    unit_price: l.line.unitPrice,
    amount: l.line.amount,
    fulfilment: {
      shipped_kg: formatUnits(toUnits(l.shippedKg, 3), 3),
      remaining_kg: formatUnits(left > 0n ? left : 0n, 3),
      fulfilled_pct: fulfilledPct(l.shippedKg, l.line.kg),
    },
  };
}

export const toDispatch = (d: Dispatch): OrderRecordDetail['dispatches'][number] => ({
  id: d.id,
  number: d.number,
  delivery_receipt_no: d.deliveryReceiptNo,
  status: d.status,
  dispatched_at: d.dispatchedAt.toISOString(),
  total_kg: formatUnits(toUnits(d.totalKg, 3), 3),
});

export const toReceipt = (d: Receipt): OrderRecordDetail['receipts'][number] => ({
  id: d.id,
  number: d.number,
  status: d.status,
  received_at: d.receivedAt.toISOString(),
  total_net_kg: d.totalNetKg,
});

const party = (o: OrderRecord) => o.customer ?? o.supplier;

export const ORDER_CSV: CsvColumn<OrderRecord>[] = [
  ['number', (o) => o.number],
  ['kind', (o) => ORDER_KIND_LABELS[o.kind]],
  ['status', (o) => ORDER_STATUS_LABELS[o.status]],
  ['party_code', (o) => party(o)?.code],
  ['party_name', (o) => party(o)?.name],
  ['customer_reference', (o) => o.customer_reference],
  ['facility_code', (o) => o.facility?.code],
  ['ordered_on', (o) => o.ordered_on],
  ['due_on', (o) => o.due_on],
  ['delivery_terms', (o) => o.delivery_terms],
  ['tolerance_pct', (o) => o.tolerance_pct],
  ['total_kg', (o) => o.total_kg],
  ['amount', (o) => o.amount],
  ['currency', (o) => o.currency],
  ['shipped_kg', (o) => o.shipped_kg],
  ['fulfilled_pct', (o) => o.fulfilled_pct],
  ['confirmed_at', (o) => o.confirmed_at],
  ['closed_at', (o) => o.closed_at],
  ['cancelled_at', (o) => o.cancelled_at],
  ['cancel_reason', (o) => o.cancel_reason],
];
