import { invitationVerifySchema, loginResponseSchema } from '@plastrace/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json, wireUser } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { createdIdSchema, wire } from '../../test/wire.ts';
import { InvitationPage } from './InvitationPage.tsx';

const routes: RouteObject[] = [
  { path: '/invitation/:token', Component: InvitationPage },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
];

const existing = wire(invitationVerifySchema, {
  valid: true,
  invitation: {
    email: 'maria@ecoplast.ph',
    role: 'auditor',
    supplier_name: null,
    expires_at: '2024-06-08T04:00:00Z',
    organization_name: 'Alpha Recyclers',
    existing_account: true,
  },
  message: 'Invitation is valid',
});

const joined = wire(loginResponseSchema, {
  session: { access_token: 'joined-token', expires_at: '2024-06-02T00:00:00Z' },
  user: {
    ...wireUser,
    role: 'auditor',
    organization: {
      ...wireUser.organization,
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a99',
      name: 'Alpha Recyclers',
    },
    organization_count: 2,
  },
});

const ACCEPT = 'POST /api/invitations/accept-existing';

function renderExisting(accept: Handler) {
  const server = fakeApi({
    'GET /api/dashboard/invitations/verify/inv-token': json(existing),
    [ACCEPT]: accept,
    'POST /api/dashboard/user-transactions': json(
      wire(createdIdSchema, { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c99' }),
      201,
    ),
  });
  return { server, ...renderWithAuth(routes, '/invitation/inv-token') };
}

describe('InvitationPage for an email that already has an account', () => {
  it('asks for the account’s password instead of a registration, showing the email', async () => {
    renderExisting(json(joined));

    expect(await screen.findByRole('heading', { name: 'Join Alpha Recyclers' })).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation details')).toHaveTextContent('maria@ecoplast.ph');
    expect(screen.getByLabelText('Invitation details')).toHaveTextContent('Auditor');
    expect(screen.queryByLabelText(/^First Name/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
  });

  it('shows a wrong password under the form and stays', async () => {
    const user = userEvent.setup();
    renderExisting(
      apiError(401, 'unauthorized', 'Incorrect password for this account.', {
        fields: { 'body.password': 'Incorrect password for this account.' },
      }),
    );
    await user.type(await screen.findByLabelText(/^Password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign in and join' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password for this account.');
    expect(localStorage.getItem('plastrace.token')).toBeNull();
    expect(sessionStorage.getItem('plastrace.token')).toBeNull();
  });

  it('joins with the password: the session opens in the organization joined, on the dashboard', async () => {
    const user = userEvent.setup();
    const { server, router } = renderExisting(json(joined));
    await user.type(await screen.findByLabelText(/^Password/), 'Bote-at-plastik-42');
    // Now signed in as the invited email, the page must not pass through its signed-in card on the way.
    const shown: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) shown.push(n.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await user.click(screen.getByRole('button', { name: 'Sign in and join' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    observer.disconnect();
    expect(shown.join('|')).not.toMatch(/Join Alpha Recyclers as|Invalid Invitation/);
    expect(server.calls('GET', '/api/dashboard/invitations/verify/inv-token')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.calls('POST', '/api/invitations/accept-existing')[0]?.body).toEqual({
      token: 'inv-token',
      password: 'Bote-at-plastik-42',
    });
    expect(sessionStorage.getItem('plastrace.token')).toBe('joined-token');
    expect(JSON.parse(sessionStorage.getItem('plastrace.user') ?? '{}').organization.name).toBe(
      'Alpha Recyclers',
    );
  });
});
