import type { RouteObject } from 'react-router';

/** Public, outside the app layout and its guard (spec §2: /verify/{recordId}). */
export const verifyRoutes: RouteObject[] = [
  {
    path: 'verify/:recordId',
    lazy: async () => ({ Component: (await import('./VerifyPage.tsx')).VerifyPage }),
  },
];
