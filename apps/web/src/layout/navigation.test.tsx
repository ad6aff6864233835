import { ACTIONS, type MemberRole } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../components/common/RequirePermission.tsx';
import { routes } from '../router.tsx';
import { fakeApi, hang } from '../test/fakeApi.ts';
import { signInAs } from '../test/pages.ts';
import { renderRoutes, renderWithAuth } from '../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';
import { mayOpen, navGroups } from './navigation.ts';

const items = navGroups.flatMap((group) => group.items);

/** The sidebar of each role, written out (not computed from the permission table it checks). */
const STAFF_SIDEBAR = [
  'Dashboard',
  'Analytics',
  'Forecasts',
  'Impact',
  'Reports',
  'Receive records',
  'Production records',
  'Order records',
  'Dispatch records',
  'Logistics',
  'IoT tracking',
  'AI identification',
  'Batches',
  'Inventory',
  'Supplier ledger',
  'Trace a lot',
  'Mass balance',
  'Product passports',
  'Record log',
  'Verify a record',
  'Record passport',
  'EPR credits',
  'Credit registry',
  'Diversion certificates',
  'Compliance audit',
  'Marketplace',
  'Enhanced marketplace',
  'Facilities',
  'Suppliers',
  'Customers',
  'Production lines',
  'Dispatcher management',
  'Franchisees',
  'Components',
  'Bills of materials',
  'System catalog',
  'Price analyser',
  'Activity log',
  'Team',
  'Settings',
  'Profile',
  'Notifications',
  'Help',
  'API reference',
];
/** Administrators alone have the admin tools, after the settings. */
const ADMIN_SIDEBAR = STAFF_SIDEBAR.flatMap((label) =>
  label === 'Settings' ? [label, 'Admin tools'] : [label],
);
const SIDEBARS: Record<MemberRole, string[]> = {
  admin: ADMIN_SIDEBAR,
  manager: STAFF_SIDEBAR,
  auditor: STAFF_SIDEBAR,
  // Forecasts, analytics and reports are for those who oversee (forecasts.read, analytics.read,
  // reports.read), not the floor.
  operator: STAFF_SIDEBAR.filter(
    (label) => label !== 'Team' && label !== 'Forecasts' && label !== 'Analytics' && label !== 'Reports',
  ),
  supplier: [
    'Dashboard',
    'Receive records',
    'Batches',
    'Supplier ledger',
    'Record log',
    'Verify a record',
    'Record passport',
    'Credit registry',
    'Marketplace',
    'Suppliers',
    'Activity log',
    'Profile',
    'Notifications',
    'Help',
    'API reference',
  ],
};

function renderLayout() {
  return renderWithAuth(
    [{ Component: AppLayout, children: [{ path: '*', element: <h1>Some page</h1> }] }],
    '/somewhere',
  );
}

const sidebarLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

describe('the sidebar', () => {
  it('names the action of every item: an action of the permission table, or public', () => {
    for (const item of items) expect([...ACTIONS, 'public'], item.label).toContain(item.action);
    expect(items.filter((item) => item.action === 'public').map((item) => item.label)).toEqual([
      'Verify a record',
      'Credit registry',
      'Marketplace',
      'API reference',
    ]);
  });

  it.each(Object.entries(SIDEBARS))(
    'shows a member with the %s role exactly what they may open',
    async (role, labels) => {
      fakeApi(signInAs(role as MemberRole));
      renderLayout();
      expect(await sidebarLinks()).toEqual(labels);
    },
  );

  it('shows a signed-out visitor only the public pages', async () => {
    fakeApi();
    renderLayout();
    expect(await sidebarLinks()).toEqual([
      'Verify a record',
      'Credit registry',
      'Marketplace',
      'API reference',
    ]);
  });
});

// What every page may ask in the background: the member, the header's bell, CSRF.
const BACKGROUND = ['/api/dashboard/users/me', '/api/notifications', '/api/csrf-token', '/api/ping'];

describe('a page the role may not open', () => {
  const refused = (Object.keys(SIDEBARS) as MemberRole[]).flatMap((role) =>
    items.filter((item) => !mayOpen(role, item)).map((item) => ({ role, item })),
  );

  it('exists for the roles the table narrows', () => {
    expect(refused.map(({ role, item }) => `${role} ${item.label}`)).toEqual([
      'manager Admin tools',
      'auditor Admin tools',
      'operator Analytics',
      'operator Forecasts',
      'operator Reports',
      'operator Team',
      'operator Admin tools',
      'supplier Analytics',
      'supplier Forecasts',
      'supplier Impact',
      'supplier Reports',
      'supplier Production records',
      'supplier Order records',
      'supplier Dispatch records',
      'supplier Logistics',
      'supplier IoT tracking',
      'supplier AI identification',
      'supplier Inventory',
      'supplier Trace a lot',
      'supplier Mass balance',
      'supplier Product passports',
      'supplier EPR credits',
      'supplier Diversion certificates',
      'supplier Compliance audit',
      'supplier Enhanced marketplace',
      'supplier Facilities',
      'supplier Customers',
      'supplier Production lines',
      'supplier Dispatcher management',
      'supplier Franchisees',
      'supplier Components',
      'supplier Bills of materials',
      'supplier System catalog',
      'supplier Price analyser',
      'supplier Team',
      'supplier Settings',
      'supplier Admin tools',
    ]);
  });

  it.each(refused.map(({ role, item }) => [role, item.label, item] as const))(
    'tells a %s that %s is not for their role, without asking the server',
    async (role, _label, item) => {
      const server = fakeApi(signInAs(role), { otherwise: hang });
      const { unmount } = renderRoutes(routes, item.path);
      const alert = await screen.findByText(
        refusalText(item.action as Exclude<typeof item.action, 'public'>),
      );
      expect(alert.closest('[role="alert"]')).toHaveTextContent('You do not have permission to see this');
      expect(server.requests.map((r) => r.path).filter((p) => !BACKGROUND.includes(p))).toEqual([]);
      unmount();
    },
  );
});
