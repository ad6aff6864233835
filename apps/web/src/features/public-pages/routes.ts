import type { RouteObject } from 'react-router';
import { blogRoutes } from '../blog/routes.ts';

/** The public information pages (spec §2), outside the guard and the app layout, each its own chunk. */
export const publicPageRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./PublicLayout.tsx')).PublicLayout }),
    children: [
      {
        path: 'status',
        lazy: async () => ({ Component: (await import('./status/StatusPage.tsx')).StatusPage }),
      },
      {
        path: 'contact',
        lazy: async () => ({ Component: (await import('./contact/ContactPage.tsx')).ContactPage }),
      },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('./legal/PrivacyPage.tsx')).PrivacyPage }),
      },
      { path: 'terms', lazy: async () => ({ Component: (await import('./legal/TermsPage.tsx')).TermsPage }) },
      { path: 'about', lazy: async () => ({ Component: (await import('./AboutPage.tsx')).AboutPage }) },
      {
        path: 'features',
        lazy: async () => ({ Component: (await import('./FeaturesPage.tsx')).FeaturesPage }),
      },
      {
        path: 'help-center',
        lazy: async () => ({ Component: (await import('./HelpCenterPage.tsx')).HelpCenterPage }),
      },
      ...blogRoutes,
    ],
  },
];
