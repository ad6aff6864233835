// `npm run lighthouse -- [base URL] [path…]`: Lighthouse (mobile, its defaults) on pages of a running
// PlasTrace, printing each category's score. Not part of `npm test`: Lighthouse is ~180 MB, fetched by
// npx on first use, and its timings swing with the machine's load. Start the app first (`npm start`).
//
// Paths after `--signed-in` are measured as a member: the script signs in through the login form (with
// "Remember me", so the session is in localStorage, which every tab shares) in the Chromium Lighthouse
// then drives, and keeps that storage (`--disable-storage-reset`). The member is LIGHTHOUSE_EMAIL /
// LIGHTHOUSE_PASSWORD, by default the demo manager `npm start` seeds.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const PORT = 9333;
const args = process.argv.slice(2);
const base =
  args[0] && !args[0].startsWith('/') && args[0] !== '--signed-in' ? args.shift() : 'http://localhost:3000';
const split = args.indexOf('--signed-in');
const publicPaths = split === -1 ? args : args.slice(0, split);
const memberPaths = split === -1 ? [] : args.slice(split + 1);
if (args.length === 0) publicPaths.push('/', '/features', '/login') && memberPaths.push('/receive-records');
const email = process.env.LIGHTHOUSE_EMAIL ?? 'manager@demo.plastrace.ph';
const password = process.env.LIGHTHOUSE_PASSWORD ?? 'Malinis-demo-2026';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// One Chromium for every page, which Lighthouse attaches to; its profile is thrown away at the end.
const profile = mkdtempSync(join(tmpdir(), 'plastrace-lighthouse-'));
const browserProcess = spawn(
  chromePath,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--remote-debugging-port=${PORT}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

async function devtoolsReady() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/json/version`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Chromium did not open its DevTools port ${PORT}`);
}

function lighthouse(path, keepStorage) {
  const url = new URL(path, base).toString();
  const run = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      `--port=${PORT}`,
      ...(keepStorage ? ['--disable-storage-reset'] : []),
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      '--output-path=stdout',
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (run.status !== 0) {
    console.error(`${url}: lighthouse failed\n${run.stderr}`);
    process.exitCode = 1;
    return undefined;
  }
  const report = JSON.parse(run.stdout);
  // LIGHTHOUSE_SAVE=dir keeps each whole report (long tasks, script bootup, treemap) to look into.
  if (process.env.LIGHTHOUSE_SAVE) {
    mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
    const name = `${keepStorage ? 'member' : 'public'}${path.replaceAll('/', '_') || '_'}.json`;
    writeFileSync(join(process.env.LIGHTHOUSE_SAVE, name), run.stdout);
  }
  // A member page that sent Lighthouse to the sign-in form measured the wrong page.
  if (keepStorage && new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    console.error(`${url}: ended on ${report.finalDisplayedUrl}, not signed in`);
    process.exitCode = 1;
    return undefined;
  }
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.displayValue ?? '—';
  return [
    keepStorage ? `${path} (signed in)` : path,
    score('performance'),
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    audit('largest-contentful-paint'),
    audit('total-blocking-time'),
  ];
}

/** Signs in on the shared profile, then lets go of the browser so Lighthouse alone drives it. */
async function signIn() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${PORT}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(new URL('/login', base).toString());
  const form = page.locator('form[aria-label="Sign in"]');
  await form.getByLabel('Email').fill(email);
  await form.locator('input[type="password"]').fill(password);
  await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 60_000 });
  await page.close();
  // A browser reached over CDP is only disconnected by close(), not shut.
  await browser.close();
  await devtoolsReady();
}

const rows = [];
try {
  await devtoolsReady();
  for (const path of publicPaths) rows.push(lighthouse(path, false));
  if (memberPaths.length > 0) {
    await signIn();
    for (const path of memberPaths) rows.push(lighthouse(path, true));
  }
} finally {
  // The profile goes once Chromium has stopped writing to it.
  const exited = new Promise((resolve) => browserProcess.once('exit', resolve));
  browserProcess.kill();
  if (browserProcess.exitCode === null) await exited;
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  } catch (error) {
    // Chromium's last writes can race the removal; a leftover temporary profile must not hide the scores.
    console.warn(`could not remove ${profile}: ${error.message}`);
  }
}
const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT'];
console.log([header, ...rows.filter(Boolean)].map((r) => r.join(' | ')).join('\n'));
