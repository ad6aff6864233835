import type {
  receiveBatchBodySchema,
  receiveExportQuerySchema,
  receiveListQuerySchema,
  receiveRecordInputSchema,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { EXPORT_PAGE } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { codeForStatus, errorBody } from '../../plugins/errors.ts';
import { streamCsv } from '../activity/export.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { receivePhotoLinks as photosRepo } from '../photos/photos.repo.ts';
import { answered } from '../posting/posting.ts';
import { checkedKey, requestHash } from '../security/idempotency.ts';
import { ownSupplierOf } from '../suppliers/suppliers.policy.ts';
import * as repo from './intake.repo.ts';
import { RECEIVE_LINES_CSV, type ReceiveRecordView, toRecord } from './intake.views.ts';

type Input = z.output<typeof receiveRecordInputSchema>;
type BatchItem = z.output<typeof receiveBatchBodySchema>['records'][number];
type ListQuery = z.output<typeof receiveListQuerySchema>;
type ExportQuery = z.output<typeof receiveExportQuerySchema>;

/** A supplier member reads only their own supplier's deliveries. */
const scopeFor = (caller: Caller, supplierId?: string) => ownSupplierOf(caller) ?? supplierId;

type Handle = Parameters<typeof repo.getRecord>[0];

/** The record as this caller may see it: another organization's, or another supplier's, is a 404. */
export async function visibleRecord(tx: Handle, caller: Caller, id: string, lock = false) {
  const row = await repo.getRecord(tx, caller.organizationId, id, lock);
  if (!row || (caller.role === 'supplier' && row.record.supplierId !== caller.supplierId))
    throw notFound('Receive record');
  return row;
}

export async function load(tx: Handle, caller: Caller, id: string, lock = false): Promise<ReceiveRecordView> {
  const row = await visibleRecord(tx, caller, id, lock);
  // One after the other: a transaction is one connection, which runs one query at a time.
  const lines = await repo.linesOf(tx, [id]);
  const photos = await photosRepo.photosOf(tx, caller.organizationId, [id]);
  return toRecord(row, lines, photos);
}

// Every write of a receive record is one call of its database function (migration 0010, see
// docs/architecture.md "Posting"): the checks, numbers, rows, audit and activity entries and the
// Idempotency-Key ride in that one statement. What needs no database is checked here first.

const CREATE_ROUTE = 'receive-records:create';

/**
 * Drafts a receive record (unit prices default from the price list), or with `post` saves and posts it.
 * Concurrent creates and posts of one organization may share one database call (repo.createRecord,
 * repo.postRecord); each still gets its own answer or its own refusal, the same as alone.
 */
export async function create(
  ctx: AppContext,
  caller: Caller,
  input: Input,
  idempotencyKey?: string,
  post = false,
): Promise<repo.Outcome<ReceiveRecordView>> {
  const out = await repo.createRecord<ReceiveRecordView>(ctx.db, {
    organization_id: caller.organizationId,
    user_id: caller.userId,
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
): Promise<ReceiveRecordView> {
  const out = await repo.callPosting<repo.Outcome<ReceiveRecordView>>(ctx.db, 'receive_edit', {
    organization_id: caller.organizationId,
    user_id: caller.userId,
    id,
    record: input,
  });
  return out.body;
}

/** Posting: one lot per line, stock in at the paid value, and a payable to the supplier — all or nothing. */
export async function post(
  ctx: AppContext,
  caller: Caller,
  id: string,
  idempotencyKey?: string,
): Promise<repo.Outcome<ReceiveRecordView>> {
  return answered(
    await repo.postRecord<ReceiveRecordView>(ctx.db, {
      organization_id: caller.organizationId,
      user_id: caller.userId,
      route: `receive-records:post:${id}`,
      key: checkedKey(idempotencyKey),
      hash: requestHash({ id }),
      id,
    }),
  );
}

/** Voiding reverses a posting, and is refused once any of its lots has moved on. */
export async function voidRecord(ctx: AppContext, caller: Caller, id: string, reason: string) {
  const out = await repo.callPosting<repo.Outcome<ReceiveRecordView>>(ctx.db, 'receive_void', {
    organization_id: caller.organizationId,
    user_id: caller.userId,
    id,
    reason,
  });
  return out.body;
}

/**
 * Saves and posts up to 500 records in one call. Each record is its own unit: one that fails is
 * answered with its error and leaves nothing behind, while the others post (a scale's or an import's
 * batch should not lose 499 good deliveries to one bad one); each record keeps its own
 * Idempotency-Key, so a retried batch posts nothing twice.
 */
export async function batch(ctx: AppContext, caller: Caller, items: BatchItem[]) {
  const results = await repo.callPosting<repo.BatchResult<ReceiveRecordView>[]>(ctx.db, 'receive_batch', {
    organization_id: caller.organizationId,
    user_id: caller.userId,
    route: CREATE_ROUTE,
    records: items.map(({ idempotency_key, ...record }) => ({
      key: checkedKey(idempotency_key ?? undefined),
      hash: requestHash({ ...record, post: true }),
      record,
    })),
  });
  return results.map(({ index, status, body, error }) => ({
    index,
    status,
    record: body ?? null,
    error: error ? errorBody(codeForStatus(status), error.message, error.details ?? undefined) : null,
  }));
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  return load(ctx.db, caller, id);
}

/** The list's filters as the repo takes them; a supplier member is held to their own deliveries. */
async function recordFilter(ctx: AppContext, caller: Caller, q: ExportQuery, limit: number) {
  // The zone only places `from` and `to` on the organization's days: no query for it without them.
  const timeZone = q.from || q.to ? await timeZoneOf(ctx.db, caller.organizationId) : 'UTC';
  return {
    limit,
    status: q.status,
    supplierId: scopeFor(caller, q.supplier_id),
    facilityId: q.facility_id,
    orderId: q.order_id,
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
  const page = toPage(rows, q.limit, (r) => [r.record.receivedAt.toISOString(), r.record.id]);
  const ids = page.items.map((r) => r.record.id);
  const [lines, photos] = ids.length
    ? await Promise.all([
        repo.linesOfPage(ctx.db, ids),
        photosRepo.photosOfPage(ctx.db, caller.organizationId, ids),
      ])
    : [[], []];
  return {
    items: page.items.map((r) =>
      toRecord(
        r,
        lines.filter((l) => l.line.recordId === r.record.id),
        photos.filter((p) => p.recordId === r.record.id),
      ),
    ),
    next_cursor: page.next_cursor,
  };
}

/** The filtered records as CSV, a row per line, every record of the filter; logged as EXPORT_DATA. */
export async function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  const filter = await recordFilter(ctx, caller, q, EXPORT_PAGE);
  return streamCsv(ctx, caller, reply, {
    filename: 'receive-records.csv',
    dataType: 'receive_records',
    parameters: q,
    columns: RECEIVE_LINES_CSV,
    page: async (tx: Tx, after: [string, string] | undefined) => {
      const rows = await repo.exportLines(tx, caller.organizationId, { ...filter, after });
      const last = rows.at(-1)?.record;
      const records = new Set(rows.map((r) => r.record.id)).size;
      const next: [string, string] | undefined =
        last && records === EXPORT_PAGE ? [last.receivedAt.toISOString(), last.id] : undefined;
      return { rows, next };
    },
  });
}
