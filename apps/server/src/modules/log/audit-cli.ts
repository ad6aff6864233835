import { ConfigError, loadConfig } from '../../config.ts';
import { connect } from '../../db/client.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { runMigrations } from '../../db/migrate.ts';
import { auditLog } from './audit.ts';
import { loadSigner } from './signer.ts';

// npm run log:audit: replays the record log and compares it with the records (audit.ts). Uses
// DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (stop the app first), and the log's key
// as the app does (LOG_SIGNING_KEY or DATA_DIR). Exits 1 when anything is wrong.

async function main() {
  const config = loadConfig();
  const signer = loadSigner({
    signingKey: config.logSigningKey,
    dataDir: config.dataDir,
    origin: config.logOrigin,
  });
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, () => {});
  const url = config.databaseUrl ?? embedded?.url ?? '';
  try {
    const role = await runMigrations(url);
    const database = connect(url, { max: 2, role });
    try {
      const report = await auditLog(database.db, signer.vkey);
      console.log(
        `Record log "${signer.origin}": ${report.leaves} leaves, ${report.checkpoints} checkpoints, ${report.records} records checked.`,
      );
      if (report.problems.length === 0) {
        console.log('OK: every leaf, checkpoint and logged record matches.');
        return;
      }
      console.log(`${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}:`);
      for (const p of report.problems) console.log(`  - ${p}`);
      process.exitCode = 1;
    } finally {
      await database.close();
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(2);
});
