import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type Handler, hang, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ImpactPage } from './ImpactPage.tsx';
import { EMPTY_IMPACT, IMPACT, PUBLISHED, UNPUBLISHED } from './testData.ts';

function renderPage(
  handlers: Record<string, Handler> = {},
  role: 'admin' | 'manager' = 'admin',
  url = '/impact',
) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/impact': json(IMPACT),
    'GET /api/impact/page': json(UNPUBLISHED),
    ...handlers,
  });
  renderWithAuth(page('/impact', ImpactPage), url);
  return { server, user: userEvent.setup() };
}

// The organization's today is 26 Nov 2026 in Manila; only the clock is fixed, timers run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T04:00:00Z'));
});

describe('Impact', () => {
  it('shows the headline figures, each CO2e basis, and the factors with their sources', async () => {
    const { server } = renderPage();
    expect(await screen.findByRole('region', { name: 'Collected' })).toHaveTextContent('122,337.5 kg');
    expect(screen.getByRole('region', { name: 'Diverted from landfill' })).toHaveTextContent(
      '121,759.5 kg99.5 % of what was collected',
    );
    expect(
      screen.getByRole('region', { name: 'CO2e avoided: Net recycling vs virgin production (EPA WARM v16)' }),
    ).toHaveTextContent('11,432.5 kg CO2e');
    expect(
      screen.getByRole('region', {
        name: 'CO2e avoided: Avoided virgin production, cradle-to-gate (PlasticsEurope)',
      }),
    ).toHaveTextContent('34,338.4 kg CO2e');
    expect(screen.getByRole('region', { name: 'Energy per tonne processed' })).toHaveTextContent(
      '603.8 kWh/t',
    );

    const factors = screen.getByRole('table', { name: 'Emission factors by material type' });
    const rows = within(factors).getAllByRole('row');
    // A header, then one row per type and basis.
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent('PET flake (washed)');
    expect(rows[1]).toHaveTextContent('-1,146 kg CO2e/t');
    expect(rows[1]).toHaveTextContent('11,432.5 kg CO2e');
    expect(rows[1]).toHaveTextContent('EPA WARM v16');
    expect(within(rows[1] as HTMLElement).getByText('Unverified')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Verified')).toBeInTheDocument();
    expect(rows[4]).toHaveTextContent('LDPE film');
    expect(rows[4]).toHaveTextContent('Not calculated. Not on file: EPA WARM v16');
    expect(rows[4]).toHaveTextContent('recycling not modelled');

    const cars = screen.getByRole('region', { name: 'Passenger cars driven for a year' });
    expect(cars).toHaveTextContent('2.5');
    expect(cars).toHaveTextContent('June 2023');
    expect(within(cars).getByRole('link', { name: /^Source page/ })).toHaveAccessibleName(
      expect.stringContaining('Passenger'),
    );
    expect(within(cars).getByRole('link', { name: /^Source page/ })).toHaveAttribute(
      'href',
      'https://www.epa.gov/greenvehicles/greenhouse-gas-emissions-typical-passenger-vehicle',
    );
    expect(screen.getByRole('region', { name: 'Litres of petrol burned' })).toHaveTextContent('4,869');

    const months = screen.getByRole('table', { name: 'Month by month' });
    expect(within(months).getByText('Oct 2026')).toBeInTheDocument();
    expect(within(months).getByText('809.6 kg CO2e')).toBeInTheDocument();
    // This year is the server's default range: nothing is asked.
    expect(server.calls('GET', '/api/impact')[0]?.url).toBe('/api/impact');
  });

  it('asks for the range chosen', async () => {
    const { server, user } = renderPage();
    await screen.findByRole('region', { name: 'Collected' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last year');
    const last = () => new URL(server.calls('GET', '/api/impact').at(-1)?.url ?? '', 'http://x').searchParams;
    await waitFor(() => expect(last().toString()).toBe('from=2025-01-01&to=2025-12-31'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 12 months');
    await waitFor(() => expect(last().toString()).toBe('from=2025-12-01&to=2026-11-26'));
  });

  it('says so while the figures load', async () => {
    renderPage({ 'GET /api/impact': hang });
    expect(await screen.findByText('Loading the impact figures…')).toBeInTheDocument();
  });

  it('says what fills an empty range', async () => {
    renderPage({ 'GET /api/impact': json(EMPTY_IMPACT) });
    expect(
      await screen.findByRole('heading', { name: 'Nothing collected or processed in this range' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    const { server, user } = renderPage({
      'GET /api/impact': apiError(500, 'internal_error', 'Database unavailable'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The impact figures could not be loaded');
    server.on('GET /api/impact', json(IMPACT));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Collected' })).toBeInTheDocument();
  });
});

describe('the public page card', () => {
  it('lets an administrator publish with a headline, then unpublish', async () => {
    const { server, user } = renderPage({
      'PUT /api/impact/page': json(PUBLISHED),
    });
    const card = await screen.findByRole('region', { name: 'Public page' });
    expect(await within(card).findByText('Not published')).toBeInTheDocument();
    expect(within(card).getByText('http://localhost:3000/impact/public/ecoplast-1a2b3c')).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: /Headline/ }), 'Every bottle counted');
    await user.click(within(card).getByRole('button', { name: 'Publish' }));
    expect(await within(card).findByText('Published')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/impact/page')[0]?.body).toEqual({
      published: true,
      headline: 'Every bottle counted',
      version: 0,
    });
    expect(within(card).getByRole('link', { name: 'Open the page' })).toHaveAttribute(
      'href',
      'http://localhost:3000/impact/public/ecoplast-1a2b3c',
    );

    server.on(
      'PUT /api/impact/page',
      json({ ...PUBLISHED, published: false, published_at: null, version: 2 }),
    );
    await user.click(within(card).getByRole('button', { name: 'Unpublish' }));
    expect(await within(card).findByText('Not published')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/impact/page')[1]?.body).toEqual({
      published: false,
      headline: 'Every bottle counted',
      version: 1,
    });
  });

  it('says when someone else changed the page first', async () => {
    const { user } = renderPage({
      'PUT /api/impact/page': apiError(
        409,
        'conflict',
        'Someone else changed the impact page. Reload and try again.',
      ),
    });
    const card = await screen.findByRole('region', { name: 'Public page' });
    await user.click(await within(card).findByRole('button', { name: 'Publish' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Someone else changed the impact page');
  });

  it('is not offered to a manager, who may read the figures but not publish them', async () => {
    const { server } = renderPage({}, 'manager');
    await screen.findByRole('region', { name: 'Collected' });
    expect(screen.queryByRole('region', { name: 'Public page' })).toBeNull();
    expect(server.calls('GET', '/api/impact/page')).toHaveLength(0);
  });
});
