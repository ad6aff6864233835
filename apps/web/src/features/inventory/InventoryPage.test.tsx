import type { MemberRole } from '@plastrace/shared';
import { facilitySchema, materialSchema, page as pageOf, stockCountSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { fakeApi, type Handler, json, type RecordedRequest } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import {
  facilityRecord,
  inventoryReportWire,
  lotRefSchema,
  materialRecord,
  stockCountDetailWire,
  wire,
} from '../../test/wire.ts';
import { InventoryPage } from './InventoryPage.tsx';

const facility = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01', code: 'MRF-01', name: 'QC MRF' };
const pet = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02', code: 'PET-CLR', name: 'PET clear bottles' };
const lot = wire(lotRefSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d03',
  code: 'LOT-2026-0001',
  status: 'available',
});
const lot2 = wire(lotRefSchema, {
  ...lot,
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d04',
  code: 'LOT-2026-0002',
});
const report = (value: unknown) => wire(inventoryReportWire, value);

const byGroup = (request: RecordedRequest) => {
  const group = new URL(request.url, 'http://x').searchParams.get('group');
  if (group === 'facility')
    return Response.json(
      report({
        items: [
          {
            facility,
            material: null,
            lot: null,
            qty_kg: '1500.000',
            value_php: '30000.00',
            avg_cost_per_kg: '20.00',
          },
        ],
        next_cursor: null,
        totals: { qty_kg: '1500.000', value_php: '30000.00', rows: 1 },
        as_of: null,
        currency: 'PHP',
      }),
    );
  return Response.json(
    report({
      items: [
        { facility, material: pet, lot, qty_kg: '1000.000', value_php: '18000.00', avg_cost_per_kg: '18.00' },
        {
          facility,
          material: pet,
          lot: lot2,
          qty_kg: '500.000',
          value_php: '12000.00',
          avg_cost_per_kg: '24.00',
        },
      ],
      next_cursor: null,
      totals: { qty_kg: '1500.000', value_php: '30000.00', rows: 2 },
      as_of: '2026-05-31',
      currency: 'PHP',
    }),
  );
};

function renderInventory(
  url = '/inventory',
  role: MemberRole = 'operator',
  extra: Record<string, Handler> = {},
) {
  const server = fakeApi({
    ...signInAs(role),
    ...extra,
    'GET /api/inventory': byGroup,
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), { items: [facilityRecord(facility)], next_cursor: null }),
    ),
    'GET /api/materials': json(
      wire(pageOf(materialSchema), { items: [materialRecord(pet)], next_cursor: null }),
    ),
  });
  renderWithAuth(
    [
      { path: '/inventory', Component: InventoryPage },
      { path: '/inventory/stock-counts/:id', Component: () => <p>Count sheet</p> },
    ],
    url,
  );
  return server;
}

const lastQuery = (server: ReturnType<typeof fakeApi>) =>
  new URL(server.calls('GET', '/api/inventory').at(-1)?.url ?? '', 'http://x').searchParams;

