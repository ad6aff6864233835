import type {
  DispatchRecord,
  dispatchExportQuerySchema,
  dispatchListQuerySchema,
  dispatchRecordInputSchema,
  settleBodySchema,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { type CsvColumn, EXPORT_PAGE } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { insertEntry } from '../activity/activity.repo.ts';
import { streamCsv } from '../activity/export.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { answered, type Outcome, type Refusal } from '../posting/posting.ts';
import { checkedKey, requestHash } from '../security/idempotency.ts';
import * as repo from './dispatch.repo.ts';
import { deliveryReceipt } from './receipt.ts';

type Input = z.output<typeof dispatchRecordInputSchema>;
type ListQuery = z.output<typeof dispatchListQuerySchema>;
type ExportQuery = z.output<typeof dispatchExportQuerySchema>;

// Every write of a dispatch record is one call of its database function (migration 0017, see
// docs/architecture.md "Posting"): checks, stock out, the receivable, the order's fulfilment, numbers,
// audit and activity and the Idempotency-Key in one statement. The route's schema checks the rest first.

const CREATE_ROUTE = 'dispatch-records:create';

const writer = (caller: Caller) => ({ organization_id: caller.organizationId, user_id: caller.userId });

/** Drafts a dispatch, or with `post` saves and posts it (all or nothing). */
export async function create(
  ctx: AppContext,
  caller: Caller,
  input: Input,
  idempotencyKey?: string,
  post = false,
): Promise<Outcome<DispatchRecord>> {
  const out = await repo.callDispatch<Outcome<DispatchRecord> | Refusal>(ctx.db, 'dispatch_create', {
    ...writer(caller),
    route: CREATE_ROUTE,
    key: checkedKey(idempotencyKey),
    hash: requestHash(post ? { ...input, post } : input),
    post,
    record: input,
  });
  return answered(out);
}

export async function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: Input & { version: number },
) {
  const out = await repo.callDispatch<Outcome<DispatchRecord>>(ctx.db, 'dispatch_edit', {
    ...writer(caller),
    id,
    record: input,
  });
  return out.body;
}

/** Posting: the lots out of stock, the receivable, the delivery receipt's number — or a refusal saying why. */
export async function post(
  ctx: AppContext,
  caller: Caller,
  id: string,
  idempotencyKey?: string,
): Promise<Outcome<DispatchRecord>> {
  return answered(
    await repo.callDispatch<Outcome<DispatchRecord> | Refusal>(ctx.db, 'dispatch_post', {
      ...writer(caller),
      route: `dispatch-records:post:${id}`,
      key: checkedKey(idempotencyKey),
      hash: requestHash({ id }),
      id,
    }),
  );
}

/** Voiding brings the kilograms back and reverses the receivable; refused once delivered. */
export async function voidRecord(ctx: AppContext, caller: Caller, id: string, reason: string) {
  const out = await repo.callDispatch<Outcome<DispatchRecord>>(ctx.db, 'dispatch_void', {
    ...writer(caller),
    id,
    reason,
  });
  return out.body;
}

/** A manager settles a delivery's discrepancy: a transit-loss write-off or a credit note. */
export async function settle(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof settleBodySchema>,
) {
  const out = await repo.callDispatch<Outcome<DispatchRecord>>(ctx.db, 'dispatch_resolve', {
    ...writer(caller),
    id,
    ...body,
  });
  return out.body;
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  const record = await repo.getRecord(ctx.db, caller.organizationId, id);
  if (!record) throw notFound('Dispatch record');
  return record;
}

async function recordFilter(ctx: AppContext, caller: Caller, q: ExportQuery, limit: number) {
  // The zone only places `from` and `to` on the organization's days: no query for it without them.
  const timeZone = q.from || q.to ? await timeZoneOf(ctx.db, caller.organizationId) : 'UTC';
  return {
    limit,
    status: q.status,
    delivery: q.delivery,
    customerId: q.customer_id,
    orderId: q.order_id,
    facilityId: q.facility_id,
    from: q.from,
    to: q.to,
    timeZone,
    q: q.q,
  };
}

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const rows = await repo.listRecords(ctx.db, caller.organizationId, {
    ...(await recordFilter(ctx, caller, q, q.limit + 1)),
    after: decodeCursor(q.cursor, ['instant', 'uuid']),
  });
  const page = toPage(rows, q.limit, (r) => [r.dispatchedAt, r.id]);
  return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
}

export const DISPATCH_CSV: CsvColumn<DispatchRecord>[] = [
  ['Record', (r) => r.number],
  ['Delivery receipt', (r) => r.delivery_receipt_no],
  ['Status', (r) => r.status],
  ['Dispatched at', (r) => r.dispatched_at],
  ['Customer', (r) => r.customer.code],
  ['Customer name', (r) => r.customer.name],
  ['Order', (r) => r.order?.number],
  ['Facility', (r) => r.facility.code],
  ['Lots', (r) => r.lines.map((l) => l.lot.code).join(' ')],
  ['Kg', (r) => r.total_kg],
  ['Amount PHP', (r) => r.amount],
  ['Vehicle', (r) => r.vehicle?.code],
  ['Driver', (r) => r.driver?.name],
  ['Hauler', (r) => r.hauler?.name],
  ['Net kg (weighbridge)', (r) => r.net_kg],
  ['Seals', (r) => r.seal_numbers.join(' ')],
  ['Delivered at', (r) => r.delivery?.delivered_at],
  ['Received kg', (r) => r.delivery?.received_kg],
  ['Discrepancy', (r) => r.discrepancy?.status],
  ['Posted at', (r) => r.posted_at],
  ['Voided at', (r) => r.voided_at],
];

/** The filtered dispatches as CSV, one row per dispatch, every one of the filter; logged as EXPORT_DATA. */
export async function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  const filter = await recordFilter(ctx, caller, q, EXPORT_PAGE);
  return streamCsv(ctx, caller, reply, {
    filename: 'dispatch-records.csv',
    dataType: 'dispatch_records',
    parameters: q,
    columns: DISPATCH_CSV,
    page: async (tx: Tx, after: [string, string] | undefined) => {
      const rows = await repo.listRecords(tx, caller.organizationId, { ...filter, after });
      const last = rows.at(-1);
      const next: [string, string] | undefined =
        last && rows.length === EXPORT_PAGE ? [last.dispatchedAt, last.id] : undefined;
      return { rows: rows.map((r) => r.view), next };
    },
  });
}

/** The delivery receipt as a PDF (posted or voided dispatches: a draft has no receipt number yet); logged. */
export async function receipt(ctx: AppContext, caller: Caller, id: string) {
  const record = await get(ctx, caller, id);
  if (record.status === 'draft')
    throw unprocessable(`${record.number} is a draft: its delivery receipt is numbered when it is posted.`);
  const parties = await repo.receiptParties(ctx.db, caller.organizationId, id);
  if (!parties) throw notFound('Dispatch record');
  const pdf = await deliveryReceipt(record, parties, `${ctx.publicUrl}/verify/${record.id}`);
  await insertEntry(ctx.db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    transactionType: 'GENERATE_REPORT',
    description: `Printed delivery receipt ${record.delivery_receipt_no} (${record.number})`,
    referenceId: record.number,
    metadata: { format: 'pdf', dispatchId: record.id },
  });
  return { pdf, filename: `${record.delivery_receipt_no}.pdf` };
}

/** What anyone holding the receipt's QR code may read: no prices, no customer, no people. */
export async function publicView(ctx: AppContext, id: string) {
  const row = await repo.publicDispatch(ctx.db, id);
  if (!row) throw notFound('Dispatch');
  return row;
}
