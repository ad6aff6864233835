import { invitationVerifySchema, loginResponseSchema, organizationMembershipSchema } from '@plastrace/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrganizationSwitcher } from '../../layout/OrganizationSwitcher.tsx';
import {
  apiError,
  fakeApi,
  type Handler,
  json,
  type RecordedRequest,
  storeSession,
  wireUser,
} from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { createdIdSchema, itemsOf, wire } from '../../test/wire.ts';
import { InvitationPage } from './InvitationPage.tsx';

const ALPHA = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a99';

const routes: RouteObject[] = [
  { path: '/invitation/:token', Component: InvitationPage },
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

/** An invitation to Alpha Recyclers as auditor, for `email` (which has an account). */
const invitationFor = (email: string) =>
  wire(invitationVerifySchema, {
    valid: true,
    invitation: {
      email,
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
    organization: { ...wireUser.organization, id: ALPHA, name: 'Alpha Recyclers' },
    organization_count: 2,
  },
});

/** The signed-in member as the session in the request says: before joining, or after. */
const me: Handler = (request: RecordedRequest) =>
  Response.json(request.headers.authorization === 'Bearer joined-token' ? joined.user : wireUser);

const JOIN = 'POST /api/invitations/join';

function renderPage(invitedEmail: string, handlers: Record<string, Handler> = {}, signedIn = true) {
  if (signedIn) storeSession();
  const server = fakeApi({
    'GET /api/dashboard/invitations/verify/inv-token': json(invitationFor(invitedEmail)),
    'GET /api/dashboard/users/me': me,
    'GET /api/auth/organizations': json(
      wire(itemsOf(organizationMembershipSchema), {
        items: [
          { organization_id: ALPHA, name: 'Alpha Recyclers', slug: 'alpha', role: 'auditor', current: true },
        ],
      }),
    ),
    'POST /api/auth/logout': json({ message: 'You have been signed out.' }),
    'POST /api/dashboard/user-transactions': json(
      wire(createdIdSchema, { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c99' }),
      201,
    ),
    [JOIN]: json(joined),
    ...handlers,
  });
  return { server, ...renderWithAuth(routes, '/invitation/inv-token') };
}

describe('InvitationPage when signed in', () => {
  it('as the invited email: joins with one click, moves the session and opens the dashboard there', async () => {
    const user = userEvent.setup();
    const { server, router } = renderPage('Maria@EcoPlast.ph');

    expect(
      await screen.findByRole('heading', { name: 'Join Alpha Recyclers as Auditor' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation details')).toHaveTextContent('Maria@EcoPlast.ph');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', '/dashboard');

    await user.click(screen.getByRole('button', { name: 'Join Alpha Recyclers' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const [request] = server.calls('POST', '/api/invitations/join');
    expect(request?.body).toEqual({ token: 'inv-token' });
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers['x-csrf-token']).toBeTruthy();
    // The stored session ('Remember me' kept) is the new one, in the organization joined.
    expect(localStorage.getItem('plastrace.token')).toBe('joined-token');
    expect(JSON.parse(localStorage.getItem('plastrace.user') ?? '{}').organization.name).toBe(
      'Alpha Recyclers',
    );
    expect(
      await screen.findByRole('button', { name: 'Alpha Recyclers, switch organization' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('You joined Alpha Recyclers.')).toBeInTheDocument();
    // The spent link is not checked again while the dashboard opens (it would read as invalid).
    expect(server.calls('GET', '/api/dashboard/invitations/verify/inv-token')).toHaveLength(1);
  });

  it('as the invited email: shows a refusal under the buttons and stays', async () => {
    const user = userEvent.setup();
    renderPage(wireUser.email, {
      [JOIN]: apiError(
        409,
        'conflict',
        'You are already a member of Alpha Recyclers: choose it in the organization menu.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Join Alpha Recyclers' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are already a member of Alpha Recyclers: choose it in the organization menu.',
    );
    expect(screen.getByRole('button', { name: 'Join Alpha Recyclers' })).toBeEnabled();
    expect(localStorage.getItem('plastrace.token')).toBe('token-1');
  });

  it('as another email: names the invited email, and signing out stays here with the invitee’s way in', async () => {
    const user = userEvent.setup();
    const { server, router } = renderPage('juan@ecoplast.ph');

    expect(
      await screen.findByRole('heading', { name: 'This invitation is for juan@ecoplast.ph' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as maria@ecoplast\.ph/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out and continue' }));

    expect(await screen.findByRole('heading', { name: 'Join Alpha Recyclers' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invitation/inv-token');
    expect(server.calls('POST', '/api/auth/logout')).toHaveLength(1);
    expect(server.calls('POST', '/api/invitations/join')).toHaveLength(0);
    expect(localStorage.getItem('plastrace.token')).toBeNull();
  });

  it('signed out: the invitee’s own ways in, without asking who is signed in', async () => {
    const { server } = renderPage(wireUser.email, {}, false);

    expect(await screen.findByRole('heading', { name: 'Join Alpha Recyclers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in and join' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/dashboard/users/me')).toHaveLength(0);
  });
});
