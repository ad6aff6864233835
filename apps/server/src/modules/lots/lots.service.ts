import type { lotExportQuerySchema, lotListQuerySchema } from '@plastrace/shared';
import { divide, formatUnits, toUnits } from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { decodeSortCursor, type PageWindow, sortedPages, toSortedPage } from '../../lib/listing.ts';
import { codeDay, dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { insertEntry } from '../activity/activity.repo.ts';
import { logChange } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';
import { appendEntries } from '../log/log.repo.ts';
import { assertBooksOpen } from '../organization/books.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import * as stock from '../stock/stock.repo.ts';
import { ownSupplierOf } from '../suppliers/suppliers.policy.ts';
import { labelSheet } from './lots.labels.ts';
import * as repo from './lots.repo.ts';
import { LOT_CSV, toLot } from './lots.views.ts';

async function detail(db: Parameters<typeof repo.getLot>[0], caller: Caller, id: string) {
  const row = await repo.getLot(db, caller.organizationId, id, ownSupplierOf(caller));
  if (!row) throw notFound('Lot');
  // One after another: `db` may be a transaction (a lot answered after a split or a merge).
  const moves = await stock.movementsOfLot(db, caller.organizationId, id);
  const origin = await repo.originOf(db, caller.organizationId, row.lot);
  return {
    ...toLot(row),
    origin: {
      receive_record: origin.record
        ? {
            id: origin.record.id,
            number: origin.record.number,
            received_at: origin.record.receivedAt.toISOString(),
          }
        : null,
      supplier: origin.record?.supplier ?? null,
      source_lot: origin.sourceLot ?? null,
      production_record:
        'run' in origin && origin.run
          ? { id: origin.run.id, number: origin.run.number, ended_at: origin.run.endedAt.toISOString() }
          : null,
    },
    movements: moves.map((m) => ({
      id: m.id,
      kind: m.kind,
      qty_kg: m.qtyKg,
      value_php: m.valuePhp,
      source_type: m.sourceType,
      source_id: m.sourceId,
      reason: m.reason,
      posted_at: m.postedAt.toISOString(),
    })),
  };
}

type ListQuery = z.output<typeof lotListQuerySchema>;
type ExportQuery = z.output<typeof lotExportQuerySchema>;

const filters = (caller: Caller, q: ExportQuery) => ({
  sort: q.sort,
  status: q.status,
  facilityId: q.facility_id,
  materialId: q.material_id,
  q: q.q,
  supplierId: ownSupplierOf(caller),
});

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const rows = await repo.listLots(ctx.db, caller.organizationId, {
    ...filters(caller, q),
    limit: q.limit + 1,
    after: decodeSortCursor(q.cursor, q.sort),
  });
  return toSortedPage(rows, q.limit, q.sort, toLot);
}

/** The filtered list as CSV, in the list's order (EXPORT_DATA in the activity log). */
export function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  return streamCsv(ctx, caller, reply, {
    filename: 'lots.csv',
    dataType: 'lots',
    parameters: q,
    columns: LOT_CSV,
    page: sortedPages(
      (tx: Tx, page: PageWindow) =>
        repo.listLots(tx, caller.organizationId, { ...filters(caller, q), ...page }),
      toLot,
    ),
  });
}

/**
 * A sheet of QR labels for the lots, in the order asked. Any lot the caller may not see makes it a
 * 404, like a single lot. Printing is logged as a QR code download, with the lots it covered.
 */
export async function labels(ctx: AppContext, caller: Caller, ids: string[]) {
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  const rows = await repo.labelLots(ctx.db, caller.organizationId, ids, timeZone, ownSupplierOf(caller));
  const byId = new Map(rows.map((r) => [r.lot.id, r]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((r) => !r)) throw notFound('Lot');
  const lots = chosen.filter((r) => r !== undefined);
  const pdf = await labelSheet(
    lots.map((r) => ({
      id: r.lot.id,
      code: r.lot.code,
      material: r.material.name,
      qtyKg: r.qtyKg,
      facility: `${r.facility.name} (${r.facility.code})`,
      day: r.receivedOn,
      received: r.received,
    })),
    ctx.publicUrl,
    `Lot labels (${lots.length})`,
  );
  const codes = lots.map((r) => r.lot.code);
  await insertEntry(ctx.db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    transactionType: 'QR_CODE_DOWNLOAD',
    description: `Printed QR labels for ${lots.length} ${lots.length === 1 ? 'lot' : 'lots'}: ${codes.slice(0, 5).join(', ')}${codes.length > 5 ? ', …' : ''}`,
    referenceId: codes[0],
    metadata: { format: 'pdf', lotIds: ids, lotCodes: codes },
  });
  return pdf;
}

