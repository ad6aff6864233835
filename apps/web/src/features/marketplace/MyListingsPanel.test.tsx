import { facilitySchema, lotSchema, materialSchema, page } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, itemsOf, materialRecord, wire } from '../../test/wire.ts';
import { BLOCK_ID, holdings } from '../epr-credits/testCredits.ts';
import { jpegFile, photoResponse, stubObjectUrls } from '../receive-records/testData.ts';
import { MarketplacePage } from './MarketplacePage.tsx';
import { LISTING_ID, listingPage, listingPhotos, memberListing } from './testMarket.ts';

const routes = [{ path: '/marketplace', Component: MarketplacePage }];
const flakes = materialRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7701',
  code: 'PET-FLK',
  name: 'PET flakes',
  form: 'flake',
});
const plant = facilityRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7702',
  code: 'VAL1',
  name: 'Valenzuela plant',
});
const lot = (n: number, kg: string) =>
  wire(lotSchema, {
    id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f78${String(n).padStart(2, '0')}`,
    code: `lot:VAL1:26110${n}`,
    status: 'available',
    material: { id: flakes.id, code: flakes.code, name: flakes.name },
    facility: { id: plant.id, code: plant.code, name: plant.name, city: 'Valenzuela' },
    qty_kg: kg,
    reserved_kg: '0.000',
    value_php: '0.00',
    origin_type: 'production',
    recycled_content_pct: '100',
    quarantine_reason: null,
    created_at: '2026-11-01T00:00:00.000Z',
    version: 1,
  });

const mine = memberListing({ mine: true, material: { id: flakes.id, code: flakes.code, name: flakes.name } });

describe('My marketplace listings', () => {
  it('lists material backed by chosen lots, and shows a lot’s refusal under its kg', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/listings': json(listingPage([])),
      'GET /api/materials': json(wire(itemsOf(materialSchema), { items: [flakes] })),
      'GET /api/facilities': json(wire(itemsOf(facilitySchema), { items: [plant] })),
      'GET /api/lots': json(
        wire(page(lotSchema), { items: [lot(1, '3000.000'), lot(2, '2500.000')], next_cursor: null }),
      ),
      'GET /api/credits/holdings': emptyPage,
      'POST /api/market/listings': apiError(422, 'unprocessable', 'Lot lot:VAL1:261102 has 500 kg free', {
        fields: { 'body.lots.1.kg': 'Only 500 kg of lot:VAL1:261102 are free to list' },
      }),
    });
    renderWithAuth(routes, '/marketplace?tab=listings');
    expect(await screen.findByText('No listings yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New listing' }));
    const form = await screen.findByRole('form', { name: 'New listing' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'PET flakes, hot-washed');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Material' }),
      await within(form).findByRole('option', { name: 'PET flakes (PET-FLK)' }),
    );
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'List lot lot:VAL1:261101' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'List lot lot:VAL1:261102' }));
    const second = within(form).getByRole('textbox', { name: 'kg of lot lot:VAL1:261102' });
    await userEvent.clear(second);
    await userEvent.type(second, '2000');
    // The listing's quantity is the lots' sum: no quantity to type.
    expect(within(form).queryByRole('textbox', { name: /Quantity/ })).toBeNull();
    await userEvent.type(within(form).getByRole('textbox', { name: /Price/ }), '32');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Location/ }), plant.id);
    await userEvent.click(within(form).getByRole('button', { name: 'Publish the listing' }));

    await waitFor(() => expect(server.calls('POST', '/api/market/listings')).toHaveLength(1));
    const call = server.calls('POST', '/api/market/listings')[0];
    expect(call?.headers['idempotency-key']).toBeTruthy();
    expect(call?.body).toEqual({
      side: 'sell',
      kind: 'material',
      title: 'PET flakes, hot-washed',
      material_id: flakes.id,
      lots: [
        { lot_id: lot(1, '0').id, kg: '3000.000' },
        { lot_id: lot(2, '0').id, kg: '2000' },
      ],
      price: '32',
      facility_id: plant.id,
    });
    expect(second).toHaveAccessibleDescription(/Only 500 kg of lot:VAL1:261102 are free to list/);
  });

  it('lists held EPR credits in whole numbers, leaving out what was picked for material', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/listings': json(listingPage([])),
      'GET /api/materials': json(wire(itemsOf(materialSchema), { items: [flakes] })),
      'GET /api/facilities': json(wire(itemsOf(facilitySchema), { items: [plant] })),
      'GET /api/credits/holdings': json(holdings()),
      'POST /api/market/listings': json(memberListing({ mine: true, kind: 'credits', unit: 'credit' }), 201),
    });
    renderWithAuth(routes, '/marketplace?tab=listings');
    await userEvent.click(await screen.findByRole('button', { name: 'New listing' }));
    const form = await screen.findByRole('form', { name: 'New listing' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), '20 EPR credits, 2026');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Material' }),
      await within(form).findByRole('option', { name: 'PET flakes (PET-FLK)' }),
    );
    await userEvent.click(within(form).getByRole('radio', { name: 'EPR credits' }));
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: /Credits to sell from/ }),
      await within(form).findByRole('option', { name: /PH-PTEPR-/ }),
    );
    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    await userEvent.type(quantity, '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish the listing' }));
    expect(quantity).toHaveAccessibleDescription(/Credits are whole numbers/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    await userEvent.type(within(form).getByRole('textbox', { name: /Price/ }), '850');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish the listing' }));
    await waitFor(() => expect(server.calls('POST', '/api/market/listings')).toHaveLength(1));
    expect(server.calls('POST', '/api/market/listings')[0]?.body).toEqual({
      side: 'sell',
      kind: 'credits',
      title: '20 EPR credits, 2026',
      quantity: '20',
      credit_block_id: BLOCK_ID,
      price: '850',
    });
  });

  it('asks before closing a listing and sends the version it read', async () => {
    const server = fakeApi({
      ...signInAs('admin'),
      'GET /api/market/listings': json(listingPage([mine])),
      [`POST /api/market/listings/${LISTING_ID}/close`]: json({
        ...mine,
        status: 'closed',
        closed_reason: 'withdrawn',
      }),
    });
    renderWithAuth(routes, '/marketplace?tab=listings');
    const table = await screen.findByRole('table', { name: 'My listings' });
    expect(table).toHaveTextContent('5,000 kg of 5,000 kg');
    await userEvent.click(within(table).getByRole('button', { name: 'Close PET flakes, hot-washed' }));
    expect(screen.getByText(/its reserved kg or credits are released/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the listing' }));
    await waitFor(() =>
      expect(server.calls('POST', `/api/market/listings/${LISTING_ID}/close`)).toHaveLength(1),
    );
    expect(server.calls('POST', `/api/market/listings/${LISTING_ID}/close`)[0]?.body).toEqual({ version: 1 });
  });

  it('pauses a listing with the version it read; an auditor sees no actions', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/listings': json(listingPage([mine])),
      [`PATCH /api/market/listings/${LISTING_ID}`]: json({ ...mine, status: 'paused' }),
    });
    const view = renderWithAuth(routes, '/marketplace?tab=listings');
    await userEvent.click(await screen.findByRole('button', { name: 'Pause PET flakes, hot-washed' }));
    await waitFor(() => expect(server.calls('PATCH', `/api/market/listings/${LISTING_ID}`)).toHaveLength(1));
    expect(server.calls('PATCH', `/api/market/listings/${LISTING_ID}`)[0]?.body).toEqual({
      status: 'paused',
      version: 1,
    });
    view.unmount();

    fakeApi({ ...signInAs('auditor'), 'GET /api/market/listings': json(listingPage([mine])) });
    renderWithAuth(routes, '/marketplace?tab=listings');
    const table = await screen.findByRole('table', { name: 'My listings' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'New listing' })).toBeNull();
  });

  it('adds photos on the edit dialog, removes one, and saves with the version they moved to', async () => {
    stubObjectUrls();
    const [one, two, three] = listingPhotos(3);
    const withPhotos = (photos: unknown[], version: number) => ({ ...mine, photos, version });
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/listings': json(listingPage([withPhotos([one], 1)])),
      [`GET ${one?.thumbnail_url}`]: photoResponse,
      [`GET ${two?.thumbnail_url}`]: photoResponse,
      [`GET ${three?.thumbnail_url}`]: photoResponse,
      [`POST /api/market/listings/${LISTING_ID}/photos`]: json(withPhotos([one, two, three], 2), 201),
      [`DELETE ${one?.url}`]: json(withPhotos([two, three], 3)),
      [`PATCH /api/market/listings/${LISTING_ID}`]: json(withPhotos([two, three], 4)),
    });
    const user = userEvent.setup();
    renderWithAuth(routes, '/marketplace?tab=listings');
    await user.click(await screen.findByRole('button', { name: 'Edit PET flakes, hot-washed' }));
    const photos = await screen.findByRole('region', { name: 'Photos' });
    expect(await within(photos).findByAltText('Photo 1 of 1 of PET flakes, hot-washed')).toBeInTheDocument();

    await user.upload(within(photos).getByLabelText('Add photos'), [jpegFile('a.jpg'), jpegFile('b.jpg')]);
    expect(await within(photos).findByAltText('Photo 3 of 3 of PET flakes, hot-washed')).toBeInTheDocument();
    const sent = server.calls('POST', `/api/market/listings/${LISTING_ID}/photos`)[0]?.body as FormData;
    expect(sent.getAll('photos').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.jpg']);

    await user.click(
      within(photos).getByRole('button', { name: 'Remove Photo 1 of 3 of PET flakes, hot-washed' }),
    );
    await waitFor(() => expect(within(photos).getAllByRole('button', { name: /^Remove/ })).toHaveLength(2));
    expect(server.calls('DELETE', one?.url ?? '')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PATCH', `/api/market/listings/${LISTING_ID}`)).toHaveLength(1));
    expect(server.calls('PATCH', `/api/market/listings/${LISTING_ID}`)[0]?.body).toMatchObject({
      version: 3,
    });
  });
});
