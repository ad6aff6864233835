import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { type Config, ConfigError, isLoopbackHost, loadConfig } from './config.ts';
import { connect, type Database } from './db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { APP_ROLE } from './db/roles.ts';
import { createLogger } from './lib/logger.ts';
import { loadSigner } from './modules/log/signer.ts';
import { compileResponseSerializers } from './plugins/serializer.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './seed/data.ts';
import { demoHint, seedDemoIfEmpty } from './seed/demo.ts';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

async function main() {
  const config = readConfig();
  const log = createLogger(config.logLevel);

  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, (msg) => log.info(msg));
    url = embedded.url;
    log.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    const role = await runMigrations(url);
    if (!role)
      log.warn(
        `the database user may not create the role ${APP_ROLE}, so the app runs as the owner of its tables; create that role (NOLOGIN) and grant it to this user to keep the app from altering or truncating them`,
      );
    database = connect(url, { role, max: config.poolSize });
    const shouldSeed = embedded ? config.seedDemo !== false : config.seedDemo === true;
    if (shouldSeed) {
      const seeded = await seedDemoIfEmpty(database.db, { seed: 1, publicUrl: config.publicUrl });
      if (seeded) log.info(`seeded the demo organization "${seeded.name}" (SEED_DEMO=false turns this off)`);
    }
    // At every start, not just the first: off loopback this log is the only place the password is shown.
    if (await demoHint(database.db)) {
      log.info(
        `sign in at ${config.publicUrl} with ${DEMO_MEMBERS.map((m) => `${m.user.email} (${m.role})`).join(', ')}; password for all: ${DEMO_PASSWORD}`,
      );
      if (!isLoopbackHost(config.host))
        log.warn(
          `HOST=${config.host} is reachable from the network, so the login form does not show the demo password; delete the demo organization before real use`,
        );
    }
    const logSigner = loadSigner({
      signingKey: config.logSigningKey,
      dataDir: config.dataDir,
      origin: config.logOrigin,
    });
    log.info(`record log "${logSigner.origin}": checkpoints verify with the key ${logSigner.vkey}`);
    app = await buildApp({ config, db: database.db, webDist, logger: log, logSigner, deviceServices: true });
    // Every answer's serializer now, so a schema it cannot write stops the start, not a first request.
    await app.ready();
    compileResponseSerializers();
  } catch (err) {
    // Stop our own PostgreSQL too, rather than leave it for the next start to clean up.
    log.error({ err }, 'start-up failed');
    await database?.close();
    await embedded?.stop();
    process.exit(1);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      log.error('shutdown took over 20 s: exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
      await embedded?.stop(); // last, so draining requests still had their database
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    log.error({ err }, `cannot listen on ${config.host}:${config.port}`);
    await database.close();
    await embedded?.stop();
    process.exit(1);
  }
  log.info(`PlasTrace is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
