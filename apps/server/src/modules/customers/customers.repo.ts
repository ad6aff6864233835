import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import type { ListFilter } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';

const t = customers;
const rows = recordRows(t, 'customer');

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = RecordValues<typeof customers>;
export type CustomerFilter = ListFilter & { type?: CustomerRow['type'] };

export const listCustomers = (db: Db | Tx, orgId: string, f: CustomerFilter) =>
  rows.list(
    db,
    orgId,
    f,
    [f.type ? eq(t.type, f.type) : undefined],
    [t.name, t.code, t.contactName, t.city, t.tin],
  );
export const getCustomer = rows.get;
/** For dispatches and orders: archived customers cannot receive new ones. */
export const getActiveCustomer = rows.getActive;
export const insertCustomer = rows.insert;
export const updateCustomer = rows.update;
