import {
  productionLineCreateSchema,
  productionLineListQuerySchema,
  productionLineSchema,
  productionLineUpdateSchema,
} from '@plastrace/shared';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './production-lines.service.ts';

/** /api/production-lines: a facility's lines, the process steps they run, capacity and rated power. */
export const productionLinesRoutes = recordRoutes({
  path: '/production-lines',
  tag: 'production lines',
  noun: 'production line',
  schemas: {
    list: productionLineListQuerySchema,
    create: productionLineCreateSchema,
    update: productionLineUpdateSchema,
    view: productionLineSchema,
  },
  service,
});
