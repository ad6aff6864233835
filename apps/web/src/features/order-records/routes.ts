import { IconFileInvoice } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2). */
export const orderRecordsRoutes: RouteObject[] = [
  {
    path: 'order-records',
    lazy: async () => ({ Component: (await import('./OrderRecordsPage.tsx')).OrderRecordsPage }),
  },
  {
    path: 'order-records/new',
    lazy: async () => ({ Component: (await import('./NewOrderRecordPage.tsx')).NewOrderRecordPage }),
  },
  {
    path: 'order-records/:id',
    lazy: async () => ({ Component: (await import('./OrderRecordDetailPage.tsx')).OrderRecordDetailPage }),
  },
  {
    path: 'order-records/:id/edit',
    lazy: async () => ({ Component: (await import('./NewOrderRecordPage.tsx')).EditOrderRecordPage }),
  },
];

export const orderRecordsNav: NavGroup = {
  label: 'Operations',
  items: [{ label: 'Order records', path: '/order-records', icon: IconFileInvoice, action: 'orders.read' }],
};
