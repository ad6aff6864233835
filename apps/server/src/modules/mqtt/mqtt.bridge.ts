import { readingsResultsTopic } from '@plastrace/shared';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { Db } from '../../db/client.ts';
import { handleReadings } from './mqtt.handle.ts';
import { deviceOfReadingsTopic } from './mqtt.payload.ts';

export const READINGS_SUBSCRIPTION = 'plastrace/devices/+/readings';

export type MqttBridge = {
  /** Resolves once subscribed (the first time); the client reconnects on its own after that. */
  ready: Promise<void>;
  close: () => Promise<void>;
};

/** Shows a broker's address without its user and password. */
export const redactMqttUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'the MQTT broker';
  }
};

/** How long after a failed write the bridge reconnects, so that the broker sends the message again. */
const REDELIVER_AFTER_MS = 5_000;

/**
 * With MQTT_URL set: subscribes (QoS 1) to every device's readings topic on that broker (Mosquitto,
 * EMQX…), which authenticates the connections itself, so each message carries its device's key (`key`).
 * The client has a stable id (`clientId`: MQTT_CLIENT_ID, else one derived from the installation) and a
 * persistent session (`clean: false`), so the broker keeps what arrives while this server is down or
 * restarting and delivers it on reconnection. A message is acknowledged only once stored (or refused, or
 * found not this installation's); when its database write fails it is not acknowledged, and the bridge
 * reconnects a moment later, since a broker sends an unacknowledged message again only when the session
 * resumes (a stored reading sent twice is a duplicate, never an error). Results go to the `/results`
 * topic when the key is this installation's. The client reconnects by itself; the server starts
 * without waiting.
 */
export function startMqttBridge(
  db: Db,
  log: FastifyBaseLogger,
  opts: { url: string; clientId: string },
): MqttBridge {
  const where = redactMqttUrl(opts.url);
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    clean: false,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });
  let redelivery: NodeJS.Timeout | undefined;
  const redeliver = () => {
    if (redelivery) return;
    redelivery = setTimeout(() => {
      redelivery = undefined;
      // Dropping the connection makes the client reconnect; the broker then resends what was not acknowledged.
      if (client.connected) client.stream.destroy();
    }, REDELIVER_AFTER_MS);
    redelivery.unref();
  };
  client.handleMessage = (packet, done) => {
    const deviceId = deviceOfReadingsTopic(packet.topic);
    if (!deviceId || !Buffer.isBuffer(packet.payload)) return done();
    handleReadings(db, log, { deviceId, payload: packet.payload, embedded: false })
      .then((outcome) => {
        if (outcome.results)
          client.publish(readingsResultsTopic(deviceId), JSON.stringify(outcome.results), { qos: 0 });
        done();
      })
      .catch((err: unknown) => {
        log.error(
          { err, deviceId },
          'mqtt: storing readings failed; not acknowledged, so the broker sends them again',
        );
        // An error to mqtt.js's callback means no PUBACK.
        done(err instanceof Error ? err : new Error(String(err)));
        redeliver();
      });
  };
  let subscribed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  client.on('connect', () => {
    client.subscribe(READINGS_SUBSCRIPTION, { qos: 1 }, (err) => {
      if (err) return log.error({ err }, `mqtt: cannot subscribe on ${where}`);
      log.info(`mqtt: subscribed to ${READINGS_SUBSCRIPTION} on ${where} as ${opts.clientId}`);
      subscribed();
    });
  });
  let warned = false;
  client.on('error', (err) => {
    if (!warned) log.warn({ err: { message: err.message } }, `mqtt: ${where} refused or failed; retrying`);
    warned = true;
  });
  client.on('reconnect', () => log.debug(`mqtt: reconnecting to ${where}`));
  return {
    ready,
    close: async () => {
      clearTimeout(redelivery);
      await client.endAsync();
    },
  };
}
