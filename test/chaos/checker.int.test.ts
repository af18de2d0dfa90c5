import { testInfra } from '../harness/env';
import { runCheckerTest } from './checker-test';
import { formatTimeline } from './nemesis/checker-nemesis';

/**
 * The short checker run of every `npm test` (`npm run chaos -- --checker` is the long one):
 * 30 s of transfers, wallet reads and history reads by 6 clients over 8 wallets while Toxiproxy
 * adds latency to, resets and cuts one service's connection to PostgreSQL or Redis, and services
 * are paused (SIGSTOP/SIGCONT) and killed. The Kafka broker is not restarted here (the bank test
 * of npm test does that). Zero anomalies is the pass: the linearizability checker (Porcupine)
 * found none in the wallet reads and transfers, and the history reads were monotonic per client,
 * invented nothing and ended complete. That the checker can fail is shown by
 * test/chaos/history/checker.unit.test.ts.
 */
describe('history checker under faults (short)', () => {
  it('when clients transfer and read balances and histories while connections to PostgreSQL and Redis are slowed, reset and cut and services are paused and killed, then the history is linearizable and the history reads keep their promises', async () => {
    const report = await runCheckerTest({
      durationSec: Number(process.env.CHAOS_CHECKER_DURATION_S ?? 30),
      wallets: 8,
      clients: 6,
      intervalMs: [1500, 3000],
      restartKafka: false,
      infra: testInfra(),
      log: () => undefined,
    });
    const summary = `${formatTimeline(report.timeline).join('\n')}\n${JSON.stringify(report.counts)}`;
    expect({ violations: report.violations, summary }).toEqual({ violations: [], summary });
    expect(report.checker?.anomalies).toEqual([]);
    expect(report.checker?.operations).toBeGreaterThan(100);
    // Faults were really injected, each kind at least once.
    for (const kind of ['latency', 'reset_peer', 'cut', 'pause', 'kill']) expect(report.counts.faults[kind] ?? 0).toBeGreaterThanOrEqual(1);
    expect(report.timeline.filter((f) => f.error)).toEqual([]);
    expect(report.counts.transfersOk).toBeGreaterThan(0);
    expect(report.counts.transfersRefused).toBeGreaterThan(0);
    expect(report.counts.readsOk).toBeGreaterThan(0);
    expect(report.counts.historyComparisons).toBeGreaterThan(0);
  }, 300_000);
});
