import {
  facilityCreateSchema,
  facilityListQuerySchema,
  facilitySchema,
  facilityUpdateSchema,
} from '@plastrace/shared';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './facilities.service.ts';

/** /api/facilities: MRFs, junkshops, plants and warehouses with address, geo point and permits. */
export const facilitiesRoutes = recordRoutes({
  path: '/facilities',
  tag: 'facilities',
  noun: 'facility',
  schemas: {
    list: facilityListQuerySchema,
    create: facilityCreateSchema,
    update: facilityUpdateSchema,
    view: facilitySchema,
  },
  service,
});
