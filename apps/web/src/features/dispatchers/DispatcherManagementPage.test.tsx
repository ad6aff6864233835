import { driverSchema, haulerSchema, page, vehicleSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type Handler, json, type RecordedRequest } from '../../test/fakeApi.ts';
import { emptyPage, page as route, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { DispatcherManagementPage } from './DispatcherManagementPage.tsx';

const STAMP = '2026-01-01T00:00:00Z';
const record = { archived_at: null, version: 1, created_at: STAMP, updated_at: STAMP };
const id = (n: number) => `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5${String(n).padStart(3, '0')}`;

const driver = (n: number, name: string, licence_expires_on: string, licence_status: string) =>
  wire(driverSchema, {
    ...record,
    id: id(n),
    code: `DRV-00${n}`,
    name,
    phone: null,
    licence_number: `N0${n}-12-34567${n}`,
    licence_expires_on,
    licence_status,
  });
const juan = driver(1, 'Juan dela Cruz', '2028-08-02', 'valid');
const ramon = driver(2, 'Ramon Bautista', '2026-11-13', 'expiring');
const carlo = driver(3, 'Carlo Mendoza', '2026-10-12', 'expired');

const northline = wire(haulerSchema, {
  ...record,
  id: id(10),
  code: 'HAUL-001',
  name: 'Northline Trucking',
  contact_name: 'Edwin Soriano',
  phone: null,
  accreditation_number: 'EMB-NCR-TR-0147',
  accreditation_valid_until: '2026-10-30',
  accreditation_status: 'expired',
});
const wingVan = wire(vehicleSchema, {
  ...record,
  id: id(20),
  code: 'NBC 1234',
  name: 'Isuzu Forward wing van',
  type: 'wing_van',
  capacity_kg: '10000.000',
  hauler: { id: northline.id, code: northline.code, name: northline.name },
});
const closedVan = wire(vehicleSchema, {
  ...wingVan,
  id: id(21),
  code: 'NDA 4521',
  name: 'Isuzu Elf closed van',
  type: 'closed_van',
  capacity_kg: '4000.000',
  hauler: null,
});

const pageOf = (schema: Parameters<typeof page>[0], items: unknown[]) =>
  json(wire(page(schema), { items, next_cursor: null }));
/** The list answers by its status filter, as the server filters. */
const byStatus =
  (param: string, schema: Parameters<typeof page>[0], rows: { [k: string]: unknown }[]): Handler =>
  (r: RecordedRequest) => {
    const status = new URL(r.url, 'http://x').searchParams.get(param);
    const items = status ? rows.filter((row) => row[param] === status) : rows;
    return Response.json(wire(page(schema), { items, next_cursor: null }));
  };

function renderPage(
  url = '/dispatcher-management',
  handlers: Record<string, Handler> = {},
  role = 'manager',
) {
  const server = fakeApi({
    ...signInAs(role as Parameters<typeof signInAs>[0]),
    'GET /api/drivers': byStatus('licence_status', driverSchema, [juan, ramon, carlo]),
    'GET /api/vehicles': pageOf(vehicleSchema, [wingVan, closedVan]),
    'GET /api/haulers': byStatus('accreditation_status', haulerSchema, [northline]),
    ...handlers,
  });
  renderWithAuth(route('/dispatcher-management', DispatcherManagementPage), url);
  return server;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

// The organization's today is 1 Nov 2026 in Manila; only the clock is fixed, timers run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-01T04:00:00Z'));
});

