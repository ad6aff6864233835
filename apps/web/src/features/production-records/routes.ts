import { IconBuildingFactory2 } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2). */
export const productionRecordsRoutes: RouteObject[] = [
  {
    path: 'production-records',
    lazy: async () => ({
      Component: (await import('./ProductionRecordsPage.tsx')).ProductionRecordsPage,
    }),
  },
  {
    path: 'production-records/new',
    lazy: async () => ({
      Component: (await import('./NewProductionRecordPage.tsx')).NewProductionRecordPage,
    }),
  },
  {
    path: 'production-records/:id',
    lazy: async () => ({
      Component: (await import('./ProductionRecordDetailPage.tsx')).ProductionRecordDetailPage,
    }),
  },
  {
    path: 'production-records/:id/edit',
    lazy: async () => ({
      Component: (await import('./NewProductionRecordPage.tsx')).EditProductionRecordPage,
    }),
  },
];

export const productionRecordsNav: NavGroup = {
  label: 'Operations',
  items: [
    {
      label: 'Production records',
      path: '/production-records',
      icon: IconBuildingFactory2,
      action: 'production.read',
    },
  ],
};
