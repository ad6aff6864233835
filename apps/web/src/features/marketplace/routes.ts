import { IconBuildingStore } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/**
 * Public, in the app layout outside its guard (as /registry): signed out, /marketplace is the anonymous
 * browse and a listing its public fields; signed in with market.read, the tabs (browse, my listings,
 * offers, deals) in ?tab=.
 */
export const marketplaceRoutes: RouteObject[] = [
  {
    path: 'marketplace',
    lazy: async () => ({ Component: (await import('./MarketplacePage.tsx')).MarketplacePage }),
  },
  {
    path: 'marketplace/listings/:id',
    lazy: async () => ({ Component: (await import('./ListingDetailPage.tsx')).ListingDetailPage }),
  },
];

/** A group of its own, which the enhanced marketplace adds its item to (groups merge by label). */
export const marketplaceNav: NavGroup = {
  label: 'Marketplace',
  items: [{ label: 'Marketplace', path: '/marketplace', icon: IconBuildingStore, action: 'public' }],
};
