import {
  duplicateLineMessage,
  duplicateLines,
  formatKg,
  formatPhp,
  ORDER_STATUS_LABELS,
  type OrderIssue,
  type OrderRecordDetail,
  type orderCreateSchema,
  type orderExportQuerySchema,
  orderIssues,
  orderLineAmount,
  type orderListQuerySchema,
  type orderUpdateSchema,
  type PriceKind,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { decodeSortCursor, type PageWindow, sortedPages, toSortedPage } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';
import { getCustomer } from '../customers/customers.repo.ts';
import { getFacility } from '../facilities/facilities.repo.ts';
import { openDealOfOrder, releaseOrderHolds } from '../market/deals.repo.ts';
import { currentPrice } from '../prices/prices.repo.ts';
import { idempotent } from '../security/idempotency.ts';
import { getSupplier } from '../suppliers/suppliers.repo.ts';
import * as repo from './orders.repo.ts';
import { ORDER_CSV, toDispatch, toLine, toOrder, toReceipt } from './orders.views.ts';

// Sales and purchase orders. Drafts are edited freely; a confirmed sales order is what dispatches are
// posted against, and those postings (migration 0017) move it to partly fulfilled and fulfilled — this
// module never sets either. Every status change locks the order row, as a dispatch posting does.

type ListQuery = z.output<typeof orderListQuerySchema>;
type ExportQuery = z.output<typeof orderExportQuerySchema>;
/** A new order; the demo seed passes `confirm: true` to create confirmed orders. */
export type NewOrder = Omit<z.output<typeof orderCreateSchema>, 'tolerance_pct'> & { tolerance_pct?: string };
type Changes = z.output<typeof orderUpdateSchema>;
type OrderFields = Omit<NewOrder, 'confirm'>;

const filters = (q: ExportQuery): Omit<repo.OrderFilter, 'limit'> => ({
  sort: q.sort,
  kind: q.kind,
  status: q.status,
  open: q.open,
  customerId: q.customer_id,
  supplierId: q.supplier_id,
  q: q.q,
});

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const rows = await repo.listOrders(ctx.db, caller.organizationId, {
    ...filters(q),
    limit: q.limit + 1,
    after: decodeSortCursor(q.cursor, q.sort),
  });
  return toSortedPage(rows, q.limit, q.sort, toOrder);
}

/** The filtered orders as CSV, one row per order with its totals (EXPORT_DATA in the activity log). */
export function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  return streamCsv(ctx, caller, reply, {
    filename: 'orders.csv',
    dataType: 'orders',
    parameters: q,
    columns: ORDER_CSV,
    page: sortedPages(
      (tx: Tx, page: PageWindow) => repo.listOrders(tx, caller.organizationId, { ...filters(q), ...page }),
      toOrder,
    ),
  });
}

async function detail(db: Db | Tx, caller: Caller, id: string): Promise<OrderRecordDetail> {
  const header = await repo.getOrder(db, caller.organizationId, id);
  if (!header) throw notFound('Order');
  const order = toOrder(header);
  // One after another: `db` may be a transaction.
  const lines = await repo.linesOf(db, id);
  const sales = order.kind === 'sales';
  const dispatches = sales ? await repo.dispatchesOf(db, caller.organizationId, id) : [];
  const receipts = sales ? [] : await repo.receiptsOf(db, caller.organizationId, id);
  return {
    ...order,
    lines: lines.map(toLine),
    dispatches: dispatches.map(toDispatch),
    receipts: receipts.map(toReceipt),
  };
}

export const get = (ctx: AppContext, caller: Caller, id: string) => detail(ctx.db, caller, id);

const refused = (code: 'not_found' | 'unprocessable', field: string, message: string) =>
  new AppError(code, message, { fields: { [`body.${field}`]: message } });

function invalid(issues: OrderIssue[]) {
  const fields = Object.fromEntries(issues.map((i) => [`body.${i.path.join('.')}`, i.message]));
  return new AppError('validation_failed', issues[0]?.message ?? 'Some fields are invalid', { fields });
}

