import { IconBell } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: async () => ({ Component: (await import('./NotificationsPage.tsx')).NotificationsPage }),
  },
];

export const notificationsNav: NavGroup = {
  label: 'Account',
  items: [{ label: 'Notifications', path: '/notifications', icon: IconBell, action: 'account.self' }],
};
