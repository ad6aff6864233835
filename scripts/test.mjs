// `npm test`: every suite, one after another. A suite that cannot run fails the run and says what is
// missing; nothing is skipped silently. Prints the total of tests at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(join(tmpdir(), 'plastrace-test-'));

const suites = [
  { name: 'verify', workspace: 'packages/verify' },
  { name: 'server', workspace: 'apps/server' },
  { name: 'web', workspace: 'apps/web' },
  {
    name: 'e2e',
    workspace: 'e2e',
    before: () => {
      if (!existsSync(chromium)) {
        return `Chromium not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`;
      }
      // .ci/run has just built the app; everyone else gets a fresh build of what they test.
      const built = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'packages/shared/dist/index.js'];
      if (process.env.SKIP_WEB_BUILD === '1' && built.every((f) => existsSync(f))) return undefined;
      const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
      return build.status === 0 ? undefined : 'the web build failed';
    },
  },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !suites.some((s) => s.name === name));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.join(', ')}: choose from ${suites.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue;
  console.log(`\n=== ${suite.name} tests ===`);
  const missing = suite.before?.();
  if (missing) {
    problems.push(`${suite.name}: cannot run: ${missing}`);
    continue;
  }
  const report = join(reports, `${suite.name}.json`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: suite.workspace, stdio: 'inherit' },
  );
  if (!existsSync(report)) {
    problems.push(`${suite.name}: vitest produced no report (exit ${run.status})`);
    continue;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  if (r.numTotalTests === 0) problems.push(`${suite.name}: no test ran`);
  else if (run.status !== 0) problems.push(`${suite.name}: failed (exit ${run.status})`);
}
rmSync(reports, { recursive: true, force: true });

console.log('');
for (const p of problems) console.error(`✗ ${p}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(problems.length ? 1 : 0);
