import { latestReadingSchema, readingSchema, readingSeriesSchema } from '@plastrace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { chartPoints, DeviceLiveChart } from './DeviceLiveChart.tsx';

const DEVICE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9102';
const BASE = `/api/devices/${DEVICE}/readings`;
const encoder = new TextEncoder();

const reading = (id: number, at: string, value: number, stable: boolean) =>
  wire(readingSchema, {
    id,
    device_id: DEVICE,
    seq: id,
    recorded_at: at,
    received_at: at,
    kind: 'weight',
    value,
    unit: 'kg',
    stable,
    latitude: null,
    longitude: null,
  });

const series = wire(readingSeriesSchema, {
  device_id: DEVICE,
  kind: 'weight',
  unit: 'kg',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-01T01:00:00.000Z',
  bucket_seconds: 30,
  points: [
    { t: '2026-11-01T00:00:00.000Z', count: 30, avg: 10, min: 0, max: 20, last: 20 },
    { t: '2026-11-01T00:30:00.000Z', count: 30, avg: 12_000, min: 9_000, max: 14_000, last: 14_000 },
  ],
});

describe('chartPoints', () => {
  it('takes each bucket’s last value, then the live readings after the series', () => {
    const points = chartPoints({ ...series, bucketSeconds: 30, deviceId: DEVICE }, [
      {
        id: 1,
        deviceId: DEVICE,
        seq: 1,
        recordedAt: '2026-11-01T00:59:00.000Z',
        kind: 'weight',
        value: 5,
        unit: 'kg',
        stable: true,
        latitude: null,
        longitude: null,
      },
      {
        id: 2,
        deviceId: DEVICE,
        seq: 2,
        recordedAt: '2026-11-01T01:00:05.000Z',
        kind: 'weight',
        value: 14_020,
        unit: 'kg',
        stable: true,
        latitude: null,
        longitude: null,
      },
    ]);
    expect(points.map((p) => p.value)).toEqual([20, 14_000, 14_020]);
  });
});

describe('DeviceLiveChart', () => {
  it('shows the hour as a line and the newest reading large, with its unit and whether it is stable', async () => {
    fakeApi({
      ...signInAs('manager'),
      [`GET ${BASE}/series`]: () => Response.json(series),
      [`GET ${BASE}/latest`]: () =>
        Response.json(
          wire(latestReadingSchema, { reading: reading(1, '2026-11-01T00:59:00.000Z', 14_000, false) }),
        ),
      [`GET ${BASE}/stream`]: () =>
        new Response(
          new ReadableStream({
            start(c) {
              const r = reading(2, '2026-11-01T01:00:05.000Z', 14_020, true);
              c.enqueue(encoder.encode(`: live\n\nid: 2\nevent: reading\ndata: ${JSON.stringify(r)}\n\n`));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    renderWithAuth(
      page('/iot-tracking', () => <DeviceLiveChart deviceId={DEVICE} timeZone="Asia/Manila" />),
      '/iot-tracking',
    );
    await waitFor(() => expect(screen.getByTestId('latest-reading')).toHaveTextContent('14,020 kg'));
    expect(screen.getByText('Stable')).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Readings from .* 20 to 14,020 kg/ });
    expect(chart.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it('says so when the hour holds no readings', async () => {
    fakeApi({
      ...signInAs('manager'),
      [`GET ${BASE}/series`]: () => Response.json({ ...series, points: [] }),
      [`GET ${BASE}/latest`]: () => Response.json({ reading: null }),
      [`GET ${BASE}/stream`]: () =>
        new Response(new ReadableStream({ start: (c) => c.enqueue(encoder.encode(': live\n\n')) })),
    });
    renderWithAuth(
      page('/iot-tracking', () => <DeviceLiveChart deviceId={DEVICE} timeZone="Asia/Manila" />),
      '/iot-tracking',
    );
    expect(await screen.findByText('No readings in the last hour')).toBeInTheDocument();
    expect(screen.getByText('No reading yet')).toBeInTheDocument();
  });
});
