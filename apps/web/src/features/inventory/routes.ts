import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout. */
export const inventoryRoutes: RouteObject[] = [
  {
    path: 'inventory',
    lazy: async () => ({ Component: (await import('./InventoryPage.tsx')).InventoryPage }),
  },
  {
    path: 'inventory/stock-counts/:id',
    lazy: async () => ({ Component: (await import('./StockCountPage.tsx')).StockCountPage }),
  },
];

export const inventoryNav: NavGroup = {
  label: 'Operations',
  items: [{ label: 'Inventory', path: '/inventory', icon: IconBuildingWarehouse, action: 'stock.read' }],
};
