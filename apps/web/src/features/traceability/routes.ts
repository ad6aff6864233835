import type { RouteObject } from 'react-router';

const tracePage = async () => ({ Component: (await import('./TracePage.tsx')).TracePage });

/**
 * Mounted inside the guarded app layout (spec §2: /traceability, and /reports/supply-chain, the same
 * page). The sidebar item is in the record log's 'Traceability' group (recordLogNav).
 */
export const traceabilityRoutes: RouteObject[] = [
  { path: 'traceability', lazy: tracePage },
  { path: 'reports/supply-chain', lazy: tracePage },
];
