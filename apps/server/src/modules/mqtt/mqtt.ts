import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { startMqttBridge } from './mqtt.bridge.ts';
import { startEmbeddedBroker } from './mqtt.broker.ts';

/** The embedded broker's port when MQTT_PORT is not set (Mosquitto usually has 1883). */
export const DEFAULT_MQTT_PORT = 1884;

export type MqttSettings = {
  /** An external broker to subscribe to; when set, nothing is embedded. */
  url?: string;
  /** The embedded broker's port (0: any free port); 'off': no broker. */
  port: number | 'off';
  host?: string;
  /** Whether the port was chosen (MQTT_PORT set): then a port in use stops the start. */
  portChosen: boolean;
};

/** What runs: `port` is the embedded broker's, `close` stops it or the bridge. */
export type MqttHandle = {
  mode: 'embedded' | 'external';
  port: number | null;
  /** Resolves once the bridge subscribed (at once for the embedded broker, which is up when started). */
  ready: Promise<void>;
  close: () => Promise<void>;
};

/**
 * Starts MQTT ingest as configured: the bridge to MQTT_URL, else the embedded broker on MQTT_PORT. With
 * the default port taken (another PlasTrace on this machine) the server still starts, without a broker,
 * and says so; a port given in MQTT_PORT that cannot be had is an error.
 */
export async function startMqtt(db: Db, log: FastifyBaseLogger, s: MqttSettings): Promise<MqttHandle | null> {
  if (s.url) {
    const bridge = startMqttBridge(db, log, s.url);
    return { mode: 'external', port: null, ready: bridge.ready, close: bridge.close };
  }
  if (s.port === 'off') return null;
  try {
    const broker = await startEmbeddedBroker(db, log, { port: s.port, host: s.host });
    log.info(`MQTT broker listening on port ${broker.port} (devices sign in with their API key)`);
    return { mode: 'embedded', port: broker.port, ready: Promise.resolve(), close: broker.close };
  } catch (err) {
    if (s.portChosen || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    log.error(
      `MQTT port ${s.port} is in use, so the embedded broker is not running; set MQTT_PORT to another port (or MQTT_PORT=off)`,
    );
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** MQTT ingest when app.ts started it (deviceServices), else null. */
    mqtt: MqttHandle | null;
  }
}

/** The settings of the configuration: MQTT_URL, else MQTT_PORT (1884 when unset) on HOST. */
export function mqttSettings(config: Partial<Config>): MqttSettings {
  return {
    url: config.mqttUrl,
    port: config.mqttPort ?? DEFAULT_MQTT_PORT,
    host: config.host,
    portChosen: config.mqttPort !== undefined,
  };
}
