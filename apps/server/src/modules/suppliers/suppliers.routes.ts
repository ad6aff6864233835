import {
  supplierCreateSchema,
  supplierListQuerySchema,
  supplierSchema,
  supplierUpdateSchema,
} from '@plastrace/shared';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './suppliers.service.ts';

/**
 * /api/suppliers: waste pickers, junkshops, aggregators, cooperatives, LGUs and companies with contact
 * and payment details. A supplier member sees only their own. (GET /api/suppliers/lookup, the short
 * picker list, lives in the organization module.)
 */
export const suppliersRoutes = recordRoutes({
  path: '/suppliers',
  tag: 'suppliers',
  noun: 'supplier',
  schemas: {
    list: supplierListQuerySchema,
    create: supplierCreateSchema,
    update: supplierUpdateSchema,
    view: supplierSchema,
  },
  service,
  permissions: { read: 'suppliers.read', update: 'suppliers.write' },
});
