import {
  type CreditBatch,
  type CreditBatchListQuery,
  type CreditEvidence,
  type CreditHoldingsQuery,
  type CreditMovementsQuery,
  type CreditStatus,
  type creditHoldingsExportQuerySchema,
  type PublicCreditsQuery,
  parseCreditSerial,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { EXPORT_PAGE, pageOf } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { streamCsv } from '../activity/export.ts';
import { consume, type Limit } from '../security/rate-limit.ts';
import { organizationBySlug } from './credits.repo.ts';
import { HOLDINGS_CSV, toBatchSummary, toBlock, toMovement, toPublicCredit } from './credits.views.ts';
import * as repo from './holdings.repo.ts';

// Reading EPR credits: a member sees the batches its organization took part in, its own blocks and its
// own movements — another organization's credits only through the public registry, which names no
// holder, price or person.

/** Enough for a batch split many times over; a batch's blocks and movements are read whole. */
const BATCH_PARTS = 1000;

/** Registry look-ups from one address: a person checking serials never comes near it; a scraper does. */
export const REGISTRY_VIEWS_PER_IP: Limit = { name: 'credit-registry-ip', limit: 300, windowMs: 5 * 60_000 };

const blockKey = (r: repo.BlockRow): [string, string, number] => [r.cursor_at, r.batch_id, r.first_no];
const decodeBlockCursor = (cursor: string | undefined) => decodeCursor(cursor, ['instant', 'uuid', 'int']);

/** A search term as a serial: its batch prefix and number when it ends in one. */
function serialFilter(q: string | undefined) {
  if (!q) return undefined;
  const text = q.trim().toUpperCase();
  const parsed = parseCreditSerial(text);
  return { startsWith: text, prefix: parsed?.prefix, no: parsed?.no };
}

/** The batch as the organization may see it: the issuer everything, a holder the public facts and its own part. */
export async function batchDetail(
  h: Db | Tx,
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<CreditBatch> {
  const org = caller.organizationId;
  const row = await repo.getBatch(h, org, id);
  if (!row) throw notFound('Credit batch');
  const summary = toBatchSummary(org, row);
  const issuer = summary.is_issuer;
  const blocks = await repo.listBlocks(h, {
    batchId: id,
    holderId: issuer ? undefined : org,
    limit: BATCH_PARTS,
  });
  const movements = await repo.listMovements(h, org, { batchId: id, limit: BATCH_PARTS });
  // The issuer sees every block, but names only the holders it moved credits to: one further down the
  // chain (a buyer's buyer) stays unnamed to it. Others see only their own blocks.
  const named = new Set(movements.filter((m) => m.from_organization_id === org).map((m) => m.to_slug));
  const unnamed = (k: (typeof blocks)[number]) =>
    issuer && k.holder_slug !== k.issuer_slug && !named.has(k.holder_slug);
  return {
    ...summary,
    // The evidence and what the collectors were paid travel with the credits: a buyer, and its auditor,
    // check every claim down to the weighbridge ticket (no supplier names or prices are in it).
    collector_pay_php: row.collector_pay_php,
    collector_pay_per_kg: row.collector_pay_per_kg,
    evidence: row.evidence as CreditEvidence[],
    issued_by: issuer ? { id: row.issued_by, name: row.issued_by_name } : null,
    blocks: blocks.map((k) =>
      unnamed(k) ? { ...toBlock(k), holder: { name: 'Another organization', slug: '' } } : toBlock(k),
    ),
    movements: movements.map((m) => toMovement(org, m)),
    log_url: `${ctx.publicUrl}/verify/${id}`,
  };
}

export const getBatch = (ctx: AppContext, caller: Caller, id: string) => batchDetail(ctx.db, ctx, caller, id);

export async function listBatches(ctx: AppContext, caller: Caller, q: CreditBatchListQuery) {
  const rows = await repo.listBatches(ctx.db, caller.organizationId, {
    vintage: q.vintage,
    fate: q.fate,
    status: q.status,
    limit: q.limit + 1,
    after: decodeCursor(q.cursor, ['instant', 'uuid']),
  });
  const page = toPage(rows, q.limit, (r) => [r.cursor_at, r.id]);
  return {
    items: page.items.map((r) => toBatchSummary(caller.organizationId, r)),
    next_cursor: page.next_cursor,
  };
}

type HoldingsFilter = z.output<typeof creditHoldingsExportQuerySchema>;
const holdingsFilter = (caller: Caller, q: HoldingsFilter) => ({
  holderId: caller.organizationId,
  status: q.status,
  vintage: q.vintage,
  fate: q.fate,
  serial: serialFilter(q.q),
});

export async function holdings(ctx: AppContext, caller: Caller, q: CreditHoldingsQuery) {
  const rows = await repo.listBlocks(ctx.db, {
    ...holdingsFilter(caller, q),
    limit: q.limit + 1,
    after: decodeBlockCursor(q.cursor),
  });
  const page = toPage(rows, q.limit, blockKey);
  return { items: page.items.map(toBlock), next_cursor: page.next_cursor };
}

export function exportHoldings(ctx: AppContext, caller: Caller, q: HoldingsFilter, reply: FastifyReply) {
  return streamCsv(ctx, caller, reply, {
    filename: 'epr-credit-holdings.csv',
    dataType: 'epr_credit_holdings',
    parameters: q,
    columns: HOLDINGS_CSV,
    page: async (tx: Tx, after: [string, string, number] | undefined) =>
      pageOf(
        await repo.listBlocks(tx, { ...holdingsFilter(caller, q), limit: EXPORT_PAGE + 1, after }),
        EXPORT_PAGE,
        blockKey,
        toBlock,
      ),
  });
}

export async function summary(ctx: AppContext, caller: Caller) {
  const rows = await repo.summary(ctx.db, caller.organizationId);
  const totals = { issued: 0, transferred: 0, retired: 0 };
  for (const r of rows) totals[r.status as CreditStatus] += r.credits;
  return { rows: rows.map((r) => ({ ...r, status: r.status as CreditStatus })), totals };
}

export async function movements(ctx: AppContext, caller: Caller, q: CreditMovementsQuery) {
  const rows = await repo.listMovements(ctx.db, caller.organizationId, {
    kind: q.kind,
    limit: q.limit + 1,
    after: decodeCursor(q.cursor, ['instant', 'uuid']),
  });
  const page = toPage(rows, q.limit, (r) => [r.cursor_at, r.id]);
  return {
    items: page.items.map((r) => toMovement(caller.organizationId, r)),
    next_cursor: page.next_cursor,
  };
}

/** An organization of the installation by its identifier: who a transfer would go to. */
export async function organization(ctx: AppContext, slug: string) {
  const found = await organizationBySlug(ctx.db, slug);
  if (!found) throw new AppError('not_found', `No organization has the identifier ${slug}`);
  return { slug: found.slug, name: found.name };
}

// ---- the public registry ----

export async function publicList(ctx: AppContext, ip: string, q: PublicCreditsQuery) {
  await consume(ctx.db, REGISTRY_VIEWS_PER_IP, ip);
  const rows = await repo.listBlocks(ctx.db, {
    publicStatus: q.status,
    vintage: q.vintage,
    fate: q.fate,
    serial: serialFilter(q.q),
    limit: q.limit + 1,
    after: decodeBlockCursor(q.cursor),
  });
  const page = toPage(rows, q.limit, blockKey);
  return { items: page.items.map((r) => toPublicCredit(ctx.publicUrl, r)), next_cursor: page.next_cursor };
}

/** The block holding one serial. */
export async function publicSerial(ctx: AppContext, ip: string, serial: string) {
  await consume(ctx.db, REGISTRY_VIEWS_PER_IP, ip);
  const parsed = parseCreditSerial(serial);
  const [row] = parsed
    ? await repo.listBlocks(ctx.db, {
        serial: { prefix: parsed.prefix, no: parsed.no },
        limit: 1,
      })
    : [];
  if (!row) throw new AppError('not_found', `No EPR credit has the serial ${serial.trim().toUpperCase()}`);
  return toPublicCredit(ctx.publicUrl, row);
}
