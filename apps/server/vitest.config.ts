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
    // Each file gets its own database, so files run in parallel.
    pool: 'forks',
  },
});
