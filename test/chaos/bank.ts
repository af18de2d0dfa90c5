/**
 * `npm run chaos`: the bank test (see ./bank-test.ts) for 60 s over 1,000 wallets, with every
 * service SIGKILLed and restarted at random moments and the Kafka broker restarted once.
 * Besides the transfers: users deleted while being paid, purchases raced by several refunds, and
 * a trickle of hostile requests; every partition must be live at the end.
 * Settings: CHAOS_DURATION_S (60), CHAOS_WALLETS (1000), CHAOS_CLIENTS (32),
 * CHAOS_KAFKA_RESTART (1; 0 leaves the shared broker alone). Prints the report as JSON, a summary
 * line on stderr, and exits non-zero on any violation.
 */
import { runBankTest } from './bank-test';

async function main(): Promise<void> {
  const report = await runBankTest({
    durationSec: Number(process.env.CHAOS_DURATION_S ?? 60),
    wallets: Number(process.env.CHAOS_WALLETS ?? 1000),
    clients: Number(process.env.CHAOS_CLIENTS ?? 32),
    restartKafka: (process.env.CHAOS_KAFKA_RESTART ?? '1') !== '0',
    nemesisIntervalMs: [3000, 8000],
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  const c = report.counts;
  const hostileStatuses = Object.entries(report.actors.hostile?.statuses ?? {})
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');
  process.stderr.write(
    `[chaos] ${report.ok ? 'OK' : 'VIOLATIONS'}: ${c.requests} requests, ${c.operations} transfers, ` +
      `${c.acknowledged} acknowledged, ${c.rejected} rejected, ${c.retried} retried, ` +
      `${c.unresolved} unresolved, ${c.kills} kills, ${c.restarts} restarts, ` +
      `${c.kafkaRestarts} Kafka restarts, ${c.replayed} keys replayed; ` +
      `${c.deleted + c.deletedOnRetry404}/${c.deletions} users deleted while paid (${c.deletedOnRetry404} by a 404 on retry), ` +
      `${c.refusedAfterDeletion}/${c.transfersToDeleted} transfers sent after a deletion refused, ${c.closeBurns} close burns; ` +
      `${c.purchasesAcknowledged}/${c.purchases} purchases, ${c.refundsAcknowledged} refunds acknowledged, ${c.refundsRejected} rejected of ${c.refunds}; ` +
      `${c.hostile} hostile requests, ${c.hostileAsRequired} answered as required (${hostileStatuses || 'none'}); ` +
      `liveness ${report.liveness ? (report.liveness.ok ? 'OK' : 'FAILED') : 'not probed'} (registration max ${c.livenessRegistrationMaxMs} ms, transfer max ${c.livenessTransferMaxMs} ms)\n`,
  );
  for (const violation of report.violations.slice(0, 30)) process.stderr.write(`[chaos] violation: ${violation}\n`);
  process.exit(report.ok ? 0 : 1);
}

main().catch((err: unknown) => {
  process.stderr.write(`[chaos] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(2);
});
