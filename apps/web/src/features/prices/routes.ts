import { IconChartLine } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const pricesRoutes: RouteObject[] = [
  {
    path: 'price-analyser',
    lazy: async () => ({ Component: (await import('./PriceAnalyserPage.tsx')).PriceAnalyserPage }),
  },
];

export const pricesNav: NavGroup = {
  label: 'Master data',
  items: [
    { label: 'Price analyser', path: '/price-analyser', icon: IconChartLine, action: 'masterdata.read' },
  ],
};
