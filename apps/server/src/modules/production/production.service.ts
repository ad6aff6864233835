import {
  can,
  divide,
  formatUnits,
  type lineMonthsQuerySchema,
  type ProductionRecord,
  type productionExportQuerySchema,
  type productionListQuerySchema,
  type productionRecordInputSchema,
  toUnits,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { type CsvColumn, EXPORT_PAGE } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { streamCsv } from '../activity/export.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { answered, type Outcome, type Refusal } from '../posting/posting.ts';
import { checkedKey, requestHash } from '../security/idempotency.ts';
import * as repo from './production.repo.ts';

type Input = z.output<typeof productionRecordInputSchema>;
type ListQuery = z.output<typeof productionListQuerySchema>;
type ExportQuery = z.output<typeof productionExportQuerySchema>;

// Every write of a production record is one call of its database function (migration 0013, see
// docs/architecture.md "Posting"): checks, stock, lots, lineage, numbers, audit and activity and the
// Idempotency-Key in one statement. What needs no database is checked by the route's schema first.

const CREATE_ROUTE = 'production-records:create';

const writer = (caller: Caller) => ({
  organization_id: caller.organizationId,
  user_id: caller.userId,
  // A run above the line's capacity posts only with a reason from a role that may confirm it.
  may_confirm: can(caller.role, 'production.confirm_capacity'),
});

/** Drafts a run, or with `post` saves and posts it (all or nothing). */
export async function create(
  ctx: AppContext,
  caller: Caller,
  input: Input,
  idempotencyKey?: string,
  post = false,
  overCapacityReason?: string | null,
): Promise<Outcome<ProductionRecord>> {
  const out = await repo.callProduction<Outcome<ProductionRecord> | Refusal>(ctx.db, 'production_create', {
    ...writer(caller),
    route: CREATE_ROUTE,
    key: checkedKey(idempotencyKey),
    hash: requestHash(post ? { ...input, post, over_capacity_reason: overCapacityReason ?? null } : input),
    post,
    over_capacity_reason: overCapacityReason ?? null,
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
  const out = await repo.callProduction<Outcome<ProductionRecord>>(ctx.db, 'production_edit', {
    ...writer(caller),
    id,
    record: input,
  });
  return out.body;
}

/** Posting: inputs out, a lot per output in, the lineage between them — or a refusal saying why. */
export async function post(
  ctx: AppContext,
  caller: Caller,
  id: string,
  idempotencyKey?: string,
  overCapacityReason?: string | null,
): Promise<Outcome<ProductionRecord>> {
  return answered(
    await repo.callProduction<Outcome<ProductionRecord> | Refusal>(ctx.db, 'production_post', {
      ...writer(caller),
      route: `production-records:post:${id}`,
      key: checkedKey(idempotencyKey),
      hash: requestHash({ id, over_capacity_reason: overCapacityReason ?? null }),
      id,
      over_capacity_reason: overCapacityReason ?? null,
    }),
  );
}

/** Voiding reverses a run, and is refused once a lot it made has moved on. */
export async function voidRecord(ctx: AppContext, caller: Caller, id: string, reason: string) {
  const out = await repo.callProduction<Outcome<ProductionRecord>>(ctx.db, 'production_void', {
    ...writer(caller),
    id,
    reason,
  });
  return out.body;
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  const record = await repo.getRecord(ctx.db, caller.organizationId, id);
  if (!record) throw notFound('Production record');
  return record;
}

async function recordFilter(ctx: AppContext, caller: Caller, q: ExportQuery, limit: number) {
  // The zone only places `from` and `to` on the organization's days: no query for it without them.
  const timeZone = q.from || q.to ? await timeZoneOf(ctx.db, caller.organizationId) : 'UTC';
  return {
    limit,
    status: q.status,
    facilityId: q.facility_id,
    productionLineId: q.production_line_id,
    processCode: q.process_code,
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
  const page = toPage(rows, q.limit, (r) => [r.endedAt, r.id]);
  return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
}

const lots = (rows: { lot: { code: string } | null }[]) =>
  rows
    .map((r) => r.lot?.code)
    .filter(Boolean)
    .join(' ');

export const PRODUCTION_CSV: CsvColumn<ProductionRecord>[] = [
  ['Record', (r) => r.number],
  ['Status', (r) => r.status],
  ['Facility', (r) => r.facility.code],
  ['Production line', (r) => r.production_line?.code],
  ['Process', (r) => r.process.name],
  ['Started at', (r) => r.started_at],
  ['Ended at', (r) => r.ended_at],
  ['Shift', (r) => r.shift],
  ['Input lots', (r) => lots(r.inputs)],
  ['Input kg', (r) => r.total_input_kg],
  ['Output lots', (r) => lots(r.outputs)],
  ['Output kg', (r) => r.total_output_kg],
  ['Loss kg', (r) => r.total_loss_kg],
  ['Yield %', (r) => r.yield_pct],
  ['Energy kWh', (r) => r.energy_kwh],
  ['Energy basis', (r) => r.energy_basis],
  ['Energy cost PHP', (r) => r.energy_cost_php],
  ['Input value PHP', (r) => r.input_value_php],
  ['Output value PHP', (r) => r.output_value_php],
  ['Posted at', (r) => r.posted_at],
  ['Voided at', (r) => r.voided_at],
];

/** The filtered runs as CSV, one row per run, every run of the filter; logged as EXPORT_DATA. */
export async function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  const filter = await recordFilter(ctx, caller, q, EXPORT_PAGE);
  return streamCsv(ctx, caller, reply, {
    filename: 'production-records.csv',
    dataType: 'production_records',
    parameters: q,
    columns: PRODUCTION_CSV,
    page: async (tx: Tx, after: [string, string] | undefined) => {
      const rows = await repo.listRecords(tx, caller.organizationId, { ...filter, after });
      const last = rows.at(-1);
      const next: [string, string] | undefined =
        last && rows.length === EXPORT_PAGE ? [last.endedAt, last.id] : undefined;
      return { rows: rows.map((r) => r.view), next };
    },
  });
}

/** Each line's posted runs, yield and energy per tonne, month by month. */
export async function lineMonths(ctx: AppContext, caller: Caller, q: z.output<typeof lineMonthsQuerySchema>) {
  const rows = await repo.lineMonths(ctx.db, caller.organizationId, q.months, q.production_line_id);
  return {
    items: rows.map((r) => {
      const input = toUnits(r.input_kg, 3);
      const metered = r.metered_input_kg ? toUnits(r.metered_input_kg, 3) : 0n;
      const yieldPct = divide(toUnits(r.output_kg, 3) * 100n, 3, input, 3, 2);
      const perTonne =
        r.energy_kwh && metered > 0n ? divide(toUnits(r.energy_kwh, 2) * 1000n, 2, metered, 3, 1) : null;
      return {
        line: { id: r.line_id, code: r.code, name: r.name },
        month: r.month,
        runs: r.runs,
        input_kg: formatUnits(input, 3),
        output_kg: formatUnits(toUnits(r.output_kg, 3), 3),
        yield_pct: yieldPct === null ? null : formatUnits(yieldPct, 2),
        energy_kwh: r.energy_kwh ? formatUnits(toUnits(r.energy_kwh, 2), 2) : null,
        kwh_per_tonne: perTonne === null ? null : formatUnits(perTonne, 1),
      };
    }),
  };
}
