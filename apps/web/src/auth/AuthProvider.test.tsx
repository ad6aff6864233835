import { messageSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api } from '../api/client.ts';
import { setCsrfToken } from '../api/csrf.ts';
import { apiError, fakeApi, json, storeSession, wireUser } from '../test/fakeApi.ts';
import { renderWithAuth } from '../test/render.tsx';
import { createdIdSchema, wire } from '../test/wire.ts';
import { useAuth } from './AuthContext.ts';

function RecordsPage() {
  const [error, setError] = useState('');
  const load = () => api.get('/records').catch((e: Error) => setError(e.message));
  const save = () => api.post('/records', {}).catch(() => {});
  return (
    <>
      <h1>Records</h1>
      <p>{error}</p>
      <button type="button" onClick={load}>
        Load
      </button>
      <button type="button" onClick={save}>
        Save
      </button>
    </>
  );
}

function WhoAmI() {
  const { status, user, logout } = useAuth();
  return (
    <>
      <p>
        {status}: {user ? `${user.firstName} ${user.lastName}` : 'nobody'}
      </p>
      <button type="button" onClick={() => logout()}>
        Sign out
      </button>
    </>
  );
}

const routes: RouteObject[] = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/records', Component: RecordsPage },
  { path: '/me', Component: WhoAmI },
];

const logged = json(wire(createdIdSchema, { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c99' }), 201);
const signedOut = json(wire(messageSchema, { message: 'You have been signed out.' }));

describe('AuthProvider', () => {
  it('signs out on a 401 and shows the Session Expired dialog, which only OK closes, going home', async () => {
    storeSession('token-1');
    fakeApi({ 'GET /api/records': apiError(401, 'unauthorized', 'Session expired. Please log in again.') });
    const user = userEvent.setup();
    const { router } = renderWithAuth(routes, '/records');

    await user.click(await screen.findByRole('button', { name: 'Load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    expect(dialog).toHaveTextContent('Your session has expired. Please log in again.');
    expect(dialog).toHaveTextContent('You will be redirected to the home page');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['OK']);
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(localStorage.getItem('plastrace.token')).toBeNull();
    expect(localStorage.getItem('plastrace.explicitLogout')).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Session Expired' })).not.toBeInTheDocument();
  });

  it('signs out with the security message when the CSRF retry fails too', async () => {
    storeSession('token-1');
    setCsrfToken('stale');
    fakeApi({
      'GET /api/records': json([]), // a made-up route: the client's handling is what is tested
      'POST /api/records': apiError(403, 'csrf_invalid', 'Invalid or missing CSRF token'),
    });
    const user = userEvent.setup();
    renderWithAuth(routes, '/records');

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    expect(dialog).toHaveTextContent(
      'Your session has expired due to security reasons. Please log in again.',
    );
    expect(localStorage.getItem('plastrace.token')).toBeNull();
  });

  it('restores the stored session at start-up and fetches a user that did not parse', async () => {
    storeSession('token-1', undefined);
    localStorage.setItem('plastrace.user', 'not json');
    const server = fakeApi({ 'GET /api/dashboard/users/me': json(wireUser) });
    renderWithAuth(routes, '/me');

    expect(await screen.findByText('authenticated: Maria Santos')).toBeInTheDocument();
    expect(server.calls('GET', '/api/dashboard/users/me')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('plastrace.user') ?? '{}')).toMatchObject({ firstName: 'Maria' });
  });

  it('on sign-out sends the LOGOUT entry, then POST /api/auth/logout, then forgets the session', async () => {
    storeSession('token-1');
    setCsrfToken('held');
    const server = fakeApi({
      'POST /api/dashboard/user-transactions': logged,
      'POST /api/auth/logout': signedOut,
    });
    const user = userEvent.setup();
    renderWithAuth(routes, '/me');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('anonymous: nobody')).toBeInTheDocument();
    const posts = server.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual(['/api/dashboard/user-transactions', '/api/auth/logout']);
    const [entry] = server.calls('POST', '/api/dashboard/user-transactions');
    expect(entry?.body).toMatchObject({ user_id: wireUser.id, transaction_type: 'LOGOUT', currency: 'PHP' });
    const [logout] = server.calls('POST', '/api/auth/logout');
    expect(logout?.headers.authorization).toBe('Bearer token-1');
    expect(logout?.body).toBeUndefined();
    expect(localStorage.getItem('plastrace.token')).toBeNull();
    expect(localStorage.getItem('plastrace.user')).toBeNull();
    expect(localStorage.getItem('plastrace.explicitLogout')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Session Expired' })).not.toBeInTheDocument();
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
  });

  it('signs out locally even when the server call fails, without the Session Expired dialog', async () => {
    storeSession('token-1');
    setCsrfToken('held');
    fakeApi({
      'POST /api/dashboard/user-transactions': logged,
      'POST /api/auth/logout': apiError(401, 'unauthorized', 'Session expired. Please log in again.'),
    });
    const user = userEvent.setup();
    renderWithAuth(routes, '/me');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('anonymous: nobody')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('You have been signed out.')).toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Session Expired' })).not.toBeInTheDocument();
  });
});
