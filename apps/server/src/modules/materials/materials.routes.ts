import {
  materialCreateSchema,
  materialListQuerySchema,
  materialSchema,
  materialUpdateSchema,
} from '@plastrace/shared';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './materials.service.ts';

/** /api/materials: the organization's catalog, polymer × form × grade, counted as reference material types. */
export const materialsRoutes = recordRoutes({
  path: '/materials',
  tag: 'materials',
  noun: 'material',
  schemas: {
    list: materialListQuerySchema,
    create: materialCreateSchema,
    update: materialUpdateSchema,
    view: materialSchema,
  },
  service,
});
