import type { RouteObject } from 'react-router';

/** Public, in the app layout outside its guard (as /blockchain-verification): the EPR credit registry and one serial's page. */
export const creditRegistryRoutes: RouteObject[] = [
  {
    path: 'registry',
    lazy: async () => ({ Component: (await import('./RegistryPage.tsx')).RegistryPage }),
  },
  {
    path: 'registry/:serial',
    lazy: async () => ({ Component: (await import('./CreditPage.tsx')).CreditPage }),
  },
];
