import type { RouteObject } from 'react-router';

/** Public, outside the app layout and its guard: what a waste diversion certificate's QR code opens. */
export const certificateVerificationRoutes: RouteObject[] = [
  {
    path: 'certificates/:id',
    lazy: async () => ({
      Component: (await import('./CertificateVerificationPage.tsx')).CertificateVerificationPage,
    }),
  },
];
