/**
 * What `npm run ci:compare` (./ci-compare.ts) reads from each `.ci/run` log and the report it
 * prints: pure, so its reading of the logs is tested without a run.
 */
import { stripVTControlCharacters } from 'node:util';

export type Side = 'base' | 'head';

export interface RunOutcome {
  side: Side;
  round: number;
  exitCode: number;
  /** What `.ci/run` reported as the whole run's time ("[cost] the whole run …: N s"), else the wall time measured around it. */
  seconds: number;
  /** Its tiers' lines ("gate  5418 tests in 527 files, 824.4 s wall, 1560 CPU-s busy …"), as printed. */
  tiers: string[];
  /** Its last "N passed, N failed, N skipped" line, or what stood in its place. */
  summary: string;
  logFile: string;
}

/** Odd rounds run the base first, even ones this checkout first: a drift of the machine's speed weighs on both. */
export function roundOrder(round: number): [Side, Side] {
  return round % 2 === 1 ? ['base', 'head'] : ['head', 'base'];
}

/** The outcome of one run from its log's text and its exit code. */
export function outcomeOf(side: Side, round: number, exitCode: number, wallSeconds: number, logText: string, logFile: string): RunOutcome {
  // Terminal colours out (npm's and jest's), so a log reads as its text.
  const lines = stripVTControlCharacters(logText).split('\n');
  const whole = lines.map((line) => /^\[cost\] the whole run\b.*?: (\d+) s$/.exec(line)).find(Boolean);
  const summary = lines.filter((line) => /^\d+ passed, \d+ failed/.test(line)).at(-1);
  return {
    side,
    round,
    exitCode,
    seconds: whole ? Number(whole[1]) : Math.round(wallSeconds),
    tiers: lines.filter((line) => /^ {2}(gate|long) {2}\d+ tests in /.test(line)).map((line) => line.trim()),
    summary: summary ?? 'no summary line: the run did not finish',
    logFile,
  };
}

export interface CompareReport {
  base: string;
  head: string;
  /** This checkout's seconds over the base's, all rounds summed. */
  ratio: number;
  outcomes: RunOutcome[];
  lines: string[];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The runs side by side and the ratio of their sums. */
export function compareReport(base: string, head: string, outcomes: RunOutcome[]): CompareReport {
  const seconds = (side: Side) => sum(outcomes.filter((outcome) => outcome.side === side).map((outcome) => outcome.seconds));
  const ratio = Math.round((seconds('head') / seconds('base')) * 100) / 100;
  const lines = [
    ...outcomes.flatMap((outcome) => [
      `round ${outcome.round}, ${outcome.side === 'base' ? `base ${base.slice(0, 12)}` : `head ${head.slice(0, 12)}`}: ${outcome.seconds} s, exit ${outcome.exitCode}, ${outcome.summary}`,
      ...outcome.tiers.map((tier) => `    ${tier}`),
    ]),
    `this checkout took ${ratio}x the base's time (${seconds('head')} s against ${seconds('base')} s)`,
  ];
  return { base, head, ratio, outcomes, lines };
}
