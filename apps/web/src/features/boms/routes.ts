import { IconListDetails } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2). */
export const bomRoutes: RouteObject[] = [
  { path: 'bom-management', lazy: async () => ({ Component: (await import('./BomsPage.tsx')).BomsPage }) },
  {
    path: 'bom-management/new',
    lazy: async () => ({ Component: (await import('./NewBomPage.tsx')).NewBomPage }),
  },
  {
    path: 'bom-management/:id',
    lazy: async () => ({ Component: (await import('./BomDetailPage.tsx')).BomDetailPage }),
  },
];

export const bomNav: NavGroup = {
  label: 'Master data',
  items: [
    {
      label: 'Bills of materials',
      path: '/bom-management',
      icon: IconListDetails,
      action: 'masterdata.read',
    },
  ],
};
