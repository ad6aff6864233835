import type { MemberRole } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { fieldError, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { LISTING_ID, listingPage, memberListing } from '../marketplace/testMarket.ts';
import { EnhancedMarketplacePage } from './EnhancedMarketplacePage.tsx';
import {
  OFFER_ID,
  priceHistory,
  RFQ_ID,
  receivedPage,
  receivedRfq,
  rfq,
  rfqPage,
  SEARCH_ID,
  savedSearch,
  searchesPage,
} from './testEnhanced.ts';

const routes = [
  { path: '/enhanced-marketplace', Component: EnhancedMarketplacePage },
  { path: '/marketplace', element: <h1>Marketplace page</h1> },
];

function open(path: string, role: MemberRole, handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/market/saved-searches': json(searchesPage([savedSearch()])),
    'GET /api/market/rfqs': json(rfqPage([rfq()])),
    'GET /api/market/rfqs/received': json(receivedPage([receivedRfq()])),
    'GET /api/market/price-history': json(priceHistory()),
    ...handlers,
  });
  const view = renderWithAuth(routes, path);
  return { server, ...view };
}

describe('Saved searches', () => {
  it('lists my searches, toggles the alert and opens the marketplace with the filters', async () => {
    const { server } = open('/enhanced-marketplace', 'operator', {
      [`PATCH /api/market/saved-searches/${SEARCH_ID}`]: json(savedSearch({ alert: false })),
    });
    const table = await screen.findByRole('table', { name: 'Saved searches' });
    expect(table).toHaveTextContent('Selling · PET flake · quality level 2+ · up to ₱45.00');
    const link = within(table).getByRole('link', { name: 'Open PET flakes under ₱45' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/marketplace');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      side: 'sell',
      polymer: 'PET',
      form: 'flake',
      max_price: '45',
      min_level: '2',
    });
    await userEvent.click(
      within(table).getByRole('switch', { name: 'Daily alert for PET flakes under ₱45' }),
    );
    await waitFor(() =>
      expect(server.calls('PATCH', `/api/market/saved-searches/${SEARCH_ID}`)).toHaveLength(1),
    );
    expect(server.calls('PATCH', `/api/market/saved-searches/${SEARCH_ID}`)[0]?.body).toEqual({
      alert: false,
    });
  });

  it('saves a search from filters, showing the server’s field errors under their fields', async () => {
    const { server } = open('/enhanced-marketplace', 'manager', {
      'POST /api/market/saved-searches': fieldError({ 'body.filters.grade': 'At most 20 characters' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New saved search' }));
    const form = screen.getByRole('form', { name: 'New saved search' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'HDPE bales');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Polymer' }), 'HDPE');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Form' }), 'bale');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Grade' }), 'B');
    await userEvent.click(within(form).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(server.calls('POST', '/api/market/saved-searches')).toHaveLength(1));
    const sent = server.calls('POST', '/api/market/saved-searches')[0];
    expect(sent?.body).toEqual({
      name: 'HDPE bales',
      alert: true,
      filters: { polymer: 'HDPE', form: 'bale', grade: 'B' },
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
    expect(await within(form).findByText('At most 20 characters')).toBeInTheDocument();
  });

  it('deletes a search only after confirming', async () => {
    const { server } = open('/enhanced-marketplace', 'manager', {
      [`DELETE /api/market/saved-searches/${SEARCH_ID}`]: () => new Response(null, { status: 204 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete PET flakes under ₱45' }));
    expect(server.calls('DELETE', `/api/market/saved-searches/${SEARCH_ID}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls('DELETE', `/api/market/saved-searches/${SEARCH_ID}`)).toHaveLength(1),
    );
  });

  it('are cards on a phone', async () => {
    await onPhone(async () => {
      open('/enhanced-marketplace', 'manager');
      const list = await screen.findByRole('list', { name: 'Saved searches' });
      expect(within(list).getByText('PET flakes under ₱45')).toBeInTheDocument();
    });
  });
});

describe('Requests for quotation', () => {
  it('shows my requests with each seller’s answer and a link to the quote', async () => {
    open('/enhanced-marketplace?tab=rfqs', 'auditor');
    const sellers = await screen.findByRole('table', { name: 'Sellers asked in RFQ-2026-0001' });
    expect(sellers).toHaveTextContent('EcoPlast Recycling Inc.');
    expect(sellers).toHaveTextContent('Quoted');
    expect(sellers).toHaveTextContent('Waiting');
    expect(within(sellers).getByRole('link', { name: 'Quote of EcoPlast Recycling Inc.' })).toHaveAttribute(
      'href',
      `/marketplace?tab=offers&offer=${OFFER_ID}`,
    );
    // An auditor reads; only traders ask, quote or decline.
    expect(screen.queryByRole('button', { name: 'New request for quotation' })).not.toBeInTheDocument();
    const received = screen.getByRole('table', { name: 'Requests received' });
    expect(received).toHaveTextContent('Bottle Makers Inc.');
    expect(within(received).queryByRole('button', { name: /^Quote/ })).not.toBeInTheDocument();
  });

  it('quotes a request received with the quantity and price typed', async () => {
    const { server } = open('/enhanced-marketplace?tab=received', 'manager', {
      [`POST /api/market/rfqs/${RFQ_ID}/quote`]: json(
        receivedRfq({ my_status: 'quoted', offer_id: OFFER_ID }),
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Quote RFQ-2026-0001' }));
    const form = screen.getByRole('form', { name: 'Quote RFQ-2026-0001' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Quantity/ }), '3000');
    await userEvent.type(within(form).getByRole('textbox', { name: /Price/ }), '41.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(server.calls('POST', `/api/market/rfqs/${RFQ_ID}/quote`)).toHaveLength(1));
    expect(server.calls('POST', `/api/market/rfqs/${RFQ_ID}/quote`)[0]?.body).toEqual({
      quantity: '3000',
      price: '41.50',
    });
  });

  it('sends a new request to the listings picked', async () => {
    const other = memberListing({
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7009',
      title: 'Own flakes',
      mine: true,
    });
    const { server } = open('/enhanced-marketplace?tab=rfqs', 'manager', {
      'GET /api/market/search': json(listingPage([memberListing(), other])),
      'POST /api/market/rfqs': json(rfq(), 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New request for quotation' }));
    const form = screen.getByRole('form', { name: 'New request for quotation' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Title/ }), 'Flakes for strapping');
    await userEvent.type(within(form).getByRole('textbox', { name: /Quantity/ }), '3000');
    const sellers = within(form).getByRole('group', { name: 'Sellers to ask' });
    // My own listing is never offered.
    expect(within(sellers).queryByText(/Own flakes/)).not.toBeInTheDocument();
    await userEvent.click(await within(sellers).findByRole('checkbox', { name: /PET flakes, hot-washed/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(server.calls('POST', '/api/market/rfqs')).toHaveLength(1));
    const body = server.calls('POST', '/api/market/rfqs')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Flakes for strapping',
      polymer: 'PET',
      form: 'flake',
      quantity_kg: '3000',
      listing_ids: [LISTING_ID],
    });
    expect(String(body.closes_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+08:00$/);
    const search = new URL(server.calls('GET', '/api/market/search').at(-1)?.url ?? '', 'http://x')
      .searchParams;
    expect(Object.fromEntries(search)).toMatchObject({
      side: 'sell',
      kind: 'material',
      polymer: 'PET',
      form: 'flake',
    });
  });
});

describe('Price history', () => {
  it('is a table the chart is the picture of, with too-thin periods unpriced and unranged', async () => {
    const { server } = open('/enhanced-marketplace?tab=prices', 'operator');
    const table = await screen.findByRole('table', { name: 'Prices of completed deals per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Aug 202656,000 kg₱42.50₱39.00₱46.00');
    // Under 5 deals no lowest or highest comes; under 3 neither quantity nor prices.
    expect(rows[2]).toHaveTextContent('Sep 202634,000 kg₱43.00——');
    expect(rows[3]).toHaveTextContent('Oct 20262Not enough deals to show');
    expect(rows[4]).toHaveTextContent('Nov 20260No deals');
    await userEvent.click(screen.getByRole('radio', { name: 'Quarter' }));
    await waitFor(() =>
      expect(
        new URL(
          server.calls('GET', '/api/market/price-history').at(-1)?.url ?? '',
          'http://x',
        ).searchParams.get('interval'),
      ).toBe('quarter'),
    );
  });
});

describe('Matches', () => {
  it('lists the listings that match my first active listing', async () => {
    const mine = memberListing({
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7010',
      side: 'buy',
      title: 'Wanted flakes',
      mine: true,
    });
    open('/enhanced-marketplace?tab=matches', 'operator', {
      'GET /api/market/listings': json(listingPage([mine])),
      'GET /api/market/listings/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7010/matches': json({
        items: [memberListing()],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Matching listings' });
    expect(within(table).getByRole('link', { name: 'PET flakes, hot-washed' })).toHaveAttribute(
      'href',
      `/marketplace/listings/${LISTING_ID}`,
    );
    expect(table).toHaveTextContent('EcoPlast Recycling Inc.');
  });
});