/**
 * Checks an order against the organization's master data — its party (of its kind), facility and
 * materials exist and are not archived — and answers its lines as stored: the grade defaulted to the
 * material's, a price left out taken from the price list (selling prices for a sales order, buying for a
 * purchase order, in force on the order day for the grade in the facility's region), the amount kg ×
 * price to the centavo. Also the rules the route's schema checks, for callers that skip it (the demo
 * seed, a draft's changes merged with what it had).
 */
async function checked(tx: Tx, orgId: string, o: OrderFields) {
  const issues = orderIssues(o);
  if (issues.length > 0) throw invalid(issues);
  const party =
    o.kind === 'sales'
      ? { field: 'customer_id', what: 'Customer', row: await getCustomer(tx, orgId, o.customer_id ?? '') }
      : { field: 'supplier_id', what: 'Supplier', row: await getSupplier(tx, orgId, o.supplier_id ?? '') };
  if (!party.row) throw refused('not_found', party.field, `${party.what} not found`);
  if (party.row.archivedAt)
    throw refused('unprocessable', party.field, `${party.row.name} is archived: restore it to order with it`);
  const facility = o.facility_id ? await getFacility(tx, orgId, o.facility_id) : undefined;
  if (o.facility_id && !facility) throw refused('not_found', 'facility_id', 'Facility not found');
  if (facility?.archivedAt) throw refused('unprocessable', 'facility_id', `${facility.name} is archived`);
  const found = await repo.materialsOf(tx, orgId, [...new Set(o.lines.map((l) => l.material_id))]);
  const byId = new Map(found.map((m) => [m.id, m]));
  const priceKind = o.kind === 'sales' ? 'selling' : 'buying';
  const lines = [];
  for (const [i, l] of o.lines.entries()) {
    const material = byId.get(l.material_id);
    const field = `lines.${i}.material_id`;
    if (!material) throw refused('not_found', field, 'Material not found');
    if (material.archivedAt) throw refused('unprocessable', field, `${material.name} is archived`);
    const grade = l.grade ?? material.grade;
    // One after another: `tx` is a transaction.
    const unitPrice =
      l.unit_price ??
      (await listPrice(tx, orgId, { kind: priceKind, material, grade, facility, line: i, o }));
    const amount = orderLineAmount(l.kg, unitPrice);
    if (amount === null) throw new Error('order line figures must be decimals');
    lines.push({ materialId: material.id, grade, kg: l.kg, unitPrice, amount });
  }
  const [repeat] = duplicateLines(lines.map((l) => ({ material_id: l.materialId, grade: l.grade })));
  if (repeat)
    throw invalid([{ path: ['lines', repeat[0], 'material_id'], message: duplicateLineMessage(repeat[1]) }]);
  return { partyName: party.row.name, lines };
}

/** The price list's price for a line left without one, or a refusal under its price field. */
async function listPrice(
  tx: Tx,
  orgId: string,
  x: {
    kind: PriceKind;
    material: { id: string; name: string };
    grade: string;
    facility: { region: string | null } | undefined;
    line: number;
    o: OrderFields;
  },
) {
  const field = `lines.${x.line}.unit_price`;
  const region = x.facility?.region;
  if (!region)
    throw refused(
      'unprocessable',
      field,
      x.facility
        ? 'The facility has no region to look up the price list in: enter the price per kg'
        : 'Choose a facility (its region picks the price list’s price) or enter the price per kg',
    );
  const row = await currentPrice(tx, orgId, {
    kind: x.kind,
    materialId: x.material.id,
    grade: x.grade,
    region,
    on: x.o.ordered_on,
  });
  if (!row)
    throw refused(
      'unprocessable',
      field,
      `No ${x.kind} price for ${x.material.name} grade ${x.grade} in ${region} on ${x.o.ordered_on}: enter the price per kg`,
    );
  return row.pricePerKg;
}

