import { facilitySchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, itemsOf, wire } from '../../test/wire.ts';
import { MarketplacePage } from './MarketplacePage.tsx';
import {
  LISTING_ID,
  listingPage,
  memberListing,
  OTHER_LISTING_ID,
  publicListing,
  publicPage,
} from './testMarket.ts';

const plant = facilityRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7501',
  code: 'VAL1',
  name: 'Valenzuela plant',
  latitude: '14.700000',
  longitude: '120.983000',
});

const routes = [
  { path: '/marketplace', Component: MarketplacePage },
  { path: '/marketplace/listings/:id', element: <h1>Listing page</h1> },
];

const lastQuery = (server: ReturnType<typeof fakeApi>, path: string) =>
  new URL(server.calls('GET', path).at(-1)?.url ?? '', 'http://x').searchParams;

describe('Browsing the marketplace', () => {
  it('sends the filters a member picks as the search’s query, kept in the address', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/search': json(listingPage([memberListing()])),
      'GET /api/facilities': json(wire(itemsOf(facilitySchema), { items: [plant] })),
    });
    renderWithAuth(routes, '/marketplace?polymer=PET&min_level=3');
    const table = await screen.findByRole('table', { name: 'Listings' });
    expect(within(table).getByRole('columnheader', { name: 'Listed by' })).toBeInTheDocument();
    expect(table).toHaveTextContent('EcoPlast Recycling Inc.');
    expect(table).toHaveTextContent('5,000 kg');
    expect(table).toHaveTextContent('₱32.00/kg');
    const first = lastQuery(server, '/api/market/search');
    expect(first.get('polymer')).toBe('PET');
    expect(first.get('min_level')).toBe('3');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'buy');
    await userEvent.type(screen.getByRole('textbox', { name: 'Lowest price (₱)' }), '20{Enter}');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Distance from' }),
      await screen.findByRole('option', { name: 'Near Valenzuela plant' }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Within (km)' }), '50{Enter}');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'distance');

    await waitFor(() => expect(lastQuery(server, '/api/market/search').get('sort')).toBe('distance'));
    const q = lastQuery(server, '/api/market/search');
    expect(Object.fromEntries(q)).toEqual({
      polymer: 'PET',
      min_level: '3',
      side: 'buy',
      min_price: '20',
      near_lat: '14.700000',
      near_lng: '120.983000',
      within_km: '50',
      sort: 'distance',
      limit: '50',
    });
  });

  it('refuses a typed filter the wire refuses, in its words, without searching', async () => {
    const server = fakeApi({ ...signInAs('auditor'), 'GET /api/market/search': json(listingPage([])) });
    renderWithAuth(routes, '/marketplace');
    await screen.findByText('No listings yet');
    const calls = server.calls('GET', '/api/market/search').length;
    await userEvent.type(screen.getByRole('textbox', { name: 'Highest price (₱)' }), 'a lot{Enter}');
    expect(screen.getByRole('textbox', { name: 'Highest price (₱)' })).toHaveAccessibleDescription(
      /Maximum price must be a non-negative number/,
    );
    expect(server.calls('GET', '/api/market/search')).toHaveLength(calls);
  });

  it('shows a visitor the public listings without their sellers, and asks to sign in to offer', async () => {
    const server = fakeApi({ 'GET /api/public/market/listings': json(publicPage([publicListing()])) });
    renderWithAuth(routes, '/marketplace');
    const table = await screen.findByRole('table', { name: 'Listings' });
    expect(table).toHaveTextContent('PET flakes, hot-washed');
    expect(within(table).queryByRole('columnheader', { name: 'Listed by' })).toBeNull();
    expect(screen.queryByText(/EcoPlast/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to make an offer' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    const call = server.calls('GET', '/api/public/market/listings')[0];
    expect(call?.headers.authorization).toBeUndefined();
    expect(server.calls('GET', '/api/market/search')).toHaveLength(0);
  });

  it('draws the listings on a map whose points are named links, beside the same table', async () => {
    fakeApi({
      'GET /api/public/market/listings': json(
        publicPage([
          publicListing(),
          publicListing({
            id: OTHER_LISTING_ID,
            title: 'HDPE regrind wanted',
            side: 'buy',
            location: { city: null, province: null, latitude: null, longitude: null },
          }),
        ]),
      ),
    });
    renderWithAuth(routes, '/marketplace?view=map');
    const map = await screen.findByRole('group', { name: 'Map of the listings in the Philippines' });
    const points = within(map).getAllByRole('link');
    expect(points).toHaveLength(1);
    const point = within(map).getByRole('link', {
      name: 'PET flakes, hot-washed, Valenzuela, Metro Manila: 5,000 kg at ₱32.00/kg',
    });
    expect(point).toHaveAttribute('href', `/marketplace/listings/${LISTING_ID}`);
    point.focus();
    expect(point).toHaveFocus();
    expect(screen.getByText(/1 listing has no place on this map/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Listings' })).toHaveTextContent('HDPE regrind wanted');
    await userEvent.click(point);
    expect(await screen.findByRole('heading', { name: 'Listing page' })).toBeInTheDocument();
  });

  it('lists the results as cards on a phone, what and how much first', async () => {
    fakeApi({ 'GET /api/public/market/listings': json(publicPage([publicListing()])) });
    await onPhone(async () => {
      renderWithAuth(routes, '/marketplace');
      const cards = await screen.findByRole('list', { name: 'Listings' });
      expect(cards).toHaveTextContent('PET flake, grade A');
      expect(cards).toHaveTextContent('5,000 kg · ₱32.00/kg');
      expect(within(cards).getByRole('link', { name: 'PET flakes, hot-washed' })).toHaveAttribute(
        'href',
        `/marketplace/listings/${LISTING_ID}`,
      );
    });
  });
});
