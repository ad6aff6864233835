import { IconBuildingStore } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

const customersPage = async () => ({ Component: (await import('./CustomersPage.tsx')).CustomersPage });

/** Mounted inside the guarded app layout; /customer-management is the spec's name for the same page. */
export const customersRoutes: RouteObject[] = [
  { path: 'customers', lazy: customersPage },
  { path: 'customer-management', lazy: customersPage },
  {
    path: 'customer-management/:customerId',
    lazy: async () => ({ Component: (await import('./CustomerStatementPage.tsx')).CustomerStatementPage }),
  },
];

export const customersNav: NavGroup = {
  label: 'Master data',
  items: [{ label: 'Customers', path: '/customers', icon: IconBuildingStore, action: 'masterdata.read' }],
};
