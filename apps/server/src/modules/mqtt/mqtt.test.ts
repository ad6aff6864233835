import { execFile } from 'node:child_process';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readingsResultsTopic, readingsTopic } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { useTestApp } from '../../test/app.ts';
import { ingestKey, registerDevice, revokeKey } from '../../test/devices.ts';
import { seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
const WAIT_MS = 30_000;
const MOSQUITTO = 'mqtt://127.0.0.1:1883';

let org: Awaited<ReturnType<typeof seededOrganization>>;
let scale: string;
let sensor: string;
const clients: MqttClient[] = [];

const serverWith = async (config: { mqttPort?: number; mqttUrl?: string }): Promise<App> => {
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', host: '127.0.0.1', ...config },
    db: ctx.database.db,
    logSequencer: false,
    factsRefresh: false,
    reportSchedules: false,
    marketAlerts: false,
    iotAlerts: false,
    deviceServices: true,
  });
  await app.ready();
  await app.mqtt?.ready;
  return app;
};

/** A connected MQTT client; rejects with the broker's refusal. */
async function connect(url: string, opts: mqtt.IClientOptions = {}): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 10_000, ...opts });
  clients.push(client);
  return client;
}

/** The next message on `topic`, as JSON. */
async function nextMessage(client: MqttClient, topic: string): Promise<unknown> {
  return new Promise((resolve) => {
    const on = (t: string, payload: Buffer) => {
      if (t !== topic) return;
      client.off('message', on);
      resolve(JSON.parse(payload.toString()));
    };
    client.on('message', on);
  });
}

/** Publishes and waits for the batch's results on the results topic. */
async function publishForResults(client: MqttClient, deviceId: string, payload: unknown) {
  const results = nextMessage(client, readingsResultsTopic(deviceId));
  await client.publishAsync(readingsTopic(deviceId), JSON.stringify(payload), { qos: 1 });
  return results as Promise<{
    accepted: number;
    rejected: number;
    results: { status: string; message?: string }[];
  }>;
}

const stored = async (deviceId: string, seq: number) => {
  const res = await ctx.database.db.execute<{ value: number }>(
    sql`SELECT value FROM device_readings WHERE device_id = ${deviceId} AND seq = ${seq}`,
  );
  return res.rows[0]?.value;
};

const reading = (seq: number, value: number) => ({
  seq,
  recorded_at: new Date().toISOString(),
  kind: 'weight',
  value,
  unit: 'kg',
  stable: true,
});

