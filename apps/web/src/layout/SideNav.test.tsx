import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import type { NavGroup } from './navigation.ts';
import { SideNav } from './SideNav.tsx';

const groups: NavGroup[] = [
  { label: 'Operations', items: [] },
  {
    label: 'Analytics and reports',
    items: [
      { label: 'Analytics', path: '/analytics', action: 'stock.read' },
      { label: 'Reports', path: '/reports', action: 'records.read' },
    ],
  },
  { label: 'Developers', items: [{ label: 'API reference', path: '/docs', action: 'public' }] },
];

function renderSideNav(path: string) {
  return renderRoutes([{ path: '*', element: <SideNav groups={groups} /> }], path);
}

describe('SideNav', () => {
  it('renders only the groups that have items, in order', () => {
    renderSideNav('/docs');

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Analytics and reports', 'Developers']);
    expect(screen.queryByText('Operations')).not.toBeInTheDocument();
  });

  it("lists each group's items under its label", () => {
    renderSideNav('/docs');

    const reports = screen.getByRole('list', { name: 'Analytics and reports' });
    const links = within(reports).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Analytics', '/analytics'],
      ['Reports', '/reports'],
    ]);
  });

  it('marks the link of the current page, and only that one', () => {
    renderSideNav('/reports');

    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Analytics' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'API reference' })).not.toHaveAttribute('aria-current');
  });

  it('keeps a section marked on its sub-pages', () => {
    renderSideNav('/reports/monthly');

    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });
});
