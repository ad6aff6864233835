import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { useTestApp } from '../../test/app.ts';
import { registerDevice, revokeKey, weight } from '../../test/devices.ts';
import { client } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let scale: string;
// A second instance on the same database: what one ingests, the other's streams must show.
let other: App;
let otherUrl: string;

const WAIT_MS = 30_000;

/** Reads a Server-Sent Events body block by block (blocks end with a blank line). */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next block, or null once the server ended the stream. */
    async next(): Promise<string | null> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return block;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** Blocks until one matches (or the stream ends: null). */
    async until(match: (block: string) => boolean): Promise<string | null> {
      for (;;) {
        const block = await this.next();
        if (block === null || match(block)) return block;
      }
    },
    cancel: () => reader.cancel(),
  };
}

const open = (base: string, deviceId: string, headers?: Record<string, string>) =>
  fetch(`${base}/api/devices/${deviceId}/readings/stream`, {
    headers: headers ?? { authorization: `Bearer ${org.manager.token}` },
  });

/** Another instance with its own stream timings, listening on a free port; closed after the file. */
const opened: App[] = [];
async function instance(readingsStream: { heartbeatMs?: number; maxLifeMs?: number }): Promise<string> {
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent' },
    db: ctx.database.db,
    logSequencer: false,
    factsRefresh: false,
    reportSchedules: false,
    marketAlerts: false,
    iotAlerts: false,
    readingsStream,
  });
  opened.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const dataOf = (block: string) =>
  JSON.parse(
    block
      .split('\n')
      .find((l) => l.startsWith('data: '))
      ?.slice(6) ?? 'null',
  );

beforeAll(async () => {
  org = await seededOrganization(ctx, 'rds');
  scale = await registerDevice(org.manager, 'weighbridge');
  other = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent' },
    db: ctx.database.db,
    logSequencer: false,
    factsRefresh: false,
    reportSchedules: false,
    marketAlerts: false,
    iotAlerts: false,
  });
  otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await other?.close();
  await Promise.all(opened.map((a) => a.close()));
});

describe('GET /api/devices/{id}/readings/stream', () => {
  it(
    'streams each new reading as an event, from an ingest on another instance',
    async () => {
      const res = await open(otherUrl, scale);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const sse = sseReader(res.body as ReadableStream<Uint8Array>);
      expect(await sse.until((b) => b === ': live')).toBe(': live');

      const sent = [weight(scale, 1, 14_000, { stable: false }), weight(scale, 2, 14_020, { stable: true })];
      const ingest = await org.manager.post('/api/iot/readings', { readings: sent });
      expect(ingest.json().accepted).toBe(2);

      const events: { seq: number; value: number; stable: boolean; device_id: string }[] = [];
      while (events.length < 2) {
        const block = await sse.until((b) => b.includes('event: reading'));
        expect(block).not.toBeNull();
        events.push(dataOf(block as string));
      }
      expect(events.map((e) => [e.seq, e.value, e.stable])).toEqual([
        [1, 14_000, false],
        [2, 14_020, true],
      ]);
      expect(events[0]?.device_id).toBe(scale);
      // Duplicates are not news.
      await org.manager.post('/api/iot/readings', { readings: sent });
      await org.manager.post('/api/iot/readings', { readings: [weight(scale, 3, 1)] });
      const nextEvent = dataOf((await sse.until((b) => b.includes('event: reading'))) as string);
      expect(nextEvent.seq).toBe(3);
      await sse.cancel();
    },
    WAIT_MS,
  );

  it(
    'shows only the device asked for',
    async () => {
      const second = await registerDevice(org.manager, 'platform_scale');
      const res = await open(otherUrl, second);
      const sse = sseReader(res.body as ReadableStream<Uint8Array>);
      await sse.until((b) => b === ': live');
      await org.manager.post('/api/iot/readings', { readings: [weight(scale, 10, 1), weight(second, 1, 2)] });
      const event = dataOf((await sse.until((b) => b.includes('event: reading'))) as string);
      expect(event).toMatchObject({ device_id: second, seq: 1, value: 2 });
      await sse.cancel();
    },
    WAIT_MS,
  );

  it('needs a session, and refuses an unknown device', async () => {
    expect((await fetch(`${otherUrl}/api/devices/${scale}/readings/stream`)).status).toBe(401);
    const unknown = await open(otherUrl, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it(
    'ends open streams when the server closes',
    async () => {
      const closing = await buildApp({
        config: { publicUrl: 'http://localhost:3000', logLevel: 'silent' },
        db: ctx.database.db,
        logSequencer: false,
        factsRefresh: false,
        reportSchedules: false,
        marketAlerts: false,
        iotAlerts: false,
      });
      const url = await closing.listen({ port: 0, host: '127.0.0.1' });
      const res = await open(url, scale);
      const sse = sseReader(res.body as ReadableStream<Uint8Array>);
      await sse.until((b) => b === ': live');
      await closing.close();
      // The stream ends (null) rather than hanging.
      expect(await sse.until(() => false)).toBeNull();
    },
    WAIT_MS,
  );

  it(
    'ends when its session is signed out (checked at each heartbeat), not before',
    async () => {
      const url = await instance({ heartbeatMs: 200 });
      const member = await (await client(ctx.app)).login('manager.rds@demo.plastrace.ph', DEMO_PASSWORD);
      const res = await open(url, scale, { authorization: `Bearer ${member.token}` });
      const sse = sseReader(res.body as ReadableStream<Uint8Array>);
      await sse.until((b) => b === ': live');
      // A heartbeat is written only after the check passed: the stream lives while the session does.
      expect(await sse.until((b) => b === ': heartbeat')).toBe(': heartbeat');
      expect((await member.post('/api/auth/logout')).statusCode).toBe(200);
      expect(await sse.until(() => false)).toBeNull();
    },
    WAIT_MS,
  );

  it(
    'ends when its API key is revoked',
    async () => {
      const url = await instance({ heartbeatMs: 200 });
      const issued = await org.admin.post('/api/api-keys', { name: 'erp stream', scopes: ['read'] });
      expect(issued.statusCode).toBe(201);
      const key = issued.json() as { id: string; secret: string };
      const res = await open(url, scale, { 'x-api-key': key.secret });
      expect(res.status).toBe(200);
      const sse = sseReader(res.body as ReadableStream<Uint8Array>);
      await sse.until((b) => b === ': live');
      expect(await sse.until((b) => b === ': heartbeat')).toBe(': heartbeat');
      await revokeKey(org.admin, key.id);
      expect(await sse.until(() => false)).toBeNull();
    },
    WAIT_MS,
  );

  it(
    'ends after its longest life, whatever happens',
    async () => {
      const url = await instance({ maxLifeMs: 1_000 });
      const res = await open(url, scale);
      const sse = sseReader(res.body as ReadableStream<Uint8Array>);
      await sse.until((b) => b === ': live');
      expect(await sse.until(() => false)).toBeNull();
    },
    WAIT_MS,
  );
});
