import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { LogSigner } from '../modules/log/signer.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export type TestContext = { app: App; database: TestDatabase };

/** Registers hooks that give the calling test file an app on its own fresh database. */
export function useTestApp(
  opts: { webDist?: string; smtpUrl?: () => string; logSigner?: LogSigner } = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    ctx.app = await buildApp({
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        smtpUrl: opts.smtpUrl?.(),
      },
      db: ctx.database.db,
      webDist: opts.webDist,
      // The record log's tests integrate when they choose (log.test.ts); no timer runs beside the others.
      logSequencer: false,
      // Readers of the daily facts are exact without the refresh; facts.test.ts refreshes when it chooses.
      factsRefresh: false,
      // Scheduled reports are sent when schedules.test.ts calls runDue; no minute timer beside the others.
      reportSchedules: false,
      // Saved-search alerts are sent when alerts.test.ts calls runAlerts; no minute timer beside the others.
      marketAlerts: false,
      // IoT anomaly rules run when iot-alerts.test.ts calls evaluateAlerts; no minute timer beside the others.
      iotAlerts: false,
      ...(opts.logSigner ? { logSigner: opts.logSigner } : {}),
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  });
  return ctx;
}
