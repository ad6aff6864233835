import { facilitySchema, materialSchema, page, priceSchema, stockValueSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page as route, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, itemsOf, materialRecord, refOf, wire } from '../../test/wire.ts';
import { PriceAnalyserPage } from './PriceAnalyserPage.tsx';
import { chartPoints } from './PriceChart.tsx';

const pet = materialRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e01',
  code: 'PET-CLR',
  name: 'PET clear',
  grade: 'A',
});
const hdpe = materialRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e02',
  code: 'HDPE-N',
  name: 'HDPE natural',
  polymer: 'HDPE',
  form: 'rigid',
  grade: 'B',
});
const qc = facilityRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e03',
  code: 'MRF-01',
  name: 'QC MRF',
  region: 'NCR',
});
const price = (n: number, date: string, value: string, kind: 'buying' | 'selling' = 'buying') =>
  wire(priceSchema, {
    id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4f0${n}`,
    kind,
    material: { id: pet.id, code: pet.code, name: pet.name },
    grade: 'A',
    region: 'NCR',
    price_per_kg: value,
    currency: 'PHP',
    effective_from: date,
    created_at: `${date}T00:00:00Z`,
  });
const history = [
  price(1, '2026-01-01', '18.00'),
  price(2, '2026-03-01', '21.50'),
  price(3, '2026-05-01', '20.00'),
];
const facilityOf = { ...refOf(qc), region: 'NCR' };
// What the server answers: it values the stock itself (exact decimals), so the page only shows it.
const stockValue = wire(stockValueSchema, {
  as_of: '2026-05-20',
  items: [
    {
      facility: facilityOf,
      material: { ...refOf(pet), grade: 'A' },
      qty_kg: '1000.000',
      price: { id: history[2]?.id ?? '', price_per_kg: '20.00', effective_from: '2026-05-01' },
      value_php: '20000.00',
    },
    {
      facility: facilityOf,
      material: { ...refOf(hdpe), grade: 'B' },
      qty_kg: '200.000',
      price: null,
      value_php: null,
    },
  ],
  total_value_php: '20000.00',
  without_price: 1,
});

function renderPrices(
  role: Parameters<typeof signInAs>[0] = 'manager',
  url = '/price-analyser',
  handlers = {},
) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/materials': json(wire(page(materialSchema), { items: [pet, hdpe], next_cursor: null })),
    'GET /api/facilities': json(wire(page(facilitySchema), { items: [qc], next_cursor: null })),
    'GET /api/prices': json(wire(page(priceSchema), { items: [...history].reverse(), next_cursor: null })),
    'GET /api/prices/history': json(wire(itemsOf(priceSchema), { items: history })),
    'GET /api/prices/stock-value': json(stockValue),
    ...handlers,
  });
  const { router } = renderWithAuth(route('/price-analyser', PriceAnalyserPage), url);
  return Object.assign(server, { router });
}
const queryOf = (url: string | undefined) => new URL(url ?? '', 'http://x').searchParams;

describe('Price analyser', () => {
  it('charts one point per price of the chosen material, grade and region', async () => {
    const server = renderPrices('operator', `/price-analyser?material=${pet.id}&grade=A&region=NCR`);
    const chart = await screen.findByRole('img', { name: 'Price history of PET clear, grade A, NCR' });
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    const query = queryOf(server.calls('GET', '/api/prices/history')[0]?.url);
    expect(query.get('material_id')).toBe(pet.id);
    expect(query.get('grade')).toBe('A');
    expect(query.get('region')).toBe('NCR');
    // No kind chosen: both kinds.
    expect(query.has('kind')).toBe(false);
    expect(
      new URL(server.calls('GET', '/api/prices').at(-1)?.url ?? '', 'http://x').searchParams.get(
        'material_id',
      ),
    ).toBe(pet.id);
    // No "New price" for operators.
    expect(screen.queryByRole('button', { name: 'New price' })).not.toBeInTheDocument();
  });

  it('shows each price’s kind, filters by kind in the address, and charts only that kind', async () => {
    const selling = price(4, '2026-04-01', '31.00', 'selling');
    const server = renderPrices('operator', `/price-analyser?material=${pet.id}`, {
      'GET /api/prices': json(
        wire(page(priceSchema), { items: [selling, ...[...history].reverse()], next_cursor: null }),
      ),
      'GET /api/prices/history': json(wire(itemsOf(priceSchema), { items: [...history, selling] })),
    });
    const table = await screen.findByRole('table', { name: 'Prices' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-04-01Selling');
    expect(rows[2]).toHaveTextContent('2026-05-01Buying');
    // Both kinds: one line each, on one scale, told apart without colour too.
    const both = await screen.findByRole('img', { name: 'Price history of PET clear' });
    expect(both.querySelectorAll('circle')).toHaveLength(4);
    expect(both.querySelectorAll('path')).toHaveLength(2);
    expect(screen.getByText('Solid line: buying prices; dashed line: selling prices.')).toBeInTheDocument();

    const user = userEvent.setup();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(kind).toHaveValue('');
    await user.selectOptions(kind, 'Selling');
    await waitFor(() => expect(server.router.state.location.search).toContain('kind=selling'));
    await waitFor(() =>
      expect(queryOf(server.calls('GET', '/api/prices').at(-1)?.url).get('kind')).toBe('selling'),
    );
    await waitFor(() =>
      expect(queryOf(server.calls('GET', '/api/prices/history').at(-1)?.url).get('kind')).toBe('selling'),
    );
    expect(
      await screen.findByRole('img', { name: 'Selling price history of PET clear' }),
    ).toBeInTheDocument();
  });

  it('reads the kind from the address', async () => {
    const server = renderPrices('operator', '/price-analyser?kind=buying');
    expect(await screen.findByRole('combobox', { name: 'Kind' })).toHaveValue('buying');
    await waitFor(() => expect(server.calls('GET', '/api/prices')).toHaveLength(1));
    expect(queryOf(server.calls('GET', '/api/prices')[0]?.url).get('kind')).toBe('buying');
  });

  it('reads a kind in the address that is not one as both kinds', async () => {
    const server = renderPrices('operator', '/price-analyser?kind=rent');
    expect(await screen.findByRole('combobox', { name: 'Kind' })).toHaveValue('');
    await waitFor(() => expect(server.calls('GET', '/api/prices')).toHaveLength(1));
    expect(queryOf(server.calls('GET', '/api/prices')[0]?.url).has('kind')).toBe(false);
  });

  it('adds a selling price when Selling is chosen, and starts from the kind the list shows', async () => {
    const server = renderPrices('admin', '/price-analyser?kind=selling', {
      'POST /api/prices': json(price(5, '2026-06-01', '30.00', 'selling'), 201),
      'GET /api/prices/stock-value': json(
        wire(stockValueSchema, { as_of: '2026-05-20', items: [], total_value_php: '0.00', without_price: 0 }),
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New price' }));
    expect(dialog.getByRole('radio', { name: 'Selling' })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: 'Buying' }));
    expect(dialog.getByRole('radio', { name: 'Buying' })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: 'Selling' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Material/ }), 'PET clear (PET-CLR)');
    await user.type(dialog.getByRole('textbox', { name: /^Region/ }), 'NCR');
    await user.type(dialog.getByRole('textbox', { name: /^Price/ }), '30');
    await user.click(dialog.getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(server.calls('POST', '/api/prices')).toHaveLength(1));
    expect(server.calls('POST', '/api/prices')[0]?.body).toMatchObject({
      kind: 'selling',
      price_per_kg: '30',
    });
    expect(
      await screen.findByText('Selling price of PET clear at ₱30.00/kg from 2026-06-01.'),
    ).toBeInTheDocument();
  });

  it('values the stock at today’s buying prices and says so', async () => {
    renderPrices();
    expect(
      await screen.findByText('Valued at today’s buying prices: what the stock would cost to buy again.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Buying ₱/kg' })).toBeInTheDocument();
  });

  it('places points by date and price (higher price, higher on the chart)', () => {
    const { points } = chartPoints(
      history.map((h) => ({
        ...h,
        pricePerKg: h.price_per_kg,
        effectiveFrom: h.effective_from,
        createdAt: h.created_at,
      })) as never,
    );
    expect(points).toHaveLength(3);
    const [a, b, c] = points;
    expect(a && b && c && a.x < b.x && b.x < c.x).toBe(true);
    expect(b && a && b.y < a.y).toBe(true);
  });

  it('values the stock at current prices and says where there is no price', async () => {
    const server = renderPrices();
    const table = await screen.findByRole('table', { name: 'Stock at current prices' });
    const petRow = (await within(table).findByText('PET clear')).closest('tr') as HTMLElement;
    await waitFor(() => expect(petRow).toHaveTextContent('₱20,000.00'));
    const hdpeRow = within(table).getByText('HDPE natural').closest('tr') as HTMLElement;
    await waitFor(() => expect(hdpeRow).toHaveTextContent('No price'));
    expect(within(table).getByText('Total (1 without a price)')).toBeInTheDocument();
    expect(within(table).getByText('Total (1 without a price)').closest('tr')).toHaveTextContent(
      '₱20,000.00',
    );
    expect(server.calls('GET', '/api/prices/stock-value')).toHaveLength(1);
  });

  it('adds a new price with its effective date', async () => {
    const server = renderPrices('admin', '/price-analyser', {
      'POST /api/prices': json(price(4, '2026-06-01', '22.00'), 201),
      'GET /api/prices/stock-value': json(
        wire(stockValueSchema, { as_of: '2026-05-20', items: [], total_value_php: '0.00', without_price: 0 }),
      ),
      'GET /api/prices/history': emptyPage,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New price' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Material/ }), 'PET clear (PET-CLR)');
    await user.type(dialog.getByRole('textbox', { name: /^Region/ }), 'NCR');
    await user.type(dialog.getByRole('textbox', { name: /^Price/ }), '22');
    const date = dialog.getByLabelText(/^Effective from/);
    await user.clear(date);
    await user.type(date, '2026-06-01');
    expect(dialog.getByRole('radiogroup', { name: 'Kind' })).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Buying' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(server.calls('POST', '/api/prices')).toHaveLength(1));
    expect(server.calls('POST', '/api/prices')[0]?.body).toEqual({
      kind: 'buying',
      material_id: pet.id,
      grade: 'A',
      region: 'NCR',
      price_per_kg: '22',
      effective_from: '2026-06-01',
    });
    expect(
      await screen.findByText('Buying price of PET clear at ₱22.00/kg from 2026-06-01.'),
    ).toBeInTheDocument();
  });

  it('checks a new price with the API’s own schema, in its words, and clears a message as the field is fixed', async () => {
    const server = renderPrices('admin', '/price-analyser', {
      'POST /api/prices': apiError(409, 'conflict', 'A price for this day exists', {
        fields: { 'body.effective_from': 'There is already a price on 2026-06-01' },
      }),
      'GET /api/prices/stock-value': json(
        wire(stockValueSchema, { as_of: '2026-05-20', items: [], total_value_php: '0.00', without_price: 0 }),
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New price' }));
    const price = dialog.getByRole('textbox', { name: /^Price/ });
    await user.type(price, '1,250');
    await user.click(dialog.getByRole('button', { name: 'Add price' }));
    // The server's messages for the same body (packages/shared priceCreateSchema), before any request.
    expect(dialog.getByRole('combobox', { name: /^Material/ })).toHaveAccessibleDescription(
      'Choose a material',
    );
    expect(price).toHaveAccessibleDescription('Price: write 1250, without commas');
    expect(dialog.getByRole('textbox', { name: /^Region/ })).toHaveAccessibleDescription(
      'Region is required',
    );
    expect(server.calls('POST', '/api/prices')).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '22');
    expect(price).not.toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(dialog.getByRole('combobox', { name: /^Material/ }), 'PET clear (PET-CLR)');
    await user.type(dialog.getByRole('textbox', { name: /^Region/ }), 'NCR');
    const date = dialog.getByLabelText(/^Effective from/);
    await user.clear(date);
    await user.type(date, '2026-06-01');
    await user.click(dialog.getByRole('button', { name: 'Add price' }));
    // A refusal about one field lands under that field.
    await waitFor(() => expect(date).toHaveAccessibleDescription('There is already a price on 2026-06-01'));
  });

  it('tells suppliers they may not see prices', async () => {
    const server = renderPrices('supplier');
    expect(await screen.findByText('You do not have permission to see this')).toBeInTheDocument();
    expect(server.calls('GET', '/api/prices')).toHaveLength(0);
  });
});