const headerValues = (o: OrderFields) => ({
  customerId: o.customer_id ?? null,
  supplierId: o.supplier_id ?? null,
  facilityId: o.facility_id ?? null,
  orderedOn: o.ordered_on,
  dueOn: o.due_on ?? null,
  deliveryTerms: o.delivery_terms || null,
  customerReference: o.customer_reference || null,
  tolerancePct: o.tolerance_pct ?? '0',
  notes: o.notes || null,
});

const kindName = (kind: string) => (kind === 'sales' ? 'sales order' : 'purchase order');
const statusName = (status: Status) => ORDER_STATUS_LABELS[status].toLowerCase();
const sums = (o: OrderRecordDetail) => `${formatKg(o.total_kg)}, ${formatPhp(o.amount)}`;
/** The audit snapshot: the order as the API shows it, less its dispatches (they log themselves). */
const snapshot = (o: OrderRecordDetail) => ({ ...o, dispatches: undefined });

/**
 * Creates a draft, or with `confirm` a confirmed order. The number (SO-2026-000001, PO-…) comes from the
 * counter of the kind and the year of the order day, taken last before the change log, so the counter
 * row is locked only for the log and the commit; a refused or failed create gives its number back.
 */
export function create(ctx: AppContext, caller: Caller, input: NewOrder, idempotencyKey?: string) {
  const scope = { organizationId: caller.organizationId, route: 'orders:create', key: idempotencyKey };
  return idempotent(ctx.db, scope, input, async (tx) => ({
    status: 201,
    body: await createIn(tx, caller, input),
  }));
}

/** Creates an order in the caller's transaction: a marketplace deal places both parties' orders in its own. */
export async function createIn(tx: Tx, caller: Caller, input: NewOrder): Promise<OrderRecordDetail> {
  const org = caller.organizationId;
  const { partyName, lines } = await checked(tx, org, input);
  const id = uuidv7();
  await repo.insertOrder(tx, org, {
    id,
    kind: input.kind,
    status: input.confirm ? 'confirmed' : 'draft',
    ...headerValues(input),
    createdBy: caller.userId,
    ...(input.confirm ? { confirmedAt: dbNow, confirmedBy: caller.userId } : {}),
  });
  await repo.replaceLines(tx, org, id, lines);
  const view = await detail(tx, caller, id);
  const year = input.ordered_on.slice(0, 4);
  const [prefix, counter] = input.kind === 'sales' ? ['SO', 'sales_order'] : ['PO', 'purchase_order'];
  const number = await repo.takeNumber(tx, org, id, `${prefix}-${year}-`, `${counter}:${year}`);
  const created = { ...view, number };
  await logChange(tx, caller, {
    type: 'CREATE_RECORD',
    entityType: 'order_record',
    entityId: id,
    description: `${input.confirm ? 'Confirmed' : 'Drafted'} ${kindName(input.kind)} ${number} with ${partyName} (${sums(created)})`,
    after: snapshot(created),
    referenceId: number,
  });
  return created;
}

type Status = keyof typeof ORDER_STATUS_LABELS;
/** The statuses each change takes an order from, and the refusal of any other (n: number, s: status). */
type Rule = { from: Status[]; refusal: (n: string, s: string) => string };
const CHANGES = {
  edit: { from: ['draft'], refusal: (n, s) => `Only a draft can be edited; ${n} is ${s}.` },
  confirm: { from: ['draft'], refusal: (n, s) => `Only a draft can be confirmed; ${n} is ${s}.` },
  // Partly fulfilled and fulfilled pass here, to be refused for their posted dispatches in those words.
  cancel: {
    from: ['draft', 'confirmed', 'partly_fulfilled', 'fulfilled'],
    refusal: (n, s) => `${n} is ${s}; only a draft or a confirmed order can be cancelled.`,
  },
  close: {
    from: ['confirmed', 'partly_fulfilled', 'fulfilled'],
    refusal: (n, s) => `${n} is ${s}; only a confirmed or fulfilled order can be closed.`,
  },
  delete: {
    from: ['draft'],
    refusal: (n, s) => `Only a draft can be deleted; ${n} is ${s}: cancel it instead.`,
  },
} satisfies Record<string, Rule>;

