import { IconChartLine } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout; /predictive-analytics is the spec's name for the page. */
export const predictiveAnalyticsRoutes: RouteObject[] = [
  {
    path: 'predictive-analytics',
    lazy: async () => ({
      Component: (await import('./PredictiveAnalyticsPage.tsx')).PredictiveAnalyticsPage,
    }),
  },
];

export const forecastsNav: NavGroup = {
  label: 'Insight',
  items: [
    { label: 'Forecasts', path: '/predictive-analytics', icon: IconChartLine, action: 'forecasts.read' },
  ],
};
