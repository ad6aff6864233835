import { iotAlertSchema, page as pageOf } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type RecordedRequest } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { DeviceAlerts } from './DeviceAlerts.tsx';

const DEVICE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9102';
const RECORD = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9103';
const LIST = '/api/iot/alerts';

const alert = (over: Record<string, unknown> = {}) =>
  wire(iotAlertSchema, {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9101',
    rule: 'gps_far',
    state: 'open',
    device: { id: DEVICE, code: 'GPS-7', name: 'Wing van tracker' },
    subject: {
      type: 'receive_record',
      id: RECORD,
      number: 'RR-2026-000042',
      link: `/receive-records/${RECORD}`,
    },
    message:
      'RR-2026-000042: truck NBC 1234 was 11.1 km from Valenzuela Recycling Plant when line 1 was weighed',
    details: { km: '11.1' },
    raised_at: '2026-11-26T01:00:00.000Z',
    resolved_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
    acknowledged_note: null,
    ...over,
  });
const listOf = (...items: ReturnType<typeof alert>[]) =>
  Response.json(wire(pageOf(iotAlertSchema), { items, next_cursor: null }));
const params = (r: RecordedRequest | undefined) => new URL(r?.url ?? '', 'http://x').searchParams;
const routes = page('/iot-tracking', () => <DeviceAlerts deviceId={DEVICE} />);

describe('DeviceAlerts', () => {
  it('lists a device’s open alerts with the rule, the record and the time; the office acknowledges with a note', async () => {
    let acknowledged = false;
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${LIST}`]: () => (acknowledged ? listOf() : listOf(alert())),
      [`POST ${LIST}/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9101/acknowledge`]: () => {
        acknowledged = true;
        return Response.json(
          alert({
            state: 'acknowledged',
            acknowledged_at: '2026-11-26T02:00:00.000Z',
            acknowledged_by: { id: DEVICE, name: 'Maria Santos' },
            acknowledged_note: 'Weighed at the yard gate',
          }),
        );
      },
    });
    renderWithAuth(routes, '/iot-tracking');
    const row = within(await screen.findByRole('listitem', { name: 'Truck away from the scale' }));
    expect(row.getByText(/11.1 km from Valenzuela/)).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'RR-2026-000042' })).toHaveAttribute(
      'href',
      `/receive-records/${RECORD}`,
    );
    expect(row.getByText(/GPS-7 \(Wing van tracker\)/)).toBeInTheDocument();
    const first = params(server.calls('GET', LIST)[0]);
    expect([first.get('state'), first.get('device_id')]).toEqual(['open', DEVICE]);

    await userEvent.click(row.getByRole('button', { name: 'Acknowledge' }));
    await userEvent.type(row.getByLabelText('Note (optional)'), 'Weighed at the yard gate');
    await userEvent.click(row.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(
        server.calls('POST', `${LIST}/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9101/acknowledge`)[0]?.body,
      ).toEqual({
        note: 'Weighed at the yard gate',
      }),
    );
    expect(
      await screen.findByText('No alerts — devices and records look as expected', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('filters by state, and offers no acknowledging to an operator', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      [`GET ${LIST}`]: (r) =>
        params(r).get('state') === 'resolved'
          ? listOf(
              alert({
                state: 'resolved',
                resolved_at: '2026-11-26T03:00:00.000Z',
                rule: 'offline',
                subject: null,
              }),
            )
          : emptyPage(r),
    });
    renderWithAuth(routes, '/iot-tracking');
    expect(await screen.findByText('No alerts — devices and records look as expected')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Resolved'));
    const row = within(await screen.findByRole('listitem', { name: 'Device offline' }));
    expect(row.getByText(/resolved/)).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(server.calls('GET', LIST).map((r) => params(r).get('state'))).toContain('resolved');
  });
});
