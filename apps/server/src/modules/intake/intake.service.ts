import type {
  receiveExportQuerySchema,
  receiveListQuerySchema,
  receiveRecordInputSchema,
} from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { CSV_MAX_ROWS, csvExport } from '../../lib/listing.ts';
import { assertMay } from '../../lib/policy.ts';
import { assertMayExport } from '../../lib/records.ts';
import { codeDay, dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { insertLedgerEntry, lockSupplier } from '../ledger/ledger.repo.ts';
import { lockLots } from '../lots/lots.repo.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import * as stock from '../stock/stock.repo.ts';
import { ownSupplierOf } from '../suppliers/suppliers.policy.ts';
import { header, priceLines } from './intake.pricing.ts';
import * as repo from './intake.repo.ts';
import { auditSnapshot, RECEIVE_LINES_CSV, type ReceiveRecordView, toRecord } from './intake.views.ts';
import * as photosRepo from './photos.repo.ts';

type Input = z.output<typeof receiveRecordInputSchema>;
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

export async function create(ctx: AppContext, caller: Caller, input: Input, idempotencyKey?: string) {
  assertMay(caller, 'draftAndPost', 'Your role may not record deliveries');
  return idempotent(
    ctx.db,
    { organizationId: caller.organizationId, route: 'receive-records:create', key: idempotencyKey },
    input,
    async (tx) => {
      const h = await header(tx, caller, input);
      const id = uuidv7();
      const lines = await priceLines(tx, caller, input, h.facility.region, id);
      // The number last: its counter row stays locked until commit and queues every other create.
      const received = dayIn(new Date(input.received_at), await timeZoneOf(tx, caller.organizationId));
      const year = received.slice(0, 4);
      const n = await stock.nextCounter(tx, caller.organizationId, `receive:${year}`);
      await repo.insertRecord(tx, {
        ...h.values,
        id,
        organizationId: caller.organizationId,
        number: `RR-${year}-${String(n).padStart(6, '0')}`,
        createdBy: caller.userId,
      });
      await repo.replaceLines(tx, id, lines);
      const record = await load(tx, caller, id);
      await logChange(tx, caller, {
        type: 'CREATE_RECORD',
        entityType: 'receive_record',
        entityId: id,
        description: `Drafted receive record ${record.number}`,
        after: auditSnapshot(record),
        referenceId: record.number,
      });
      return { status: 201, body: record };
    },
  );
}

export async function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: Input & { version: number },
) {
  assertMay(caller, 'draftAndPost', 'Your role may not change deliveries');
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, caller, id, true);
    if (before.status !== 'draft')
      throw unprocessable(`Only a draft can be edited; this record is ${before.status}.`);
    const h = await header(tx, caller, input);
    if (!(await repo.updateRecord(tx, caller.organizationId, id, input.version, h.values))) {
      throw new AppError(409, 'conflict', 'Someone else changed this record. Reload and try again.');
    }
    await repo.replaceLines(tx, id, await priceLines(tx, caller, input, h.facility.region, id));
    const after = await load(tx, caller, id);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'receive_record',
      entityId: id,
      description: `Edited receive record ${after.number}`,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
      referenceId: after.number,
    });
    return after;
  });
}

/** Posting: one lot per line, stock in at the paid value, and a payable to the supplier — all or nothing. */
export async function post(ctx: AppContext, caller: Caller, id: string, idempotencyKey?: string) {
  assertMay(caller, 'draftAndPost', 'Your role may not post deliveries');
  return idempotent(
    ctx.db,
    { organizationId: caller.organizationId, route: `receive-records:post:${id}`, key: idempotencyKey },
    { id },
    async (tx) => {
      const record = await load(tx, caller, id, true);
      if (record.status !== 'draft') throw unprocessable(`This record is already ${record.status}.`);
      // The organization's day: a delivery at 07:00 in Manila is that day's, not the UTC day before.
      const day = codeDay(new Date(record.received_at), await timeZoneOf(tx, caller.organizationId));
      for (const line of record.lines) {
        const n = await stock.nextCounter(tx, caller.organizationId, `lot:${record.facility.code}:${day}`);
        const lot = await stock.insertLot(tx, {
          organizationId: caller.organizationId,
          code: `${record.facility.code}-${day}-${String(n).padStart(4, '0')}`,
          materialId: line.material.id,
          facilityId: record.facility.id,
          originType: 'receive_line',
          originId: line.id,
        });
        await stock.move(tx, {
          organizationId: caller.organizationId,
          lotId: lot.id,
          facilityId: record.facility.id,
          materialId: line.material.id,
          qtyKg: line.net_kg,
          valuePhp: line.amount,
          kind: 'receipt',
          sourceType: 'receive_record',
          sourceId: id,
          createdBy: caller.userId,
          // Stock and the payable date from the delivery, so "as of" a day counts what arrived by then.
          postedAt: new Date(record.received_at),
        });
        await repo.setLineLot(tx, line.id, lot.id);
      }
      await insertLedgerEntry(tx, {
        organizationId: caller.organizationId,
        supplierId: record.supplier.id,
        kind: 'payable',
        amount: record.total_amount,
        reference: record.number,
        sourceType: 'receive_record',
        sourceId: id,
        createdBy: caller.userId,
        postedAt: new Date(record.received_at),
      });
      await repo.updateRecord(tx, caller.organizationId, id, undefined, {
        status: 'posted',
        postedAt: new Date(),
        postedBy: caller.userId,
      });
      const after = await load(tx, caller, id);
      await logChange(tx, caller, {
        type: 'UPDATE_RECORD',
        entityType: 'receive_record',
        entityId: id,
        description: `Posted receive record ${after.number}: ${after.total_net_kg} kg`,
        before: auditSnapshot(record),
        after: auditSnapshot(after),
        amount: after.total_amount,
        referenceId: after.number,
      });
      return { status: 200, body: after };
    },
  );
}

