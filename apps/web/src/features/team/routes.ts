import { IconUsers } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. The page itself tells other roles they may not see it. */
export const teamRoutes: RouteObject[] = [
  {
    path: 'user-management',
    lazy: async () => ({ Component: (await import('./TeamPage.tsx')).TeamPage }),
  },
];

export const teamNav: NavGroup = {
  label: 'Administration',
  items: [{ label: 'Team', path: '/user-management', icon: IconUsers, action: 'members.read' }],
};
