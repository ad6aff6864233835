import { IconBuildingFactory2 } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const facilitiesRoutes: RouteObject[] = [
  {
    path: 'facilities',
    lazy: async () => ({ Component: (await import('./FacilitiesPage.tsx')).FacilitiesPage }),
  },
];

export const facilitiesNav: NavGroup = {
  label: 'Master data',
  items: [
    { label: 'Facilities', path: '/facilities', icon: IconBuildingFactory2, action: 'masterdata.read' },
  ],
};
