import { IconApi, IconLayoutDashboard } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { activityNav } from '../features/activity/routes.ts';
import { catalogNav } from '../features/catalog/routes.ts';
import { customersNav } from '../features/customers/routes.ts';
import { facilitiesNav } from '../features/facilities/routes.ts';
import { helpNav } from '../features/help/routes.ts';
import { inventoryNav } from '../features/inventory/routes.ts';
import { lotsNav } from '../features/lots/routes.ts';
import { notificationsNav } from '../features/notifications/routes.ts';
import { pricesNav } from '../features/prices/routes.ts';
import { productionLinesNav } from '../features/production-lines/routes.ts';
import { profileNav } from '../features/profile/routes.ts';
import { receiveRecordsNav } from '../features/receive-records/routes.ts';
import { settingsNav } from '../features/settings/routes.ts';
import { supplierLedgerNav } from '../features/supplier-ledger/routes.ts';
import { suppliersNav } from '../features/suppliers/routes.ts';
import { teamNav } from '../features/team/routes.ts';

export type NavIcon = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

export interface NavItem {
  label: string;
  path: string;
  icon?: NavIcon;
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
 */
export const navGroups: NavGroup[] = byArea([
  { label: 'Overview', items: [{ label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard }] },
  receiveRecordsNav,
  lotsNav,
  supplierLedgerNav,
  inventoryNav,
  facilitiesNav,
  suppliersNav,
  customersNav,
  productionLinesNav,
  catalogNav,
  pricesNav,
  activityNav,
  teamNav,
  settingsNav,
  profileNav,
  notificationsNav,
  helpNav,
  { label: 'Developers', items: [{ label: 'API reference', path: '/docs', icon: IconApi }] },
]);
