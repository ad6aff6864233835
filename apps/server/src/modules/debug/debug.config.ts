import { DEBUG_SECRET_NOT_SET, DEBUG_SECRET_SET, type DebugSetting } from '@plastrace/shared';
import type { Config } from '../../config.ts';

/** What the app was given: everything in production (main.ts), only what a test needs in tests. */
export type DebugConfig = Partial<Config>;

// Query parameters of a connection URL that may carry a secret (libpq's password and sslpassword, a
// provider's token): their values are never shown, whatever the URL.
const SECRET_PARAM = /pass|secret|token|key|auth|cred/i;

const secretSetting = (name: string, isSet: boolean, description: string): DebugSetting => ({
  name,
  value: isSet ? DEBUG_SECRET_SET : DEBUG_SECRET_NOT_SET,
  secret: true,
  description,
});

const setting = (name: string, value: unknown, description: string): DebugSetting => ({
  name,
  value: value === undefined || value === null ? null : String(value),
  secret: false,
  description,
});

/**
 * A connection URL without its secrets: no password, no secret query value, and with `keepUser` false
 * no user either (an SMTP provider's user can be its API token). Null when it does not parse: then
 * nothing of it can be shown safely.
 */
export function redactUrl(raw: string, keepUser: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  url.password = '';
  if (!keepUser) url.username = '';
  for (const key of [...url.searchParams.keys()])
    if (SECRET_PARAM.test(key)) url.searchParams.set(key, DEBUG_SECRET_SET);
  return url.toString();
}

function hasPassword(raw: string | undefined): boolean {
  if (!raw) return false;
  try {
    const url = new URL(raw);
    return url.password !== '' || [...url.searchParams.keys()].some((k) => SECRET_PARAM.test(k));
  } catch {
    // Unreadable, yet set: assume it holds one rather than say "not set" of a secret that is there.
    return true;
  }
}

/** Every setting of config.ts, in the README's order; secrets only as "set" or "not set". */
export function settingsOf(config: DebugConfig): DebugSetting[] {
  const dbUrl = config.databaseUrl;
  const smtpUrl = config.smtpUrl;
  return [
    setting('PORT', config.port, 'Port the server listens on'),
    setting('HOST', config.host, 'Address the server listens on'),
    setting('PUBLIC_URL', config.publicUrl, 'Address in links and e-mails'),
    setting('DATA_DIR', config.dataDir, 'Embedded database and the record log’s key file'),
    setting(
      'DATABASE_URL',
      dbUrl ? (redactUrl(dbUrl, true) ?? DEBUG_SECRET_SET) : null,
      dbUrl
        ? 'External PostgreSQL, shown without its password'
        : 'Not set: the embedded PostgreSQL in DATA_DIR',
    ),
    secretSetting('DATABASE_URL password', hasPassword(dbUrl), 'The database password in DATABASE_URL'),
    setting('DB_POOL_SIZE', config.poolSize, 'Database connections of this instance'),
    setting(
      'SMTP_URL',
      smtpUrl ? (redactUrl(smtpUrl, false) ?? DEBUG_SECRET_SET) : null,
      smtpUrl ? 'Mail server, shown without its user and password' : 'Not set: mail is printed to the log',
    ),
    secretSetting(
      'SMTP_URL user and password',
      !!smtpUrl && (hasPassword(smtpUrl) || smtpUrl.includes('@')),
      'The mail server’s sign-in in SMTP_URL',
    ),
    setting('SUPPORT_EMAIL', config.supportEmail, 'Where contact-form messages go'),
    setting('LOG_LEVEL', config.logLevel, 'Server log detail'),
    setting(
      'SEED_DEMO',
      config.seedDemo,
      'Demo organization at start (not set: only on the embedded database)',
    ),
    setting('TRUST_PROXY', config.trustProxy, 'Client address from X-Forwarded-For'),
    secretSetting(
      'LOG_SIGNING_KEY',
      !!config.logSigningKey,
      config.logSigningKey ? 'The record log’s signing key' : 'Not set: the key file in DATA_DIR signs',
    ),
    setting('LOG_ORIGIN', config.logOrigin, 'The record log’s name, the first line of its checkpoints'),
    secretSetting(
      'MQTT_URL',
      !!config.mqttUrl,
      config.mqttUrl
        ? 'The external MQTT broker readings come from (it may hold a password)'
        : 'Not set: the embedded MQTT broker',
    ),
    setting('MQTT_PORT', config.mqttPort, 'The embedded MQTT broker’s port (not set: 1884; off: none)'),
    setting('MQTT_HOST', config.mqttHost, 'Address the embedded MQTT broker listens on (not set: HOST)'),
    setting(
      'MQTT_TLS_CERT',
      config.mqttTlsCert,
      'The embedded broker’s certificate file: it speaks mqtts (not set: plain MQTT)',
    ),
    setting('MQTT_TLS_KEY', config.mqttTlsKey, 'The embedded broker’s private key file (its path only)'),
    setting(
      'MQTT_CLIENT_ID',
      config.mqttClientId,
      'The client id at MQTT_URL (not set: from this machine and PUBLIC_URL)',
    ),
    setting(
      'READINGS_RETENTION_DAYS',
      config.readingsRetentionDays,
      'Days device readings are kept (not set: 730; 0: forever)',
    ),
    setting(
      'OPERATOR_EMAILS',
      config.operatorEmails?.join(', '),
      'Who runs the installation and sees this page’s installation figures (not set: every administrator, on a HOST of this machine only)',
    ),
  ];
}
