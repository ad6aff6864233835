import {
  componentCreateSchema,
  componentListQuerySchema,
  componentSchema,
  componentUpdateSchema,
} from '@plastrace/shared';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './components.service.ts';

/** /api/components: the parts of a product's packaging (bottle, cap, label, sachet film…), for BOMs. */
export const componentsRoutes = recordRoutes({
  path: '/components',
  tag: 'components',
  noun: 'component',
  schemas: {
    list: componentListQuerySchema,
    create: componentCreateSchema,
    update: componentUpdateSchema,
    view: componentSchema,
  },
  service,
});
