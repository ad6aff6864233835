import { type Action, can } from '@plastrace/shared';
import { IconApi, IconLayoutDashboard } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { activityNav } from '../features/activity/routes.ts';
import { aiIdentificationNav } from '../features/ai-identification/routes.ts';
import { analyticsNav } from '../features/analytics/routes.ts';
import { bomNav } from '../features/boms/routes.ts';
import { catalogNav } from '../features/catalog/routes.ts';
import { complianceNav } from '../features/compliance-audit/routes.ts';
import { componentsNav } from '../features/components/routes.ts';
import { customersNav } from '../features/customers/routes.ts';
import { debugNav } from '../features/debug/routes.ts';
import { dispatchRecordsNav } from '../features/dispatch-records/routes.ts';
import { dispatchersNav } from '../features/dispatchers/routes.ts';
import { enhancedMarketplaceNav } from '../features/enhanced-marketplace/routes.ts';
import { eprCreditsNav } from '../features/epr-credits/routes.ts';
import { facilitiesNav } from '../features/facilities/routes.ts';
import { franchiseesNav } from '../features/franchisees/routes.ts';
import { helpNav } from '../features/help/routes.ts';
import { impactNav } from '../features/impact/routes.ts';
import { inventoryNav } from '../features/inventory/routes.ts';
import { iotTrackingNav } from '../features/iot-tracking/routes.ts';
import { logisticsNav } from '../features/logistics/routes.ts';
import { lotsNav } from '../features/lots/routes.ts';
import { marketplaceNav } from '../features/marketplace/routes.ts';
import { notificationsNav } from '../features/notifications/routes.ts';
import { orderRecordsNav } from '../features/order-records/routes.ts';
import { forecastsNav } from '../features/predictive-analytics/routes.ts';
import { pricesNav } from '../features/prices/routes.ts';
import { productionLinesNav } from '../features/production-lines/routes.ts';
import { productionRecordsNav } from '../features/production-records/routes.ts';
import { profileNav } from '../features/profile/routes.ts';
import { receiveRecordsNav } from '../features/receive-records/routes.ts';
import { recordLogNav } from '../features/record-log/routes.ts';
import { reportsNav } from '../features/reports/routes.ts';
import { settingsNav } from '../features/settings/routes.ts';
import { supplierLedgerNav } from '../features/supplier-ledger/routes.ts';
import { suppliersNav } from '../features/suppliers/routes.ts';
import { teamNav } from '../features/team/routes.ts';
import { certificatesNav } from '../features/waste-diversion-certificate/routes.ts';

export type NavIcon = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

/** What a sidebar item needs: an action of the shared permission table, or 'public' for anyone. */
export type NavAction = Action | 'public';

export interface NavItem {
  label: string;
  path: string;
  icon?: NavIcon;
  /** The action its page needs; the sidebar lists the item only to roles that may do it. */
  action: NavAction;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** Groups with the same label (features in one area) become one group, in first-seen order. */
function byArea(groups: NavGroup[]): NavGroup[] {
  const merged = new Map<string, NavItem[]>();
  for (const g of groups) merged.set(g.label, [...(merged.get(g.label) ?? []), ...g.items]);
  return [...merged].map(([label, items]) => ({ label, items }));
}

/**
 * The sidebar, grouped by feature area. It lists only pages that exist: a feature adds its item
 * here in the same change that adds its route (router.test.tsx checks every item has a route).
 * A group without items is not rendered, so areas can be laid out before their pages land.
 * Each item names the action its page needs: the layout lists only what the signed-in role may open
 * (navFor), and the page itself shows refusal(action) to a role without it (RequirePermission);
 * navigation.test.tsx checks both for every role.
 */
export const navGroups: NavGroup[] = byArea([
  {
    label: 'Overview',
    items: [{ label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard, action: 'dashboard.read' }],
  },
  analyticsNav,
  forecastsNav,
  impactNav,
  reportsNav,
  receiveRecordsNav,
  productionRecordsNav,
  orderRecordsNav,
  dispatchRecordsNav,
  logisticsNav,
  iotTrackingNav,
  aiIdentificationNav,
  lotsNav,
  supplierLedgerNav,
  inventoryNav,
  recordLogNav,
  eprCreditsNav,
  certificatesNav,
  complianceNav,
  marketplaceNav,
  enhancedMarketplaceNav,
  facilitiesNav,
  suppliersNav,
  customersNav,
  productionLinesNav,
  dispatchersNav,
  franchiseesNav,
  componentsNav,
  bomNav,
  catalogNav,
  pricesNav,
  activityNav,
  teamNav,
  settingsNav,
  debugNav,
  profileNav,
  notificationsNav,
  helpNav,
  {
    label: 'Developers',
    items: [{ label: 'API reference', path: '/docs', icon: IconApi, action: 'public' }],
  },
]);

/** May a member with `role` (none when signed out) open the item? */
export const mayOpen = (role: string | null | undefined, item: NavItem): boolean =>
  item.action === 'public' || can(role, item.action);

/** The sidebar of a role: only the items it may open (groups left empty are not rendered). */
export function navFor(role: string | null | undefined, groups: NavGroup[] = navGroups): NavGroup[] {
  return groups.map((group) => ({ ...group, items: group.items.filter((item) => mayOpen(role, item)) }));
}
