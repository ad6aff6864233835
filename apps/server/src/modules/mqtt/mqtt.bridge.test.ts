import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { Writable } from 'node:stream';
import { readingsTopic } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { useTestApp } from '../../test/app.ts';
import { ingestKey, registerDevice } from '../../test/devices.ts';
import { seededOrganization } from '../../test/masterdata.ts';

// The bridge to an external broker (MQTT_URL) against the machine's Mosquitto: its persistent session
// and what it does when a write fails. Each run has its own client id and device, so runs sharing the
// broker never see each other's traffic; the session is removed after the file.
const ctx = useTestApp();
const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const WAIT_MS = 60_000;
const clientId = `plastrace-test-${randomBytes(6).toString('hex')}`;

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 1883 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});
if (!mosquittoUp) console.warn(`Mosquitto is not reachable at ${MOSQUITTO}: the bridge tests are skipped`);

/** What the app logged, line by line (JSON). */
const logged: string[] = [];
const logger = pino(
  { level: 'warn' },
  new Writable({
    write(chunk, _enc, done) {
      logged.push(String(chunk));
      done();
    },
  }),
);

const bridged = async (): Promise<App> => {
  const app = await buildApp({
    config: {
      publicUrl: 'http://localhost:3000',
      logLevel: 'warn',
      mqttUrl: MOSQUITTO,
      mqttClientId: clientId,
    },
    db: ctx.database.db,
    logger,
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

/** Waits for a condition with a generous limit (the machine may be busy), checking every 100 ms. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const end = Date.now() + WAIT_MS - 5_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const storedRows = async (deviceId: string, seq: number) =>
  (
    await ctx.database.db.execute<{ value: number; api_key_id: string | null }>(
      sql`SELECT value, api_key_id FROM device_readings WHERE device_id = ${deviceId} AND seq = ${seq}`,
    )
  ).rows;

/** Runs SQL as the database's owner (the app's role may not change its own privileges). */
async function asOwner(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: ctx.database.url });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

const reading = (seq: number, value: number) => ({
  seq,
  recorded_at: new Date().toISOString(),
  kind: 'weight',
  value,
  unit: 'kg',
  stable: true,
});

describe.skipIf(!mosquittoUp)(`the bridge to an external broker (Mosquitto at ${MOSQUITTO})`, () => {
  let org: Awaited<ReturnType<typeof seededOrganization>>;
  let device: string;
  let key: { id: string; secret: string };
  let publisher: mqtt.MqttClient;
  let app: App | undefined;
  const publish = (payload: unknown) =>
    publisher.publishAsync(readingsTopic(device), JSON.stringify(payload), { qos: 1 });

  beforeAll(async () => {
    org = await seededOrganization(ctx, 'mqb');
    device = await registerDevice(org.manager, 'platform_scale');
    key = await ingestKey(org.admin, device);
    publisher = await mqtt.connectAsync(MOSQUITTO, { reconnectPeriod: 0, connectTimeout: 10_000 });
  });

  afterAll(async () => {
    await app?.close();
    await publisher?.endAsync(true);
    // A clean connection with the same id ends the persistent session the bridge left on the broker.
    const cleanup = await mqtt.connectAsync(MOSQUITTO, { clientId, clean: true, reconnectPeriod: 0 });
    await cleanup.endAsync();
  });

  it(
    'stores a message with the key it carried, and keeps what arrives while the server is down',
    async () => {
      app = await bridged();
      await publish({ key: key.secret, readings: [reading(1, 10)] });
      const first = await until('the first reading', async () => (await storedRows(device, 1))[0]);
      expect(first).toEqual({ value: 10, api_key_id: key.id });

      // Down: the broker keeps the session (same client id, clean: false) and queues for it.
      await app.close();
      app = undefined;
      await publish({ key: key.secret, readings: [reading(2, 20)] });
      expect(await storedRows(device, 2)).toEqual([]);
      app = await bridged();
      const queued = await until('the queued reading', async () => (await storedRows(device, 2))[0]);
      expect(queued.value).toBe(20);
    },
    WAIT_MS,
  );

  it(
    'does not acknowledge a message whose write failed: the broker sends it again',
    async () => {
      app ??= await bridged();
      const role = ctx.database.role;
      expect(role).toBeDefined();
      // A real failure of the write: the app's role loses INSERT on the readings for a moment.
      await asOwner(`REVOKE INSERT ON device_readings FROM ${role}`);
      try {
        await publish({ key: key.secret, readings: [reading(3, 30)] });
        await until(
          'the failed write in the log',
          () => logged.some((l) => l.includes('storing readings failed')) || undefined,
        );
        expect(await storedRows(device, 3)).toEqual([]);
      } finally {
        await asOwner(`GRANT INSERT ON device_readings TO ${role}`);
      }
      // Not acknowledged, so delivered again after the bridge reconnects; stored once.
      const again = await until('the redelivered reading', async () => (await storedRows(device, 3))[0]);
      expect(again).toEqual({ value: 30, api_key_id: key.id });
      expect(await storedRows(device, 3)).toHaveLength(1);
    },
    WAIT_MS,
  );
});
