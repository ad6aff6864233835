import {
  type Franchisee,
  type FranchiseePerformance,
  type FranchiseeTerms,
  type franchiseeCreateSchema,
  type franchiseeListQuerySchema,
  type franchiseePerformanceQuerySchema,
  franchiseeProblems,
  type franchiseeUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import { timeZoneOf } from '../organization/organization.repo.ts';
import { getActiveSupplier } from '../suppliers/suppliers.repo.ts';
import * as repo from './franchisees.repo.ts';
import { FRANCHISEE_CSV, franchiseeValues, toFranchisee } from './franchisees.views.ts';
import { performance as readPerformance } from './performance.repo.ts';
import { performanceView } from './performance.views.ts';

type Input = Partial<z.output<typeof franchiseeCreateSchema>>;

const kind: records.RecordKind<repo.FranchiseeRow, Franchisee, repo.FranchiseeValues> = {
  entityType: 'franchisee',
  noun: 'franchisee',
  find: repo.getFranchisee,
  insert: repo.insertFranchisee,
  update: repo.updateFranchisee,
  view: toFranchisee,
};

// Franchisees are the organization's own network: supplier members never see them (masterdata.read).
export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: 'franchisees',
  list: repo.listFranchisees,
  filters: (q: Omit<z.output<typeof franchiseeListQuerySchema>, 'limit' | 'cursor'>) => ({
    feeKind: q.fee_kind,
    city: q.city,
  }),
  csv: FRANCHISEE_CSV,
});

/**
 * A franchisee sells to the organization as one of its suppliers, an active one (archived suppliers
 * get no new records), and no supplier is two franchisees: their deliveries would count twice.
 */
async function checkSupplier(tx: Tx, caller: Caller, supplierId: string | undefined, self?: string) {
  if (!supplierId) return;
  if (!(await getActiveSupplier(tx, caller.organizationId, supplierId)))
    throw records.invalid({ supplier_id: 'Supplier not found or archived' });
  const holder = await repo.franchiseeOfSupplier(tx, caller.organizationId, supplierId, self);
  if (holder) {
    const message = `This supplier is already franchisee ${holder.code} (${holder.name})${holder.archivedAt ? ', archived: restore it instead' : ''}`;
    throw new AppError('conflict', message, { fields: { 'body.supplier_id': message } });
  }
}

function checkTerms(terms: FranchiseeTerms) {
  const problems = franchiseeProblems(terms);
  if (Object.keys(problems).length) throw records.invalid(problems);
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof franchiseeCreateSchema>) {
  return records.createRecord(ctx, caller, kind, franchiseeValues(body) as repo.FranchiseeValues, (tx) =>
    checkSupplier(tx, caller, body.supplier_id),
  );
}

/** The rules between fields hold for the record as it will be: the stored values under the ones sent. */
export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof franchiseeUpdateSchema>,
) {
  return records.updateRecord(
    ctx,
    caller,
    kind,
    id,
    body.version,
    franchiseeValues(body),
    async (tx, before) => {
      const sent = <K extends keyof Input>(k: K, stored: Input[K]) =>
        body[k] === undefined ? stored : body[k];
      checkTerms({
        latitude: sent('latitude', before.latitude),
        longitude: sent('longitude', before.longitude),
        agreement_start: sent('agreement_start', before.agreementStart),
        agreement_end: sent('agreement_end', before.agreementEnd),
        fee_kind: sent('fee_kind', before.feeKind),
        fee_value: sent('fee_value', before.feeValue),
      });
      // Keeping its supplier (even one archived since) is fine; a new one must be free and active.
      await checkSupplier(
        tx,
        caller,
        body.supplier_id === before.supplierId ? undefined : body.supplier_id,
        id,
      );
    },
  );
}

/** 'YYYY-MM' moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export async function performance(
  ctx: AppContext,
  caller: Caller,
  q: z.output<typeof franchiseePerformanceQuerySchema>,
): Promise<FranchiseePerformance> {
  const timeZone = await timeZoneOf(ctx.db, caller.organizationId);
  const last = q.month ?? dayIn(new Date(), timeZone).slice(0, 7);
  const months = Array.from({ length: q.months }, (_, i) => shiftMonth(last, i - q.months + 1));
  const rows = await readPerformance(ctx.db, {
    orgId: caller.organizationId,
    timeZone,
    first: months[0] ?? last,
    count: q.months,
    includeArchived: q.include_archived ?? false,
  });
  return performanceView(months, rows);
}
