import { loginResponseSchema, messageSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, storeSession, wireUser } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { LandingPage } from '../landing/LandingPage.tsx';

const routes: RouteObject[] = [
  { path: '/auth', Component: LandingPage },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
];

const magicSession = json(
  wire(loginResponseSchema, {
    session: { access_token: 'magic-session', expires_at: '2024-06-02T00:00:00Z' },
    user: wireUser,
  }),
);
const message = (text: string) => json(wire(messageSchema, { message: text }));

describe('/auth one-time links', () => {
  it('signs in with ?magic_token and goes to the dashboard', async () => {
    const server = fakeApi({ 'POST /api/auth/magiclink/verify': magicSession });
    const { router } = renderWithAuth(routes, '/auth?magic_token=tok-123');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const calls = server.calls('POST', '/api/auth/magiclink/verify');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'tok-123' });
    expect(calls[0]?.headers['x-api-key']).toBe('plastrace-web');
    expect(localStorage.getItem('plastrace.token')).toBe('magic-session');
  });

  it('redeems the single-use token once, also under StrictMode double effects', async () => {
    const server = fakeApi({ 'POST /api/auth/magiclink/verify': magicSession });
    renderWithAuth(routes, '/auth?magic_token=tok-123', { strict: true });

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/magiclink/verify')).toHaveLength(1);
    expect(localStorage.getItem('plastrace.token')).toBe('magic-session');
  });

  it('shows why a magic link failed, with a way to ask for a new one', async () => {
    fakeApi({
      'POST /api/auth/magiclink/verify': apiError(400, 'validation_failed', 'This link has expired.'),
    });
    const user = userEvent.setup();
    const { router } = renderWithAuth(routes, '/auth?magic_token=old');

    const dialog = await screen.findByRole('dialog', { name: 'Sign in with a magic link' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This link has expired.');
    await user.click(within(dialog).getByRole('button', { name: 'Request a new link' }));

    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('plastrace.token')).toBeNull();
  });

  it("verifies an email with ?verify_token and shows the server's message, even when signed in", async () => {
    storeSession();
    const server = fakeApi({
      'POST /api/auth/verify-email': message('Your email address is confirmed.'),
    });
    const user = userEvent.setup();
    const { router } = renderWithAuth(routes, '/auth?verify_token=v-1');

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/verify-email')[0]?.body).toEqual({ token: 'v-1' });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a failed email verification', async () => {
    fakeApi({
      'POST /api/auth/verify-email': apiError(400, 'validation_failed', 'This link was already used.'),
    });
    renderWithAuth(routes, '/auth?verify_token=v-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('This link was already used.');
  });

  it('sets a new password with ?reset_token, then opens sign-in with the message', async () => {
    const server = fakeApi({
      'POST /api/auth/password/reset': message('Your password has been changed. Please sign in.'),
    });
    const user = userEvent.setup();
    renderWithAuth(routes, '/auth?reset_token=r-9');
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' });
    const password = within(dialog).getByLabelText(/^New password/);
    const confirm = within(dialog).getByLabelText(/^Confirm new password/);

    await user.type(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    expect(dialog).toHaveTextContent('Password must be at least 8 characters');
    expect(dialog).toHaveTextContent('Please confirm your password');

    await user.type(password, '-enough');
    await user.type(confirm, 'short-enoug');
    await user.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(server.calls('POST', '/api/auth/password/reset')).toHaveLength(0);

    // The message goes as soon as the field is edited.
    await user.type(confirm, 'h');
    expect(confirm).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Set new password' }));

    const login = await screen.findByRole('dialog', { name: 'Welcome Back' });
    expect(login).toHaveTextContent('Your password has been changed. Please sign in.');
    expect(server.calls('POST', '/api/auth/password/reset')[0]?.body).toEqual({
      token: 'r-9',
      password: 'short-enough',
    });
  });

  it('shows a refused password reset in the form', async () => {
    fakeApi({
      'POST /api/auth/password/reset': apiError(400, 'validation_failed', 'This reset link has expired.'),
    });
    const user = userEvent.setup();
    renderWithAuth(routes, '/auth?reset_token=r-9');
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' });

    await user.type(within(dialog).getByLabelText(/^New password/), 'long-enough');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'long-enough');
    await user.click(within(dialog).getByRole('button', { name: 'Set new password' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This reset link has expired.');
  });
});
