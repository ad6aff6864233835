import { loginResponseSchema } from '@plastrace/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, storeSession, wireUser } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { LoginPage } from './LoginPage.tsx';

const routes: RouteObject[] = [
  { path: '/login', Component: LoginPage },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
  { path: '/auth', element: <h1>Landing page</h1> },
];

const fromInvitation = {
  pathname: '/login',
  state: {
    message: 'Account created successfully! Please log in with your credentials.',
    email: 'juan@ecoplast.ph',
  },
};

describe('LoginPage', () => {
  it('shows the message it was sent with and pre-fills the email', async () => {
    fakeApi();
    renderWithAuth(routes, fromInvitation);

    expect(
      await screen.findByText('Account created successfully! Please log in with your credentials.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('juan@ecoplast.ph');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('goes to the dashboard after signing in', async () => {
    const server = fakeApi({
      'POST /api/auth/login': json(
        wire(loginResponseSchema, {
          session: { access_token: 't', expires_at: '2024-06-02T00:00:00Z' },
          user: wireUser,
        }),
      ),
    });
    const user = userEvent.setup();
    renderWithAuth(routes, fromInvitation);

    await user.type(await screen.findByLabelText(/^Password/), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/login')[0]?.body).toMatchObject({ email: 'juan@ecoplast.ph' });
  });

  it('clears the passed message on the next attempt, like any info message', async () => {
    fakeApi({
      'POST /api/auth/login': apiError(401, 'unauthorized', 'Invalid email or password'),
    });
    const user = userEvent.setup();
    renderWithAuth(routes, fromInvitation);

    await user.type(await screen.findByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(
      screen.queryByText('Account created successfully! Please log in with your credentials.'),
    ).not.toBeInTheDocument();
  });

  it('sends a signed-in user to the dashboard', async () => {
    fakeApi();
    storeSession();
    renderWithAuth(routes, '/login');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it("opens registration on the landing page from 'Sign up here'", async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderWithAuth(routes, '/login');

    await user.click(await screen.findByRole('button', { name: 'Sign up here' }));

    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ dialog: 'register' });
  });
});
