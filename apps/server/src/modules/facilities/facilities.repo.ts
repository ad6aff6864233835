import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { facilities } from '../../db/schema/index.ts';
import { type ListFilter, sameText } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';

const t = facilities;
const rows = recordRows(t, 'facility');

export type FacilityRow = typeof facilities.$inferSelect;
export type FacilityValues = RecordValues<typeof facilities>;
export type FacilityFilter = ListFilter & { type?: FacilityRow['type']; city?: string; province?: string };

export const listFacilities = (db: Db | Tx, orgId: string, f: FacilityFilter) =>
  rows.list(
    db,
    orgId,
    f,
    [f.type ? eq(t.type, f.type) : undefined, sameText(t.city, f.city), sameText(t.province, f.province)],
    [t.name, t.code, t.city, t.barangay],
  );
export const getFacility = rows.get;
/** For records that take a facility: archived facilities cannot get new ones. */
export const getActiveFacility = rows.getActive;
export const insertFacility = rows.insert;
export const updateFacility = rows.update;
