import { IconPackages } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2: /batch-management). */
export const lotsRoutes: RouteObject[] = [
  {
    path: 'batch-management',
    lazy: async () => ({ Component: (await import('./LotsPage.tsx')).LotsPage }),
  },
  {
    path: 'batch-management/:id',
    lazy: async () => ({ Component: (await import('./LotDetailPage.tsx')).LotDetailPage }),
  },
];

export const lotsNav: NavGroup = {
  label: 'Operations',
  items: [{ label: 'Batches', path: '/batch-management', icon: IconPackages, action: 'records.read' }],
};
