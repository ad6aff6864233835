import type { RouteObject } from 'react-router';
import { AppRoot } from './AppRoot.tsx';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { activityRoutes } from './features/activity/routes.ts';
import { aiIdentificationRoutes } from './features/ai-identification/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { bomRoutes } from './features/boms/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { certificateVerificationRoutes } from './features/certificate-verification/routes.ts';
import { complianceAuditRoutes } from './features/compliance-audit/routes.ts';
import { componentsRoutes } from './features/components/routes.ts';
import { creditRegistryRoutes } from './features/credit-registry/routes.ts';
import { customersRoutes } from './features/customers/routes.ts';
import { debugRoutes } from './features/debug/routes.ts';
import { dispatchRecordsRoutes } from './features/dispatch-records/routes.ts';
import { dispatchersRoutes } from './features/dispatchers/routes.ts';
import { enhancedMarketplaceRoutes } from './features/enhanced-marketplace/routes.ts';
import { eprCreditsRoutes } from './features/epr-credits/routes.ts';
import { facilitiesRoutes } from './features/facilities/routes.ts';
import { franchiseesRoutes } from './features/franchisees/routes.ts';
import { helpRoutes } from './features/help/routes.ts';
import { impactPublicRoutes, impactRoutes } from './features/impact/routes.ts';
import { inventoryRoutes } from './features/inventory/routes.ts';
import { iotTrackingRoutes } from './features/iot-tracking/routes.ts';
import { logisticsRoutes } from './features/logistics/routes.ts';
import { lotsRoutes } from './features/lots/routes.ts';
import { marketplaceRoutes } from './features/marketplace/routes.ts';
import { massBalanceRoutes } from './features/mass-balance/routes.ts';
import { notificationsRoutes } from './features/notifications/routes.ts';
import { orderRecordsRoutes } from './features/order-records/routes.ts';
import { predictiveAnalyticsRoutes } from './features/predictive-analytics/routes.ts';
import { pricesRoutes } from './features/prices/routes.ts';
import { productPassportRoutes } from './features/product-passport/routes.ts';
import { productionLinesRoutes } from './features/production-lines/routes.ts';
import { productionRecordsRoutes } from './features/production-records/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { publicPageRoutes } from './features/public-pages/routes.ts';
import { receiveRecordsRoutes } from './features/receive-records/routes.ts';
import { recordLogPublicRoutes, recordLogRoutes } from './features/record-log/routes.ts';
import { reportsRoutes } from './features/reports/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { supplierLedgerRoutes } from './features/supplier-ledger/routes.ts';
import { suppliersRoutes } from './features/suppliers/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { traceabilityRoutes } from './features/traceability/routes.ts';
import { verifyRoutes } from './features/verify/routes.ts';
import { certificateRoutes } from './features/waste-diversion-certificate/routes.ts';
import { PageLoader } from './layout/PageLoader.tsx';
import { RouteError } from './layout/RouteError.tsx';

const landingPage = async () => ({
  Component: (await import('./features/landing/LandingPage.tsx')).LandingPage,
});
const invitationPage = async () => ({
  Component: (await import('./features/invitation/InvitationPage.tsx')).InvitationPage,
});
const appLayout = async () => ({ Component: (await import('./layout/AppLayout.tsx')).AppLayout });

// Every page and the layout are lazy, so each is its own chunk and the entry stays small. The root
// (auth state, toasts) and the guard are not: every page needs them before it can render.
export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: landingPage },
      { path: 'auth', lazy: landingPage },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./features/auth/LoginPage.tsx')).LoginPage }),
      },
      // Without a token the page says 'Invalid invitation link' (spec §5) instead of the 404 page.
      { path: 'invitation', lazy: invitationPage },
      { path: 'invitation/:token', lazy: invitationPage },
      // Public: what a lot's QR code points to (spec §2), outside the layout and the guard.
      ...verifyRoutes,
      ...certificateVerificationRoutes,
      // An organization's published impact page, for anyone with its link.
      ...impactPublicRoutes,
      // Public information pages (/status, /contact, /privacy, /terms, /about, /features, /help-center).
      ...publicPageRoutes,
      {
        lazy: appLayout,
        children: [
          {
            path: 'docs',
            lazy: async () => ({ Component: (await import('./features/docs/ApiDocsPage.tsx')).ApiDocsPage }),
          },
          // Verifying a record needs no account (the record log is public), as /verify.
          ...recordLogPublicRoutes,
          // The EPR credit registry is public too, and a sidebar item: in the layout, outside the guard.
          ...creditRegistryRoutes,
          // The marketplace's browse and listings are public too (anonymous, without sellers).
          ...marketplaceRoutes,
        ],
      },
      {
        // Guarded pages (spec §2): 'Authenticating...' while the stored session is checked, else /auth.
        Component: RequireAuth,
        children: [
          {
            lazy: appLayout,
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('./features/dashboard/DashboardPage.tsx')).DashboardPage,
                }),
              },
              ...analyticsRoutes,
              ...predictiveAnalyticsRoutes,
              ...impactRoutes,
              ...activityRoutes,
              ...teamRoutes,
              ...settingsRoutes,
              ...debugRoutes,
              ...profileRoutes,
              ...notificationsRoutes,
              ...helpRoutes,
              ...receiveRecordsRoutes,
              ...productionRecordsRoutes,
              ...orderRecordsRoutes,
              ...dispatchRecordsRoutes,
              ...logisticsRoutes,
              ...iotTrackingRoutes,
              ...aiIdentificationRoutes,
              ...lotsRoutes,
              ...supplierLedgerRoutes,
              ...inventoryRoutes,
              ...traceabilityRoutes,
              ...massBalanceRoutes,
              ...recordLogRoutes,
              ...productPassportRoutes,
              ...eprCreditsRoutes,
              ...certificateRoutes,
              ...complianceAuditRoutes,
              ...enhancedMarketplaceRoutes,
              ...facilitiesRoutes,
              ...suppliersRoutes,
              ...customersRoutes,
              ...productionLinesRoutes,
              ...dispatchersRoutes,
              ...franchiseesRoutes,
              ...componentsRoutes,
              ...bomRoutes,
              ...catalogRoutes,
              ...pricesRoutes,
              ...reportsRoutes,
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./features/not-found/NotFoundRoute.tsx')).NotFoundRoute,
        }),
      },
    ],
  },
];
