import type { RouteObject } from 'react-router';

/**
 * Mounted inside the guarded app layout (spec §2: /mass-balance). The sidebar item is in the record
 * log's 'Traceability' group (recordLogNav).
 */
export const massBalanceRoutes: RouteObject[] = [
  {
    path: 'mass-balance',
    lazy: async () => ({ Component: (await import('./MassBalancePage.tsx')).MassBalancePage }),
  },
];
