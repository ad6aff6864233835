import { messageSchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setCsrfToken } from '../api/csrf.ts';
import { fakeApi, json, storeSession } from '../test/fakeApi.ts';
import { onPhone } from '../test/phone.ts';
import { renderWithAuth } from '../test/render.tsx';
import { createdIdSchema, wire } from '../test/wire.ts';
import { AppLayout } from './AppLayout.tsx';

function renderLayout(path: string) {
  return renderWithAuth(
    [
      { path: '/', element: <h1>Home page</h1> },
      { Component: AppLayout, children: [{ path: 'docs', element: <h1>Docs page</h1> }] },
    ],
    path,
  );
}

describe('AppLayout', () => {
  beforeEach(() => {
    fakeApi({
      'POST /api/dashboard/user-transactions': json(
        wire(createdIdSchema, { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c99' }),
        201,
      ),
      'POST /api/auth/logout': json(wire(messageSchema, { message: 'You have been signed out.' })),
    });
  });

  it('offers sign-in in the user menu slot when signed out', async () => {
    renderLayout('/docs');

    const slot = await screen.findByRole('region', { name: 'User menu' });
    expect(within(slot).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it("shows the signed-in user's name and role, with 'Sign out' in the menu", async () => {
    storeSession();
    setCsrfToken('held');
    const user = userEvent.setup();
    const { router } = renderLayout('/docs');

    const menu = await screen.findByRole('button', { name: /^Maria Santos.*account menu$/ });
    expect(menu).toHaveTextContent('Manager');
    await user.click(menu);
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('plastrace.token')).toBeNull();
  });

  it('shows the product name, the user-menu slot and the page', async () => {
    renderLayout('/docs');

    expect(await screen.findByRole('link', { name: 'PlasTrace' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('region', { name: 'User menu' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Docs page' })).toBeInTheDocument();
  });

  it('lists the API reference under Developers and marks it active on /docs', () => {
    renderLayout('/docs');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Developers');
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens and closes the mobile navigation with the burger, building its links when first opened', () =>
    onPhone(async () => {
      const user = userEvent.setup();
      renderLayout('/docs');
      const burger = screen.getByRole('button', { name: 'Toggle navigation' });
      const nav = screen.getByRole('navigation', { name: 'Main' });

      expect(burger).toHaveAttribute('aria-expanded', 'false');
      expect(nav).toHaveAttribute('inert');
      expect(within(nav).queryAllByRole('link')).toEqual([]);

      await user.click(burger);
      expect(burger).toHaveAttribute('aria-expanded', 'true');
      expect(nav).not.toHaveAttribute('inert');

      await user.click(screen.getByRole('link', { name: 'API reference' }));
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      // Closed again, the drawer keeps its links: the second opening builds nothing.
      expect(within(nav).getByRole('link', { name: 'API reference' })).toBeInTheDocument();
    }));

  it('shows the sidebar’s links from the start on a desktop', () => {
    renderLayout('/docs');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).not.toHaveAttribute('inert');
    expect(within(nav).getByRole('link', { name: 'API reference' })).toBeInTheDocument();
  });

  it('moves focus to the main content from the skip link', async () => {
    const user = userEvent.setup();
    renderLayout('/docs');

    await user.click(screen.getByRole('link', { name: 'Skip to content' }));

    expect(screen.getByRole('main')).toHaveFocus();
  });
});
