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

const rnd = () => 1 + Math.floor(Math.random() * 250);

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
      // Each file's browser comes from its own address, as a proxy would forward it (the e2e server trusts
      // its proxy): per-address limits such as sign-ins (30 in 15 minutes) then count one file's walk, not
      // the whole suite's.
      extraHTTPHeaders: { 'x-forwarded-for': `10.${rnd()}.${rnd()}.${rnd()}` },
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