/** Locks an order for a change, refusing one in another status (422) or read at another version (409). */
async function lockFor(tx: Tx, caller: Caller, id: string, change: keyof typeof CHANGES, version?: number) {
  const order = await repo.lockOrder(tx, caller.organizationId, id);
  if (!order) throw notFound('Order');
  const rule: Rule = CHANGES[change];
  if (!rule.from.includes(order.status))
    throw unprocessable(rule.refusal(order.number, statusName(order.status)));
  if (version !== undefined && version !== order.version)
    throw new AppError('conflict', 'Someone else changed this order. Reload and try again.');
  return order;
}

const toFields = (o: OrderRecordDetail): OrderFields => ({
  kind: o.kind,
  customer_id: o.customer?.id ?? null,
  supplier_id: o.supplier?.id ?? null,
  facility_id: o.facility?.id ?? null,
  ordered_on: o.ordered_on,
  due_on: o.due_on,
  delivery_terms: o.delivery_terms,
  customer_reference: o.customer_reference,
  tolerance_pct: o.tolerance_pct,
  notes: o.notes,
  lines: o.lines.map((l) => ({
    material_id: l.material.id,
    grade: l.grade,
    kg: l.kg,
    unit_price: l.unit_price,
  })),
});

/**
 * Changes a draft: what is sent replaces what it had, the rest stays, and the whole is checked again.
 * The number stays, even when the order day moves to another year: it was taken and is never reused.
 */
export async function update(ctx: AppContext, caller: Caller, id: string, changes: Changes) {
  return ctx.db.transaction(async (tx) => {
    const { version, ...sent } = changes;
    const order = await lockFor(tx, caller, id, 'edit', version);
    const before = await detail(tx, caller, id);
    const given = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
    const merged: OrderFields = { ...toFields(before), ...given };
    const { lines } = await checked(tx, caller.organizationId, merged);
    await repo.updateOrder(tx, caller.organizationId, id, headerValues(merged));
    if (sent.lines) await repo.replaceLines(tx, caller.organizationId, id, lines);
    const after = await detail(tx, caller, id);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'order_record',
      entityId: id,
      description: `Edited draft ${kindName(order.kind)} ${order.number} (${sums(after)})`,
      before: snapshot(before),
      after: snapshot(after),
      referenceId: order.number,
    });
    return after;
  });
}

/** Records a status change with its log entry and answers the order as it now is. */
async function moved(
  tx: Tx,
  caller: Caller,
  order: { id: string; number: string },
  before: OrderRecordDetail,
  description: string,
  reason?: string,
) {
  const after = await detail(tx, caller, order.id);
  await logChange(tx, caller, {
    type: 'UPDATE_RECORD',
    entityType: 'order_record',
    entityId: order.id,
    description,
    before: { status: before.status, version: before.version },
    // A close's reason has no column (only a cancel's has): the trail keeps it.
    after: { status: after.status, version: after.version, ...(reason ? { reason } : {}) },
    referenceId: order.number,
  });
  return after;
}

/** Commits to the order: its party, facility and materials must still be in use. */
export async function confirm(ctx: AppContext, caller: Caller, id: string, version?: number) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockFor(tx, caller, id, 'confirm', version);
    const before = await detail(tx, caller, id);
    const { partyName } = await checked(tx, caller.organizationId, toFields(before));
    await repo.updateOrder(tx, caller.organizationId, id, {
      status: 'confirmed',
      confirmedAt: dbNow,
      confirmedBy: caller.userId,
    });
    return moved(
      tx,
      caller,
      order,
      before,
      `Confirmed ${kindName(order.kind)} ${order.number} with ${partyName} (${sums(before)})`,
    );
  });
}

