import {
  customerCreateSchema,
  customerListQuerySchema,
  customerSchema,
  customerUpdateSchema,
} from '@plastrace/shared';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './customers.service.ts';

/** /api/customers: buyers of recyclate (recyclers, manufacturers, brand owners, traders, …). */
export const customersRoutes = recordRoutes({
  path: '/customers',
  tag: 'customers',
  noun: 'customer',
  schemas: {
    list: customerListQuerySchema,
    create: customerCreateSchema,
    update: customerUpdateSchema,
    view: customerSchema,
  },
  service,
});
