import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { expectedMigrations, runMigrations } from './migrate.ts';

/** `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
async function main() {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, console.log);
  try {
    await runMigrations(config.databaseUrl ?? embedded?.url ?? '');
    console.log(`Database is at migration ${expectedMigrations()}.`);
  } finally {
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