export const get = (ctx: AppContext, caller: Caller, id: string) => {
  return detail(ctx.db, caller, id);
};

async function usableLot(tx: Tx, caller: Caller, id: string) {
  const [lot] = await repo.lockLots(tx, caller.organizationId, [id]);
  if (!lot) throw notFound('Lot');
  if (lot.status !== 'available')
    throw unprocessable(`Lot ${lot.code} is ${lot.status}; only an available lot can be changed.`);
  return lot;
}

async function newLotFrom(
  tx: Tx,
  caller: Caller,
  parent: { facilityId: string; materialId: string; recycledContentPct: string | null },
  originType: string,
  originId: string,
) {
  const code = await repo.facilityCode(tx, parent.facilityId);
  const day = codeDay(new Date(), await timeZoneOf(tx, caller.organizationId));
  const n = await stock.nextCounter(tx, caller.organizationId, `lot:${code}:${day}`);
  return stock.insertLot(tx, {
    organizationId: caller.organizationId,
    code: `${code}-${day}-${String(n).padStart(4, '0')}`,
    materialId: parent.materialId,
    facilityId: parent.facilityId,
    originType,
    originId,
    // A part of a lot is as recycled as the lot (null: as its material says, the same for both).
    recycledContentPct: parent.recycledContentPct,
  });
}

const notEnough = (code: string) =>
  unprocessable(`Lot ${code} does not hold that much: stock cannot go below zero.`);

/** Splits parts off a lot into new lots; what is left stays in the lot (consumed when nothing is). */
export async function split(ctx: AppContext, caller: Caller, id: string, parts: string[]) {
  return ctx.db.transaction(async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, new Date(), 'A split');
    const lot = await usableLot(tx, caller, id);
    const children = [];
    for (const part of parts) {
      if (toUnits(part, 3) <= 0n) throw unprocessable('Each part must be above 0 kg');
      const child = await newLotFrom(tx, caller, lot, 'split', lot.id);
      const out = await stock.move(tx, {
        organizationId: caller.organizationId,
        lotId: lot.id,
        facilityId: lot.facilityId,
        materialId: lot.materialId,
        qtyKg: `-${part}`,
        kind: 'split_out',
        sourceType: 'lot',
        sourceId: child.id,
        createdBy: caller.userId,
      });
      if (!out) throw notEnough(lot.code);
      await repo.addLineage(tx, caller.organizationId, [
        { parentLotId: lot.id, childLotId: child.id, kg: part, sourceType: 'split', sourceId: lot.id },
      ]);
      await stock.move(tx, {
        organizationId: caller.organizationId,
        lotId: child.id,
        facilityId: lot.facilityId,
        materialId: lot.materialId,
        qtyKg: part,
        valuePhp: out.valuePhp.replace('-', ''),
        kind: 'split_in',
        sourceType: 'lot',
        sourceId: lot.id,
        createdBy: caller.userId,
      });
      children.push(child);
    }
    const left = await stock.lockBalance(tx, lot.id);
    if (left && toUnits(left.qtyKg, 3) === 0n)
      await stock.setLotStatus(tx, caller.organizationId, lot.id, 'consumed');
    // The new lots' births, in the record log (their origin: the lot they were split from).
    await appendEntries(
      tx,
      caller.organizationId,
      'lot',
      children.map((c) => c.id),
      'created',
    );
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'lot',
      entityId: lot.id,
      description: `Split ${parts.join(' + ')} kg off lot ${lot.code} into ${children.map((c) => c.code).join(', ')}`,
      referenceId: lot.code,
    });
    const parent = await detail(tx, caller, lot.id);
    const lots = [];
    for (const c of children) lots.push(await detail(tx, caller, c.id)); // one connection: in turn
    return { parent, lots };
  });
}

/**
 * The recycled share of lots mixed together, by mass; null when none has its own (all are as their
 * material says, and so is the mix).
 */
