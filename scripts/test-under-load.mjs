// `npm run test:load`: the whole `npm test`, three times in a row, while busy loops keep every core
// occupied — the proof that no test depends on a quiet machine (CI runs on 2 busy cores). Stops at the
// first failing run. `-- --runs N` changes the count.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const arg = process.argv.indexOf('--runs');
const runs = arg > 0 ? Number(process.argv[arg + 1]) : 3;
const busy = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stop = () => {
  for (const b of busy) b.kill('SIGKILL');
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

let failed = 0;
for (let i = 1; i <= runs && !failed; i++) {
  const started = Date.now();
  console.log(`\n##### run ${i} of ${runs}, ${busy.length} busy loops beside it`);
  const run = spawnSync('npm', ['test'], { stdio: 'inherit' });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`##### run ${i}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${minutes} min`);
  if (run.status !== 0) failed = i;
}
process.exit(failed ? 1 : 0);
