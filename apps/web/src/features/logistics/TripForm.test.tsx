import { page as pageOf, receiveRecordSchema } from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { apiError, fakeApi, hang, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { postedRecord } from '../receive-records/testData.ts';
import { NewTripPage } from './NewTripPage.tsx';
import { DRIVER, driversPage, tripDetail, VEHICLE, vehiclesPage } from './testData.ts';

const OTHER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8030';
const first = postedRecord();
const received = wire(pageOf(receiveRecordSchema), {
  items: [first, { ...first, id: OTHER, number: 'RR-0043', total_net_kg: '99.750' }],
  next_cursor: null,
});

function renderForm(handlers = {}) {
  const server = fakeApi({
    ...signInAs('operator'),
    'GET /api/vehicles': json(vehiclesPage),
    'GET /api/drivers': json(driversPage),
    'GET /api/receive-records': json(received),
    'POST /api/trips': json(tripDetail(), 201),
    ...handlers,
  });
  renderWithAuth(
    [
      ...page('/logistics/trips/new', NewTripPage),
      ...page('/logistics/trips/:id', () => <h1>The planned trip</h1>),
    ],
    '/logistics/trips/new',
  );
  return { server, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;
// Scoped queries: a role query over the whole form is slow in jsdom.
const stop = (n: number) => within(screen.getByLabelText(`Stop ${n}`));
const load = () => screen.getByLabelText('Load');

/** Finds a posted delivery by its number in stop `n`'s picker and picks it. */
async function pick(user: User, server: ReturnType<typeof fakeApi>, n: number, number: string) {
  const picker = stop(n).getByRole('combobox', { name: /^Delivery picked up/ });
  await user.click(picker);
  // One change, not a keystroke each: every keystroke renders the whole form again.
  fireEvent.change(picker, { target: { value: number } });
  await waitFor(() =>
    expect(server.calls('GET', '/api/receive-records').some((c) => c.url.includes(`q=${number}`))).toBe(true),
  );
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${number} · Juan Junkshop`) }));
}

async function chooseTruck(user: User, vehicle = 'NBC 1234 · Isuzu wing van') {
  const form = within(await screen.findByRole('form', { name: 'Plan a trip' }));
  const vehicles = form.getByLabelText(/^Vehicle/);
  await within(vehicles).findByRole('option', { name: vehicle });
  await user.selectOptions(vehicles, vehicle);
  const drivers = form.getByLabelText(/^Driver/);
  await within(drivers).findByRole('option', { name: 'Jun Santos (D01)' });
  await user.selectOptions(drivers, 'Jun Santos (D01)');
  fireEvent.change(form.getByLabelText(/^Planned day/), { target: { value: '2026-11-22' } });
}

describe('Plan a trip', () => {
  it('picks the truck, the driver and a posted delivery by number, and plans the trip with a key', async () => {
    const { server, user } = renderForm();
    await chooseTruck(user);
    await pick(user, server, 1, 'RR-0042');
    expect(load()).toHaveTextContent('1,200.25 kg on 1 stop of the 10,000 kg NBC 1234 carries.');
    fireEvent.change(stop(1).getByLabelText('Latitude'), { target: { value: '14.7110' } });
    fireEvent.change(stop(1).getByLabelText('Longitude'), { target: { value: '121.0967' } });

    await user.click(screen.getByRole('button', { name: 'Plan trip' }));
    expect(await screen.findByRole('heading', { name: 'The planned trip' })).toBeInTheDocument();
    expect(await screen.findByText('Trip TR-2026-000004 planned.')).toBeInTheDocument();
    const [call] = server.calls('POST', '/api/trips');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      vehicle_id: VEHICLE.id,
      driver_id: DRIVER.id,
      planned_on: '2026-11-22',
      stops: [{ kind: 'pickup', receive_record_id: first.id, latitude: '14.7110', longitude: '121.0967' }],
    });
    // Only posted deliveries are offered.
    const search = new URL(server.calls('GET', '/api/receive-records').at(-1)?.url ?? '', 'http://x');
    expect(search.searchParams.get('status')).toBe('posted');
  });

  it('visits the stops in the order they are listed: a stop moved earlier comes first', async () => {
    const { server, user } = renderForm();
    await pick(user, server, 1, 'RR-0042');
    await user.click(screen.getByRole('button', { name: 'Add a stop' }));
    await pick(user, server, 2, 'RR-0043');
    expect(load()).toHaveTextContent('1,300 kg on 2 stops');
    await user.click(stop(2).getByRole('button', { name: 'Move stop 2 earlier' }));
    expect(stop(1).getByRole('combobox', { name: /^Delivery picked up/ })).toHaveValue(
      'RR-0043 · Juan Junkshop · 99.75 kg',
    );
    expect(stop(2).getByRole('combobox', { name: /^Delivery picked up/ })).toHaveValue(
      'RR-0042 · Juan Junkshop · 1,200.25 kg',
    );
  });

  it('says what is missing in the server’s words before sending anything', async () => {
    const { server, user } = renderForm();
    await screen.findByRole('form', { name: 'Plan a trip' });
    fireEvent.change(stop(1).getByLabelText('Latitude'), { target: { value: '14.7' } });
    await user.click(screen.getByRole('button', { name: 'Plan trip' }));
    expect(await screen.findByText('Choose a vehicle')).toBeInTheDocument();
    expect(screen.getByText('Choose a driver')).toBeInTheDocument();
    expect(stop(1).getByText('Choose the delivery picked up here')).toBeInTheDocument();
    expect(stop(1).getByText('Enter both the latitude and the longitude, or neither')).toBeInTheDocument();
    expect(server.calls('POST', '/api/trips')).toHaveLength(0);
  });

  it('warns of a load above the vehicle’s capacity and shows the server’s refusal under the stops', async () => {
    const refusal = 'The stops carry 1,200.25 kg, above the 100 kg ABC 987 can carry';
    const { user, server } = renderForm({
      'POST /api/trips': apiError(422, 'unprocessable', refusal, { fields: { 'body.stops': refusal } }),
    });
    await chooseTruck(user, 'ABC 987 · Closed van');
    await pick(user, server, 1, 'RR-0042');
    expect(load()).toHaveTextContent('more than the 100 kg ABC 987 carries: the plan will be refused.');
    await user.click(screen.getByRole('button', { name: 'Plan trip' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plan a trip' })).toBeInTheDocument();
  });

  it('tells an auditor planning is not for their role', async () => {
    const server = fakeApi(signInAs('auditor'), { otherwise: hang });
    renderWithAuth(page('/logistics/trips/new', NewTripPage), '/logistics/trips/new');
    expect(await screen.findByText(refusalText('logistics.write'))).toBeInTheDocument();
    expect(server.calls('GET', '/api/vehicles')).toHaveLength(0);
  });
});
