import { tripDetailSchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '../../components/map/PointsMap.tsx';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { TripDetailPage } from './TripDetailPage.tsx';
import { DISPATCH_ID, RECEIVE_ID, STOP_IDS, TRACK, TRIP_ID, tripDetail } from './testData.ts';

// Leaflet does not run in jsdom: the lazily loaded map is a stand-in listing what it was given.
vi.mock('../../components/map/PointsMap.tsx', () => ({
  PointsMap: ({ label, points, path }: { label: string; points: MapPoint[]; path?: [number, number][] }) => (
    <div role="img" aria-label={label}>
      {points.map((p) => p.label).join(' | ')} · path of {path?.length ?? 0}
    </div>
  ),
}));

const ONE = `/api/trips/${TRIP_ID}`;
const routes = page('/logistics/trips/:id', TripDetailPage);
const onRoad = (over: Record<string, unknown> = {}) =>
  tripDetail({
    status: 'in_transit',
    started_at: '2026-11-21T23:00:00.000Z',
    points: TRACK,
    gps_distance_km: '17.9',
    version: 2,
    ...over,
  });

function renderTrip(role: 'operator' | 'auditor', trip: unknown, handlers = {}) {
  const server = fakeApi({ ...signInAs(role), [`GET ${ONE}`]: json(trip), ...handlers });
  renderWithAuth(routes, `/logistics/trips/${TRIP_ID}`);
  return { server, user: userEvent.setup() };
}

describe('Trip detail', () => {
  it('shows the stops in order with their records, the details and the map of the stops', async () => {
    renderTrip('auditor', tripDetail());
    expect(await screen.findByRole('heading', { name: 'Trip TR-2026-000004' })).toBeInTheDocument();
    const stops = within(screen.getByRole('list', { name: 'Stops in order' })).getAllByRole('listitem');
    expect(stops[0]).toHaveTextContent('1.Pick-upJuan Junkshop');
    expect(stops[0]).toHaveTextContent('RR-2026-000031 · 250.5 kg');
    expect(within(stops[0] as HTMLElement).getByRole('link', { name: 'RR-2026-000031' })).toHaveAttribute(
      'href',
      `/receive-records/${RECEIVE_ID}`,
    );
    expect(within(stops[1] as HTMLElement).getByRole('link', { name: 'DS-2026-000012' })).toHaveAttribute(
      'href',
      `/dispatch-records/${DISPATCH_ID}`,
    );
    expect(stops[1]).toHaveTextContent('Valenzuela plant gate 2');
    expect(stops[1]).toHaveTextContent('Not reached yet');
    const details = screen.getByLabelText('Trip details');
    expect(details).toHaveTextContent('NBC 1234 · Isuzu wing van (carries 10,000 kg)');
    expect(details).toHaveTextContent('Load850.5 kg');
    // Only the stop with a position is drawn; without a track the path joins the stops.
    expect(
      await screen.findByRole('img', { name: 'Stops and route of trip TR-2026-000004' }),
    ).toHaveTextContent('1. Pick-up · Juan Junkshop · path of 1');
    // An auditor reads, and moves nothing.
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
  });

  it('starts a planned trip with the version it read', async () => {
    const { server, user } = renderTrip('operator', tripDetail(), {
      [`POST ${ONE}/start`]: json(onRoad()),
    });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start trip' }));
    expect(await screen.findByText('TR-2026-000004 is on the road.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/start`)[0]?.body).toEqual({ version: 1 });
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Stops and route/ })).toHaveTextContent('path of 3');
  });

  it('records reaching a stop, and says why the server refused one', async () => {
    const reached = onRoad({
      stops: onRoad().stops.map((s, i) => (i === 0 ? { ...s, arrived_at: '2026-11-22T00:00:00.000Z' } : s)),
    });
    const { server, user } = renderTrip('operator', onRoad(), {
      [`POST ${ONE}/stops/${STOP_IDS[0]}/arrive`]: json(wire(tripDetailSchema, reached)),
      [`POST ${ONE}/stops/${STOP_IDS[1]}/arrive`]: apiError(
        422,
        'unprocessable',
        'The arrival cannot be before the trip started',
      ),
    });
    const stops = within(await screen.findByRole('list', { name: 'Stops in order' }));
    await user.click(stops.getByRole('button', { name: 'Arrive at stop 1' }));
    expect(await stops.findByRole('button', { name: 'Depart from stop 1' })).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/stops/${STOP_IDS[0]}/arrive`)).toHaveLength(1);
    await user.click(stops.getByRole('button', { name: 'Arrive at stop 2' }));
    expect(await screen.findByText('The arrival cannot be before the trip started')).toBeInTheDocument();
  });

  it('completes with the GPS track’s distance, showing the CO2e it will record, or with the odometer’s', async () => {
    const done = tripDetail({
      status: 'completed',
      distance_km: '17.9',
      co2e_kg: '2.926',
      co2e_factor: '0.19234',
      co2e_source: 'Defra/DECC 2012 (ref-2026.3, unverified)',
      payload_kg: '850.000',
      points: TRACK,
      gps_distance_km: '17.9',
    });
    const { server, user } = renderTrip('operator', onRoad({ payload_kg: '850.000' }), {
      [`POST ${ONE}/complete`]: json(done),
    });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = within(screen.getByRole('dialog'));
    const distance = dialog.getByRole('textbox', { name: 'Distance driven (km)' });
    expect(distance).toHaveAccessibleDescription('Leave empty to use the GPS track: 17.9 km');
    // 0.85 t × 17.9 km × 0.19234 kg per tonne-km.
    expect(
      dialog.getByText(/about 2\.926 kg CO2e at 0\.19234 kg per tonne-km \(unverified factor\)/),
    ).toBeInTheDocument();
    await user.type(distance, '20');
    expect(dialog.getByText(/about 3\.27 kg CO2e/)).toBeInTheDocument();
    await user.clear(distance);
    await user.click(dialog.getByRole('button', { name: 'Complete trip' }));
    expect(await screen.findByText('TR-2026-000004 is completed.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/complete`)[0]?.body).toEqual({ version: 2 });
    expect(screen.getByLabelText('Trip details')).toHaveTextContent(
      '2.926 kg at 0.19234 kg per tonne-km — Defra/DECC 2012 (ref-2026.3, unverified)',
    );
  });

  it('asks for the distance when the trip has no track, and shows the server’s refusal under it', async () => {
    const blind = onRoad({ points: [], gps_distance_km: null });
    const unplaced = { ...blind, stops: blind.stops.map((s) => ({ ...s, latitude: null, longitude: null })) };
    const { server, user } = renderTrip('operator', unplaced, {
      [`POST ${ONE}/complete`]: fieldError(
        { 'body.distance_km': 'Distance must be at most 99999.9' },
        'Invalid',
        400,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Complete trip' }));
    expect(await dialog.findByText('Enter the distance driven')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/complete`)).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: 'Distance driven (km)' }), '12.5');
    await user.click(dialog.getByRole('button', { name: 'Complete trip' }));
    expect(await dialog.findByText('Distance must be at most 99999.9')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/complete`)[0]?.body).toEqual({ distance_km: '12.5', version: 2 });
    // Nothing to draw: no map, and the stops are still listed.
    expect(screen.getByText(/there is nothing to draw/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Stops and route/ })).not.toBeInTheDocument();
  });

  it('cancels with a reason', async () => {
    const { server, user } = renderTrip('operator', tripDetail(), {
      [`POST ${ONE}/cancel`]: json(tripDetail({ status: 'cancelled', cancel_reason: 'Flooded road' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel trip' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Flooded road');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel trip' }));
    expect(await screen.findByText('TR-2026-000004 is cancelled.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/cancel`)[0]?.body).toEqual({ reason: 'Flooded road', version: 1 });
    expect(screen.getByLabelText('Trip details')).toHaveTextContent('Cancelled becauseFlooded road');
  });

  it('says when a trip is not found', async () => {
    fakeApi({ ...signInAs('operator'), [`GET ${ONE}`]: apiError(404, 'not_found', 'Trip not found') });
    renderWithAuth(routes, `/logistics/trips/${TRIP_ID}`);
    expect(await screen.findByRole('heading', { name: 'Trip not found' })).toBeInTheDocument();
  });
});