beforeAll(async () => {
  org = await seededOrganization(ctx, 'mqt');
  scale = await registerDevice(org.manager, 'weighbridge');
  sensor = await registerDevice(org.manager, 'environment_sensor');
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

describe('the embedded broker', () => {
  let app: App;
  let url: string;
  beforeAll(async () => {
    app = await serverWith({ mqttPort: 0 });
    expect(app.mqtt?.mode).toBe('embedded');
    url = `mqtt://127.0.0.1:${app.mqtt?.port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it(
    'stores a device’s readings, acknowledging once stored, and answers on the results topic',
    async () => {
      const key = await ingestKey(org.admin, scale);
      const client = await connect(url, { username: scale, password: key.secret });
      await client.subscribeAsync(readingsResultsTopic(scale), { qos: 0 });
      const results = await publishForResults(client, scale, [reading(1, 14_500), reading(2, 14_510)]);
      expect(results).toMatchObject({ accepted: 2, rejected: 0 });
      expect(await stored(scale, 2)).toBe(14_510);
      // The same message again: duplicates, no error; a bad reading is refused on its own.
      const again = await publishForResults(client, scale, {
        readings: [
          reading(2, 14_510),
          { seq: 3, recorded_at: new Date().toISOString(), kind: 'energy', value: 1 },
        ],
      });
      expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'rejected']);
      expect(again.results[1]?.message).toMatch(/weighbridge sends weight/);
    },
    WAIT_MS,
  );

  it(
    'refuses a connection without a valid key',
    async () => {
      await expect(connect(url, { username: scale, password: 'ptk_not-a-real-key-at-all' })).rejects.toThrow(
        /Bad username or password/i,
      );
      await expect(connect(url, {})).rejects.toThrow();
    },
    WAIT_MS,
  );

  it(
    'lets a bound key publish only for its own device and read only its own results',
    async () => {
      const key = await ingestKey(org.admin, scale);
      const client = await connect(url, { username: 'gateway', password: key.secret });
      // The broker answers the subscription with 128 (refused), which mqtt.js reports as an error.
      await expect(client.subscribeAsync(readingsResultsTopic(sensor))).rejects.toThrow(/Subscribe error/);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(
        readingsTopic(sensor),
        JSON.stringify({ seq: 1, recorded_at: new Date().toISOString(), kind: 'temperature', value: 30 }),
        { qos: 1 },
      );
      await closed;
      expect(await stored(sensor, 1)).toBeUndefined();
    },
    WAIT_MS,
  );

  it(
    'lets an unbound ingest key publish for any device of its organization',
    async () => {
      const key = await ingestKey(org.admin, null);
      const client = await connect(url, { username: 'gateway', password: key.secret });
      await client.subscribeAsync(readingsResultsTopic(sensor));
      const results = await publishForResults(client, sensor, {
        seq: 7,
        recorded_at: new Date().toISOString(),
        kind: 'humidity',
        value: 71,
      });
      expect(results.accepted).toBe(1);
      expect(await stored(sensor, 7)).toBe(71);
    },
    WAIT_MS,
  );

  it(
    'takes what `npm run simulate:devices` sends',
    async () => {
      const meter = await registerDevice(org.manager, 'energy_meter');
      const key = await ingestKey(org.admin, meter);
      const script = fileURLToPath(new URL('../../../../../scripts/simulate-devices.mjs', import.meta.url));
      const args = ['--key', key.secret, '--device', meter, '--url', url, '--kind', 'energy'];
      const run = await promisify(execFile)(
        process.execPath,
        [script, ...args, '--interval', '100', '--count', '3'],
        {
          timeout: WAIT_MS,
        },
      );
      expect(run.stdout).toMatch(/2 stored, 0 duplicate, 0 refused/);
      const rows = await ctx.database.db.execute<{ kind: string; n: string }>(
        sql`SELECT kind, count(*) AS n FROM device_readings WHERE device_id = ${meter} GROUP BY kind ORDER BY kind`,
      );
      expect(rows.rows.map((r) => [r.kind, Number(r.n)])).toEqual([
        ['energy', 3],
        ['power', 3],
      ]);
    },
    WAIT_MS,
  );

  it(
    'drops a connection whose key was revoked at its next publish',
    async () => {
      const key = await ingestKey(org.admin, scale);
      const client = await connect(url, { username: 'gateway', password: key.secret });
      await revokeKey(org.admin, key.id);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(readingsTopic(scale), JSON.stringify(reading(50, 1)), { qos: 1 });
      await closed;
      expect(await stored(scale, 50)).toBeUndefined();
    },
    WAIT_MS,
  );
});

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 1883 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});
if (!mosquittoUp)
  console.warn(`Mosquitto is not reachable at ${MOSQUITTO}: the external-broker tests are skipped`);

describe.skipIf(!mosquittoUp)(`an external broker (Mosquitto at ${MOSQUITTO})`, () => {
  let app: App;
  let device: string;
  beforeAll(async () => {
    app = await serverWith({ mqttUrl: MOSQUITTO });
    expect(app.mqtt?.mode).toBe('external');
    // A device of this test run only, so other runs on the same broker never see its topic's traffic.
    device = await registerDevice(org.manager, 'platform_scale');
  });
  afterAll(async () => {
    await app?.close();
  });

  it(
    'stores readings whose message carries the device’s key; ignores those without one',
    async () => {
      const key = await ingestKey(org.admin, device);
      const client = await connect(MOSQUITTO);
      await client.subscribeAsync(readingsResultsTopic(device), { qos: 0 });
      // No key: not this installation's message, so no answer and nothing stored. The broker keeps one
      // publisher's messages in order, so once the next message's results arrive, this one was handled.
      await client.publishAsync(readingsTopic(device), JSON.stringify(reading(1, 5)), { qos: 1 });
      const results = await publishForResults(client, device, { key: key.secret, readings: [reading(2, 6)] });
      expect(results).toMatchObject({ accepted: 1, rejected: 0 });
      expect(await stored(device, 2)).toBe(6);
      expect(await stored(device, 1)).toBeUndefined();
      // A single reading may carry the key itself.
      const single = await publishForResults(client, device, { key: key.secret, ...reading(3, 7) });
      expect(single.accepted).toBe(1);
    },
    WAIT_MS,
  );

  it(
    'refuses a key bound to another device, and a revoked key',
    async () => {
      const other = await ingestKey(org.admin, scale);
      const client = await connect(MOSQUITTO);
      await client.subscribeAsync(readingsResultsTopic(device), { qos: 0 });
      const wrong = await publishForResults(client, device, {
        key: other.secret,
        readings: [reading(10, 1)],
      });
      expect(wrong).toEqual({ error: 'This API key may send readings only for its own device' });

      const key = await ingestKey(org.admin, device);
      await revokeKey(org.admin, key.id);
      await client.publishAsync(
        readingsTopic(device),
        JSON.stringify({ key: key.secret, ...reading(11, 1) }),
        { qos: 1 },
      );
      const live = await ingestKey(org.admin, device);
      const after = await publishForResults(client, device, { key: live.secret, ...reading(12, 1) });
      expect(after.accepted).toBe(1);
      expect(await stored(device, 11)).toBeUndefined();
      expect(await stored(device, 10)).toBeUndefined();
    },
    WAIT_MS,
  );
});
