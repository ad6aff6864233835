import {
  apiKeySchema,
  calibrationSchema,
  deviceSchema,
  issuedApiKeySchema,
  page as pageOf,
} from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { fakeApi, hang, json, type RecordedRequest } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { IotTrackingPage } from './IotTrackingPage.tsx';

const routes = page('/iot-tracking', IotTrackingPage);
const FACILITY = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5001', code: 'MNL1', name: 'Valenzuela Plant' };
const LINE = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5002', code: 'WASH-1', name: 'Wash line' };
const SCALE_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001';
const METER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002';
const KEY_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001';
const USER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', name: 'Maria Santos' };

const device = (over: Record<string, unknown> = {}) =>
  wire(deviceSchema, {
    id: SCALE_ID,
    code: 'WB-01',
    name: 'Gate weighbridge',
    kind: 'weighbridge',
    facility: FACILITY,
    production_line: null,
    vehicle: null,
    capacity_kg: '60000.000',
    offline_after_minutes: 15,
    manufacturer: null,
    model: null,
    serial_no: null,
    notes: null,
    status: 'online',
    last_seen_at: '2026-11-20T02:00:00.000Z',
    last_reading: {
      kind: 'weight',
      value: 12480.5,
      unit: 'kg',
      stable: true,
      latitude: null,
      longitude: null,
      recorded_at: '2026-11-20T02:00:00.000Z',
    },
    calibration: {
      state: 'overdue',
      last: { calibrated_on: '2025-10-01', certificate_no: 'DTI-881', next_due_on: '2026-10-01' },
    },
    archived_at: null,
    version: 3,
    created_at: '2026-01-05T00:00:00.000Z',
    updated_at: '2026-01-05T00:00:00.000Z',
    ...over,
  });
const meter = device({
  id: METER_ID,
  code: 'EM-01',
  name: 'Wash line meter',
  kind: 'energy_meter',
  production_line: LINE,
  capacity_kg: null,
  status: 'never',
  last_seen_at: null,
  last_reading: null,
  calibration: null,
});
const key = (over: Record<string, unknown> = {}) =>
  wire(apiKeySchema, {
    id: KEY_ID,
    name: 'ERP reader',
    prefix: 'ptk_AbCdEfGh',
    scopes: ['read'],
    device: null,
    created_at: '2026-11-01T00:00:00.000Z',
    created_by: USER,
    last_used_at: null,
    revoked_at: null,
    issuer_deactivated: false,
    ...over,
  });

const params = (r: RecordedRequest | undefined) => new URL(r?.url ?? '', 'http://x').searchParams;
const devices = (items = [device(), meter]) => json(wire(pageOf(deviceSchema), { items, next_cursor: null }));
const pickers = {
  'GET /api/facilities': emptyPage,
  'GET /api/production-lines': emptyPage,
  'GET /api/vehicles': emptyPage,
};

