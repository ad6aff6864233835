import {
  orgProcessTypeSchema,
  processTypeCreateSchema,
  processTypeListQuerySchema,
  processTypeUpdateSchema,
} from '@plastrace/shared';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './process-types.service.ts';

/** /api/process-types: the organization's own process steps, each counted as a reference process type. */
export const processTypesRoutes = recordRoutes({
  path: '/process-types',
  tag: 'process types',
  noun: 'process type',
  schemas: {
    list: processTypeListQuerySchema,
    create: processTypeCreateSchema,
    update: processTypeUpdateSchema,
    view: orgProcessTypeSchema,
  },
  service,
});
