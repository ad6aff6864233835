import {
  IconId,
  IconListSearch,
  IconRoute,
  IconScale,
  IconShieldCheck,
  IconTimeline,
} from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

const verificationPage = async () => ({
  Component: (await import('./VerificationPage.tsx')).VerificationPage,
});

/**
 * Spec §2 lists /blockchain-verification and /verification-page among the app's routes; both show one
 * page. Checking a record needs no account (the log's API is public, like /verify), so they sit in the
 * app layout outside the guard, as /docs does: signed out they work too.
 */
export const recordLogPublicRoutes: RouteObject[] = [
  { path: 'blockchain-verification', lazy: verificationPage },
  { path: 'verification-page', lazy: verificationPage },
];

/** Mounted inside the guarded app layout (spec §2: /blockchain-explorer, /blockchain/transaction, /blockchain-passport). */
export const recordLogRoutes: RouteObject[] = [
  {
    path: 'blockchain-explorer',
    lazy: async () => ({ Component: (await import('./ExplorerPage.tsx')).ExplorerPage }),
  },
  {
    path: 'blockchain/transaction',
    lazy: async () => ({ Component: (await import('./TransactionPage.tsx')).TransactionPage }),
  },
  {
    path: 'blockchain-passport',
    lazy: async () => ({ Component: (await import('./PassportPage.tsx')).PassportPage }),
  },
];

/**
 * The log is public data: any member opens the explorer; the passport looks lots up by code through
 * the lots list (records.read, every role); the verification page is public. Tracing a lot
 * (features/traceability) is for staff (trace.read).
 */
export const recordLogNav: NavGroup = {
  label: 'Traceability',
  items: [
    { label: 'Trace a lot', path: '/traceability', icon: IconRoute, action: 'trace.read' },
    { label: 'Mass balance', path: '/mass-balance', icon: IconScale, action: 'mass_balance.read' },
    { label: 'Product passports', path: '/product-passport', icon: IconId, action: 'passports.read' },
    { label: 'Record log', path: '/blockchain-explorer', icon: IconListSearch, action: 'account.self' },
    { label: 'Verify a record', path: '/blockchain-verification', icon: IconShieldCheck, action: 'public' },
    { label: 'Record passport', path: '/blockchain-passport', icon: IconTimeline, action: 'records.read' },
  ],
};
