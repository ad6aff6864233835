import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { suppliers } from '../../db/schema/index.ts';
import { type ListFilter, sameText } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';

const t = suppliers;
const rows = recordRows(t, 'supplier');

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierValues = RecordValues<typeof suppliers>;
export type SupplierFilter = ListFilter & {
  /** A supplier member's own supplier: the list holds at most that one. */
  onlyId?: string;
  type?: SupplierRow['type'];
  city?: string;
  paymentMethod?: SupplierRow['paymentMethod'];
};

export const listSuppliers = (db: Db | Tx, orgId: string, f: SupplierFilter) =>
  rows.list(
    db,
    orgId,
    f,
    [
      f.onlyId ? eq(t.id, f.onlyId) : undefined,
      f.type ? eq(t.type, f.type) : undefined,
      sameText(t.city, f.city),
      f.paymentMethod ? eq(t.paymentMethod, f.paymentMethod) : undefined,
    ],
    [t.name, t.code, t.contactName, t.phone, t.city],
  );
export const getSupplier = rows.get;
/** For deliveries and payables: archived suppliers cannot get new records. */
export const getActiveSupplier = rows.getActive;
export const insertSupplier = rows.insert;
export const updateSupplier = rows.update;
