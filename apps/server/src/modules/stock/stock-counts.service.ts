import type {
  stockCountCreateSchema,
  stockCountLinesBodySchema,
  stockCountListQuerySchema,
} from '@plastrace/shared';
import { formatKg, formatPhp, formatUnits, toUnits } from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { decodeSortCursor, toSortedPage } from '../../lib/listing.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { getFacility } from '../facilities/facilities.repo.ts';
import { lockLots } from '../lots/lots.repo.ts';
import { getMaterial } from '../materials/materials.repo.ts';
import { assertBooksOpen } from '../organization/books.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import * as stock from './stock.repo.ts';
import * as repo from './stock-counts.repo.ts';
import { toCount, toLine } from './stock-counts.views.ts';

// A stock count: open a sheet of every lot with stock at a facility (book balances frozen as of
// opening), enter what is physically there, then post: each difference becomes an adjustment on the
// ledger, all in one transaction, or nothing is written.

type ListQuery = z.output<typeof stockCountListQuerySchema>;

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const rows = await repo.listCounts(ctx.db, caller.organizationId, {
    limit: q.limit + 1,
    after: decodeSortCursor(q.cursor, repo.COUNT_SORT),
    status: q.status,
    facilityId: q.facility_id,
    q: q.q,
  });
  const page = toSortedPage(rows, q.limit, repo.COUNT_SORT, (r) => r);
  const totals = await repo.totalsOf(
    ctx.db,
    caller.organizationId,
    page.items.map((r) => r.count.id),
  );
  return {
    items: page.items.map((r) =>
      toCount(
        r,
        totals.find((t) => t.countId === r.count.id),
      ),
    ),
    next_cursor: page.next_cursor,
  };
}

async function load(db: Db | Tx, caller: Caller, id: string) {
  const row = await repo.getCount(db, caller.organizationId, id);
  if (!row) throw notFound('Stock count');
  const [totals] = await repo.totalsOf(db, caller.organizationId, [id]);
  const lines = await repo.linesOf(db, caller.organizationId, id);
  return { ...toCount(row, totals), lines: lines.map(toLine) };
}

export function get(ctx: AppContext, caller: Caller, id: string) {
  return load(ctx.db, caller, id);
}

/** Opens a count sheet; only one open count may cover a lot at a time. */
export async function open(ctx: AppContext, caller: Caller, input: z.output<typeof stockCountCreateSchema>) {
  return ctx.db.transaction(async (tx) => {
    const org = caller.organizationId;
    const facility = await getFacility(tx, org, input.facility_id);
    if (!facility) throw fieldNotFound('facility_id', 'Facility');
    const material = input.material_id ? await getMaterial(tx, org, input.material_id) : undefined;
    if (input.material_id && !material) throw fieldNotFound('material_id', 'Material');
    await repo.lockFacilityCounts(tx, facility.id);
    const [clash] = await repo.overlappingOpenCounts(tx, org, facility.id, material?.id);
    if (clash) {
      throw new AppError(
        'conflict',
        `Stock count ${clash.number} is still open at ${facility.name}: post or cancel it first.`,
      );
    }
    const year = dayIn(new Date(), await timeZoneOf(tx, org)).slice(0, 4);
    const n = await stock.nextCounter(tx, org, `stock_count:${year}`);
    const count = await repo.insertCount(tx, {
      organizationId: org,
      number: `SC-${year}-${String(n).padStart(6, '0')}`,
      facilityId: facility.id,
      materialId: material?.id ?? null,
      notes: input.notes || null,
      createdBy: caller.userId,
    });
    const lines = await repo.snapshotLines(tx, count);
    if (lines === 0) {
      throw unprocessable(
        `There is no stock${material ? ` of ${material.name}` : ''} at ${facility.name} to count.`,
      );
    }
    const opened = await load(tx, caller, count.id);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'stock_count',
      entityId: count.id,
      description: `Opened stock count ${count.number} at ${facility.code}${material ? ` for ${material.name}` : ''} (${lines} ${lines === 1 ? 'lot' : 'lots'})`,
      after: { ...opened, lines: undefined },
      referenceId: count.number,
    });
    return opened;
  });
}

const fieldNotFound = (field: string, what: string) =>
  new AppError('not_found', `${what} not found`, { fields: { [`body.${field}`]: `${what} not found` } });

async function openCount(tx: Tx, caller: Caller, id: string) {
  const count = await repo.lockCount(tx, caller.organizationId, id);
  if (!count) throw notFound('Stock count');
  if (count.status !== 'open') {
    throw unprocessable(`Stock count ${count.number} is ${count.status}; only an open count can change.`);
  }
  return count;
}

