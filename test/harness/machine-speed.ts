import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * How much slower this machine runs now than the one the suite's time bounds were set on, and
 * those bounds scaled by it. A bound that is the point of a test (a liveness probe's answer time)
 * was chosen on the 2-core development machine beside the rest of `npm test`; on a box 2.5 times
 * slower, or beside other work, the same healthy system misses it. `scaledBound(ms)` is such a
 * bound times the factor (never less than the bound itself): a stalled partition or a hung
 * service still misses it, by far.
 *
 * The factor is measured once per run: jest's global set-up (int, e2e) measures it before the
 * workers start and leaves it in COIN_TEST_SPEED_FACTOR, which every worker and every process it
 * spawns inherits; a process without it (the unit tier, `npm run chaos`) measures it on first use.
 * Setting COIN_TEST_SPEED_FACTOR by hand (1 or more) fixes it instead.
 */

/** The variable that carries the factor to the workers (and lets a developer fix it). */
export const speedFactorVariable = 'COIN_TEST_SPEED_FACTOR';

/**
 * The workload's slower copy's median round on the reference machine, the 2-core development
 * machine with nothing of the suite's running. One copy alone read 19.1 to 19.3 ms there when the
 * suite's bounds were set; two at once read 1.16 times one (24.2 to 27.9 ms against 21.1 to 23.0
 * ms, five and three runs the same quarter hour), so 22 ms.
 */
export const referenceWorkloadMs = 22;

/**
 * How long the workload runs: long enough to see the share of a core a process keeps, not the
 * burst a new process gets. The scheduler lets a process that just woke run ahead of busy ones
 * for a moment, so a measure of a few rounds (0.13 s) read 1.01 and 3.15 beside the same two
 * busy loops; past the first half second it settles to its share.
 */
const measureWindowMs = 1_500;
/** Rounds at least, however long each takes: a very slow machine still gives a median. */
const minRounds = 9;

/**
 * A factor above this is taken as this: a bound ten times its design already tells a slow
 * machine from a stall, and one measured in a hiccup (a burst of other work) must not stretch
 * every bound of the run without end.
 */
export const speedFactorMax = 10;

/**
 * How many copies of the workload run at once: the reference machine's cores. The suite keeps
 * both busy (two jest workers, the services, PostgreSQL, Kafka), so what bounds it is the work the
 * machine does on all its cores at once, not one thread's speed. A CI box whose two cores share
 * one physical core, or lose time to its neighbours (steal), ran the suite 2.3 times as long as
 * the development machine (3,200 busy CPU-seconds for the gate against 1,313 to 1,933 here) while
 * one copy of the workload read 1.18 there: one copy alone gets a whole core where two do not.
 * Beside two busy loops on the development machine (scripts/cpu-burn.sh: each process half a
 * core) one copy read 22 to 37 ms and two 50 to 57 ms, the factor 2.3 to 2.6 the share says.
 */
const workloadCopies = 2;

/**
 * A fixed piece of CPU work like the services' own (JSON out and back in, hashing), timed round
 * after round for `measureWindowMs` in each of `workloadCopies` threads at once; prints the
 * slowest thread's median of the later half of its rounds in ms (the first ones run before the
 * JIT has compiled it, and in the scheduler's burst). Plain JavaScript run by a child `node -e`:
 * measured in jest's global set-up, in a test worker (jest's module sandbox) or under tsx, it runs
 * the same way, so the one reference figure holds for all of them.
 */
const workloadRounds = `
const { createHash } = require('node:crypto');
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, email: 'user' + i + '@example.com', amount: i * 1.5, memo: 'x'.repeat(i % 40) }));
const times = [];
let checksum = 0;
const start = performance.now();
while (times.length < ${minRounds} || performance.now() - start < ${measureWindowMs}) {
  const started = performance.now();
  let digest = Buffer.alloc(32);
  for (let step = 0; step < 200; step += 1) {
    const text = JSON.stringify(rows);
    checksum += JSON.parse(text).length;
    digest = createHash('sha256').update(digest).update(text).digest();
  }
  checksum += digest[0];
  times.push(performance.now() - started);
}
const later = times.slice(Math.floor(times.length / 2)).sort((a, b) => a - b);
require('node:worker_threads').parentPort.postMessage(checksum > 0 ? later[Math.floor(later.length / 2)] : -1);
`;
const workloadScript = `
const { Worker } = require('node:worker_threads');
const medians = [];
for (let copy = 0; copy < ${workloadCopies}; copy += 1) {
  new Worker(${JSON.stringify(workloadRounds)}, { eval: true }).on('message', (ms) => {
    medians.push(ms);
    if (medians.length === ${workloadCopies}) process.stdout.write(String(medians.some((m) => m <= 0) ? -1 : Math.max(...medians)));
  });
}
`;

/** The workload's slowest copy's median round here and now, in ms (a child process of about 1.6 s on two threads). */
export function measureWorkloadMs(): number {
  const printed = execFileSync(process.execPath, ['-e', workloadScript], { encoding: 'utf8', timeout: 60_000 });
  const ms = Number(printed);
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`the machine-speed workload printed ${JSON.stringify(printed)}`);
  return ms;
}

/** The factor from a measured workload time: at least 1 (a faster machine keeps the bounds as set), at most speedFactorMax, to 2 decimals. */
export function speedFactorOf(measuredMs: number, referenceMs: number = referenceWorkloadMs): number {
  const factor = Math.min(speedFactorMax, Math.max(1, measuredMs / referenceMs));
  return Math.ceil(factor * 100) / 100;
}

/** What this process measured, once: the measure takes 1.5 s of a core. */
let measuredFactor: number | undefined;

/**
 * The run's factor: COIN_TEST_SPEED_FACTOR when it holds one (1 or more), else measured (once per
 * process) and left there for the rest of the run.
 */
export function machineSpeedFactor(): number {
  const given = Number(process.env[speedFactorVariable]);
  if (Number.isFinite(given) && given >= 1) return given;
  measuredFactor ??= speedFactorOf(measureWorkloadMs());
  const factor = measuredFactor;
  process.env[speedFactorVariable] = String(factor);
  return factor;
}

/** A time bound set on the reference machine, for this one: `ms` times the run's factor, rounded up. */
export function scaledBound(ms: number): number {
  return Math.ceil(ms * machineSpeedFactor());
}

/**
 * A window of the stack's configuration in whole seconds (a step-up's freshness, an approval's or
 * a cash-out's expiry), for this machine: what a test does inside it must fit on a slow box too.
 */
export function scaledSeconds(seconds: number): number {
  return Math.ceil(scaledBound(seconds * 1000) / 1000);
}

/**
 * Writes a run's factor for the cost report of its tier (scripts/test-cost.mjs, which removes the
 * file when the tier starts) unless one is there already: the tier's own jest run writes it first,
 * and a jest run nested in it (a guide's, whose shell drops the COIN_* variables and so measures
 * anew, beside the rest of the tier) leaves it. Answers whether it wrote.
 */
export function recordFactorOnce(file: string, text: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${text}\n`, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}
