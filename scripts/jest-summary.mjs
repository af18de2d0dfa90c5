// Prints the plain closing line log readers take, "N passed, N failed, N skipped", from the
// results jest wrote with --json --outputFile (jest's own "Tests: 5 skipped, 1584 passed, 1589
// total" is not that line), summed over every results file named. Used by `npm test` and
// `npm run test:long` (scripts/bootstrap.sh) and by .ci/run, so the log's last line says what ran
// whatever npm prints after a failing run.
//
// With --report (.ci/run), before that line: the 15 slowest files of all the tiers, and each
// tier's wall time, the machine's busy CPU-seconds and the machine-speed factor, read from
// .run/cost-<tier>.json (scripts/test-cost.mjs) beside .run/jest-results-<tier>.json.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
const report = args.includes('--report');
const files = args.filter((arg) => arg !== '--report');
if (files.length === 0) files.push('.run/jest-results-gate.json');

const results = files.map((file) => {
  try {
    return { file, r: JSON.parse(readFileSync(file, 'utf8')) };
  } catch {
    return { file, r: undefined };
  }
});

if (report) printReport(results);

const missing = results.filter(({ r }) => !r);
const sum = (key) => results.reduce((total, { r }) => total + (r ? r[key] : 0), 0);
const note = missing.length ? ` (no results in ${missing.map(({ file }) => file).join(', ')}: that run did not finish)` : '';
console.log(
  `${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests') + sum('numTodoTests')} skipped${note}`,
);

function tierOf(file) {
  return /jest-results-(\w+)\.json$/.exec(file)?.[1] ?? file;
}

function printReport(runs) {
  const files = runs.flatMap(({ file, r }) =>
    (r?.testResults ?? []).map((t) => ({
      tier: tierOf(file),
      path: relative(process.cwd(), t.name),
      seconds: (t.endTime - t.startTime) / 1000,
      status: t.status,
    })),
  );
  files.sort((a, b) => b.seconds - a.seconds);
  console.log('\n[cost] the 15 slowest test files (wall seconds):');
  for (const f of files.slice(0, 15))
    console.log(`  ${f.seconds.toFixed(1).padStart(7)}  ${f.tier.padEnd(5)} ${f.path}${f.status === 'failed' ? '  (failed)' : ''}`);
  console.log('[cost] per tier:');
  for (const { file, r } of runs) {
    const tier = tierOf(file);
    const costFile = `.run/cost-${tier}.json`;
    const cost = existsSync(costFile) ? JSON.parse(readFileSync(costFile, 'utf8')) : {};
    const tests = r ? r.numTotalTests : 0;
    const parts = [
      `${tests} tests in ${r?.numTotalTestSuites ?? 0} files`,
      cost.wallSeconds !== undefined ? `${cost.wallSeconds} s wall` : 'wall time unknown',
      cost.busyCpuSeconds !== undefined ? `${cost.busyCpuSeconds} CPU-s busy on ${cost.cores} cores` : 'CPU unknown',
      cost.machineSpeedFactor ? `machine-speed factor ${cost.machineSpeedFactor}` : 'no factor measured',
    ];
    console.log(`  ${tier.padEnd(5)} ${parts.join(', ')}`);
  }
  console.log('');
}
