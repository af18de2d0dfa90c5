// The cost of one test tier, for .ci/run's report (scripts/jest-summary.mjs --report):
//   node scripts/test-cost.mjs start .run/cost-gate.json   before the tier's jest run
//   node scripts/test-cost.mjs stop .run/cost-gate.json    after it
// It reads the machine's CPU counters (/proc/stat), not the jest process tree's: the shared test
// stacks, PostgreSQL and Kafka are the suite's cost too and are no children of jest. "stop" adds
// the wall and busy CPU seconds and the run's machine-speed factor (test/harness/global-setup.ts
// leaves it in .run/machine-speed-factor; "start" removes the one before, so the tier's own jest
// run writes it and a run nested in the tier, a guide's, does not replace it: recordFactorOnce).
// Where /proc/stat is missing, only wall time is kept.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const [command, file] = process.argv.slice(2);
if (!['start', 'stop'].includes(command) || !file) {
  console.error('usage: node scripts/test-cost.mjs start|stop <file>');
  process.exit(2);
}

/** Busy and total CPU-seconds since boot from the first line of /proc/stat (user hz of 100). */
function cpuSeconds() {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  const ticksPerSecond = 100;
  return { busy: (user + nice + system + irq + softirq + steal) / ticksPerSecond, idle: (idle + iowait) / ticksPerSecond };
}

const factorFile = '.run/machine-speed-factor';
if (command === 'start') {
  rmSync(factorFile, { force: true });
  writeFileSync(file, JSON.stringify({ startedAtMs: Date.now(), cpuAtStart: cpuSeconds() }));
} else {
  const started = JSON.parse(readFileSync(file, 'utf8'));
  const now = cpuSeconds();
  const cost = {
    wallSeconds: Math.round((Date.now() - started.startedAtMs) / 100) / 10,
    busyCpuSeconds: now && started.cpuAtStart ? Math.round(now.busy - started.cpuAtStart.busy) : undefined,
    cores: availableParallelism(),
    machineSpeedFactor: existsSync(factorFile) ? readFileSync(factorFile, 'utf8').trim() : undefined,
  };
  writeFileSync(file, JSON.stringify(cost));
}