/**
 * A marketplace deal's order changes with the deal (cancelling the deal cancels both orders, releasing
 * what it held), so cancelling it on its own would leave the deal open and its kg held.
 */
async function refuseForDeal(tx: Tx, number: string, id: string) {
  const deal = await openDealOfOrder(tx, id);
  if (deal)
    throw unprocessable(
      `${number} belongs to the marketplace deal on “${deal.title}”: cancel the deal instead`,
    );
}

/**
 * Cancels a draft or confirmed order. Once a dispatch or a delivery against it is posted, material moved
 * on the order's terms and the record must stay: it is closed instead, short if need be.
 */
export function cancel(ctx: AppContext, caller: Caller, id: string, reason: string, version?: number) {
  return ctx.db.transaction((tx) => cancelIn(tx, caller, id, reason, version));
}

/** Cancels in the caller's transaction: a cancelled marketplace deal cancels both parties' orders in its own. */
export async function cancelIn(tx: Tx, caller: Caller, id: string, reason: string, version?: number) {
  const order = await lockFor(tx, caller, id, 'cancel', version);
  await refuseForDeal(tx, order.number, id);
  const posted = await repo.postedDeliveryCount(tx, id);
  const what = order.kind === 'sales' ? ['dispatch', 'dispatches'] : ['delivery', 'deliveries'];
  if (posted > 0)
    throw unprocessable(
      `${order.number} has ${posted === 1 ? `a posted ${what[0]}` : `${posted} posted ${what[1]}`} against it: it cannot be cancelled. Close it instead.`,
    );
  const before = await detail(tx, caller, id);
  await repo.updateOrder(tx, caller.organizationId, id, {
    status: 'cancelled',
    cancelledAt: dbNow,
    cancelledBy: caller.userId,
    cancelReason: reason,
  });
  return moved(
    tx,
    caller,
    order,
    before,
    `Cancelled ${kindName(order.kind)} ${order.number}: ${reason}`,
    reason,
  );
}

/**
 * Closes an order: one fulfilled or partly fulfilled, or a confirmed one nothing was delivered against,
 * with a reason (closing short).
 */
export async function close(ctx: AppContext, caller: Caller, id: string, reason?: string, version?: number) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockFor(tx, caller, id, 'close', version);
    // With nothing delivered, the deal could neither complete nor be cancelled once its order is closed.
    if (order.status === 'confirmed') await refuseForDeal(tx, order.number, id);
    const short = order.status !== 'fulfilled';
    if (short && order.status === 'confirmed' && !reason)
      throw refused(
        'unprocessable',
        'reason',
        `Nothing was ${order.kind === 'sales' ? 'dispatched' : 'received'} against ${order.number} yet: say why it is closed short`,
      );
    const before = await detail(tx, caller, id);
    await repo.updateOrder(tx, caller.organizationId, id, {
      status: 'closed',
      closedAt: dbNow,
      closedBy: caller.userId,
    });
    // Closed (short or not), nothing more is dispatched against it: a deal's kg held for it are free stock.
    if (order.kind === 'sales') await releaseOrderHolds(tx, id, caller.userId, 'closed');
    const how = short ? ` short at ${before.fulfilled_pct} % fulfilled` : '';
    return moved(
      tx,
      caller,
      order,
      before,
      `Closed ${kindName(order.kind)} ${order.number}${how}${reason ? `: ${reason}` : ''}`,
      reason,
    );
  });
}

/** Deletes a draft; its number is not reused, and the log says which one went. */
export async function remove(ctx: AppContext, caller: Caller, id: string) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockFor(tx, caller, id, 'delete');
    const before = await detail(tx, caller, id);
    await repo.deleteOrder(tx, caller.organizationId, id);
    await logChange(tx, caller, {
      type: 'DELETE_RECORD',
      entityType: 'order_record',
      entityId: id,
      description: `Deleted draft ${kindName(order.kind)} ${order.number}`,
      before: snapshot(before),
      referenceId: order.number,
    });
  });
}
