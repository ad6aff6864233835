import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const DEFAULT_SUPPORT_EMAIL = 'support@plastrace.ph';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .url('must be a URL')
    .optional(),
  PUBLIC_URL: z.string().url('must be a URL such as https://plastrace.example.ph').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SEED_DEMO: boolish.optional(),
  TRUST_PROXY: boolish.default(false),
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .email('must be an email address such as support@plastrace.ph')
    .default(DEFAULT_SUPPORT_EMAIL),
  LOG_SIGNING_KEY: z
    .string()
    .regex(/^PRIVATE\+KEY\+[^\s+]+\+[0-9a-f]{8}\+\S+$/, 'must read PRIVATE+KEY+<name>+<key id>+<base64 key>')
    .optional(),
  LOG_ORIGIN: z
    .string()
    .regex(/^[^\s+]+$/, 'must be one word without spaces or "+", such as plastrace.example.ph/log')
    .optional(),
  OPERATOR_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().email('must be email addresses separated by commas')))
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\/\S+$/, 'must start with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
  MQTT_PORT: z
    .union([
      z.literal('off'),
      z.coerce
        .number({ message: 'must be a port number or off' })
        .int('must be a whole number')
        .min(0, 'must be between 0 and 65535, or off')
        .max(65535, 'must be between 0 and 65535, or off'),
    ])
    .optional(),
  MQTT_HOST: z.string().trim().min(1, 'must not be empty').optional(),
  MQTT_TLS_CERT: z.string().min(1, 'must be a file path').optional(),
  MQTT_TLS_KEY: z.string().min(1, 'must be a file path').optional(),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1–100 letters, digits, dots, dashes or underscores')
    .optional(),
  READINGS_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be 0 (keep forever) or more')
    .optional(),
  DB_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000')
    .max(1000, 'must be between 1 and 1000')
    .optional(),
});

/**
 * Connections per instance: PostgreSQL does its best work with a few busy connections per core, and
 * a posting takes one round trip, so more only queue inside the database. Streamed exports hold one for
 * their whole download, hence the floor of 10.
 */
export const defaultPoolSize = () => Math.max(10, 4 * availableParallelism());

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** undefined: not set. The embedded database is seeded unless false; a DATABASE_URL one only if true. */
  seedDemo: boolean | undefined;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits key on it). */
  trustProxy: boolean;
  /** Where contact-form messages are sent. */
  supportEmail: string;
  /** Database connections of this instance. */
  poolSize: number;
  /** The record log's signer key; when unset, the one kept in DATA_DIR (made on the first start). */
  logSigningKey: string | undefined;
  /** The record log's name, the first line of its checkpoints. */
  logOrigin: string;
  /**
   * Who runs the installation (lower case): the only administrators the admin tools show the installation's
   * configuration, database and queues to. Unset on a HOST of this machine only: every administrator.
   */
  operatorEmails: string[] | undefined;
  /** An external MQTT broker to take readings from; unset: the embedded broker (modules/mqtt). */
  mqttUrl?: string;
  /** The embedded broker's port; unset: 1884 (mqtt.ts DEFAULT_MQTT_PORT); 'off': no broker. */
  mqttPort?: number | 'off';
  /** The embedded broker's address; unset: HOST. */
  mqttHost?: string;
  /** PEM certificate and key files: the embedded broker then speaks only mqtts (both or neither). */
  mqttTlsCert?: string;
  mqttTlsKey?: string;
  /** The bridge's client id at MQTT_URL; unset: derived from this machine and PUBLIC_URL (mqtt.ts). */
  mqttClientId?: string;
  /** Days readings are kept; unset: 730; 0: forever (readings.retention.ts). */
  readingsRetentionDays?: number;
};

/** Variables whose values are never echoed, not even in a configuration error. */
const SECRET = new Set(['LOG_SIGNING_KEY', 'MQTT_URL']);

/** The log's name when LOG_ORIGIN is not set: the installation's host, then /plastrace-log. */
export const logOrigin = (publicUrl: string) => `${new URL(publicUrl).host}/plastrace-log`;

/** Whether HOST accepts connections from this machine only (then the demo password may be shown). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Reads the environment; every bad value is reported on its own line, naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((k) => (env[k] ? [[k, env[k]]] : [])),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        return `${name}=${SECRET.has(name) ? '(hidden)' : JSON.stringify(env[name])}: ${i.message}`;
      }),
    );
  }
  const v = parsed.data;
  if (!v.MQTT_TLS_CERT !== !v.MQTT_TLS_KEY)
    throw new ConfigError([
      `${v.MQTT_TLS_CERT ? 'MQTT_TLS_KEY' : 'MQTT_TLS_CERT'}: must be set too (MQTT_TLS_CERT and MQTT_TLS_KEY go together)`,
    ]);
  const publicUrl = (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, '');
  return {
    port: v.PORT,
    host: v.HOST,
    // npm runs workspace scripts inside the workspace; a relative DATA_DIR means where `npm start` was typed.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    publicUrl,
    smtpUrl: v.SMTP_URL,
    logLevel: v.LOG_LEVEL,
    seedDemo: v.SEED_DEMO,
    trustProxy: v.TRUST_PROXY,
    supportEmail: v.SUPPORT_EMAIL,
    poolSize: v.DB_POOL_SIZE ?? defaultPoolSize(),
    logSigningKey: v.LOG_SIGNING_KEY,
    logOrigin: v.LOG_ORIGIN ?? logOrigin(publicUrl),
    operatorEmails: v.OPERATOR_EMAILS,
    mqttUrl: v.MQTT_URL,
    mqttPort: v.MQTT_PORT,
    mqttHost: v.MQTT_HOST,
    mqttTlsCert: v.MQTT_TLS_CERT,
    mqttTlsKey: v.MQTT_TLS_KEY,
    mqttClientId: v.MQTT_CLIENT_ID,
    readingsRetentionDays: v.READINGS_RETENTION_DAYS,
  };
}
