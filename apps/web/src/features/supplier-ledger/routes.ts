import { IconReceipt2 } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** Mounted inside the guarded app layout (spec §2: /supplier-ledger). */
export const supplierLedgerRoutes: RouteObject[] = [
  {
    path: 'supplier-ledger',
    lazy: async () => ({ Component: (await import('./SupplierLedgerPage.tsx')).SupplierLedgerPage }),
  },
  {
    path: 'supplier-ledger/:supplierId',
    lazy: async () => ({ Component: (await import('./SupplierStatementPage.tsx')).SupplierStatementPage }),
  },
];

export const supplierLedgerNav: NavGroup = {
  label: 'Finance',
  items: [{ label: 'Supplier ledger', path: '/supplier-ledger', icon: IconReceipt2, action: 'ledger.read' }],
};
