import { loginResponseSchema, organizationMembershipSchema, userSchema } from '@plastrace/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sessionUser, storeSession, wireUser } from '../test/fakeApi.ts';
import { renderWithAuth } from '../test/render.tsx';
import { itemsOf, wire } from '../test/wire.ts';
import { OrganizationSwitcher } from './OrganizationSwitcher.tsx';

const ALPHA = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a99';
const ECOPLAST = wireUser.organization.id;

const routes: RouteObject[] = [
  {
    path: '/page',
    element: (
      <>
        <OrganizationSwitcher />
        <h1>Some page</h1>
      </>
    ),
  },
  {
    path: '/dashboard',
    element: (
      <>
        <OrganizationSwitcher />
        <h1>Dashboard page</h1>
      </>
    ),
  },
];

const organizations = wire(itemsOf(organizationMembershipSchema), {
  items: [
    { organization_id: ALPHA, name: 'Alpha Recyclers', slug: 'alpha', role: 'auditor', current: false },
    {
      organization_id: ECOPLAST,
      name: 'EcoPlast Recycling Inc.',
      slug: 'eco',
      role: 'manager',
      current: true,
    },
  ],
});

const switched = wire(loginResponseSchema, {
  session: { access_token: 'token-2', expires_at: '2024-06-02T00:00:00Z' },
  user: {
    ...wireUser,
    role: 'auditor',
    organization: { ...wireUser.organization, id: ALPHA, name: 'Alpha Recyclers' },
    organization_count: 2,
  },
});

function renderSwitcher(count: number) {
  storeSession('token-1', { ...sessionUser, organizationCount: count });
  const server = fakeApi({
    // The member of whichever session asks: the switch's new token is Alpha's.
    'GET /api/dashboard/users/me': (request) =>
      Response.json(
        request.headers.authorization === 'Bearer token-2'
          ? switched.user
          : wire(userSchema, { ...wireUser, organization_count: count }),
      ),
    'GET /api/auth/organizations': json(organizations),
    'POST /api/auth/switch-organization': json(switched),
  });
  return { server, ...renderWithAuth(routes, '/page') };
}

describe('OrganizationSwitcher', () => {
  it('is not shown to an account with one organization', async () => {
    const { server } = renderSwitcher(1);
    expect(await screen.findByRole('heading', { name: 'Some page' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/dashboard/users/me')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /switch organization/ })).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/auth/organizations')).toHaveLength(0);
  });

  it('names the current organization and marks it in the menu, with the role in each', async () => {
    const user = userEvent.setup();
    renderSwitcher(2);
    const button = await screen.findByRole('button', {
      name: 'EcoPlast Recycling Inc., switch organization',
    });
    await user.click(button);

    const current = await screen.findByRole('menuitem', { name: /EcoPlast Recycling Inc\..*\(current\)/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toHaveTextContent('Manager');
    const other = screen.getByRole('menuitem', { name: /Alpha Recyclers/ });
    expect(other).not.toHaveAttribute('aria-current');
    expect(other).toHaveTextContent('Auditor');
  });

  it('switches by keyboard: new session stored, cache cleared, on to the dashboard', async () => {
    const user = userEvent.setup();
    const { server, router, queryClient } = renderSwitcher(2);
    queryClient.setQueryData(['suppliers', 'of-ecoplast'], ['Tondo Junkshop']);
    const button = await screen.findByRole('button', { name: /switch organization/ });
    button.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: /Alpha Recyclers/ });
    // The first item is the current organization's; the arrow moves on to Alpha (sorted by name).
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    const alpha = screen.getByRole('menuitem', { name: /Alpha Recyclers/ });
    alpha.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const [request] = server.calls('POST', '/api/auth/switch-organization');
    expect(request?.body).toEqual({ organization_id: ALPHA });
    expect(request?.headers['x-organization-id']).toBe(ECOPLAST);
    expect(localStorage.getItem('plastrace.token')).toBe('token-2');
    expect(JSON.parse(localStorage.getItem('plastrace.user') ?? '{}').organization.id).toBe(ALPHA);
    expect(queryClient.getQueryData(['suppliers', 'of-ecoplast'])).toBeUndefined();
    expect(
      await screen.findByRole('button', { name: 'Alpha Recyclers, switch organization' }),
    ).toBeInTheDocument();
  });
  it('takes the token another tab switched to, keeping this tab’s organization until reloaded', async () => {
    const { server, queryClient } = renderSwitcher(2);
    await screen.findByRole('button', { name: /switch organization/ });
    // The other tab stored its new session (same account, now in Alpha) and told this one.
    localStorage.setItem('plastrace.token', 'token-2');
    localStorage.setItem('plastrace.user', JSON.stringify({ ...sessionUser, organization: { id: ALPHA } }));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'plastrace.token', newValue: 'token-2', storageArea: localStorage }),
    );
    await queryClient.refetchQueries({ queryKey: ['auth', 'organizations'] });

    const [last] = server.calls('GET', '/api/auth/organizations').slice(-1);
    expect(last?.headers.authorization).toBe('Bearer token-2');
    // Still naming the organization this tab shows: the server refuses that with organization_switched.
    expect(last?.headers['x-organization-id']).toBe(ECOPLAST);
  });
});
