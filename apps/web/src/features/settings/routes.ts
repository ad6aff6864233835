import { IconSettings } from '@tabler/icons-react';
import { type RouteObject, redirect } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** /settings/* (spec §2, nested). Mounted inside the guarded app layout. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./SettingsLayout.tsx')).SettingsLayout }),
    children: [
      // The loader redirects before anything renders; the empty component only silences the router.
      { index: true, loader: () => redirect('/settings/organization'), Component: () => null },
      {
        path: 'organization',
        lazy: async () => ({
          Component: (await import('./OrganizationSettings.tsx')).OrganizationSettings,
        }),
      },
      {
        path: 'security',
        lazy: async () => ({ Component: (await import('./SecuritySettings.tsx')).SecuritySettings }),
      },
    ],
  },
];

export const settingsNav: NavGroup = {
  label: 'Administration',
  items: [{ label: 'Settings', path: '/settings', icon: IconSettings, action: 'organization.read' }],
};