async function mixedShare(tx: Tx, locked: { id: string; recycledContentPct: string | null }[]) {
  if (locked.every((l) => l.recycledContentPct === null)) return null;
  const ids = locked.map((l) => l.id);
  const shares = await repo.recycledShares(tx, ids);
  const balances = await stock.lockBalances(tx, ids);
  let kg = 0n;
  let weighted = 0n;
  for (const b of balances) {
    kg += toUnits(b.qtyKg, 3);
    weighted += toUnits(b.qtyKg, 3) * toUnits(shares.get(b.lotId) ?? '100', 2);
  }
  const share = divide(weighted, 5, kg, 3, 2);
  return share === null ? null : formatUnits(share, 2);
}

/** Merges lots of one material at one facility into a new lot; the sources are consumed. */
export async function merge(ctx: AppContext, caller: Caller, ids: string[]) {
  return ctx.db.transaction(async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, new Date(), 'A merge');
    const locked = await repo.lockLots(tx, caller.organizationId, [...new Set(ids)]);
    if (locked.length !== new Set(ids).size) throw notFound('Lot');
    const first = locked[0];
    if (!first) throw notFound('Lot');
    for (const l of locked) {
      if (l.status !== 'available')
        throw unprocessable(`Lot ${l.code} is ${l.status}; only available lots can be merged.`);
      if (l.materialId !== first.materialId || l.facilityId !== first.facilityId) {
        throw unprocessable('Only lots of the same material at the same facility can be merged.');
      }
    }
    const merged = await newLotFrom(
      tx,
      caller,
      { ...first, recycledContentPct: await mixedShare(tx, locked) },
      'merge',
      first.id,
    );
    let total = 0n;
    let value = 0n;
    for (const l of locked) {
      const bal = await stock.lockBalance(tx, l.id);
      const qty = bal?.qtyKg ?? '0';
      if (toUnits(qty, 3) === 0n) throw unprocessable(`Lot ${l.code} is empty.`);
      const out = await stock.move(tx, {
        organizationId: caller.organizationId,
        lotId: l.id,
        facilityId: l.facilityId,
        materialId: l.materialId,
        qtyKg: `-${qty}`,
        kind: 'merge_out',
        sourceType: 'lot',
        sourceId: merged.id,
        createdBy: caller.userId,
      });
      if (!out) throw notEnough(l.code);
      await repo.addLineage(tx, caller.organizationId, [
        { parentLotId: l.id, childLotId: merged.id, kg: qty, sourceType: 'merge', sourceId: merged.id },
      ]);
      total += toUnits(qty, 3);
      value -= toUnits(out.valuePhp, 2);
      await stock.setLotStatus(tx, caller.organizationId, l.id, 'consumed');
    }
    await stock.move(tx, {
      organizationId: caller.organizationId,
      lotId: merged.id,
      facilityId: first.facilityId,
      materialId: first.materialId,
      qtyKg: formatUnits(total, 3),
      valuePhp: formatUnits(value, 2),
      kind: 'merge_in',
      sourceType: 'lot',
      sourceId: first.id,
      createdBy: caller.userId,
    });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'lot',
      entityId: merged.id,
      description: `Merged ${locked.map((l) => l.code).join(', ')} into ${merged.code}`,
      referenceId: merged.code,
    });
    await appendEntries(tx, caller.organizationId, 'lot', [merged.id], 'created');
    return detail(tx, caller, merged.id);
  });
}

export async function setQuarantine(
  ctx: AppContext,
  caller: Caller,
  id: string,
  on: boolean,
  reason: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [lot] = await repo.lockLots(tx, caller.organizationId, [id]);
    if (!lot) throw notFound('Lot');
    if (on && lot.status !== 'available')
      throw unprocessable(`Lot ${lot.code} is ${lot.status}; only an available lot can be quarantined.`);
    if (!on && lot.status !== 'quarantined') throw unprocessable(`Lot ${lot.code} is not quarantined.`);
    await stock.setLotStatus(
      tx,
      caller.organizationId,
      id,
      on ? 'quarantined' : 'available',
      on ? reason : null,
    );
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'lot',
      entityId: id,
      description: `${on ? 'Quarantined' : 'Released'} lot ${lot.code}: ${reason}`,
      referenceId: lot.code,
    });
    return detail(tx, caller, id);
  });
}

