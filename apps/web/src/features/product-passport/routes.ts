import type { RouteObject } from 'react-router';

/**
 * Mounted inside the guarded app layout: /product-passport lists and creates passports,
 * /product-passport/:id previews, edits, publishes and hands out the QR code. The public page a QR code
 * leads to is served by the server itself (no app JavaScript). The sidebar item is in the
 * 'Traceability' group (record-log's recordLogNav), apart from the record log's "Record passport".
 */
export const productPassportRoutes: RouteObject[] = [
  {
    path: 'product-passport',
    lazy: async () => ({ Component: (await import('./ProductPassportsPage.tsx')).ProductPassportsPage }),
  },
  {
    path: 'product-passport/:id',
    lazy: async () => ({ Component: (await import('./PassportDetailPage.tsx')).PassportDetailPage }),
  },
];
