import { testInfra } from '../harness/env';
import { runCheckerTest } from './checker-test';

/**
 * The checker run can fail on the real stack: with bugs put in on purpose between the clients and
 * the gateway (./history/injected-bugs.ts: stale wallet reads for half the wallets, transfers
 * acknowledged before they are applied, every second one then lost, for the others), a short run
 * without faults must report anomalies on wallets of both kinds. The Go model's own tests
 * (./history/checker.unit.test.ts) show it on recorded histories; this shows it end to end.
 */
describe('history checker with bugs put in on purpose', () => {
  it('when wallet reads are served stale and transfers are acknowledged before they are applied, then the run reports anomalies on wallets of both kinds and fails', async () => {
    const report = await runCheckerTest({
      durationSec: Number(process.env.CHAOS_CHECKER_BUGS_DURATION_S ?? 15),
      wallets: 6,
      clients: 6,
      intervalMs: [1500, 3000],
      restartKafka: false,
      faults: false,
      injectBugs: true,
      // Its lost writes never reach a history: read again for 10 s, not a minute, before they are reported.
      historySettleMs: 10_000,
      infra: testInfra(),
      log: () => undefined,
    });
    const bugs = report.bugs!;
    expect(bugs.counts.staleReads).toBeGreaterThan(0);
    expect(bugs.counts.lostWrites).toBeGreaterThan(0);
    expect(report.ok).toBe(false);
    const anomalous = new Set(report.checker?.anomalies.map((a) => a.wallet));
    const summary = report.violations.slice(0, 5).join('\n');
    // Stale reads break linearizability on their own wallets; lost writes on their senders'.
    expect({ staleWalletFlagged: bugs.staleReadWallets.some((w) => anomalous.has(w)), summary }).toEqual({
      staleWalletFlagged: true,
      summary,
    });
    expect({ earlyAckWalletFlagged: bugs.earlyAckWallets.some((w) => anomalous.has(w)), summary }).toEqual({
      earlyAckWalletFlagged: true,
      summary,
    });
    // No fault was injected: what was found is the bugs' doing.
    expect(report.timeline).toEqual([]);
  }, 300_000);
});
