/**
 * `npm run chaos -- --checker [--duration-s N]` (parsed in ./bank.ts): runs ./checker-test.ts
 * and prints the fault timeline, the anomalies (zero is the pass) and where the history is.
 * Settings: CHAOS_CHECKER_WALLETS (8), CHAOS_CHECKER_CLIENTS (6), CHAOS_KAFKA_RESTART (1: the
 * broker restarted once, half-way; 0 leaves a shared broker alone), CHAOS_DB_RESTART (1: the
 * PostgreSQL server restarted once, at three quarters; 0 leaves it alone), CHAOS_CHECKER_HTML (0: 1
 * writes Porcupine's visualization next to the history), CHAOS_CHECKER_FAULTS (1: 0 runs without
 * the nemesis), CHAOS_CHECKER_BUGS (0: 1 puts the bugs of ./history/injected-bugs.ts in on
 * purpose, to see the run fail). Returns the exit code: 0 none, 1 any.
 */
import { runCheckerTest } from './checker-test';
import { formatTimeline } from './nemesis/checker-nemesis';

export async function runCheckerCli(durationSec: number): Promise<number> {
  const report = await runCheckerTest({
    durationSec,
    wallets: Number(process.env.CHAOS_CHECKER_WALLETS ?? 8),
    clients: Number(process.env.CHAOS_CHECKER_CLIENTS ?? 6),
    intervalMs: [1500, 3500],
    restartKafka: (process.env.CHAOS_KAFKA_RESTART ?? '1') !== '0',
    restartPostgres: (process.env.CHAOS_DB_RESTART ?? '1') !== '0',
    html: process.env.CHAOS_CHECKER_HTML === '1',
    faults: process.env.CHAOS_CHECKER_FAULTS !== '0',
    injectBugs: process.env.CHAOS_CHECKER_BUGS === '1',
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const c = report.counts;
  out('fault timeline (s into the run, what, how long):');
  for (const line of formatTimeline(report.timeline)) out(line);
  out(
    `operations: ${c.operations} (${c.transfersOk} transfers acknowledged, ${c.transfersRefused} refused, ${c.transfersUnresolved} never resolved, ` +
      `${c.transfersSettledAfterFaults} settled after the faults; ${c.readsOk} wallet reads, ${c.readsFailed} unanswered; ` +
      `${c.historyReads} history reads, ${c.historyComparisons} per-client comparisons)`,
  );
  if (report.checker)
    out(
      `linearizability (Porcupine): ${report.checker.anomalies.length} anomalies in ${report.checker.operations} operations on ${report.checker.wallets} wallets (${report.checker.ms} ms)`,
    );
  out(`history reads: ${report.historyProblems.length} problems`);
  out(`anomalies: ${report.violations.length}`);
  for (const v of report.violations) out(`- ${v}`);
  out(`history: ${report.historyFile}${report.htmlFile ? `, visualization: ${report.htmlFile}` : ''}; run ${report.runS} s`);
  return report.ok ? 0 : 1;
}
