import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { PublicImpactPage } from './PublicImpactPage.tsx';
import { PUBLIC_IMPACT } from './testData.ts';

const SLUG = 'ecoplast-1a2b3c';
const open = () => renderWithAuth(page('/impact/public/:slug', PublicImpactPage), `/impact/public/${SLUG}`);

describe('A published impact page', () => {
  it('shows the organization, its headline, this year’s and all time’s figures with their sources, signed out', async () => {
    const server = fakeApi({ [`GET /api/public/impact/${SLUG}`]: json(PUBLIC_IMPACT) });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'EcoPlast Recycling Inc.: environmental impact' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Every bottle counted')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2026 so far' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All time' })).toBeInTheDocument();
    // Both blocks carry the collected figure and the factors' sources.
    expect(screen.getAllByRole('region', { name: 'Collected' })).toHaveLength(2);
    const tables = screen.getAllByRole('table', { name: 'Emission factors by material type' });
    expect(tables).toHaveLength(2);
    for (const t of tables) expect(within(t).getAllByText(/EPA WARM v16/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Public page' })).toBeNull();
    const [call] = server.calls('GET', `/api/public/impact/${SLUG}`);
    expect(call?.headers.authorization).toBeUndefined();
  });

  it('says the page is not published when the server has none at this address', async () => {
    fakeApi({ [`GET /api/public/impact/${SLUG}`]: apiError(404, 'not_found', 'Impact page not found') });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not published');
    expect(alert).toHaveTextContent('No organization publishes an impact page at this address');
    expect(screen.queryByRole('region', { name: 'Collected' })).toBeNull();
  });

  it('offers a retry when the page cannot be loaded', async () => {
    fakeApi({ [`GET /api/public/impact/${SLUG}`]: apiError(500, 'internal_error', 'Database unavailable') });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The impact page could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
