// `npm run lighthouse -- [base URL] [path…]`: Lighthouse (mobile, its defaults) on pages of a running
// PlasTrace, printing each category's score. Not part of `npm test`: Lighthouse is ~180 MB, fetched by
// npx on first use, and its timings swing with the machine's load. Start the app first (`npm start`).
import { spawnSync } from 'node:child_process';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const [base = 'http://localhost:3000', ...given] = process.argv.slice(2);
const paths = given.length > 0 ? given : ['/', '/features', '/login'];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

const rows = [];
for (const path of paths) {
  const url = new URL(path, base).toString();
  const run = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      `--chrome-flags=${flags}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      '--output-path=stdout',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (run.status !== 0) {
    console.error(`${url}: lighthouse failed\n${run.stderr}`);
    process.exitCode = 1;
    continue;
  }
  const report = JSON.parse(run.stdout);
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.displayValue ?? '—';
  rows.push([
    path,
    score('performance'),
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    audit('largest-contentful-paint'),
    audit('total-blocking-time'),
  ]);
}
const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT'];
console.log([header, ...rows].map((r) => r.join(' | ')).join('\n'));
