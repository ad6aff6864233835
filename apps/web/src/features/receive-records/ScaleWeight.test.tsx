import {
  deviceSchema,
  facilitySchema,
  materialSchema,
  page as pageOf,
  receiveRecordSchema,
  supplierLookupSchema,
} from '@plastrace/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, itemsOf, materialRecord, wire } from '../../test/wire.ts';
import type { LiveReadings } from '../iot-tracking/useLiveReadings.ts';
import { NewReceiveRecordPage } from './NewReceiveRecordPage.tsx';
import { ReceiveRecordDetailPage } from './ReceiveRecordDetailPage.tsx';
import { FACILITY, HDPE, PET, RECORD_ID, SUPPLIER, wireRecord } from './testData.ts';

// The receive form's scale panel: the facility's scale, its live weight, "Use this weight" filling the
// gross and sending the device and reading, and a weight typed over it sent as typed by hand; one
// stream for all the lines, and no weight taken that is too old for the record.

// The hook stands in for the stream: `set` pushes a reading to every open one, `open` lists the device
// of each stream open now.
const live = vi.hoisted(() => {
  let value: unknown = null;
  const listeners = new Set<() => void>();
  return {
    open: [] as string[],
    get: () => value,
    set(v: unknown) {
      value = v;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
});
vi.mock('../iot-tracking/useLiveReadings.ts', async () => {
  const { useEffect, useSyncExternalStore } = await import('react');
  return {
    useLiveReadings: (deviceId: string | null) => {
      useEffect(() => {
        if (!deviceId) return;
        live.open.push(deviceId);
        return () => {
          live.open.splice(live.open.indexOf(deviceId), 1);
        };
      }, [deviceId]);
      return useSyncExternalStore(live.subscribe, live.get);
    },
  };
});

const SCALE_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9001';
const scale = {
  id: SCALE_ID,
  code: 'WB-1',
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
  last_seen_at: '2026-05-20T04:03:14.000Z',
  last_reading: null,
  calibration: null,
  archived_at: null,
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** A reading of the scale, a minute old unless said. */
const reading = (
  stable: boolean,
  recordedAt = new Date(Date.now() - 60_000).toISOString(),
): LiveReadings['latest'] => ({
  id: 777,
  deviceId: SCALE_ID,
  seq: 12,
  recordedAt,
  kind: 'weight',
  value: 1250.5,
  unit: 'kg',
  stable,
  latitude: null,
  longitude: null,
});

function renderForm(scales: unknown[]) {
  const server = fakeApi({
    ...signInAs('operator'),
    'GET /api/suppliers/lookup': json(wire(itemsOf(supplierLookupSchema), { items: [SUPPLIER] })),
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), { items: [facilityRecord(FACILITY)], next_cursor: null }),
    ),
    'GET /api/materials': json(
      wire(pageOf(materialSchema), { items: [materialRecord(PET), materialRecord(HDPE)], next_cursor: null }),
    ),
    'GET /api/devices': json(wire(pageOf(deviceSchema), { items: scales, next_cursor: null })),
    'GET /api/receive-records': emptyPage,
    'GET /api/orders': emptyPage,
    'POST /api/receive-records': json(wire(receiveRecordSchema, wireRecord()), 201),
    [`GET /api/receive-records/${RECORD_ID}`]: json(wire(receiveRecordSchema, wireRecord())),
  });
  renderWithAuth(
    [
      ...page('/receive-records/new', NewReceiveRecordPage),
      ...page('/receive-records/:id', ReceiveRecordDetailPage),
    ],
    '/receive-records/new',
  );
  return { server, user: userEvent.setup() };
}

async function fillHeader(user: ReturnType<typeof userEvent.setup>) {
  const form = within(await screen.findByRole('form', { name: 'New delivery' }));
  await user.click(form.getByRole('combobox', { name: /^Supplier/ }));
  await user.keyboard('Juan');
  await user.click(await screen.findByRole('option', { name: 'Juan Junkshop (SUP-001)' }));
  await screen.findByRole('option', { name: 'Manila MRF (MNL1)' });
  await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila MRF (MNL1)');
  await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
  await user.selectOptions(
    within(screen.getByRole('group', { name: 'Line 1' })).getByRole('combobox', { name: /^Material/ }),
    'PET bottles (PET-BTL)',
  );
}

const line1 = () => within(screen.getByRole('group', { name: 'Line 1' }));

beforeEach(() => {
  live.set({ latest: reading(true), readings: [], status: 'live' } satisfies LiveReadings);
});

