import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run the TypeScript sources of @plastrace/shared (its `source` export), not its build.
const conditions = ['source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // The shared package's own tests (pure functions) run here too.
    include: ['src/**/*.test.ts', '../../packages/shared/src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database, so files run in parallel. Vitest's default, cores − 1, is one file
    // at a time on a 2-core machine, where a file waits on PostgreSQL about half the time: two at once
    // took the suite from 17 to 13 minutes there (2026-11-27). TEST_WORKERS overrides.
    pool: 'forks',
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism()),
  },
});
