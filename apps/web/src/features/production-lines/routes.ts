import { IconBuildingFactory } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const productionLinesRoutes: RouteObject[] = [
  {
    path: 'production-lines',
    lazy: async () => ({ Component: (await import('./ProductionLinesPage.tsx')).ProductionLinesPage }),
  },
];

export const productionLinesNav: NavGroup = {
  label: 'Master data',
  items: [
    {
      label: 'Production lines',
      path: '/production-lines',
      icon: IconBuildingFactory,
      action: 'masterdata.read',
    },
  ],
};
