import { randomBytes } from 'node:crypto';
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

/**
 * With MQTT_URL set: subscribes to every device's readings topic on that broker (Mosquitto, EMQX…),
 * which authenticates the connections itself, so each message carries its device's key (`key`). Each
 * message is stored before it is acknowledged (QoS 1); its results go to the `/results` topic when the
 * key is this installation's. The client reconnects by itself; the server starts without waiting.
 */
export function startMqttBridge(db: Db, log: FastifyBaseLogger, url: string): MqttBridge {
  const where = redactMqttUrl(url);
  const client = mqtt.connect(url, {
    clientId: `plastrace-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });
  // Acknowledged only when handled: a message lost with this process is sent again by the broker.
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
        log.warn({ err, deviceId }, 'mqtt: storing readings failed');
        done();
      });
  };
  let subscribed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  client.on('connect', () => {
    client.subscribe(READINGS_SUBSCRIPTION, { qos: 1 }, (err) => {
      if (err) return log.error({ err }, `mqtt: cannot subscribe on ${where}`);
      log.info(`mqtt: subscribed to ${READINGS_SUBSCRIPTION} on ${where}`);
      subscribed();
    });
  });
  let warned = false;
  client.on('error', (err) => {
    if (!warned) log.warn({ err: { message: err.message } }, `mqtt: ${where} refused or failed; retrying`);
    warned = true;
  });
  client.on('reconnect', () => log.debug(`mqtt: reconnecting to ${where}`));
  return { ready, close: () => client.endAsync() };
}