describe('Inventory', () => {
  it('lists lots with links to the batch, and a totals row with the overall average', async () => {
    const server = renderInventory(`/inventory?facility=${facility.id}&as_of=2026-05-31`);
    const table = await screen.findByRole('table', { name: 'Inventory' });
    expect(lastQuery(server).get('group')).toBe('lot');
    expect(lastQuery(server).get('facility_id')).toBe(facility.id);
    expect(lastQuery(server).get('as_of')).toBe('2026-05-31');
    expect(within(table).getByRole('link', { name: 'LOT-2026-0001' })).toHaveAttribute(
      'href',
      `/batch-management/${lot.id}`,
    );
    const total = within(table).getByText('Total').closest('tr') as HTMLElement;
    expect(total).toHaveTextContent('1,500 kg');
    expect(total).toHaveTextContent('₱30,000.00');
    expect(total).toHaveTextContent('₱20.00');
    expect(screen.getByText('2 rows. Balances at the end of 2026-05-31.')).toBeInTheDocument();
  });

  it('shows cards on a phone: the lot, its kg and value first', async () => {
    await onPhone(async () => {
      renderInventory(`/inventory?facility=${facility.id}&as_of=2026-05-31`);
      const cards = await screen.findByRole('list', { name: 'Inventory' });
      const card = within(cards).getAllByRole('listitem')[0] as HTMLElement;
      expect(within(card).getByRole('link', { name: lot.code })).toHaveAttribute(
        'href',
        `/batch-management/${lot.id}`,
      );
      expect(card).toHaveTextContent('PET clear bottles · QC MRF');
      expect(screen.queryByRole('table', { name: 'Inventory' })).not.toBeInTheDocument();
    });
  });

  it('loads further pages with the cursor, keeps the totals of all rows, and searches', async () => {
    const first = {
      facility,
      material: pet,
      lot,
      qty_kg: '1000.000',
      value_php: '18000.00',
      avg_cost_per_kg: '18.00',
    };
    const second = { ...first, lot: lot2, qty_kg: '500.000' };
    const page = (items: unknown[], next: string | null) =>
      json(
        report({
          items,
          next_cursor: next,
          totals: { qty_kg: '1500.000', value_php: '30000.00', rows: 2 },
          as_of: null,
          currency: 'PHP',
        }),
      );
    const server = renderInventory('/inventory', 'operator', {});
    server.on('GET /api/inventory', (req) =>
      new URL(req.url, 'http://x').searchParams.get('cursor') === 'c1'
        ? page([second], null)(req)
        : page([first], 'c1')(req),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'By facility' }));
    await user.click(screen.getByRole('radio', { name: 'By lot' }));
    expect(await screen.findByText('Showing 1 of 2 rows; the totals cover all of them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'LOT-2026-0002' })).toBeInTheDocument();
    expect(await screen.findByText('2 rows.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'PET');
    await waitFor(() => expect(lastQuery(server).get('q')).toBe('PET'));
  });

  it('asks the server for the chosen grouping and filters', async () => {
    const server = renderInventory();
    await screen.findByRole('table', { name: 'Inventory' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'By facility' }));
    await waitFor(() => expect(lastQuery(server).get('group')).toBe('facility'));
    const table = await screen.findByRole('table', { name: 'Inventory' });
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'Material' })).toBeNull());
    expect(within(table).queryByRole('columnheader', { name: 'Lot' })).toBeNull();

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Material' }),
      'PET clear bottles (PET-CLR)',
    );
    await waitFor(() => expect(lastQuery(server).get('material_id')).toBe(pet.id));
    expect(lastQuery(server).get('group')).toBe('facility');
  });

  it('exports the balances shown as CSV, for roles that may export', async () => {
    const click = catchDownloads();
    const server = renderInventory('/inventory?group=material&as_of=2026-05-31', 'auditor', {
      'GET /api/inventory/export.csv': () =>
        new Response('facility_code\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const query = new URL(server.calls('GET', '/api/inventory/export.csv')[0]?.url ?? '', 'http://x')
      .searchParams;
    expect(query.get('group')).toBe('material');
    expect(query.get('as_of')).toBe('2026-05-31');
  });

  it('offers operators no export', async () => {
    renderInventory();
    await screen.findByRole('table', { name: 'Inventory' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});

describe('Inventory stock counts', () => {
  const summary = wire(stockCountSchema, {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d10',
    number: 'SC-2026-000001',
    status: 'open',
    facility,
    material: null,
    notes: null,
    opened_by: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d11', name: 'Olive Operator' },
    opened_at: '2026-05-20T02:00:00Z',
    posted_by: null,
    posted_at: null,
    cancelled_by: null,
    cancelled_at: null,
    cancel_reason: null,
    totals: {
      lines: 4,
      counted_lines: 3,
      book_kg: '1500.000',
      book_value_php: '30000.00',
      counted_kg: '1400.000',
      difference_kg: '-12.500',
      difference_value_php: '-250.00',
    },
    version: 2,
  });

  it('lists the open counts and opens a new one for a facility', async () => {
    const opened = json(
      wire(stockCountDetailWire, { ...summary, id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d12', lines: [] }),
      201,
    );
    const server = renderInventory('/inventory?tab=counts', 'operator', {
      'GET /api/stock-counts': json(wire(pageOf(stockCountSchema), { items: [summary], next_cursor: null })),
      'POST /api/stock-counts': fieldError({
        'body.notes': 'Remove control characters (such as NUL) from this text',
      }),
    });
    const table = await screen.findByRole('table', { name: 'Stock counts' });
    expect(within(table).getByRole('link', { name: summary.number })).toHaveAttribute(
      'href',
      `/inventory/stock-counts/${summary.id}`,
    );
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('3 of 4');
    expect(row).toHaveTextContent('-12.5 kg');
    expect(row).toHaveTextContent('-₱250.00');
    expect(
      new URL(server.calls('GET', '/api/stock-counts')[0]?.url ?? '', 'http://x').searchParams.get('status'),
    ).toBe('open');

    const user = userEvent.setup();
    const form = within(screen.getByRole('form', { name: 'Open a stock count' }));
    await user.click(form.getByRole('button', { name: 'Open count' }));
    // packages/shared stockCountCreateSchema's words, gone once a facility is chosen.
    const facilitySelect = form.getByRole('combobox', { name: /Facility/ });
    await waitFor(() => expect(facilitySelect).toHaveAccessibleDescription('Choose a facility'));
    expect(server.calls('POST', '/api/stock-counts')).toHaveLength(0);
    await user.selectOptions(facilitySelect, facility.name);
    expect(facilitySelect).not.toHaveAttribute('aria-invalid', 'true');
    const notes = form.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'Month-end');

    // A refusal of one field lands under it, not above the form.
    await user.click(form.getByRole('button', { name: 'Open count' }));
    await waitFor(() =>
      expect(notes).toHaveAccessibleDescription('Remove control characters (such as NUL) from this text'),
    );
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    server.on('POST /api/stock-counts', opened);
    await user.click(form.getByRole('button', { name: 'Open count' }));
    expect(await screen.findByText('Count sheet')).toBeInTheDocument();
    expect(server.calls('POST', '/api/stock-counts')[1]?.body).toEqual({
      facility_id: facility.id,
      material_id: null,
      notes: 'Month-end',
    });
  });

  it('shows every status on request, and an empty list plainly; auditors cannot open counts', async () => {
    const server = renderInventory('/inventory?tab=counts', 'auditor', {
      'GET /api/stock-counts': emptyPage,
    });
    expect(await screen.findByText('No open stock counts.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Open a stock count' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('No stock counts yet.')).toBeInTheDocument();
    const last = server.calls('GET', '/api/stock-counts').at(-1);
    expect(new URL(last?.url ?? '', 'http://x').searchParams.has('status')).toBe(false);
  });
});
