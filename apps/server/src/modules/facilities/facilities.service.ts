import type {
  Facility,
  facilityCreateSchema,
  facilityListQuerySchema,
  facilityUpdateSchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './facilities.repo.ts';
import { FACILITY_CSV, facilityValues, toFacility } from './facilities.views.ts';

const PLURAL = 'facilities';
const kind: records.RecordKind<repo.FacilityRow, Facility, repo.FacilityValues> = {
  entityType: 'facility',
  noun: 'facility',
  find: repo.getFacility,
  insert: repo.insertFacility,
  update: repo.updateFacility,
  view: toFacility,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: PLURAL,
  // Supplier members read facilities: their deliveries name the facility they went to.
  list: repo.listFacilities,
  filters: (q: Omit<z.output<typeof facilityListQuerySchema>, 'limit' | 'cursor'>) => ({
    type: q.type,
    city: q.city,
    province: q.province,
  }),
  csv: FACILITY_CSV,
});

/** Both coordinates or neither: half a geo point places nothing on the map. */
function checkGeo(latitude: string | null | undefined, longitude: string | null | undefined) {
  if ((latitude == null) !== (longitude == null)) {
    const missing = latitude == null ? 'latitude' : 'longitude';
    throw records.invalid({ [missing]: 'Enter both latitude and longitude, or neither' });
  }
}

export function create(ctx: AppContext, caller: Caller, body: z.output<typeof facilityCreateSchema>) {
  checkGeo(body.latitude, body.longitude);
  return records.createRecord(ctx, caller, kind, facilityValues(body) as repo.FacilityValues);
}

export function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof facilityUpdateSchema>,
) {
  const values = facilityValues(body);
  return records.updateRecord(ctx, caller, kind, id, body.version, values, async (_tx, before) =>
    checkGeo(
      values.latitude === undefined ? before.latitude : values.latitude,
      values.longitude === undefined ? before.longitude : values.longitude,
    ),
  );
}
