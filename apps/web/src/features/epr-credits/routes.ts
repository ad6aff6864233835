import { IconLeaf, IconListCheck } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/**
 * Mounted inside the guarded app layout: /epr-credits (tabs in the address: inventory, issue, batches,
 * movements) and one batch at /epr-credits/batches/:id. The public registry is features/credit-registry.
 */
export const eprCreditsRoutes: RouteObject[] = [
  {
    path: 'epr-credits',
    lazy: async () => ({ Component: (await import('./EprCreditsPage.tsx')).EprCreditsPage }),
  },
  {
    path: 'epr-credits/batches/:id',
    lazy: async () => ({ Component: (await import('./BatchDetailPage.tsx')).BatchDetailPage }),
  },
];

/** The 'EPR' group, which the compliance and certificate pages add their items to (groups merge by label). */
export const eprCreditsNav: NavGroup = {
  label: 'EPR',
  items: [
    { label: 'EPR credits', path: '/epr-credits', icon: IconLeaf, action: 'credits.read' },
    { label: 'Credit registry', path: '/registry', icon: IconListCheck, action: 'public' },
  ],
};
