import { page as pageOf, tripSchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { fakeApi, hang, type RecordedRequest } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { LogisticsPage } from './LogisticsPage.tsx';
import { TRIP_ID, tripRow } from './testData.ts';

const LIST = '/api/trips';
const routes = page('/logistics', LogisticsPage);
const ON_ROAD = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8101';
const DONE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8102';

const byStatus: Record<string, ReturnType<typeof tripRow>[]> = {
  planned: [tripRow()],
  in_transit: [tripRow({ id: ON_ROAD, number: 'TR-2026-000003', status: 'in_transit', stops_count: 1 })],
  completed: [
    tripRow({
      id: DONE,
      number: 'TR-2026-000002',
      status: 'completed',
      distance_km: '17.9',
      payload_kg: '850.000',
      co2e_kg: '2.926',
      co2e_factor: '0.19234',
    }),
  ],
  cancelled: [],
};
const params = (r: RecordedRequest | undefined) => new URL(r?.url ?? '', 'http://x').searchParams;
/** GET /api/trips answering each status with its trips (all of them without a status). */
const trips =
  (listed = byStatus) =>
  (r: RecordedRequest) => {
    const status = params(r).get('status');
    const items = status ? (listed[status] ?? []) : Object.values(listed).flat();
    return Response.json(wire(pageOf(tripSchema), { items, next_cursor: null }));
  };

describe('Logistics board', () => {
  it('shows the trips by status with their truck, driver, stops, kg and emissions, filtered from the address', async () => {
    const server = fakeApi({ ...signInAs('operator'), [`GET ${LIST}`]: trips() });
    renderWithAuth(routes, '/logistics?q=NBC&from=2026-11-01&to=2026-11-30');
    const planned = within(await screen.findByRole('list', { name: 'Planned trips' }));
    expect(planned.getByRole('link', { name: 'TR-2026-000004' })).toHaveAttribute(
      'href',
      `/logistics/trips/${TRIP_ID}`,
    );
    const card = planned.getByRole('listitem');
    expect(card).toHaveTextContent('NBC 1234 · Jun Santos');
    expect(card).toHaveTextContent('2 stops · 850.5 kg');
    expect(card).toHaveTextContent('Nov 22, 2026');
    const onRoad = within(await screen.findByRole('list', { name: 'In transit trips' }));
    expect(onRoad.getByRole('listitem')).toHaveTextContent('1 stop · 850.5 kg');
    const done = within(await screen.findByRole('list', { name: 'Completed trips' })).getByRole('listitem');
    expect(done).toHaveTextContent('17.9 km · 2.926 kg CO2e');
    expect(screen.queryByRole('region', { name: 'Cancelled' })).not.toBeInTheDocument();

    const calls = server.calls('GET', LIST).map(params);
    expect(calls.map((p) => p.get('status')).sort()).toEqual(['completed', 'in_transit', 'planned']);
    for (const p of calls)
      expect([p.get('q'), p.get('from'), p.get('to')]).toEqual(['NBC', '2026-11-01', '2026-11-30']);
    // An operator plans trips but does not export.
    expect(screen.getByRole('link', { name: 'Plan a trip' })).toHaveAttribute('href', '/logistics/trips/new');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('adds the cancelled trips on demand, and offers to plan when nothing is planned', async () => {
    const listed = {
      ...byStatus,
      planned: [],
      cancelled: [tripRow({ id: ON_ROAD, status: 'cancelled', cancel_reason: 'Flooded road' })],
    };
    const server = fakeApi({ ...signInAs('manager'), [`GET ${LIST}`]: trips(listed) });
    renderWithAuth(routes, '/logistics');
    const column = within(await screen.findByRole('region', { name: 'Planned' }));
    expect(await column.findByText('No trip planned.')).toBeInTheDocument();
    expect(column.getByRole('link', { name: 'Plan the next trip' })).toHaveAttribute(
      'href',
      '/logistics/trips/new',
    );
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Show cancelled trips' }));
    expect(await screen.findByRole('list', { name: 'Cancelled trips' })).toBeInTheDocument();
    expect(server.calls('GET', LIST).some((c) => params(c).get('status') === 'cancelled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('lists the trips on a phone, one status at a time', async () => {
    await onPhone(async () => {
      const server = fakeApi({ ...signInAs('operator'), [`GET ${LIST}`]: trips() });
      renderWithAuth(routes, '/logistics');
      const list = await screen.findByRole('list', { name: 'Trips' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
      // Without a status filter each card says where its trip stands.
      expect(within(list).getByText('In transit')).toBeInTheDocument();
      await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
      await screen.findByText('17.9 km · 2.926 kg CO2e');
      expect(params(server.calls('GET', LIST).at(-1)).get('status')).toBe('completed');
      expect(screen.queryByRole('region', { name: 'Planned' })).not.toBeInTheDocument();
    });
  });

  it('tells a supplier member the page is not for their role, without asking the server', async () => {
    const server = fakeApi(signInAs('supplier'), { otherwise: hang });
    renderWithAuth(routes, '/logistics');
    expect(await screen.findByText(refusalText('logistics.read'))).toBeInTheDocument();
    expect(server.calls('GET', LIST)).toHaveLength(0);
  });
});
