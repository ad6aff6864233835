import type { Ready } from '@plastrace/shared';
import type { Db } from '../../db/client.ts';
import { expectedMigrations } from '../../db/migrate.ts';
import * as repo from './system.repo.ts';

const expected = expectedMigrations();

export async function readiness(db: Db): Promise<Ready> {
  try {
    await repo.ping(db);
    const applied = await repo.appliedMigrationCount(db);
    return {
      status: applied >= expected ? 'ready' : 'not_ready',
      database: true,
      migrations: { applied, expected },
    };
  } catch {
    return { status: 'not_ready', database: false, migrations: { applied: 0, expected } };
  }
}
