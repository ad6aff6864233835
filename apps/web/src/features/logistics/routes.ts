import { IconRoute } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2). */
export const logisticsRoutes: RouteObject[] = [
  {
    path: 'logistics',
    lazy: async () => ({ Component: (await import('./LogisticsPage.tsx')).LogisticsPage }),
  },
  {
    path: 'logistics/trips/new',
    lazy: async () => ({ Component: (await import('./NewTripPage.tsx')).NewTripPage }),
  },
  {
    path: 'logistics/trips/:id',
    lazy: async () => ({ Component: (await import('./TripDetailPage.tsx')).TripDetailPage }),
  },
];

export const logisticsNav: NavGroup = {
  label: 'Operations',
  items: [{ label: 'Logistics', path: '/logistics', icon: IconRoute, action: 'logistics.read' }],
};
