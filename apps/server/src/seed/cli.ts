import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { connect } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from './demo.ts';

const USAGE = `Usage: npm run seed -- [--seed N] [--scale N] [--slug NAME]
  Creates a demo organization with Philippine facilities, suppliers, materials and PHP prices, and
  months of deliveries (posted with lots, stock and payables; a few drafts and voids) and payments.
  --seed   random seed; the same seed gives the same data (default 1)
  --scale  multiplies suppliers, months of prices and deliveries, for benchmarks (default 1)
  --slug   organization slug (default "demo")
Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (stop the app first).`;

async function main() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      scale: { type: 'string', default: '1' },
      slug: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = Number(values.seed);
  const scale = Number(values.scale);
  if (!Number.isInteger(seed) || !Number.isInteger(scale) || scale < 1) {
    console.error(`--seed must be an integer and --scale a positive integer\n\n${USAGE}`);
    process.exit(1);
  }
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, console.log);
  const url = config.databaseUrl ?? embedded?.url ?? '';
  try {
    await runMigrations(url);
    const database = connect(url, { max: 2 });
    try {
      const result = await seedDemo(database.db, {
        seed,
        scale,
        slug: values.slug,
        deliveries: true,
        publicUrl: config.publicUrl,
      });
      console.log(`Seeded "${result.name}" (slug ${result.slug}):`, result.counts);
    } finally {
      await database.close();
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
