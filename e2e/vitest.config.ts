import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one browser at a time keeps timings honest.
    fileParallelism: false,
  },
});