describe('IoT tracking page', () => {
  it('lists the devices with where they are, status, last reading and an overdue calibration', async () => {
    const server = fakeApi({ ...signInAs('manager'), 'GET /api/devices': devices() });
    renderWithAuth(routes, '/iot-tracking?kind=weighbridge&q=WB');
    const table = within(await screen.findByRole('table', { name: 'Devices' }));
    const [, scaleRow, meterRow] = table.getAllByRole('row');
    expect(scaleRow).toHaveTextContent('Gate weighbridge');
    expect(scaleRow).toHaveTextContent('Valenzuela Plant');
    expect(scaleRow).toHaveTextContent('Online');
    expect(scaleRow).toHaveTextContent('12,480.5 kg');
    expect(within(scaleRow as HTMLElement).getByText('Calibration overdue')).toBeInTheDocument();
    expect(meterRow).toHaveTextContent('Wash line · Valenzuela Plant');
    expect(meterRow).toHaveTextContent('No readings yet');
    const query = params(server.calls('GET', '/api/devices')[0]);
    expect([query.get('kind'), query.get('q')]).toEqual(['weighbridge', 'WB']);
    // A manager registers devices but does not issue keys.
    expect(screen.getByRole('button', { name: 'Register device' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();
  });

  it('registers a device with the fields its kind needs, showing the server’s field errors', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      ...pickers,
      'GET /api/devices': emptyPage,
      'POST /api/devices': fieldError({
        'body.production_line_id': 'An energy meter needs the production line it meters',
      }),
    });
    renderWithAuth(routes, '/iot-tracking');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register the first device' }));
    const form = within(screen.getByRole('form', { name: 'Register a device' }));
    expect(form.getByRole('textbox', { name: /Capacity/ })).toBeInTheDocument();
    await user.selectOptions(form.getByRole('combobox', { name: /Kind/ }), 'Energy meter');
    expect(form.queryByRole('textbox', { name: /Capacity/ })).not.toBeInTheDocument();
    expect(form.queryByRole('combobox', { name: /Facility/ })).not.toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /Code/ }), 'em-02');
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Extruder meter');
    await user.click(form.getByRole('button', { name: 'Register' }));
    expect(await form.findByText('An energy meter needs the production line it meters')).toBeInTheDocument();
    expect(server.calls('POST', '/api/devices')[0]?.body).toEqual({
      kind: 'energy_meter',
      code: 'EM-02',
      name: 'Extruder meter',
      facility_id: null,
      production_line_id: null,
      vehicle_id: null,
      capacity_kg: null,
      offline_after_minutes: 15,
      manufacturer: null,
      model: null,
      serial_no: null,
      notes: null,
    });
  });

  it('opens a scale with its calibrations and records a new one', async () => {
    const calibration = wire(calibrationSchema, {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8001',
      device_id: SCALE_ID,
      calibrated_on: '2025-10-01',
      certificate_no: 'DTI-881',
      next_due_on: '2026-10-01',
      calibrated_by: 'Metro Scales Lab',
      notes: null,
      created_by: USER,
      created_at: '2025-10-01T00:00:00.000Z',
    });
    const server = fakeApi(
      {
        ...signInAs('manager'),
        'GET /api/devices': devices(),
        [`GET /api/devices/${SCALE_ID}`]: json(device()),
        [`GET /api/devices/${SCALE_ID}/calibrations`]: json({ items: [calibration] }),
        [`POST /api/devices/${SCALE_ID}/calibrations`]: json(
          {
            ...calibration,
            certificate_no: 'DTI-990',
            calibrated_on: '2026-11-19',
            next_due_on: '2027-11-19',
          },
          201,
        ),
      },
      { otherwise: hang },
    );
    renderWithAuth(routes, '/iot-tracking');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open WB-01: Gate weighbridge' }));
    const calibrations = within(await screen.findByRole('table', { name: 'Calibrations of this scale' }));
    expect(calibrations.getByText('Metro Scales Lab')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record calibration' }));
    const form = within(screen.getByRole('form', { name: 'Record a calibration of WB-01' }));
    await user.type(form.getByLabelText(/Calibrated on/), '2026-11-19');
    await user.type(form.getByLabelText(/Next due on/), '2027-11-19');
    await user.type(form.getByRole('textbox', { name: /Certificate number/ }), 'DTI-990');
    await user.click(form.getByRole('button', { name: 'Record calibration' }));
    await waitFor(() =>
      expect(server.calls('POST', `/api/devices/${SCALE_ID}/calibrations`)[0]?.body).toEqual({
        calibrated_on: '2026-11-19',
        next_due_on: '2027-11-19',
        certificate_no: 'DTI-990',
        calibrated_by: null,
        notes: null,
      }),
    );
    expect(await screen.findByText('Calibration DTI-990 recorded.')).toBeInTheDocument();
  });

  it('lets an administrator issue a key, shown once, and revoke one after confirming', async () => {
    const server = fakeApi({
      ...signInAs('admin'),
      'GET /api/devices': devices(),
      'GET /api/api-keys': json(wire(pageOf(apiKeySchema), { items: [key()], next_cursor: null })),
      'POST /api/api-keys': json(
        wire(issuedApiKeySchema, {
          ...key({ name: 'Gateway', scopes: ['ingest'] }),
          secret: 'ptk_secret_once_123',
        }),
        201,
      ),
      [`POST /api/api-keys/${KEY_ID}/revoke`]: json(key({ revoked_at: '2026-11-20T00:00:00.000Z' })),
    });
    renderWithAuth(routes, '/iot-tracking?tab=keys');
    const user = userEvent.setup();
    const table = within(await screen.findByRole('table', { name: 'API keys' }));
    expect(table.getByText('ptk_AbCdEfGh…')).toBeInTheDocument();
    expect(table.getByText('Read API (as an auditor)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Issue a key' }));
    const form = within(screen.getByRole('form', { name: 'Issue an API key' }));
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Gateway');
    await user.click(form.getByRole('button', { name: 'Issue key' }));
    expect(await screen.findByText('ptk_secret_once_123')).toBeInTheDocument();
    expect(screen.getByText('Shown only once')).toBeInTheDocument();
    expect(server.calls('POST', '/api/api-keys')[0]?.body).toEqual({
      name: 'Gateway',
      scopes: ['ingest'],
      device_id: null,
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('ptk_secret_once_123')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke ERP reader' }));
    expect(server.calls('POST', `/api/api-keys/${KEY_ID}/revoke`)).toHaveLength(0);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke ERP reader?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('ERP reader has been revoked.')).toBeInTheDocument();
    expect(server.calls('POST', `/api/api-keys/${KEY_ID}/revoke`)).toHaveLength(1);
  });

  it('marks a key whose issuer was deactivated, and a revoked key, each offering what to do', async () => {
    fakeApi({
      ...signInAs('admin'),
      'GET /api/devices': devices(),
      'GET /api/api-keys': json(
        wire(pageOf(apiKeySchema), {
          items: [
            key({ issuer_deactivated: true }),
            key({
              id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002',
              name: 'Old gateway',
              revoked_at: '2026-11-10T00:00:00.000Z',
            }),
            key({ id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7003', name: 'Scale gateway' }),
          ],
          next_cursor: null,
        }),
      ),
    });
    renderWithAuth(routes, '/iot-tracking?tab=keys');
    const table = within(await screen.findByRole('table', { name: 'API keys' }));
    const [, orphan, revoked, active] = table.getAllByRole('row') as HTMLElement[];
    const badge = within(orphan as HTMLElement).getByText('Issuer deactivated');
    expect(badge.closest('[title]')).toHaveAttribute(
      'title',
      'Its issuer was deactivated: revoke it and issue another',
    );
    // It can still be revoked; a revoked key cannot be revoked again.
    expect(
      within(orphan as HTMLElement).getByRole('button', { name: 'Revoke ERP reader' }),
    ).toBeInTheDocument();
    expect(within(revoked as HTMLElement).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked as HTMLElement).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(active as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(active as HTMLElement).queryByText('Issuer deactivated')).not.toBeInTheDocument();
  });

  it('shows the devices as cards on a phone', async () => {
    await onPhone(async () => {
      fakeApi({ ...signInAs('operator'), 'GET /api/devices': devices() });
      renderWithAuth(routes, '/iot-tracking');
      const cards = within(await screen.findByRole('list', { name: 'Devices' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cards[0]).toHaveTextContent('Calibration overdue');
      // An operator reads devices but registers none.
      expect(screen.queryByRole('button', { name: 'Register device' })).not.toBeInTheDocument();
    });
  });

  it('tells a supplier member the page is not for their role, without asking the server', async () => {
    const server = fakeApi(signInAs('supplier'), { otherwise: hang });
    renderWithAuth(routes, '/iot-tracking');
    expect(await screen.findByText(refusalText('devices.read'))).toBeInTheDocument();
    expect(server.calls('GET', '/api/devices')).toHaveLength(0);
  });
});
