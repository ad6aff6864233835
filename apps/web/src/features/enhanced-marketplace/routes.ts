import { IconSparkles } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout: /enhanced-marketplace, its tab in ?tab=. */
export const enhancedMarketplaceRoutes: RouteObject[] = [
  {
    path: 'enhanced-marketplace',
    lazy: async () => ({
      Component: (await import('./EnhancedMarketplacePage.tsx')).EnhancedMarketplacePage,
    }),
  },
];

/** Joins the marketplace's own group (groups merge by label). */
export const enhancedMarketplaceNav: NavGroup = {
  label: 'Marketplace',
  items: [
    {
      label: 'Enhanced marketplace',
      path: '/enhanced-marketplace',
      icon: IconSparkles,
      action: 'market.read',
    },
  ],
};
