import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Browser = { context: BrowserContext; page: Page; baseUrl: string; errors: string[] };

/** One headless Chromium per test file, with page errors and CSP violations collected. */
export function useBrowser(): Browser {
  const b = { errors: [] as string[] } as Browser;
  let profile = '';
  beforeAll(async () => {
    b.baseUrl = inject('baseUrl');
    profile = mkdtempSync(join(tmpdir(), 'plastrace-chromium-'));
    b.context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ARGS,
      baseURL: b.baseUrl,
    });
    b.page = b.context.pages()[0] ?? (await b.context.newPage());
    b.page.on('pageerror', (e) => b.errors.push(e.message));
    b.page.on('console', (m) => {
      if (m.type() === 'error') b.errors.push(m.text());
    });
  });
  afterAll(async () => {
    await b.context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });
  return b;
}
