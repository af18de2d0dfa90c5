/**
 * `npm run chaos`: the bank test (see ./bank-test.ts) for 60 s over 1,000 wallets, with every
 * service SIGKILLed and restarted at random moments and the Kafka broker restarted once.
 * Settings: CHAOS_DURATION_S (60), CHAOS_WALLETS (1000), CHAOS_CLIENTS (32),
 * CHAOS_KAFKA_RESTART (1; 0 leaves the shared broker alone). Prints the counts as JSON and
 * exits non-zero on any violation.
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
  process.stderr.write(
    `[chaos] ${report.ok ? 'OK' : 'VIOLATIONS'}: ${report.counts.requests} requests, ${report.counts.operations} transfers, ` +
      `${report.counts.acknowledged} acknowledged, ${report.counts.rejected} rejected, ${report.counts.retried} retried, ` +
      `${report.counts.unresolved} unresolved, ${report.counts.kills} kills, ${report.counts.restarts} restarts, ` +
      `${report.counts.kafkaRestarts} Kafka restarts, ${report.counts.replayed} keys replayed\n`,
  );
  process.exit(report.ok ? 0 : 1);
}

main().catch((err: unknown) => {
  process.stderr.write(`[chaos] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(2);
});
