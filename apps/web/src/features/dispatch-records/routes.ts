import { IconTruckDelivery } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2). */
export const dispatchRecordsRoutes: RouteObject[] = [
  {
    path: 'dispatch-records',
    lazy: async () => ({ Component: (await import('./DispatchRecordsPage.tsx')).DispatchRecordsPage }),
  },
  {
    path: 'dispatch-records/new',
    lazy: async () => ({ Component: (await import('./NewDispatchRecordPage.tsx')).NewDispatchRecordPage }),
  },
  {
    path: 'dispatch-records/:id',
    lazy: async () => ({
      Component: (await import('./DispatchRecordDetailPage.tsx')).DispatchRecordDetailPage,
    }),
  },
  {
    path: 'dispatch-records/:id/edit',
    lazy: async () => ({ Component: (await import('./NewDispatchRecordPage.tsx')).EditDispatchRecordPage }),
  },
];

export const dispatchRecordsNav: NavGroup = {
  label: 'Operations',
  items: [
    {
      label: 'Dispatch records',
      path: '/dispatch-records',
      icon: IconTruckDelivery,
      action: 'dispatch.read',
    },
  ],
};
