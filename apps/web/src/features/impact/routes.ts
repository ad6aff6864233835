import { IconLeaf } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout: the organization's impact. */
export const impactRoutes: RouteObject[] = [
  {
    path: 'impact',
    lazy: async () => ({ Component: (await import('./ImpactPage.tsx')).ImpactPage }),
  },
];

/** Public, outside the app layout and its guard: the page an organization chose to publish. */
export const impactPublicRoutes: RouteObject[] = [
  {
    path: 'impact/public/:slug',
    lazy: async () => ({ Component: (await import('./PublicImpactPage.tsx')).PublicImpactPage }),
  },
];

export const impactNav: NavGroup = {
  label: 'Insight',
  items: [{ label: 'Impact', path: '/impact', icon: IconLeaf, action: 'impact.read' }],
};
