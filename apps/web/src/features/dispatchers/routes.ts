import { IconSteeringWheel } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const dispatchersRoutes: RouteObject[] = [
  {
    path: 'dispatcher-management',
    lazy: async () => ({
      Component: (await import('./DispatcherManagementPage.tsx')).DispatcherManagementPage,
    }),
  },
];

export const dispatchersNav: NavGroup = {
  label: 'Master data',
  items: [
    {
      label: 'Dispatcher management',
      path: '/dispatcher-management',
      icon: IconSteeringWheel,
      action: 'masterdata.read',
    },
  ],
};
