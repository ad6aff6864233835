import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts'],
    // Every hash goes through WebCrypto's promise round trip; the exhaustive proof tests take seconds on
    // a loaded 2-core machine, so the limit is generous rather than tight.
    testTimeout: 120_000,
  },
});
