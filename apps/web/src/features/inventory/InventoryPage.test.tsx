import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type RecordedRequest } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { InventoryPage } from './InventoryPage.tsx';

const facility = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01', code: 'MRF-01', name: 'QC MRF' };
const pet = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02', code: 'PET-CLR', name: 'PET clear bottles' };
const lot = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d03', code: 'LOT-2026-0001', status: 'received' };

const byGroup = (request: RecordedRequest) => {
  const group = new URL(request.url, 'http://x').searchParams.get('group');
  if (group === 'facility')
    return Response.json({
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
      totals: { qty_kg: '1500.000', value_php: '30000.00' },
      as_of: null,
      currency: 'PHP',
    });
  return Response.json({
    items: [
      { facility, material: pet, lot, qty_kg: '1000.000', value_php: '18000.00', avg_cost_per_kg: '18.00' },
      {
        facility,
        material: pet,
        lot: { ...lot, id: 'l2', code: 'LOT-2026-0002' },
        qty_kg: '500.000',
        value_php: '12000.00',
        avg_cost_per_kg: '24.00',
      },
    ],
    totals: { qty_kg: '1500.000', value_php: '30000.00' },
    as_of: '2026-05-31',
    currency: 'PHP',
  });
};

function renderInventory(url = '/inventory') {
  const server = fakeApi({
    ...signInAs('operator'),
    'GET /api/inventory': byGroup,
    'GET /api/facilities': json({ items: [facility], next_cursor: null }),
    'GET /api/materials': json({ items: [pet], next_cursor: null }),
  });
  renderWithAuth(page('/inventory', InventoryPage), url);
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
    expect(screen.getByText('Balances at the end of 2026-05-31.')).toBeInTheDocument();
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
});