describe('Scale weight on a delivery line', () => {
  it('fills the gross from the scale and sends its device and reading', { timeout: 90_000 }, async () => {
    const { server, user } = renderForm([scale]);
    await fillHeader(user);
    const use = await line1().findByRole('button', { name: 'Use this weight' });
    expect(line1().getByTestId('scale-weight')).toHaveTextContent('1,250.5 kg');
    expect(line1().getByText('Stable')).toBeInTheDocument();
    await user.click(use);
    expect(line1().getByRole('textbox', { name: /^Gross kg/ })).toHaveValue('1250.5');
    expect(line1().getByText(/This line: WB-1, reading #777/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls('POST', '/api/receive-records')).toHaveLength(1));
    expect(server.calls('POST', '/api/receive-records')[0]?.body).toMatchObject({
      lines: [{ material_id: PET.id, gross_kg: '1250.5', device_id: SCALE_ID, reading_id: 777 }],
    });
  });

  it('drops the scale when the weight is typed over, and waits for a stable weight', {
    timeout: 90_000,
  }, async () => {
    live.set({ latest: reading(false), readings: [], status: 'live' } satisfies LiveReadings);
    const { server, user } = renderForm([scale]);
    await fillHeader(user);
    const use = await line1().findByRole('button', { name: 'Use this weight' });
    expect(use).toBeDisabled();
    expect(line1().getByText('Moving')).toBeInTheDocument();

    act(() => live.set({ latest: reading(true), readings: [], status: 'live' } satisfies LiveReadings));
    await waitFor(() => expect(line1().getByRole('button', { name: 'Use this weight' })).toBeEnabled());
    await user.click(line1().getByRole('button', { name: 'Use this weight' }));
    await user.type(line1().getByRole('textbox', { name: /^Gross kg/ }), '9');
    expect(line1().getByText(/This line: typed by hand/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls('POST', '/api/receive-records')).toHaveLength(1));
    const body = server.calls('POST', '/api/receive-records')[0]?.body as { lines: object[] };
    expect(body.lines[0]).toMatchObject({ gross_kg: '1250.59' });
    expect(body.lines[0]).not.toHaveProperty('device_id');
    expect(body.lines[0]).not.toHaveProperty('reading_id');
  });

  it('opens one stream for all the lines weighed on one scale', { timeout: 90_000 }, async () => {
    const { user } = renderForm([scale]);
    await fillHeader(user);
    await line1().findByRole('button', { name: 'Use this weight' });
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    const line3 = within(await screen.findByRole('group', { name: 'Line 3' }));
    expect(await line3.findByRole('button', { name: 'Use this weight' })).toBeEnabled();
    expect(line3.getByTestId('scale-weight')).toHaveTextContent('1,250.5 kg');
    expect(live.open).toEqual([SCALE_ID]);
    // A new weight reaches every line through that one stream.
    act(() => live.set({ latest: { ...reading(true), id: 778, value: 980 }, readings: [], status: 'live' }));
    await waitFor(() => expect(line3.getByTestId('scale-weight')).toHaveTextContent('980 kg'));
    expect(line1().getByTestId('scale-weight')).toHaveTextContent('980 kg');
  });

  it('does not take a weight older than 30 minutes', { timeout: 90_000 }, async () => {
    // 31 minutes ago, shown in the organization's zone (Manila).
    const at = new Date(Date.now() - 31 * 60_000);
    live.set({
      latest: reading(true, at.toISOString()),
      readings: [],
      status: 'live',
    } satisfies LiveReadings);
    const { user } = renderForm([scale]);
    await fillHeader(user);
    expect(await line1().findByRole('button', { name: 'Use this weight' })).toBeDisabled();
    const hhmm = new Intl.DateTimeFormat('en-PH', {
      timeZone: 'Asia/Manila',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    expect(line1().getByText(new RegExp(`The last weight is from ${hhmm}: weigh again`))).toBeInTheDocument();
    act(() => live.set({ latest: reading(true), readings: [], status: 'live' } satisfies LiveReadings));
    await waitFor(() => expect(line1().getByRole('button', { name: 'Use this weight' })).toBeEnabled());
  });

  it('leaves the form as it was where the facility has no scale', { timeout: 90_000 }, async () => {
    const { server, user } = renderForm([]);
    await fillHeader(user);
    // The facility's scales were asked for (and there are none).
    await waitFor(() => expect(server.calls('GET', '/api/devices')).toHaveLength(1));
    expect(server.calls('GET', '/api/devices')[0]?.url).toContain(`facility_id=${FACILITY.id}`);
    await user.type(line1().getByRole('textbox', { name: /^Gross kg/ }), '100');
    expect(line1().queryByRole('button', { name: 'Use this weight' })).not.toBeInTheDocument();
    expect(line1().queryByRole('combobox', { name: /scale/ })).not.toBeInTheDocument();
  });
});