/** Enters counted kg for some lots (null clears one); repeatable while the count is open. */
export async function saveLines(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: z.output<typeof stockCountLinesBodySchema>,
) {
  return ctx.db.transaction(async (tx) => {
    const count = await openCount(tx, caller, id);
    // The last entry for a lot wins, as if the entries had been saved one after another.
    const entries = [...new Map(input.lines.map((e) => [e.lot_id, e])).values()];
    const onCount = await repo.lotsOnCount(
      tx,
      id,
      entries.map((e) => e.lot_id),
    );
    const strangers = entries.filter((e) => !onCount.has(e.lot_id)).map((e) => e.lot_id);
    if (strangers.length > 0) {
      throw unprocessable(
        `${strangers.length === 1 ? 'A lot is' : `${strangers.length} lots are`} not on stock count ${count.number}.`,
        { lot_ids: strangers },
      );
    }
    const changed = await repo.setCounted(tx, id, caller.userId, entries);
    if (changed > 0) {
      await repo.touchCount(tx, caller.organizationId, id);
      await logChange(tx, caller, {
        type: 'UPDATE_RECORD',
        entityType: 'stock_count',
        entityId: id,
        description: `Entered ${changed} ${changed === 1 ? 'count' : 'counts'} on stock count ${count.number}`,
        after: { lines: entries },
        referenceId: count.number,
      });
    }
    return load(tx, caller, id);
  });
}

/**
 * Posts every difference as an adjustment with the reason "Stock count {number}". Refused as a whole
 * when a lot is not counted, when a lot's book balance moved since the count was opened (the count
 * would then correct the wrong figure), or when an adjustment would take a lot below zero.
 */
export async function post(ctx: AppContext, caller: Caller, id: string, version?: number) {
  return ctx.db.transaction(async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, new Date(), 'A stock count');
    const org = caller.organizationId;
    const count = await openCount(tx, caller, id);
    if (version !== undefined && version !== count.version) {
      throw new AppError('conflict', 'The count changed since you reviewed it. Reload and check it again.');
    }
    const lines = await repo.linesToPost(tx, id);
    const uncounted = lines.filter((l) => l.line.countedKg === null);
    if (uncounted.length > 0) {
      const codes = uncounted.map((l) => l.code);
      throw unprocessable(
        `${codes.length === 1 ? `Lot ${codes[0]} is` : `${codes.length} lots are`} not counted yet (${codes.slice(0, 5).join(', ')}${codes.length > 5 ? ', …' : ''}): enter 0 for a lot that is gone.`,
        { lot_ids: uncounted.map((l) => l.line.lotId) },
      );
    }
    const lotIds = lines.map((l) => l.line.lotId);
    await lockLots(tx, org, lotIds);
    const balances = new Map((await stock.lockBalances(tx, lotIds)).map((b) => [b.lotId, b]));
    for (const { line, code } of lines) {
      const now = balances.get(line.lotId)?.qtyKg ?? '0';
      if (toUnits(now, 3) !== toUnits(line.bookKg, 3)) {
        throw unprocessable(
          `The book balance of lot ${code} changed since the count was opened (${line.bookKg} kg then, ${now} kg now). Cancel this count and open a new one.`,
          { lot_id: line.lotId, lot_code: code },
        );
      }
    }
    const adjusted = [];
    for (const { line, code } of lines) {
      const difference = toUnits(line.countedKg ?? '0', 3) - toUnits(line.bookKg, 3);
      const balance = balances.get(line.lotId);
      if (difference === 0n || !balance) {
        adjusted.push({ lot_id: line.lotId, adjusted_kg: '0', adjusted_value_php: '0' });
        continue;
      }
      const out = await stock.adjust(tx, {
        organizationId: org,
        lotId: line.lotId,
        facilityId: balance.facilityId,
        materialId: balance.materialId,
        qtyKg: formatUnits(difference, 3),
        sourceType: 'stock_count',
        sourceId: id,
        reason: `Stock count ${count.number}`,
        createdBy: caller.userId,
      });
      if (!out) throw unprocessable(`Lot ${code} does not hold that much: stock cannot go below zero.`);
      adjusted.push({ lot_id: line.lotId, adjusted_kg: out.qtyKg, adjusted_value_php: out.valuePhp });
    }
    await repo.setAdjusted(tx, id, adjusted);
    await repo.closeCount(tx, org, id, { status: 'posted', postedAt: dbNow, postedBy: caller.userId });
    const posted = await load(tx, caller, id);
    const moved = adjusted.filter((a) => toUnits(a.adjusted_kg, 3) !== 0n).length;
    const { difference_kg: kg, difference_value_php: php } = posted.totals;
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'stock_count',
      entityId: id,
      description: `Posted stock count ${count.number} at ${posted.facility.code}: ${moved} ${moved === 1 ? 'adjustment' : 'adjustments'}, ${formatKg(kg)}, ${formatPhp(php)}`,
      before: { status: 'open' },
      after: { status: 'posted', adjustments: adjusted.filter((a) => toUnits(a.adjusted_kg, 3) !== 0n) },
      amount: php,
      referenceId: count.number,
    });
    return posted;
  });
}

export async function cancel(ctx: AppContext, caller: Caller, id: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const count = await openCount(tx, caller, id);
    await repo.closeCount(tx, caller.organizationId, id, {
      status: 'cancelled',
      cancelledAt: dbNow,
      cancelledBy: caller.userId,
      cancelReason: reason,
    });
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'stock_count',
      entityId: id,
      description: `Cancelled stock count ${count.number}: ${reason}`,
      before: { status: 'open' },
      after: { status: 'cancelled', reason },
      referenceId: count.number,
    });
    return load(tx, caller, id);
  });
}
