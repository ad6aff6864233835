import { IconHelp } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (/help-center is the public help centre). */
export const helpRoutes: RouteObject[] = [
  { path: 'help', lazy: async () => ({ Component: (await import('./HelpPage.tsx')).HelpPage }) },
];

export const helpNav: NavGroup = {
  label: 'Support',
  items: [{ label: 'Help', path: '/help', icon: IconHelp, action: 'account.self' }],
};
