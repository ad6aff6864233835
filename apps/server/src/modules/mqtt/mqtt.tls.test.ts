import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { readingsResultsTopic, readingsTopic } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { useTestApp } from '../../test/app.ts';
import { ingestKey, registerDevice } from '../../test/devices.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { defaultMqttClientId, mqttSettings } from './mqtt.ts';

const WAIT_MS = 60_000;

describe('the MQTT settings', () => {
  it('reads MQTT_HOST, the TLS files and MQTT_CLIENT_ID', () => {
    const c = loadConfig({
      HOST: '0.0.0.0',
      MQTT_HOST: '10.0.0.5',
      MQTT_TLS_CERT: '/etc/plastrace/mqtt.crt',
      MQTT_TLS_KEY: '/etc/plastrace/mqtt.key',
      MQTT_CLIENT_ID: 'plastrace-site-1',
    });
    expect(mqttSettings(c)).toMatchObject({
      host: '10.0.0.5',
      tls: { certFile: '/etc/plastrace/mqtt.crt', keyFile: '/etc/plastrace/mqtt.key' },
      clientId: 'plastrace-site-1',
    });
  });

  it('binds the broker to HOST unless MQTT_HOST says otherwise, without TLS unless given', () => {
    const s = mqttSettings(loadConfig({ HOST: '127.0.0.1' }));
    expect(s.host).toBe('127.0.0.1');
    expect(s.tls).toBeUndefined();
  });

  it('wants the certificate and the key together, and a plain client id', () => {
    expect(() => loadConfig({ MQTT_TLS_CERT: '/x.crt' })).toThrow(ConfigError);
    expect(() => loadConfig({ MQTT_TLS_CERT: '/x.crt' })).toThrow(/MQTT_TLS_KEY/);
    expect(() => loadConfig({ MQTT_TLS_KEY: '/x.key' })).toThrow(/MQTT_TLS_CERT/);
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'has spaces' })).toThrow(/MQTT_CLIENT_ID/);
  });

  it('derives a stable client id from this machine and the installation’s address', () => {
    const id = defaultMqttClientId('https://plastrace.example.ph:8443');
    expect(id).toBe(defaultMqttClientId('https://plastrace.example.ph:8443'));
    expect(id).toMatch(/^plastrace-[A-Za-z0-9._-]+-plastrace\.example\.ph-8443$/);
    expect(defaultMqttClientId('https://other.example.ph')).not.toBe(id);
  });
});

const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!openssl) console.warn('openssl is not installed: the mqtts test (a self-signed certificate) is skipped');

describe.skipIf(!openssl)('the embedded broker with TLS (MQTT_TLS_CERT, MQTT_TLS_KEY)', () => {
  const ctx = useTestApp();
  let dir: string;
  let ca: Buffer;
  let app: App;
  let port: number;
  const clients: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plastrace-mqtts-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    // A self-signed certificate for this machine, made for the test.
    await promisify(execFile)(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { timeout: WAIT_MS },
    );
    ca = await readFile(cert);
    app = await buildApp({
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        host: '0.0.0.0',
        mqttHost: '127.0.0.1',
        mqttPort: 0,
        mqttTlsCert: cert,
        mqttTlsKey: key,
      },
      db: ctx.database.db,
      logSequencer: false,
      factsRefresh: false,
      reportSchedules: false,
      marketAlerts: false,
      iotAlerts: false,
      deviceServices: true,
    });
    await app.ready();
    expect(app.mqtt).toMatchObject({ mode: 'embedded', tls: true });
    port = app.mqtt?.port as number;
  }, WAIT_MS);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const connect = async (url: string, opts: mqtt.IClientOptions) => {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 10_000, ...opts });
    clients.push(c);
    return c;
  };

  it(
    'takes readings over mqtts from a device that trusts its certificate',
    async () => {
      const org = await seededOrganization(ctx, 'mqs');
      const scale = await registerDevice(org.manager, 'platform_scale');
      const key = await ingestKey(org.admin, scale);
      const client = await connect(`mqtts://127.0.0.1:${port}`, {
        ca,
        username: scale,
        password: key.secret,
      });
      await client.subscribeAsync(readingsResultsTopic(scale), { qos: 0 });
      const results = new Promise<{ accepted: number }>((resolve) =>
        client.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
      );
      const at = new Date().toISOString();
      await client.publishAsync(
        readingsTopic(scale),
        JSON.stringify({ seq: 1, recorded_at: at, kind: 'weight', value: 1234, stable: true }),
        { qos: 1 },
      );
      expect((await results).accepted).toBe(1);
      const row = await ctx.database.db.execute<{ value: number; api_key_id: string }>(
        sql`SELECT value, api_key_id FROM device_readings WHERE device_id = ${scale} AND seq = 1`,
      );
      expect(row.rows).toEqual([{ value: 1234, api_key_id: key.id }]);
    },
    WAIT_MS,
  );

  it(
    'speaks nothing but TLS on its port, and a client that does not trust the certificate refuses it',
    async () => {
      // A plain MQTT CONNECT (protocol MQTT 3.1.1, client id "x"): a TLS server answers no CONNACK (0x20).
      const connectPacket = Buffer.from([0x10, 13, 0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 2, 0, 60, 0, 1, 0x78]);
      const answer = await new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(connectPacket));
        socket.on('data', (d) => chunks.push(d));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(Buffer.concat(chunks)));
      });
      expect(answer[0]).not.toBe(0x20);
      const refused = await new Promise<string>((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port, servername: 'localhost' }, () => {
          socket.end();
          resolve('trusted');
        });
        socket.on('error', (err: NodeJS.ErrnoException) => resolve(String(err.code)));
      });
      expect(refused).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    },
    WAIT_MS,
  );
});
