/**
 * The figures `npm run bench -- --ab <ref>` compares (./../ab.ts): read from each round's
 * bench/results/latest.json of either build, then per measure the median of each build, the
 * ratio of the medians (this build ÷ the ref) and the spread of the per-round ratios (each round
 * of this build against the ref's round run next to it). Pure: no processes, no files.
 */

/** One measure of one run: its name, its value, and which way is better. */
export interface Measure {
  name: string;
  value: number;
  better: 'higher' | 'lower';
}

type Json = Record<string, any>;

const equalRateProcesses = ['gateway', 'ledger', 'postgres', 'kafka', 'history', 'webhooks', 'redis', 'user'] as const;

/** The measures of one pipeline-only `npm run bench` (latest.json); a missing step gives no measure. */
export function measuresOf(result: Json): Measure[] {
  const measures: Measure[] = [];
  const add = (name: string, value: unknown, better: Measure['better']) => {
    if (typeof value === 'number' && Number.isFinite(value)) measures.push({ name, value, better });
  };
  add('peak transfers/s', result.pipeline?.transfersPerSec, 'higher');
  const c16 = (result.pipeline?.steps ?? []).find((s: Json) => s.kind === 'closed' && s.connections === 16);
  add('c=16 transfers/s', c16?.transfersPerSec, 'higher');
  add('c=16 p50 ms', c16?.p50Ms, 'lower');
  add('hot account purchases/s', result.hotAccount?.purchasesPerSec, 'higher');
  for (const row of result.equalRate?.rows ?? []) {
    const step = row.pipeline;
    if (!step) continue;
    add(`${row.label} p50 ms`, step.p50Ms, 'lower');
    add(`${row.label} p99 ms`, step.p99Ms, 'lower');
    // With the transport floor run too (BENCH_SKIP_FLOOR=0): its median at the same rate, and the
    // pipeline's over it within the run (the targets are that ratio).
    const floor = row.floor;
    if (floor && typeof step.p50Ms === 'number' && typeof floor.p50Ms === 'number' && floor.p50Ms > 0) {
      add(`${row.label} floor p50 ms`, floor.p50Ms, 'lower');
      add(`${row.label} p50 ÷ floor p50`, step.p50Ms / floor.p50Ms, 'lower');
    }
    add(`${row.label} CPU ms/transfer`, step.systemCpuMsPerTransfer, 'lower');
    // The ledger's cycles per transfer: what the CPU at low rates follows (its applies, each with
    // its fixed cost), and the commands they carried (a travelling credit leg is one more).
    const stages = step.stages;
    const transfers = step.achievedPerSec;
    if (stages && typeof transfers === 'number' && transfers > 0 && typeof stages.ledgerBatchesPerSec === 'number') {
      add(`${row.label} ledger applies/transfer`, stages.ledgerBatchesPerSec / transfers, 'lower');
      if (typeof stages.ledgerBatchCommands === 'number')
        add(`${row.label} ledger commands/transfer`, (stages.ledgerBatchesPerSec * stages.ledgerBatchCommands) / transfers, 'lower');
    }
    for (const process of equalRateProcesses) add(`${row.label} CPU ms/transfer: ${process}`, step.cpuMsPerTransfer?.[process], 'lower');
  }
  return measures;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The order of the builds in each round: this build first, then the ref, then the other way
 * round (A B, B A, A B, …), so a slow spell of a shared machine falls on both.
 */
export function roundOrder(rounds: number): Array<['this', 'ref'] | ['ref', 'this']> {
  return Array.from({ length: rounds }, (_, i) => (i % 2 === 0 ? ['this', 'ref'] : ['ref', 'this']));
}

export interface ComparedMeasure {
  name: string;
  better: Measure['better'];
  thisMedian: number;
  refMedian: number;
  /** this ÷ ref of the medians. */
  ratio: number;
  /** The lowest and highest of the rounds' own ratios. */
  spread: [number, number];
  /** Two rounds or more, and their ratios all on one side of 1: the only change worth reporting as one. */
  beyondNoise: boolean;
}

/** Rounds of both builds (round i of each ran back to back) compared measure by measure. */
export function compareRounds(thisRounds: readonly Measure[][], refRounds: readonly Measure[][]): ComparedMeasure[] {
  const names = [...new Set(thisRounds.flat().map((m) => m.name))];
  const compared: ComparedMeasure[] = [];
  for (const name of names) {
    const pick = (rounds: readonly Measure[][]) => rounds.map((r) => r.find((m) => m.name === name)?.value);
    const mine = pick(thisRounds);
    const theirs = pick(refRounds);
    const pairs = mine.flatMap((value, i) =>
      value !== undefined && theirs[i] !== undefined && theirs[i] !== 0 ? [value / theirs[i]!] : [],
    );
    if (pairs.length === 0) continue;
    const thisMedian = median(mine.filter((v): v is number => v !== undefined));
    const refMedian = median(theirs.filter((v): v is number => v !== undefined));
    const spread: [number, number] = [Math.min(...pairs), Math.max(...pairs)];
    compared.push({
      name,
      better: thisRounds.flat().find((m) => m.name === name)!.better,
      thisMedian,
      refMedian,
      ratio: thisMedian / refMedian,
      spread,
      // One round has no spread to tell noise by: nothing is called a change on one.
      beyondNoise: pairs.length >= 2 && (spread[0] > 1 || spread[1] < 1),
    });
  }
  return compared;
}

const fixed = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));

/** The report as a Markdown table. */
export function describeComparison(compared: readonly ComparedMeasure[], labels: { this: string; ref: string; rounds: number }): string {
  const lines = [
    `| measure | this (${labels.this}) median | ref (${labels.ref}) median | this ÷ ref | rounds' ratios, min–max | |`,
    '|---|---|---|---|---|---|',
  ];
  for (const m of compared) {
    const verdict = !m.beyondNoise ? 'within noise' : m.ratio > 1 === (m.better === 'higher') ? 'better' : 'worse';
    lines.push(
      `| ${m.name} | ${fixed(m.thisMedian)} | ${fixed(m.refMedian)} | ${m.ratio.toFixed(2)}× | ${m.spread[0].toFixed(2)}–${m.spread[1].toFixed(2)} | ${verdict} |`,
    );
  }
  lines.push(
    '',
    `${labels.rounds} rounds, the order alternating (this then ref, ref then this, …). A ratio is "within noise" while the rounds' own ratios lie on both sides of 1.`,
  );
  return lines.join('\n');
}
