import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, storeSession } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderRoutes, renderWithAuth } from '../../test/render.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { NotFoundRoute } from './NotFoundRoute.tsx';

function renderNotFound() {
  return renderRoutes([{ path: '*', Component: NotFoundPage }], '/no/such/page');
}

describe('NotFoundPage', () => {
  it('shows the spec heading and titles the tab', () => {
    renderNotFound();

    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · PlasTrace');
  });

  it('sends both Go Home and Back to Dashboard to /', () => {
    renderNotFound();

    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('offers quick links to receive records, analytics and settings', () => {
    renderNotFound();

    const quickLinks = screen.getByRole('navigation', { name: 'Quick links' });
    const hrefs = Array.from(quickLinks.querySelectorAll('a'), (a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/receive-records', '/analytics', '/settings']);
  });

  it('tells the user how to contact support', () => {
    renderNotFound();

    expect(screen.getByText(/Need help\? Contact support/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the contact form' })).toHaveAttribute(
      'href',
      '/contact?topic=support',
    );
  });
});

describe('NotFoundRoute', () => {
  const render = () => renderWithAuth([{ path: '*', Component: NotFoundRoute }], '/no/such/page');

  it('keeps a signed-in member inside the app: header, sidebar and one main region', async () => {
    fakeApi(signInAs('manager'));
    storeSession();
    render();
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows a visitor the page on its own', async () => {
    fakeApi();
    render();
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
