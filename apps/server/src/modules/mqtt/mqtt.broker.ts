import { createServer, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { readingsResultsTopic } from '@plastrace/shared';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type VerifiedKey, verifyApiKey } from '../api-keys/api-keys.verify.ts';
import { devicesForIngest } from '../readings/readings.repo.ts';
import { handleReadings } from './mqtt.handle.ts';
import { deviceOfReadingsTopic, deviceOfResultsTopic } from './mqtt.payload.ts';

export type MqttBroker = { port: number; tls: boolean; close: () => Promise<void> };

/** The embedded broker's certificate and private key (PEM), for mqtts: MQTT_TLS_CERT and MQTT_TLS_KEY. */
export type BrokerTls = { cert: Buffer; key: Buffer };

// CONNACK return codes (MQTT 3.1.1 §3.2.2.3).
const BAD_CREDENTIALS = 4;
const NOT_AUTHORIZED = 5;
const UNAVAILABLE = 3;

const refusal = (message: string, returnCode: number) =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

type Session = { key: VerifiedKey; secret: string };

/**
 * The embedded MQTT broker (aedes), used when MQTT_URL is not set. A device connects with its ingest
 * API key as the password (the username is free: its device id, say); it may publish only to
 * plastrace/devices/{id}/readings of its own device (an unbound ingest key: of any of its organization's
 * devices) and subscribe only to that topic's `/results`. Each message is stored before its PUBACK, so a
 * QoS 1 publish acknowledged is a reading stored; the key is checked again on every message, so a
 * revoked key stops at its next publish. It listens on `host` (MQTT_HOST, else HOST), with TLS when given
 * a certificate and key (mqtts); without, the keys cross the network in clear: a trusted LAN only.
 */
export async function startEmbeddedBroker(
  db: Db,
  log: FastifyBaseLogger,
  opts: { port: number; host?: string; tls?: BrokerTls },
): Promise<MqttBroker> {
  const sessions = new WeakMap<Client, Session>();
  const broker = await Aedes.createBroker({
    authenticate(client, _username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      verifyApiKey(db, secret).then(
        (key) => {
          if (!key) return done(refusal('Unknown or revoked API key', BAD_CREDENTIALS), false);
          if (!key.scopes.includes('ingest'))
            return done(refusal('This API key may not send readings', NOT_AUTHORIZED), false);
          sessions.set(client, { key, secret });
          done(null, true);
        },
        (err: unknown) => {
          log.warn({ err }, 'mqtt: checking a key failed');
          done(refusal('Try again later', UNAVAILABLE), false);
        },
      );
    },

    authorizePublish(client, packet, done) {
      const session = client && sessions.get(client);
      const deviceId = deviceOfReadingsTopic(packet.topic);
      if (!session || !deviceId) return done(new Error(`publishing to ${packet.topic} is not allowed`));
      if (session.key.deviceId && session.key.deviceId !== deviceId)
        return done(new Error('this key may publish only for its own device'));
      // Stored (or refused, with results) before the broker acknowledges the message.
      handleReadings(db, log, {
        deviceId,
        payload: packet.payload as Buffer,
        secret: session.secret,
        embedded: true,
      })
        .then((outcome) => {
          // The error closes the connection (MQTT 3.1.1 has no refusal of a publish).
          if (outcome.revoked) return done(new Error('API key revoked'));
          if (outcome.results) publishResults(broker, deviceId, outcome.results);
          done(null);
        })
        .catch((err: unknown) => {
          // Not acknowledged: a QoS 1 device sends it again when it reconnects.
          log.warn({ err, deviceId }, 'mqtt: storing readings failed');
          done(err as Error);
        });
    },

    authorizeSubscribe(client, sub, done) {
      const session = sessions.get(client);
      const deviceId = deviceOfResultsTopic(sub.topic);
      if (!session || !deviceId) return done(null, null);
      if (session.key.deviceId) return done(null, session.key.deviceId === deviceId ? sub : null);
      devicesForIngest(db, session.key.organizationId, [deviceId]).then(
        (found) => done(null, found.length ? sub : null),
        () => done(null, null),
      );
    },
  });
  broker.on('clientError', (client, err) => log.debug({ err, client: client.id }, 'mqtt: client error'));

  // With a certificate the port speaks only mqtts: keys travel as passwords, so TLS is all or nothing.
  const server: Server = opts.tls
    ? createTlsServer({ cert: opts.tls.cert, key: opts.tls.key, minVersion: 'TLSv1.2' }, broker.handle)
    : createServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    // The broker runs timers of its own: stop it, or a failed start leaves the process running.
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    port,
    tls: !!opts.tls,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function publishResults(broker: Aedes, deviceId: string, results: unknown): void {
  broker.publish(
    {
      cmd: 'publish',
      topic: readingsResultsTopic(deviceId),
      payload: Buffer.from(JSON.stringify(results)),
      qos: 0,
      retain: false,
      dup: false,
    },
    () => undefined,
  );
}
