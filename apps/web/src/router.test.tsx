import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navGroups } from './layout/navigation.ts';
import { routes } from './router.tsx';
import { apiError, fakeApi, hang, json, storeSession, wireUser } from './test/fakeApi.ts';
import { renderRoutes } from './test/render.tsx';

describe('routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['/', '/auth'])('shows the landing page at %s', async (path) => {
    fakeApi();
    renderRoutes(routes, path);

    expect(await screen.findByRole('button', { name: 'Watch Demo' })).toBeInTheDocument();
    expect(document.title).toBe('PlasTrace');
  });

  it('sends a signed-out visitor from /dashboard to /auth, with sign-in open', async () => {
    fakeApi();
    const { router } = renderRoutes(routes, '/dashboard');

    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('on an expired stored session shows only the Session Expired dialog, not sign-in on top of it', async () => {
    storeSession('revoked-token');
    fakeApi({
      'GET /api/dashboard/users/me': apiError(401, 'unauthorized', 'Session expired. Please log in again.'),
    });
    const { router } = renderRoutes(routes, '/dashboard');

    expect(await screen.findByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('button', { name: 'Watch Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });

  it('has the invitation and login pages', async () => {
    fakeApi({ 'GET /api/dashboard/invitations/verify/abc': () => new Promise(() => {}) });
    const { unmount } = renderRoutes(routes, '/invitation/abc');
    expect(await screen.findByText('Verifying invitation...')).toBeInTheDocument();
    unmount();

    const bare = renderRoutes(routes, '/invitation');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid invitation link');
    bare.unmount();

    renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderRoutes(routes, '/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
  });

  it('renders /docs inside the app layout', async () => {
    fakeApi({}, { otherwise: hang });
    renderRoutes(routes, '/docs');

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Loading the API reference…')).toBeInTheDocument();
  });

  it.each(['/blockchain-verification', '/verification-page'])(
    'verifies records at %s signed out too, inside the app layout',
    async (path) => {
      fakeApi({}, { otherwise: hang });
      renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Verify a record' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      const item = screen.getByRole('link', { name: 'Verify a record' });
      if (path === '/blockchain-verification') expect(item).toHaveAttribute('aria-current', 'page');
      else expect(item).not.toHaveAttribute('aria-current');
    },
  );

  it('has the record log’s leaf page, behind sign-in', async () => {
    fakeApi({ 'GET /api/dashboard/users/me': json(wireUser) }, { otherwise: hang });
    storeSession();
    renderRoutes(routes, '/blockchain/transaction?index=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log leaf' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Record log' })).toHaveAttribute(
      'href',
      '/blockchain-explorer',
    );
  });

  // One test per item: a test rendering every page in turn outgrew its time limit as pages were added.
  it.each(navGroups.flatMap((group) => group.items.map((item) => item.path)))(
    'has a route for the sidebar item %s',
    async (path) => {
      // The page's own requests never answer, so it stays loading. /users/me does: a request to it left
      // pending would be joined by the next test's (fetchCurrentUser shares the one in flight), whose
      // 401 then never comes.
      fakeApi({ 'GET /api/dashboard/users/me': json(wireUser) }, { otherwise: hang });
      storeSession();
      renderRoutes(routes, path);
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.queryByText('Oops! Page Not Found')).not.toBeInTheDocument();
    },
  );
});
