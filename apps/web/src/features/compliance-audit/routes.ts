import { IconClipboardCheck } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/**
 * Mounted inside the guarded app layout: /compliance-audit is the obliged enterprise's RA 11898 year
 * (profile, footprint, figures, fine exposure, evidence checklist, ECAR versions) and
 * /compliance-audit/ecar/:id one report, where the organization's auditor reviews it and signs it off.
 */
export const complianceAuditRoutes: RouteObject[] = [
  {
    path: 'compliance-audit',
    lazy: async () => ({ Component: (await import('./ComplianceAuditPage.tsx')).ComplianceAuditPage }),
  },
  {
    path: 'compliance-audit/ecar/:id',
    lazy: async () => ({ Component: (await import('./EcarReviewPage.tsx')).EcarReviewPage }),
  },
];

/** In the 'EPR' group, with the credits and certificates (groups merge by label). */
export const complianceNav: NavGroup = {
  label: 'EPR',
  items: [
    {
      label: 'Compliance audit',
      path: '/compliance-audit',
      icon: IconClipboardCheck,
      action: 'compliance.read',
    },
  ],
};
