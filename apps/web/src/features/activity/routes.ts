import { IconListDetails } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

const activityPage = async () => ({ Component: (await import('./ActivityPage.tsx')).ActivityPage });

/** Spec §2: three paths show the same activity log; /transactions/{id} shows one entry. */
export const activityRoutes: RouteObject[] = [
  { path: 'user-transactions', lazy: activityPage },
  { path: 'transactions', lazy: activityPage },
  { path: 'reports/user-transactions', lazy: activityPage },
  {
    path: 'transactions/:id',
    lazy: async () => ({ Component: (await import('./ActivityDetailPage.tsx')).ActivityDetailPage }),
  },
];

export const activityNav: NavGroup = {
  label: 'Reports',
  items: [
    { label: 'Activity log', path: '/user-transactions', icon: IconListDetails, action: 'account.self' },
  ],
};
