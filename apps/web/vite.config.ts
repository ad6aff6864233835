import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  // The TypeScript sources of @plastrace/shared (its `source` export), not its build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Shared chunks under 16 kB (before minifying) are copied into the chunks that use them instead of being
    // files of their own: signed in, /receive-records loaded 95 script files (now 20), which a phone on a
    // slow network fetches six at a time. Measured 2026-11-27 with Lighthouse (mobile): /receive-records
    // signed in 84 → ~89 (LCP 3.2 → 2.7 s), / 87 → 96, the first visit of / 149.9 → 144.0 kB in 10 files
    // instead of 35. A shared runtime keeps one instance of each copied module (one state, one React
    // context), and Rolldown then runs modules in source order (strictExecutionOrder).
    rolldownOptions: { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16384 } } } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Mantine pages render slowly in jsdom on a loaded 2-core machine; 5 s made suites flaky.
    testTimeout: 20_000,
    // Vitest's default, cores − 1, is one file at a time on a 2-core machine; two at once took the suite
    // from 11.6 to 7.5 minutes there (2026-11-27). TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism()),
  },
});