describe('Dispatcher management', () => {
  it('flags expired and expiring licences and names them above the drivers', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispatcher management' }),
    ).toBeInTheDocument();
    await screen.findByText('Carlo Mendoza');
    expect(within(rowOf('Carlo Mendoza')).getByText('Licence expired 12 Oct 2026')).toBeInTheDocument();
    expect(within(rowOf('Ramon Bautista')).getByText('Expires in 12 days')).toBeInTheDocument();
    expect(rowOf('Juan dela Cruz')).toHaveTextContent('2 Aug 2028');
    expect(within(rowOf('Juan dela Cruz')).queryByText(/Expire/)).not.toBeInTheDocument();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Renew 2 driver licences');
    expect(alert).toHaveTextContent('Expired: Carlo Mendoza (12 Oct 2026).');
    expect(alert).toHaveTextContent('Expiring within 30 days: Ramon Bautista (in 12 days).');
    expect(alert).toHaveTextContent('A dispatch cannot be assigned to a driver whose licence has expired.');
  });

  it('says nothing above the list when every licence holds, and filters by licence status', async () => {
    const server = renderPage('/dispatcher-management', {
      'GET /api/drivers': byStatus('licence_status', driverSchema, [juan]),
    });
    await screen.findByText('Juan dela Cruz');
    await waitFor(() =>
      expect(
        server.calls('GET', '/api/drivers').filter((r) => r.url.includes('licence_status')),
      ).toHaveLength(2),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Licence' }), 'Expired');
    await waitFor(() =>
      expect(new URL(server.calls('GET', '/api/drivers').at(-1)?.url ?? '', 'http://x').search).toContain(
        'licence_status=expired',
      ),
    );
  });

  it('checks a new driver’s licence in the server’s words before sending it', async () => {
    const server = renderPage('/dispatcher-management', {
      'POST /api/drivers': json(driver(5, 'Jun Pascual', '2027-05-31', 'valid'), 201),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New driver' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New driver' }));
    await user.click(dialog.getByRole('button', { name: 'Create driver' }));
    expect(await dialog.findByText('Licence number is required')).toBeInTheDocument();
    expect(dialog.getByText('Enter the licence expiry date as YYYY-MM-DD')).toBeInTheDocument();
    expect(server.calls('POST', '/api/drivers')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'DRV-005');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Jun Pascual');
    await user.type(dialog.getByRole('textbox', { name: /^Licence number/ }), 'n05-12-556677');
    await user.type(dialog.getByRole('textbox', { name: /^Licence valid until/ }), '2027-05-31');
    await user.click(dialog.getByRole('button', { name: 'Create driver' }));
    await waitFor(() => expect(server.calls('POST', '/api/drivers')).toHaveLength(1));
    expect(server.calls('POST', '/api/drivers')[0]?.body).toEqual({
      code: 'DRV-005',
      name: 'Jun Pascual',
      licence_number: 'n05-12-556677',
      licence_expires_on: '2027-05-31',
    });
    expect(await screen.findByText('Jun Pascual created.')).toBeInTheDocument();
  });

  it('lists trucks with their payload and hauler, and puts a plate already on file under the plate', async () => {
    const message = 'A vehicle with plate number NBC 1234 is already registered';
    const server = renderPage('/dispatcher-management?tab=vehicles', {
      'POST /api/vehicles': apiError(409, 'conflict', message, { fields: { 'body.code': message } }),
    });
    await screen.findByText('Isuzu Forward wing van');
    expect(rowOf('Isuzu Forward wing van')).toHaveTextContent('Wing van10,000 kgNorthline Trucking');
    expect(rowOf('Isuzu Elf closed van')).toHaveTextContent('Own vehicle');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New vehicle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New vehicle' }));
    await user.type(dialog.getByRole('textbox', { name: /^Plate number/ }), 'nbc-1234');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Second wing van');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Type/ }), 'Wing van');
    await user.type(dialog.getByRole('textbox', { name: /^Capacity/ }), '0');
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: /^Hauler/ }),
      await dialog.findByRole('option', { name: 'Northline Trucking (HAUL-001)' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Create vehicle' }));
    expect(await dialog.findByText('Capacity must be greater than 0')).toBeInTheDocument();
    expect(server.calls('POST', '/api/vehicles')).toHaveLength(0);

    const capacity = dialog.getByRole('textbox', { name: /^Capacity/ });
    await user.clear(capacity);
    await user.type(capacity, '10000');
    await user.click(dialog.getByRole('button', { name: 'Create vehicle' }));
    await waitFor(() => expect(server.calls('POST', '/api/vehicles')).toHaveLength(1));
    expect(server.calls('POST', '/api/vehicles')[0]?.body).toEqual({
      code: 'nbc-1234',
      name: 'Second wing van',
      type: 'wing_van',
      capacity_kg: '10000',
      hauler_id: northline.id,
    });
    const plate = dialog.getByRole('textbox', { name: /^Plate number/ });
    await waitFor(() => expect(plate).toHaveAccessibleDescription(message));
  });

  it('flags a hauler whose accreditation has expired', async () => {
    renderPage('/dispatcher-management?tab=haulers');
    await screen.findByText('Northline Trucking');
    expect(
      within(rowOf('Northline Trucking')).getByText('Accreditation expired 30 Oct 2026'),
    ).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Renew 1 hauler accreditation');
    expect(alert).toHaveTextContent('Expired: Northline Trucking (30 Oct 2026).');
  });

  it('says what an empty list is for, and keeps each tab’s own list', async () => {
    renderPage('/dispatcher-management?tab=vehicles', { 'GET /api/vehicles': emptyPage });
    expect(await screen.findByRole('heading', { name: 'No vehicles yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the first vehicle' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Drivers' }));
    expect(await screen.findByText('Carlo Mendoza')).toBeInTheDocument();
  });

  it('shows a failed load of the drivers with a retry, and no warning it cannot back', async () => {
    renderPage('/dispatcher-management', {
      'GET /api/drivers': apiError(500, 'internal_error', 'Something went wrong on our side.'),
    });
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The drivers could not be loaded');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('lets operators read but not add', async () => {
    renderPage('/dispatcher-management', {}, 'operator');
    await screen.findByText('Juan dela Cruz');
    expect(screen.queryByRole('button', { name: 'New driver' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View DRV-001: Juan dela Cruz' })).toBeInTheDocument();
  });
});
