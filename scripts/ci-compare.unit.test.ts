import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compareReport, outcomeOf, roundOrder } from './ci-compare-report';

/** The end of a real `.ci/run` log (a45c2c5f's, colours included, as npm and jest print them). */
const finishedLog = [
  '\x1b[1mTests:       116 passed, 116 total\x1b[22m',
  '116 passed, 0 failed, 0 skipped',
  '[cost] the whole run (set-up, lint, type check and both tiers): 1496 s',
  '[cost] per tier:',
  '  gate  5418 tests in 527 files, 824.4 s wall, 1560 CPU-s busy on 2 cores, machine-speed factor 3.15 (measured)',
  '  long  116 tests in 30 files, 644.6 s wall, 1263 CPU-s busy on 2 cores, machine-speed factor 2.24 (measured)',
  '',
  '5529 passed, 0 failed, 5 skipped',
].join('\n');

describe('reading a .ci/run log', () => {
  it('when the run finished, then its whole-run seconds, its tiers and its last summary line are read', () => {
    const outcome = outcomeOf('head', 1, 0, 1501.7, finishedLog, 'head-1.log');
    expect(outcome.seconds).toBe(1496);
    expect(outcome.tiers).toEqual([
      'gate  5418 tests in 527 files, 824.4 s wall, 1560 CPU-s busy on 2 cores, machine-speed factor 3.15 (measured)',
      'long  116 tests in 30 files, 644.6 s wall, 1263 CPU-s busy on 2 cores, machine-speed factor 2.24 (measured)',
    ]);
    expect(outcome.summary).toBe('5529 passed, 0 failed, 5 skipped');
  });

  it('when the run stopped before its report, then the wall time measured around it stands and the summary says so', () => {
    const outcome = outcomeOf('base', 1, 1, 27.4, '[stack] the infrastructure did not start\n', 'base-1.log');
    expect(outcome).toMatchObject({ seconds: 27, tiers: [], exitCode: 1, summary: 'no summary line: the run did not finish' });
  });
});

describe('the comparison', () => {
  it('when rounds alternate, then odd rounds start with the base and even ones with this checkout', () => {
    expect([1, 2, 3].map(roundOrder)).toEqual([
      ['base', 'head'],
      ['head', 'base'],
      ['base', 'head'],
    ]);
  });

  it('when two rounds ran, then the ratio is of the sums of each side, and each run has its line', () => {
    const run = (side: 'base' | 'head', round: number, seconds: number) =>
      outcomeOf(side, round, 0, 0, `[cost] the whole run (set-up, lint, type check and both tiers): ${seconds} s\n`, `${side}.log`);
    const report = compareReport('67837b62aaaa0000', '04f080b3bbbb1111', [
      run('base', 1, 1556),
      run('head', 1, 1496),
      run('head', 2, 1400),
      run('base', 2, 1500),
    ]);
    expect(report.ratio).toBe(0.95); // 2,896 s over 3,056 s
    expect(report.lines[0]).toBe('round 1, base 67837b62aaaa: 1556 s, exit 0, no summary line: the run did not finish');
    expect(report.lines.at(-1)).toBe("this checkout took 0.95x the base's time (2896 s against 3056 s)");
  });
});

describe('npm run ci:compare', () => {
  const tsx = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
  const script = join(__dirname, 'ci-compare.ts');

  it('when asked for help, then it answers its usage line and does nothing else', () => {
    const result = spawnSync(tsx, [script, '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: npm run ci:compare -- <base commit>/);
  });

  it('when the base is no commit of the repository, then it is refused before anything starts', () => {
    const result = spawnSync(tsx, [script, 'no-such-commit-anywhere'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("no commit 'no-such-commit-anywhere' in this repository");
  });
});
