import { IconTool } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout: the admin tools and the design system's colours. */
export const debugRoutes: RouteObject[] = [
  { path: 'debug', lazy: async () => ({ Component: (await import('./DebugPage.tsx')).DebugPage }) },
  {
    path: 'debug-gradients',
    lazy: async () => ({ Component: (await import('./ColoursPage.tsx')).ColoursPage }),
  },
];

export const debugNav: NavGroup = {
  label: 'Administration',
  items: [{ label: 'Admin tools', path: '/debug', icon: IconTool, action: 'debug.read' }],
};
