import { IconTruck } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

const suppliersPage = async () => ({ Component: (await import('./SuppliersPage.tsx')).SuppliersPage });

/** Mounted inside the guarded app layout; /supplier-management is the spec's name for the same page. */
export const suppliersRoutes: RouteObject[] = [
  { path: 'suppliers', lazy: suppliersPage },
  { path: 'supplier-management', lazy: suppliersPage },
];

export const suppliersNav: NavGroup = {
  label: 'Master data',
  items: [{ label: 'Suppliers', path: '/suppliers', icon: IconTruck, action: 'suppliers.read' }],
};
