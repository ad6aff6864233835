import { IconPuzzle } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2). */
export const componentsRoutes: RouteObject[] = [
  {
    path: 'components-management',
    lazy: async () => ({ Component: (await import('./ComponentsPage.tsx')).ComponentsPage }),
  },
];

export const componentsNav: NavGroup = {
  label: 'Master data',
  items: [
    { label: 'Components', path: '/components-management', icon: IconPuzzle, action: 'masterdata.read' },
  ],
};
