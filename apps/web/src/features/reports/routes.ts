import { IconReportAnalytics } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

const reportPage = async () => ({ Component: (await import('./ReportPage.tsx')).ReportPage });

/**
 * Mounted inside the guarded app layout (spec §2): /reports lists the reports and their schedules; each
 * report has its page. /reports/supply-chain and /reports/user-transactions are the traceability and
 * activity pages (their features mount them).
 */
export const reportsRoutes: RouteObject[] = [
  { path: 'reports', lazy: async () => ({ Component: (await import('./ReportsPage.tsx')).ReportsPage }) },
  { path: 'reports/daily', lazy: reportPage },
  { path: 'reports/monthly', lazy: reportPage },
  { path: 'reports/annual', lazy: reportPage },
  { path: 'reports/inventory', lazy: reportPage },
];

export const reportsNav: NavGroup = {
  label: 'Insight',
  items: [{ label: 'Reports', path: '/reports', icon: IconReportAnalytics, action: 'reports.read' }],
};
