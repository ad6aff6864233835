import { IconCertificate } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/**
 * Mounted inside the guarded app layout: the list (/waste-diversion-certificate), issuing one (/new) and
 * one certificate (/:id). Its public page, which the QR code opens, is features/certificate-verification.
 */
export const certificateRoutes: RouteObject[] = [
  {
    path: 'waste-diversion-certificate',
    lazy: async () => ({ Component: (await import('./CertificatesPage.tsx')).CertificatesPage }),
  },
  {
    path: 'waste-diversion-certificate/new',
    lazy: async () => ({ Component: (await import('./IssueCertificatePage.tsx')).IssueCertificatePage }),
  },
  {
    path: 'waste-diversion-certificate/:id',
    lazy: async () => ({ Component: (await import('./CertificateDetailPage.tsx')).CertificateDetailPage }),
  },
];

export const certificatesNav: NavGroup = {
  label: 'EPR',
  items: [
    {
      label: 'Diversion certificates',
      path: '/waste-diversion-certificate',
      icon: IconCertificate,
      action: 'certificates.read',
    },
  ],
};
