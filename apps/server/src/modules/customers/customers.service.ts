import type {
  Customer,
  customerCreateSchema,
  customerListQuerySchema,
  customerUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './customers.repo.ts';
import { CUSTOMER_CSV, customerValues, toCustomer } from './customers.views.ts';

const PLURAL = 'customers';
const kind: records.RecordKind<repo.CustomerRow, Customer, repo.CustomerValues> = {
  entityType: 'customer',
  noun: 'customer',
  find: repo.getCustomer,
  insert: repo.insertCustomer,
  update: repo.updateCustomer,
  view: toCustomer,
};

// Customers are the organization's buyers: supplier members never see them.
export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: PLURAL,
  list: repo.listCustomers,
  filters: (q: Omit<z.output<typeof customerListQuerySchema>, 'limit' | 'cursor'>) => ({ type: q.type }),
  csv: CUSTOMER_CSV,
});

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof customerCreateSchema>) {
  return records.createRecord(ctx, caller, kind, customerValues(body) as repo.CustomerValues);
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof customerUpdateSchema>,
) {
  return records.updateRecord(ctx, caller, kind, id, body.version, customerValues(body));
}