/** Voiding reverses a posting, and is refused once any of its lots has moved on. */
export async function voidRecord(ctx: AppContext, caller: Caller, id: string, reason: string) {
  assertMay(caller, 'voidAndAdjust', 'Only managers and administrators may void records');
  return ctx.db.transaction(async (tx) => {
    const record = await load(tx, caller, id, true);
    if (record.status !== 'posted')
      throw unprocessable(`Only a posted record can be voided; this one is ${record.status}.`);
    // Lots first, in id order, as split, merge, adjustments and stock counts lock them: the same order
    // everywhere means no deadlock, and nothing can move a lot between the check below and the reversal.
    const lotIds = record.lines.flatMap((l) => (l.lot ? [l.lot.id] : []));
    await lockLots(tx, caller.organizationId, lotIds);
    for (const line of record.lines) {
      if (!line.lot) continue;
      const moves = await stock.movementsOfLot(tx, caller.organizationId, line.lot.id);
      if (moves.length !== 1) {
        throw unprocessable(
          `Lot ${line.lot.code} has already moved on (${moves.length - 1} later movement${moves.length > 2 ? 's' : ''}), so this record cannot be voided. Correct it with an adjustment instead.`,
          { lot_id: line.lot.id },
        );
      }
      const out = await stock.move(tx, {
        organizationId: caller.organizationId,
        lotId: line.lot.id,
        facilityId: record.facility.id,
        materialId: line.material.id,
        qtyKg: `-${line.net_kg}`,
        kind: 'receipt_void',
        sourceType: 'receive_record',
        sourceId: id,
        reason,
        createdBy: caller.userId,
      });
      if (!out) throw unprocessable(`Lot ${line.lot.code} no longer holds its ${line.net_kg} kg.`);
      await stock.setLotStatus(tx, caller.organizationId, line.lot.id, 'voided');
    }
    // A payment checks what is owed under this lock; the reversal must not slip past that check.
    await lockSupplier(tx, caller.organizationId, record.supplier.id);
    await insertLedgerEntry(tx, {
      organizationId: caller.organizationId,
      supplierId: record.supplier.id,
      kind: 'payable_reversal',
      amount: `-${record.total_amount}`,
      reference: record.number,
      sourceType: 'receive_record',
      sourceId: id,
      note: reason,
      createdBy: caller.userId,
    });
    await repo.updateRecord(tx, caller.organizationId, id, undefined, {
      status: 'voided',
      voidedAt: new Date(),
      voidedBy: caller.userId,
      voidReason: reason,
    });
    const after = await load(tx, caller, id);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'receive_record',
      entityId: id,
      description: `Voided receive record ${after.number}: ${reason}`,
      before: auditSnapshot(record),
      after: auditSnapshot(after),
      amount: `-${record.total_amount}`,
      referenceId: after.number,
    });
    return after;
  });
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  assertMay(caller, 'readOperations');
  return load(ctx.db, caller, id);
}

/** The list's filters as the repo takes them; a supplier member is held to their own deliveries. */
async function recordFilter(ctx: AppContext, caller: Caller, q: ExportQuery, limit: number) {
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  return {
    limit,
    status: q.status,
    supplierId: scopeFor(caller, q.supplier_id),
    facilityId: q.facility_id,
    from: q.from,
    to: q.to,
    timeZone,
    q: q.q,
  };
}

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  assertMay(caller, 'readOperations');
  const rows = await repo.listRecords(ctx.db, caller.organizationId, {
    ...(await recordFilter(ctx, caller, q, q.limit + 1)),
    after: decodeCursor(q.cursor, 2) as [string, string] | undefined,
  });
  const page = toPage(rows, q.limit, (r) => [r.record.receivedAt.toISOString(), r.record.id]);
  const ids = page.items.map((r) => r.record.id);
  const [lines, photos] = ids.length
    ? await Promise.all([repo.linesOf(ctx.db, ids), photosRepo.photosOf(ctx.db, caller.organizationId, ids)])
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

/** The filtered records as CSV, a row per line (at most CSV_MAX_ROWS lines); logged as EXPORT_DATA. */
export async function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery) {
  assertMayExport(caller);
  const rows = await repo.exportLines(
    ctx.db,
    caller.organizationId,
    await recordFilter(ctx, caller, q, CSV_MAX_ROWS),
  );
  return csvExport(ctx.db, caller, {
    dataType: 'receive_records',
    parameters: q,
    columns: RECEIVE_LINES_CSV,
    items: rows,
  });
}
