import { IconMapPins } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout; /franchisee is the spec's name for the page. */
export const franchiseesRoutes: RouteObject[] = [
  {
    path: 'franchisee',
    lazy: async () => ({ Component: (await import('./FranchiseesPage.tsx')).FranchiseesPage }),
  },
];

export const franchiseesNav: NavGroup = {
  label: 'Master data',
  items: [{ label: 'Franchisees', path: '/franchisee', icon: IconMapPins, action: 'masterdata.read' }],
};
