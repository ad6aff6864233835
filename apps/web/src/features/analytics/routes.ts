import { IconChartBar } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout; recharts loads with the page's chunk only. */
export const analyticsRoutes: RouteObject[] = [
  {
    path: 'analytics',
    lazy: async () => ({ Component: (await import('./AnalyticsPage.tsx')).AnalyticsPage }),
  },
];

export const analyticsNav: NavGroup = {
  label: 'Insight',
  items: [{ label: 'Analytics', path: '/analytics', icon: IconChartBar, action: 'analytics.read' }],
};
