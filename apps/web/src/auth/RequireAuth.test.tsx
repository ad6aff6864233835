import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, storeSession } from '../test/fakeApi.ts';
import { renderRoutes, renderWithAuth } from '../test/render.tsx';
import { AuthContext, type AuthContextValue } from './AuthContext.ts';
import { afterSignInPath, RequireAuth } from './RequireAuth.tsx';

function AuthPage() {
  return <p>Auth page, from {JSON.stringify(useLocation().state)}</p>;
}

const routes: RouteObject[] = [
  { path: '/auth', Component: AuthPage },
  { Component: RequireAuth, children: [{ path: '/reports', element: <h1>Reports</h1> }] },
];

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /auth with the requested location', async () => {
    fakeApi();
    const { router } = renderWithAuth(routes, '/reports?period=2024-05#top');

    expect(await screen.findByText(/Auth page/)).toHaveTextContent(
      'Auth page, from {"from":{"pathname":"/reports","search":"?period=2024-05","hash":"#top"}}',
    );
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('renders the page for a signed-in user', async () => {
    fakeApi();
    storeSession();
    renderWithAuth(routes, '/reports');

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
  });

  it("shows 'Authenticating...' while the stored session is checked", () => {
    const loading = { isLoading: true, isAuthenticated: false, status: 'loading' } as AuthContextValue;
    renderRoutes(
      [
        {
          element: (
            <AuthContext.Provider value={loading}>
              <RequireAuth />
            </AuthContext.Provider>
          ),
          children: [{ path: '/reports', element: <h1>Reports</h1> }],
        },
      ],
      '/reports',
    );

    expect(screen.getByRole('status')).toHaveTextContent('Authenticating...');
    expect(screen.queryByRole('heading', { name: 'Reports' })).not.toBeInTheDocument();
  });

  it('returns to the requested page after sign-in, else to the dashboard', () => {
    expect(afterSignInPath({ from: { pathname: '/reports', search: '?a=1', hash: '' } })).toBe(
      '/reports?a=1',
    );
    expect(afterSignInPath(null)).toBe('/dashboard');
    expect(afterSignInPath({ from: { pathname: '/auth' } })).toBe('/dashboard');
  });
});
