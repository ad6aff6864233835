import { IconTruckDelivery } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2). */
export const receiveRecordsRoutes: RouteObject[] = [
  {
    path: 'receive-records',
    lazy: async () => ({ Component: (await import('./ReceiveRecordsPage.tsx')).ReceiveRecordsPage }),
  },
  {
    path: 'receive-records/new',
    lazy: async () => ({ Component: (await import('./NewReceiveRecordPage.tsx')).NewReceiveRecordPage }),
  },
  {
    path: 'receive-records/:id',
    lazy: async () => ({
      Component: (await import('./ReceiveRecordDetailPage.tsx')).ReceiveRecordDetailPage,
    }),
  },
  {
    path: 'receive-records/:id/edit',
    lazy: async () => ({ Component: (await import('./NewReceiveRecordPage.tsx')).EditReceiveRecordPage }),
  },
];

export const receiveRecordsNav: NavGroup = {
  label: 'Operations',
  items: [
    { label: 'Receive records', path: '/receive-records', icon: IconTruckDelivery, action: 'records.read' },
  ],
};