/** A counted or corrected quantity, as a new ledger row with its reason (managers and admins only). */
export async function adjust(ctx: AppContext, caller: Caller, id: string, qtyKg: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    await assertBooksOpen(tx, caller.organizationId, new Date(), 'An adjustment');
    const [lot] = await repo.lockLots(tx, caller.organizationId, [id]);
    if (!lot) throw notFound('Lot');
    if (lot.status === 'voided') throw unprocessable(`Lot ${lot.code} is voided.`);
    const out = await stock.adjust(tx, {
      organizationId: caller.organizationId,
      lotId: id,
      facilityId: lot.facilityId,
      materialId: lot.materialId,
      qtyKg,
      sourceType: 'lot',
      sourceId: id,
      reason,
      createdBy: caller.userId,
    });
    if (!out) throw notEnough(lot.code);
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'lot',
      entityId: id,
      description: `Adjusted lot ${lot.code} by ${qtyKg} kg: ${reason}`,
      referenceId: lot.code,
    });
    return detail(tx, caller, id);
  });
}

export async function publicView(ctx: AppContext, id: string) {
  const row = await repo.publicLot(ctx.db, id);
  if (!row) throw notFound('Lot');
  return {
    id: row.lot.id,
    organization: { name: row.organization.name, time_zone: row.organization.timeZone },
    code: row.lot.code,
    material: row.material.name,
    polymer: row.material.polymer,
    form: row.material.form,
    qty_kg: row.qtyKg,
    status: row.lot.status,
    facility_city: row.facility.city,
    received_on: row.receivedAt ? dayIn(row.receivedAt, row.organization.timeZone) : null,
    created_at: row.lot.createdAt.toISOString(),
  };
}

/**
 * Reclassifies an available lot as another material (a confirmed identification): the ledger cannot
 * change a lot's material in place, so the whole balance moves into a new lot of that material, as a split
 * whose one part is everything — split_out/split_in rows at average cost, a lineage edge, the old lot
 * consumed with the reason on its movement. Inventory per material moves by exactly the lot's kg. Runs in
 * the caller's transaction; the lot it answers holds the material (the same lot when it already did).
 */
export async function reclassify(
  tx: Tx,
  caller: Caller,
  id: string,
  material: { id: string; code: string },
  reason: string,
): Promise<{ id: string; code: string; reclassified: boolean }> {
  const [locked] = await repo.lockLots(tx, caller.organizationId, [id]);
  if (!locked) throw notFound('Lot');
  // Already of that material: the confirmation is only recorded, whatever became of the lot.
  if (locked.materialId === material.id) return { id: locked.id, code: locked.code, reclassified: false };
  const lot = await usableLot(tx, caller, id);
  await assertBooksOpen(tx, caller.organizationId, new Date(), 'A reclassification');
  const balance = await stock.lockBalance(tx, lot.id);
  const qty = balance?.qtyKg ?? '0';
  if (toUnits(qty, 3) <= 0n) throw unprocessable(`Lot ${lot.code} is empty.`);
  // Recycled content is about where the material came from, not which polymer it is: it stays the lot's.
  const share = (await repo.recycledShares(tx, [lot.id])).get(lot.id) ?? null;
  const child = await newLotFrom(
    tx,
    caller,
    { facilityId: lot.facilityId, materialId: material.id, recycledContentPct: share },
    'split',
    lot.id,
  );
  const why = `Reclassified as ${material.code} into ${child.code}: ${reason}`;
  const out = await stock.move(tx, {
    organizationId: caller.organizationId,
    lotId: lot.id,
    facilityId: lot.facilityId,
    materialId: lot.materialId,
    qtyKg: `-${qty}`,
    kind: 'split_out',
    sourceType: 'lot',
    sourceId: child.id,
    reason: why,
    createdBy: caller.userId,
  });
  if (!out) throw notEnough(lot.code);
  await repo.addLineage(tx, caller.organizationId, [
    { parentLotId: lot.id, childLotId: child.id, kg: qty, sourceType: 'split', sourceId: lot.id },
  ]);
  await stock.move(tx, {
    organizationId: caller.organizationId,
    lotId: child.id,
    facilityId: lot.facilityId,
    materialId: material.id,
    qtyKg: qty,
    valuePhp: out.valuePhp.replace('-', ''),
    kind: 'split_in',
    sourceType: 'lot',
    sourceId: lot.id,
    reason: why,
    createdBy: caller.userId,
  });
  await stock.setLotStatus(tx, caller.organizationId, lot.id, 'consumed');
  await appendEntries(tx, caller.organizationId, 'lot', [child.id], 'created');
  await logChange(tx, caller, {
    type: 'UPDATE_RECORD',
    entityType: 'lot',
    entityId: lot.id,
    description: `Reclassified lot ${lot.code} (${qty} kg) as ${material.code} into ${child.code}: ${reason}`,
    referenceId: lot.code,
  });
  return { id: child.id, code: child.code, reclassified: true };
}
