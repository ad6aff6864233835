import type { Camelize, Reading } from '@plastrace/shared';
import { useEffect, useState } from 'react';
import { authHeaders } from '../../api/authHeaders.ts';
import { camelKeys } from '../../api/caseConvert.ts';
import { api, buildUrl, ORGANIZATION_HEADER } from '../../api/client.ts';
import { sessionStore } from '../../auth/sessionStore.ts';

export type LiveReading = Camelize<Reading>;

export type LiveReadings = {
  latest: LiveReading | null;
  readings: LiveReading[];
  status: 'connecting' | 'live' | 'offline';
};

/** Readings kept in memory per device: the chart's live tail. */
export const LIVE_KEEP = 500;
/** Waits between reconnections: 1 s, doubling up to 30 s. */
export const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

const byTime = (a: LiveReading, b: LiveReading) =>
  a.recordedAt === b.recordedAt ? a.id - b.id : a.recordedAt < b.recordedAt ? -1 : 1;

/** Adds readings (a late one lands at its time; one already held is skipped), keeping the newest LIVE_KEEP. */
export function mergeReadings(held: LiveReading[], incoming: LiveReading[]): LiveReading[] {
  const ids = new Set(held.map((r) => r.id));
  const fresh = incoming.filter((r) => !ids.has(r.id));
  if (!fresh.length) return held;
  return [...held, ...fresh].sort(byTime).slice(-LIVE_KEEP);
}

/**
 * Parses Server-Sent Events as they arrive: calls `onEvent` for each `reading` event and `onLive` at
 * the server's `: live` comment (it listens from then on). Ends when the body ends.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (reading: LiveReading) => void,
  onLive: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block === ': live') onLive();
      const lines = block.split('\n');
      if (!lines.includes('event: reading')) continue;
      const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
      if (data.length) onEvent(camelKeys(JSON.parse(data.join('\n'))) as LiveReading);
    }
  }
}

/** The stream's request: the API client's headers (bearer token, organization), which EventSource cannot send. */
function openStream(deviceId: string, signal: AbortSignal): Promise<Response> {
  const { headers } = authHeaders();
  const organizationId = sessionStore.getSnapshot().user?.organization.id;
  return fetch(buildUrl(`/devices/${deviceId}/readings/stream`, undefined), {
    headers: {
      ...headers,
      Accept: 'text/event-stream',
      ...(organizationId ? { [ORGANIZATION_HEADER]: organizationId } : {}),
    },
    credentials: 'same-origin',
    signal,
  });
}

/**
 * The live readings of one device: its latest reading at once (GET …/readings/latest), then each new
 * one as the server streams it. `status` is `live` while the stream is open, `offline` while it is
 * down (it reconnects by itself, waiting longer each time, and catches up with the latest reading).
 */
export function useLiveReadings(deviceId: string | null): LiveReadings {
  const [state, setState] = useState<LiveReadings>({ latest: null, readings: [], status: 'offline' });

  useEffect(() => {
    setState({ latest: null, readings: [], status: deviceId ? 'connecting' : 'offline' });
    if (!deviceId) return;
    const controller = new AbortController();
    const { signal } = controller;
    let wait = RECONNECT_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const add = (incoming: LiveReading[]) =>
      setState((s) => {
        const readings = mergeReadings(s.readings, incoming);
        return { ...s, readings, latest: readings.at(-1) ?? null };
      });

    const connect = async () => {
      try {
        const { reading } = await api.get<{ reading: LiveReading | null }>(
          `/devices/${deviceId}/readings/latest`,
          { signal },
        );
        if (reading) add([reading]);
        const res = await openStream(deviceId, signal);
        if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
        await readEvents(
          res.body,
          (r) => add([r]),
          () => {
            wait = RECONNECT_FIRST_MS;
            setState((s) => ({ ...s, status: 'live' }));
          },
        );
      } catch {
        // Offline below, then again after the wait.
      }
      if (signal.aborted) return;
      setState((s) => ({ ...s, status: 'offline' }));
      timer = setTimeout(() => void connect(), wait);
      wait = Math.min(wait * 2, RECONNECT_MAX_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [deviceId]);

  return state;
}
