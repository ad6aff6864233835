import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { fieldError, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { photoResponse, stubObjectUrls } from '../receive-records/testData.ts';
import { ListingDetailPage } from './ListingDetailPage.tsx';
import { LISTING_ID, listingPhotos, memberListing, offer, publicListing } from './testMarket.ts';

const routes = [{ path: '/marketplace/listings/:id', Component: ListingDetailPage }];
const at = `/marketplace/listings/${LISTING_ID}`;

describe('A marketplace listing', () => {
  it('shows a visitor its public facts, quality checks and lots, without its seller', async () => {
    const server = fakeApi({ [`GET /api/public/market/listings/${LISTING_ID}`]: json(publicListing()) });
    renderWithAuth(routes, at);
    const facts = await screen.findByLabelText('Listing facts');
    expect(facts).toHaveTextContent('Available5,000 kg of 5,000 kg');
    expect(facts).toHaveTextContent('Price₱32.00/kg');
    expect(facts).not.toHaveTextContent('Listed by');
    expect(facts).not.toHaveTextContent('Contact');
    expect(screen.queryByText(/EcoPlast/)).toBeNull();
    const checks = screen.getByRole('list', { name: 'Quality checks' });
    expect(checks).toHaveTextContent('Level 2: Origin and process — met');
    expect(checks).toHaveTextContent('Level 3: Lab data and contaminants — not met');
    expect(checks).toHaveTextContent('No lot’s passport carries test results');
    expect(screen.getByRole('table', { name: 'Lots behind the listing' })).toHaveTextContent(
      'Published (members see it)',
    );
    expect(screen.getByRole('link', { name: 'Sign in to make an offer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
    expect(
      server.calls('GET', `/api/public/market/listings/${LISTING_ID}`)[0]?.headers.authorization,
    ).toBeUndefined();
  });

  it('lets a manager of another organization offer, posting the terms and showing refusals under their fields', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET /api/market/listings/${LISTING_ID}`]: json(memberListing()),
      [`POST /api/market/listings/${LISTING_ID}/offers`]: fieldError(
        { 'body.price': 'The price is below what the seller accepts' },
        'Some fields are invalid',
        422,
      ),
    });
    renderWithAuth(routes, at);
    const facts = await screen.findByLabelText('Listing facts');
    expect(facts).toHaveTextContent('Listed byEcoPlast Recycling Inc., Valenzuela');
    expect(facts).toHaveTextContent('4.5 of 5 stars (4 ratings) · 6 completed deals');
    expect(facts).toHaveTextContent('ContactMaria Santos, maria.santos@ecoplast.ph');
    expect(within(facts).getByRole('link', { name: 'maria.santos@ecoplast.ph' })).toHaveAttribute(
      'href',
      'mailto:maria.santos@ecoplast.ph',
    );
    // Another organization's lots come without codes: no lot column.
    const lots = screen.getByRole('table', { name: 'Lots behind the listing' });
    expect(within(lots).queryByRole('columnheader', { name: 'Lot' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Passport of lot 1' })).toHaveAttribute(
      'href',
      'https://id.plastrace.ph/01/09506000134352/10/lot-1',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
    const form = screen.getByRole('form', { name: 'Make an offer' });
    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    // Below the listing's minimum order: refused before sending, in the listing's terms.
    await userEvent.type(quantity, '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect(quantity).toHaveAccessibleDescription(/The minimum order is 1,000 kg/);
    expect(server.calls('POST', `/api/market/listings/${LISTING_ID}/offers`)).toHaveLength(0);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2000');
    const price = within(form).getByRole('textbox', { name: /Price/ });
    await userEvent.clear(price);
    await userEvent.type(price, '30');
    expect(within(form).getByText('Amount: ₱60,000.00')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Delivery terms' }), 'Buyer collects');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the offer' }));

    await waitFor(() =>
      expect(server.calls('POST', `/api/market/listings/${LISTING_ID}/offers`)).toHaveLength(1),
    );
    const call = server.calls('POST', `/api/market/listings/${LISTING_ID}/offers`)[0];
    expect(call?.headers['idempotency-key']).toBeTruthy();
    expect(call?.body).toEqual({
      quantity: '2000',
      price: '30',
      delivery_terms: 'Buyer collects',
      expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+08:00$/),
    });
    expect(await within(form).findByText('The price is below what the seller accepts')).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription(/The price is below what the seller accepts/);

    // Accepted the second time: the dialog closes.
    server.on(`POST /api/market/listings/${LISTING_ID}/offers`, json(offer(), 201));
    await userEvent.clear(price);
    await userEvent.type(price, '31');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Make an offer' })).toBeNull());
    expect(await screen.findByText('Your offer was sent.')).toBeInTheDocument();
  });

  it('shows the lots’ codes on the organization’s own listing', async () => {
    const own = memberListing({
      mine: true,
      lots: [
        {
          lot_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7201',
          code: 'lot:MNL1:261101',
          kg: '5000.000',
          reserved_kg: '5000.000',
          passport_url: 'https://id.plastrace.ph/01/09506000134352/10/lot-1',
        },
      ],
    });
    fakeApi({ ...signInAs('manager'), [`GET /api/market/listings/${LISTING_ID}`]: json(own) });
    renderWithAuth(routes, at);
    const lots = await screen.findByRole('table', { name: 'Lots behind the listing' });
    expect(within(lots).getByRole('columnheader', { name: 'Lot' })).toBeInTheDocument();
    expect(within(lots).getByRole('link', { name: 'Passport of lot:MNL1:261101' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });

  it('offers nothing on the organization’s own listing, nor to a role that may not trade', async () => {
    fakeApi({ ...signInAs('auditor'), [`GET /api/market/listings/${LISTING_ID}`]: json(memberListing()) });
    renderWithAuth(routes, at);
    await screen.findByLabelText('Listing facts');
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });

  it('shows a visitor the photos as thumbnails linking to the full public images', async () => {
    const photos = listingPhotos(3, '/api/public/market/listings');
    fakeApi({ [`GET /api/public/market/listings/${LISTING_ID}`]: json(publicListing({ photos })) });
    renderWithAuth(routes, at);
    const gallery = await screen.findByRole('region', { name: 'Photos' });
    const second = within(gallery).getByAltText('Photo 2 of 3 of PET flakes, hot-washed');
    expect(second).toHaveAttribute('src', photos[1]?.thumbnail_url);
    expect(
      within(gallery).getByRole('link', { name: 'Open Photo 2 of 3 of PET flakes, hot-washed' }),
    ).toHaveAttribute('href', photos[1]?.url);
  });

  it('loads a member’s photos with the session and opens the full image', async () => {
    stubObjectUrls();
    const [photo] = listingPhotos(1);
    const server = fakeApi({
      ...signInAs('operator'),
      [`GET /api/market/listings/${LISTING_ID}`]: json(memberListing({ photos: [photo] })),
      [`GET ${photo?.thumbnail_url}`]: photoResponse,
      [`GET ${photo?.url}`]: photoResponse,
    });
    renderWithAuth(routes, at);
    const gallery = await screen.findByRole('region', { name: 'Photos' });
    expect(await within(gallery).findByAltText('Photo 1 of 1 of PET flakes, hot-washed')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(server.calls('GET', photo?.thumbnail_url ?? '')[0]?.headers.authorization).toMatch(/^Bearer /);
    await userEvent.click(
      within(gallery).getByRole('button', { name: 'Open Photo 1 of 1 of PET flakes, hot-washed' }),
    );
    expect(
      await screen.findByAltText('Photo 1 of 1 of PET flakes, hot-washed, full size'),
    ).toBeInTheDocument();
  });
});
