import { IconBooks } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const catalogRoutes: RouteObject[] = [
  {
    path: 'system-catalog',
    lazy: async () => ({ Component: (await import('./SystemCatalogPage.tsx')).SystemCatalogPage }),
  },
];

export const catalogNav: NavGroup = {
  label: 'Master data',
  items: [{ label: 'System catalog', path: '/system-catalog', icon: IconBooks, action: 'masterdata.read' }],
};
