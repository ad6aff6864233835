import { loginResponseSchema, userSchema } from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, storeSession, wireUser } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { LandingPage } from './LandingPage.tsx';

const routes: RouteObject[] = [
  { path: '/', Component: LandingPage },
  { path: '/auth', Component: LandingPage },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
  { path: '/reports', element: <h1>Reports page</h1> },
];

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
}

describe('LandingPage', () => {
  beforeEach(() => {
    fakeApi();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    setScrollY(0);
  });

  it('has the sections of the spec, with the beta terms, FAQ and footer', async () => {
    renderWithAuth(routes, '/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Free beta: full access, no credit card')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Get Beta Access' })).toHaveLength(1);
    for (const title of ['Track and Divert Waste', 'Process Sustainably', 'Create Sustainable Value']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const solutions = document.getElementById('solutions') as HTMLElement;
    expect(
      within(solutions)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Manufacturing',
      'Recycling Facilities',
      'Government',
      'Logistics',
      'Retail and Brands',
      'Enterprise',
    ]);
    const beta = document.getElementById('beta') as HTMLElement;
    expect(beta).toHaveTextContent('no credit card, no time limit');
    expect(beta).toHaveTextContent('Unlimited team invitations');
    expect(beta).toHaveTextContent('Grandfathered pricing at launch');
    expect(beta).toHaveTextContent('3 to 6 months');
    expect(within(beta).getByRole('button', { name: 'How long does the beta last?' })).toBeInTheDocument();
    expect(document.getElementById('about')).not.toBeNull();

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/contact', '/help', '/help-center', '/status', '/blog', '/privacy', '/terms']);
    expect(
      screen.getByText(`© 2024–${new Date().getFullYear()} PlasTrace. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('labels the dashboard preview figures as samples', async () => {
    renderWithAuth(routes, '/');

    const preview = await screen.findByLabelText('Dashboard preview with sample figures');
    expect(within(preview).getByText('Sample figures')).toBeInTheDocument();
  });

  it('scrolls smoothly to a section with an 80 px offset for the header', async () => {
    const user = userEvent.setup();
    renderWithAuth(routes, '/');
    const solutions = document.getElementById('solutions') as HTMLElement;
    vi.spyOn(solutions, 'getBoundingClientRect').mockReturnValue({ top: 500 } as DOMRect);
    setScrollY(100);

    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await user.click(within(nav).getByRole('link', { name: 'Solutions' }));

    expect(window.scrollTo).toHaveBeenCalledWith({ top: 520, behavior: 'smooth' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '#about');
    expect(within(nav).getByRole('link', { name: 'Beta Access' })).toHaveAttribute('href', '#beta');
  });

  it('gives the header a stronger background after 20 px of scrolling', async () => {
    renderWithAuth(routes, '/');
    const header = await screen.findByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');

    setScrollY(20);
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'false');

    setScrollY(21);
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  it('opens the mobile menu with its toggle', async () => {
    const user = userEvent.setup();
    renderWithAuth(routes, '/');
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens login from Sign In and registration from Join, one at a time', async () => {
    const user = userEvent.setup();
    renderWithAuth(routes, '/');
    const header = await screen.findByRole('banner');

    // The desktop button and the phone's (jsdom applies no media queries, so both are here).
    const signIns = within(header).getAllByRole('button', { name: 'Sign In' });
    expect(signIns).toHaveLength(2);
    await user.click(signIns[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Welcome Back' })).not.toBeInTheDocument(),
    );
    await user.click(signIns[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up here' }));
    expect(await screen.findByRole('dialog', { name: 'Create your PlasTrace account' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Welcome Back' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in here' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create your PlasTrace account' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(within(header).getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('dialog', { name: 'Create your PlasTrace account' })).toBeInTheDocument();
  });

  it('explains the flow from Watch Demo instead of playing a video', async () => {
    const user = userEvent.setup();
    renderWithAuth(routes, '/');

    await user.click(await screen.findByRole('button', { name: 'Watch Demo' }));

    const dialog = await screen.findByRole('dialog', { name: 'How PlasTrace works' });
    expect(dialog).toHaveTextContent('A recorded demo is not available yet');
    await user.click(within(dialog).getByRole('button', { name: 'Start Free Beta' }));
    expect(await screen.findByRole('dialog', { name: 'Create your PlasTrace account' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor straight to the dashboard', async () => {
    storeSession();
    const { router } = renderWithAuth(routes, '/');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens sign-in when a guarded page sent the visitor, and returns there after signing in', async () => {
    const server = fakeApi({
      // The server always sends the user; the client copes without one all the same (spec §4).
      'POST /api/auth/login': json(
        wire(loginResponseSchema.extend({ user: userSchema.nullable() }), {
          session: { access_token: 'new-token', expires_at: '2024-06-02T00:00:00Z' },
          user: null,
        }),
      ),
      'GET /api/dashboard/users/me': json(
        wire(userSchema, { ...wireUser, email: 'ana@example.ph', first_name: 'Ana', last_name: 'Reyes' }),
      ),
    });
    const user = userEvent.setup();
    const { router } = renderWithAuth(routes, {
      pathname: '/auth',
      state: { from: { pathname: '/reports', search: '?period=2024-05', hash: '' } },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
    await user.type(within(dialog).getByLabelText(/Email/), 'ana@example.ph');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=2024-05');
    expect(server.calls('GET', '/api/dashboard/users/me')).toHaveLength(1);
  });
});
