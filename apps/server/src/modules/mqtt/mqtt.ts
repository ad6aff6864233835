import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, isLoopbackHost } from '../../config.ts';
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
  /** The embedded broker's address (MQTT_HOST, else HOST). */
  host?: string;
  /** Whether the port was chosen (MQTT_PORT set): then a port in use stops the start. */
  portChosen: boolean;
  /** PEM files of the embedded broker's certificate and key (MQTT_TLS_CERT, MQTT_TLS_KEY): mqtts. */
  tls?: { certFile: string; keyFile: string };
  /** The bridge's MQTT client id: stable, so the broker keeps its session while the server is down. */
  clientId: string;
};

/** What runs: `port` is the embedded broker's, `close` stops it or the bridge. */
export type MqttHandle = {
  mode: 'embedded' | 'external';
  port: number | null;
  /** Whether the embedded broker speaks mqtts. */
  tls: boolean;
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
    const bridge = startMqttBridge(db, log, { url: s.url, clientId: s.clientId });
    return { mode: 'external', port: null, tls: false, ready: bridge.ready, close: bridge.close };
  }
  if (s.port === 'off') return null;
  // Read before listening: a path that cannot be read stops the start rather than falling back to plain MQTT.
  const tls = s.tls && { cert: await readFile(s.tls.certFile), key: await readFile(s.tls.keyFile) };
  try {
    const broker = await startEmbeddedBroker(db, log, { port: s.port, host: s.host, tls });
    if (!tls && s.host && !isLoopbackHost(s.host))
      log.warn(
        `MQTT broker on ${s.host} without TLS: devices' API keys cross the network in clear. Outside a trusted LAN set MQTT_TLS_CERT and MQTT_TLS_KEY (or MQTT_HOST=127.0.0.1)`,
      );
    log.info(
      `MQTT broker listening on ${s.host ?? 'every address'} port ${broker.port}${tls ? ' with TLS (mqtts)' : ''} (devices sign in with their API key)`,
    );
    return {
      mode: 'embedded',
      port: broker.port,
      tls: broker.tls,
      ready: Promise.resolve(),
      close: broker.close,
    };
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

/**
 * The bridge's client id when MQTT_CLIENT_ID is not set: this machine and the installation's address, so
 * a restart resumes the same session and two installations sharing a broker never take each other's.
 * Instances of one installation on one machine need MQTT_CLIENT_ID each (a broker drops a client whose
 * id connects again elsewhere).
 */
export function defaultMqttClientId(publicUrl: string | undefined): string {
  let site = 'localhost';
  try {
    if (publicUrl) site = new URL(publicUrl).host;
  } catch {
    // loadConfig checked it; an odd value only makes a plainer id.
  }
  return `plastrace-${hostname()}-${site}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 100);
}

/** The settings of the configuration: MQTT_URL, else MQTT_PORT (1884 when unset) on MQTT_HOST or HOST. */
export function mqttSettings(config: Partial<Config>): MqttSettings {
  return {
    url: config.mqttUrl,
    port: config.mqttPort ?? DEFAULT_MQTT_PORT,
    host: config.mqttHost ?? config.host,
    portChosen: config.mqttPort !== undefined,
    tls:
      config.mqttTlsCert && config.mqttTlsKey
        ? { certFile: config.mqttTlsCert, keyFile: config.mqttTlsKey }
        : undefined,
    clientId: config.mqttClientId ?? defaultMqttClientId(config.publicUrl),
  };
}
