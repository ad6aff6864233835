import { latestReadingSchema, readingSchema } from '@plastrace/shared';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, storeSession } from '../../test/fakeApi.ts';
import { wire } from '../../test/wire.ts';
import {
  LIVE_KEEP,
  type LiveReading,
  mergeReadings,
  readEvents,
  useLiveReadings,
} from './useLiveReadings.ts';

const DEVICE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9102';
const STREAM = `/api/devices/${DEVICE}/readings/stream`;
const LATEST = `/api/devices/${DEVICE}/readings/latest`;

const wireReading = (id: number, at: string, value: number, stable = true) =>
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
const live = (id: number, at: string, value = 1): LiveReading => ({
  id,
  deviceId: DEVICE,
  seq: id,
  recordedAt: at,
  receivedAt: at,
  kind: 'weight',
  value,
  unit: 'kg',
  stable: true,
  latitude: null,
  longitude: null,
});

const encoder = new TextEncoder();
const event = (r: unknown) => `id: 1\nevent: reading\ndata: ${JSON.stringify(r)}\n\n`;

/** A stream body that sends `chunks` and stays open (or ends, with `end`). */
const streamOf = (chunks: string[], { end = false } = {}) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      if (end) c.close();
    },
  });
const sse = (chunks: string[], opts?: { end?: boolean }) => () =>
  new Response(streamOf(chunks, opts), { headers: { 'content-type': 'text/event-stream' } });

describe('mergeReadings', () => {
  it('puts a late reading at its time, skips one already held and keeps the newest ones', () => {
    const held = [live(1, '2026-11-01T00:00:01Z'), live(3, '2026-11-01T00:00:03Z')];
    const merged = mergeReadings(held, [live(2, '2026-11-01T00:00:02Z'), live(3, '2026-11-01T00:00:03Z')]);
    expect(merged.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(mergeReadings(merged, [live(1, '2026-11-01T00:00:01Z')])).toBe(merged);
    const many = Array.from({ length: LIVE_KEEP + 5 }, (_, i) =>
      live(i, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()),
    );
    const kept = mergeReadings([], many);
    expect(kept).toHaveLength(LIVE_KEEP);
    expect(kept[0]?.id).toBe(5);
  });
});

describe('readEvents', () => {
  it('parses events split anywhere across chunks, camelizing them, and notices the live comment', async () => {
    const text = `retry: 3000\n\n: live\n\n${event(wireReading(7, '2026-11-01T00:00:07.000Z', 14_020))}: heartbeat\n\n${event(wireReading(8, '2026-11-01T00:00:08.000Z', 14_030))}`;
    const chunks = [text.slice(0, 17), text.slice(17, 60), text.slice(60, 61), text.slice(61)];
    const got: LiveReading[] = [];
    let liveAt = -1;
    await readEvents(
      streamOf(chunks, { end: true }),
      (r) => got.push(r),
      () => {
        liveAt = got.length;
      },
    );
    expect(liveAt).toBe(0);
    expect(got.map((r) => [r.id, r.value, r.recordedAt, r.deviceId])).toEqual([
      [7, 14_020, '2026-11-01T00:00:07.000Z', DEVICE],
      [8, 14_030, '2026-11-01T00:00:08.000Z', DEVICE],
    ]);
  });
});

describe('useLiveReadings', () => {
  it('starts from the latest reading, then streams new ones with the session’s headers', async () => {
    storeSession('token-9');
    const server = fakeApi({
      [`GET ${LATEST}`]: () =>
        Response.json(
          wire(latestReadingSchema, { reading: wireReading(1, '2026-11-01T00:00:01.000Z', 100, false) }),
        ),
      [`GET ${STREAM}`]: sse([': live\n\n', event(wireReading(2, '2026-11-01T00:00:02.000Z', 14_020))]),
    });
    const { result } = renderHook(() => useLiveReadings(DEVICE));
    await waitFor(() => expect(result.current.status).toBe('live'));
    await waitFor(() => expect(result.current.latest?.id).toBe(2));
    expect(result.current.latest).toMatchObject({ value: 14_020, stable: true, kind: 'weight' });
    expect(result.current.readings.map((r) => r.id)).toEqual([1, 2]);
    const stream = server.calls('GET', STREAM)[0];
    expect(stream?.headers.authorization).toBe('Bearer token-9');
    expect(stream?.headers.accept).toBe('text/event-stream');
    localStorage.clear();
  });

  it('says offline when the stream ends and connects again by itself', async () => {
    const server = fakeApi({
      [`GET ${LATEST}`]: () => Response.json({ reading: null }),
      [`GET ${STREAM}`]: sse([': live\n\n'], { end: true }),
    });
    const { result } = renderHook(() => useLiveReadings(DEVICE));
    await waitFor(() => expect(server.calls('GET', STREAM).length).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect(result.current.status).toBe('offline'));
    // The second attempt keeps its stream open.
    server.on(`GET ${STREAM}`, sse([': live\n\n']));
    await waitFor(() => expect(result.current.status).toBe('live'));
    expect(server.calls('GET', STREAM).length).toBeGreaterThanOrEqual(2);
    expect(result.current.latest).toBeNull();
  });

  it('stays offline without a device', () => {
    fakeApi();
    const { result } = renderHook(() => useLiveReadings(null));
    expect(result.current).toEqual({ latest: null, readings: [], status: 'offline' });
  });
});
