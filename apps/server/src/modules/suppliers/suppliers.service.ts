import {
  paymentProblems,
  type Supplier,
  type supplierCreateSchema,
  type supplierListQuerySchema,
  type supplierUpdateSchema,
} from '@plastrace/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { exportFilter, listFilter, type PageWindow, sortedPages, toSortedPage } from '../../lib/listing.ts';
import type { Caller } from '../../plugins/auth.ts';
import { streamCsv } from '../activity/export.ts';
import * as records from '../masterdata/records.ts';
import {
  assertMayChangeSupplier,
  assertMayReadSupplier,
  ownSupplierOf,
  seesPaymentDetails,
} from './suppliers.policy.ts';
import * as repo from './suppliers.repo.ts';
import { SUPPLIER_CSV, supplierValues, toSupplier, withoutPaymentDetails } from './suppliers.views.ts';

type ListQuery = z.output<typeof supplierListQuerySchema>;
type ExportQuery = Omit<ListQuery, 'limit' | 'cursor'>;

const kind: records.RecordKind<repo.SupplierRow, Supplier, repo.SupplierValues> = {
  entityType: 'supplier',
  noun: 'supplier',
  find: repo.getSupplier,
  insert: repo.insertSupplier,
  update: repo.updateSupplier,
  view: toSupplier,
};

const filters = (q: ExportQuery) => ({ type: q.type, city: q.city, paymentMethod: q.payment_method });
const forCaller = (caller: Caller) => (s: Supplier) =>
  seesPaymentDetails(caller, s.id) ? s : withoutPaymentDetails(s);

function checkPayment(method: string, details: object) {
  const problems = paymentProblems(method, details);
  if (Object.keys(problems).length) throw records.invalid(problems);
}

export async function list(ctx: AppContext, caller: Caller, q: ListQuery) {
  assertMayReadSupplier(caller);
  const rows = await repo.listSuppliers(ctx.db, caller.organizationId, {
    ...listFilter(q),
    ...filters(q),
    onlyId: ownSupplierOf(caller),
  });
  const page = toSortedPage(rows, q.limit, q.sort, toSupplier);
  return { ...page, items: page.items.map(forCaller(caller)) };
}

export function exportCsv(ctx: AppContext, caller: Caller, q: ExportQuery, reply: FastifyReply) {
  const filter = { ...exportFilter(q), ...filters(q) };
  return streamCsv(ctx, caller, reply, {
    filename: 'suppliers.csv',
    dataType: 'suppliers',
    parameters: q,
    columns: SUPPLIER_CSV,
    page: sortedPages(
      (tx: Tx, page: PageWindow) => repo.listSuppliers(tx, caller.organizationId, { ...filter, ...page }),
      (row) => forCaller(caller)(toSupplier(row)),
    ),
  });
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  assertMayReadSupplier(caller, id);
  return forCaller(caller)(await records.getRecord(ctx, caller, kind, id));
}

export async function create(ctx: AppContext, caller: Caller, body: z.output<typeof supplierCreateSchema>) {
  checkPayment(body.payment_method ?? 'cash', body.payment_details ?? {});
  return records.createRecord(ctx, caller, kind, supplierValues(body) as repo.SupplierValues);
}

/** `payment_details`, when sent, replaces the stored details as a whole. */
export async function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof supplierUpdateSchema>,
) {
  assertMayChangeSupplier(caller, id, body);
  const paymentChanges = body.payment_method !== undefined || body.payment_details !== undefined;
  const updated = await records.updateRecord(
    ctx,
    caller,
    kind,
    id,
    body.version,
    supplierValues(body),
    async (_tx, before) => {
      if (paymentChanges)
        checkPayment(
          body.payment_method ?? before.paymentMethod,
          body.payment_details ?? before.paymentDetails ?? {},
        );
    },
  );
  return forCaller(caller)(updated);
}

export async function setArchived(ctx: AppContext, caller: Caller, id: string, archived: boolean) {
  return forCaller(caller)(await records.setArchived(ctx, caller, kind, id, archived));
}
