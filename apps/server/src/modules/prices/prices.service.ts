import {
  type currentPriceQuerySchema,
  type Price,
  type priceCreateSchema,
  type priceHistoryQuerySchema,
  type priceListQuerySchema,
  type StockValue,
  sumDecimals,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decodeSortCursor, type PageWindow, sortedPages, toSortedPage } from '../../lib/listing.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { streamCsv } from '../activity/export.ts';
import * as records from '../masterdata/records.ts';
import { getActiveMaterial, getMaterial } from '../materials/materials.repo.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import * as repo from './prices.repo.ts';
import { describePrice, PRICE_CSV, toPrice } from './prices.views.ts';

// The price list is evidence of what suppliers were offered: rows are never edited or deleted.
// A wrong price is corrected by a newer row; the history keeps both.

type ListQuery = z.output<typeof priceListQuerySchema>;
type ExportQuery = Omit<ListQuery, 'limit' | 'cursor'>;
const PLURAL = 'prices';
const HISTORY_MAX_ROWS = 5_000;

const filters = (q: ExportQuery) => ({
  sort: q.sort,
  q: q.q,
  kind: q.kind,
  materialId: q.material_id,
  grade: q.grade,
  region: q.region,
  from: q.from,
  to: q.to,
});

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  const rows = await repo.listPrices(ctx.db, caller.organizationId, {
    ...filters(q),
    limit: q.limit + 1,
    after: decodeSortCursor(q.cursor, q.sort),
  });
  return toSortedPage(rows, q.limit, q.sort, toPrice);
}

export function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  return streamCsv(ctx, caller, reply, {
    filename: 'prices.csv',
    dataType: PLURAL,
    parameters: q,
    columns: PRICE_CSV,
    page: sortedPages(
      (tx: Tx, page: PageWindow) => repo.listPrices(tx, caller.organizationId, { ...filters(q), ...page }),
      toPrice,
    ),
  });
}

export async function get(ctx: AppContext, caller: Caller, id: string): Promise<Price> {
  const row = await repo.getPrice(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Price');
  return toPrice(row);
}

export async function create(
  ctx: AppContext,
  caller: Caller,
  body: z.output<typeof priceCreateSchema>,
): Promise<Price> {
  const series = {
    kind: body.kind,
    materialId: body.material_id,
    grade: body.grade ?? 'A',
    region: body.region,
  };
  return ctx.db.transaction(async (tx) => {
    const material = await getActiveMaterial(tx, caller.organizationId, body.material_id);
    if (!material) throw records.invalid({ material_id: 'Material not found or archived' });
    await repo.lockSeries(tx, caller.organizationId, series);
    if (await repo.priceOnDate(tx, caller.organizationId, { ...series, date: body.effective_from })) {
      throw new AppError(
        'conflict',
        `A ${body.kind} price for ${material.code} grade ${series.grade} in ${series.region} from ${body.effective_from} already exists. Prices are never edited: add one with a later date to correct it.`,
      );
    }
    const id = await repo.insertPrice(tx, {
      organizationId: caller.organizationId,
      ...series,
      pricePerKg: body.price_per_kg,
      effectiveFrom: body.effective_from,
    });
    const row = await repo.getPrice(tx, caller.organizationId, id);
    if (!row) throw new Error(`price ${id} vanished after insert`);
    const price = toPrice(row);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'price',
      entityId: id,
      description: `Added ${describePrice(price)}`,
      after: price,
    });
    return price;
  });
}

export async function current(
  ctx: AppContext,
  caller: Caller,
  q: z.output<typeof currentPriceQuerySchema>,
): Promise<Price> {
  const material = await getMaterial(ctx.db, caller.organizationId, q.material_id);
  if (!material) throw notFound('Material');
  const row = await repo.currentPrice(ctx.db, caller.organizationId, {
    kind: q.kind,
    materialId: q.material_id,
    grade: q.grade,
    region: q.region,
    on: q.date ?? new Date(),
  });
  if (!row)
    throw new AppError(
      'not_found',
      `No ${q.kind} price for ${material.code} grade ${q.grade} in ${q.region} on or before ${q.date ?? 'today'}`,
    );
  return toPrice(row);
}

export async function history(
  ctx: AppContext,
  caller: Caller,
  q: z.output<typeof priceHistoryQuerySchema>,
): Promise<{ items: Price[] }> {
  if (!(await getMaterial(ctx.db, caller.organizationId, q.material_id))) throw notFound('Material');
  const rows = await repo.priceHistory(
    ctx.db,
    caller.organizationId,
    { kind: q.kind, materialId: q.material_id, grade: q.grade, region: q.region },
    HISTORY_MAX_ROWS,
  );
  return { items: rows.map(toPrice) };
}

/** The stock on hand at today's prices, valued on the server so every client shows the same pesos. */
export async function stockValue(ctx: AppContext, caller: Caller): Promise<StockValue> {
  const rows = await repo.stockValue(ctx.db, caller.organizationId);
  const valued = rows.flatMap((r) => (r.value_php === null ? [] : [r.value_php]));
  return {
    as_of: rows[0]?.as_of ?? dayIn(new Date(), await timeZoneOf(ctx.db, caller.organizationId)),
    items: rows.map((r) => ({
      facility: { id: r.facility_id, code: r.facility_code, name: r.facility_name, region: r.region },
      material: { id: r.material_id, code: r.material_code, name: r.material_name, grade: r.grade },
      qty_kg: r.qty_kg,
      price:
        r.price_id && r.price_per_kg && r.effective_from
          ? { id: r.price_id, price_per_kg: r.price_per_kg, effective_from: r.effective_from }
          : null,
      value_php: r.value_php,
    })),
    total_value_php: sumDecimals(valued, 2),
    without_price: rows.length - valued.length,
  };
}
