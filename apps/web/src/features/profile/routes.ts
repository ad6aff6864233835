import { IconUserCircle } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('./ProfilePage.tsx')).ProfilePage }),
  },
];

export const profileNav: NavGroup = {
  label: 'Account',
  items: [{ label: 'Profile', path: '/profile', icon: IconUserCircle, action: 'account.self' }],
};
