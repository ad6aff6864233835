import { buildApp } from '../../apps/server/src/app.ts';
import type { BenchContext } from '../lib/scenario.ts';

/** The real app (all plugins, hooks and routes) on the bench database, logging off. */
export function benchApp(ctx: BenchContext) {
  return buildApp({
    config: { publicUrl: 'http://127.0.0.1', logLevel: 'silent' },
    db: ctx.db.database.db,
  });
}
