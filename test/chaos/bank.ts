/**
 * `npm run chaos`: the bank test (see ./bank-test.ts) for 60 s over 1,000 wallets, with every
 * service SIGKILLed and restarted at random moments, and PostgreSQL, the Kafka broker and Redis
 * restarted once each (at about 25 %, 50 % and 70 % of the run; PostgreSQL and Redis only when
 * the project's scripts started them). Besides the transfers: users deleted while being paid,
 * purchases raced by several refunds, holds captured, voided, left to expire or captured right
 * at their expiry, and a trickle of hostile requests; at the end every
 * partition must be live, every request must have been answered within its timeout, and every
 * service that died on its own must have been restarted.
 * Settings: CHAOS_DURATION_S (60), CHAOS_WALLETS (1000), CHAOS_CLIENTS (32),
 * CHAOS_KAFKA_RESTART, CHAOS_DB_RESTART, CHAOS_REDIS_RESTART (1 each; 0 leaves that shared server
 * alone), CHAOS_INFRA_DOWN_S (5: how long PostgreSQL and Redis stay down). Prints the report as
 * JSON, a summary line on stderr, and exits non-zero on any violation.
 *
 * `npm run chaos -- --checker [--duration-s N]`: the checker run instead (./checker-test.ts,
 * ./checker-cli.ts): a few clients over a few wallets under Toxiproxy faults, pauses and kills,
 * their history checked for linearizability (Porcupine) and the history reads for what the
 * contract promises; prints the anomalies and the fault timeline, exits non-zero on any anomaly.
 */
import { argsOrExit, integerArg, parseCliArgs, UsageError } from '../../scripts/cli-args';
import { runBankTest, type BankTestReport, type InfraKind } from './bank-test';
import { runCheckerCli } from './checker-cli';

const usage =
  'usage: npm run chaos [-- --checker [--duration-s N]] (settings: CHAOS_* environment variables; --checker: CHAOS_CHECKER_* too)';

const on = (name: string) => (process.env[name] ?? '1') !== '0';

/** "PostgreSQL 1 (down 5.2 s at 20 s, services ready 0.1 s later, 603 requests in flight meanwhile, longest 5141 ms)", "Redis skipped: …". */
function infraSummary(report: BankTestReport, kind: InfraKind): string {
  const faults = report.infrastructure.filter((f) => f.kind === kind);
  const done = faults.filter((f) => f.outcome === 'done');
  const failed = faults.filter((f) => f.outcome === 'failed');
  if (done.length === 0 && failed.length === 0) return `${kind} skipped: ${faults[0]?.reason ?? 'not planned'}`;
  const parts = done.map(
    (f) =>
      `down ${((f.downMs ?? 0) / 1000).toFixed(1)} s at ${f.atS} s, services ready ${f.servicesReadyAfterMs !== undefined && f.servicesReadyAfterMs >= 0 ? `${(f.servicesReadyAfterMs / 1000).toFixed(1)} s later` : 'NOT within 60 s'}` +
      (f.requestsMeanwhile
        ? `, ${f.requestsMeanwhile.requests} requests in flight meanwhile, longest ${f.requestsMeanwhile.maxMs} ms` +
          (f.requestsMeanwhile.statuses.timeout ? `, ${f.requestsMeanwhile.statuses.timeout} timed out` : '')
        : ''),
  );
  return `${kind} ${done.length}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}${failed.length > 0 ? `, ${failed.length} FAILED` : ''}`;
}

async function main(): Promise<void> {
  // The bank test's settings come from the environment (above); the checker run takes its two flags.
  const { values } = argsOrExit(() =>
    parseCliArgs({ args: process.argv.slice(2), options: { checker: { type: 'boolean' }, 'duration-s': { type: 'string' } } }, usage),
  );
  if (values['duration-s'] !== undefined && !values.checker)
    argsOrExit(() => {
      throw new UsageError(`--duration-s goes with --checker (the bank test reads CHAOS_DURATION_S)\n${usage}`);
    });
  if (values.checker) {
    const durationSec = argsOrExit(() => integerArg(values['duration-s'], '--duration-s', 60, usage));
    process.exit(await runCheckerCli(durationSec));
  }
  const report = await runBankTest({
    durationSec: Number(process.env.CHAOS_DURATION_S ?? 60),
    wallets: Number(process.env.CHAOS_WALLETS ?? 1000),
    clients: Number(process.env.CHAOS_CLIENTS ?? 32),
    restartKafka: on('CHAOS_KAFKA_RESTART'),
    restartPostgres: on('CHAOS_DB_RESTART'),
    restartRedis: on('CHAOS_REDIS_RESTART'),
    infraDownMs: Number(process.env.CHAOS_INFRA_DOWN_S ?? 5) * 1000,
    nemesisIntervalMs: [3000, 8000],
    chargeKills: 3,
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  const c = report.counts;
  const hostileStatuses = Object.entries(report.actors.hostile?.statuses ?? {})
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');
  process.stderr.write(
    `[chaos] ${report.ok ? 'OK' : 'VIOLATIONS'}: ${c.requests} requests, ${c.operations} transfers, ` +
      `${c.acknowledged} acknowledged, ${c.rejected} rejected, ${c.retried} retried, ` +
      `${c.unresolved} unresolved, ${c.kills} kills, ${c.restarts} restarts, ${c.replayed} keys replayed; ` +
      `infrastructure restarts: ${(['PostgreSQL', 'Kafka', 'Redis'] as const).map((k) => infraSummary(report, k)).join(', ')}; ` +
      `${c.chargeKills} ledger kills right after a mandate charge (${c.chargeKillsRecovered} back); ` +
      `${c.serviceDeaths} service deaths${c.serviceDeaths > 0 ? ` (${c.serviceDeathsRecovered} restarted and ready again: ${report.deaths.map((x) => `${x.name} ${x.exit} at ${x.atS} s`).join(', ')})` : ''}; ` +
      `${c.actorRequests} actor requests, longest answer ${c.longestAnswerMs} ms${report.slowestAnswer ? ` (${report.slowestAnswer})` : ''}, ${c.requestTimeouts} without an answer within the timeout; ` +
      `${c.deleted + c.deletedOnRetry404}/${c.deletions} users deleted while paid (${c.deletedOnRetry404} by a 404 on retry), ` +
      `${c.refusedAfterDeletion}/${c.transfersToDeleted} transfers sent after a deletion refused, ${c.closeBurns} close burns; ` +
      `${c.purchasesAcknowledged}/${c.purchases} purchases, ${c.refundsAcknowledged} refunds acknowledged, ${c.refundsRejected} rejected of ${c.refunds}; ` +
      `${c.hostile} hostile requests, ${c.hostileAsRequired} answered as required (${hostileStatuses || 'none'}); ` +
      `${c.holdsAcknowledged}/${c.holds} holds placed, ${c.holdsCaptured} captured, ${c.holdsVoided} voided, ${c.holdsExpired} expired; ` +
      `liveness ${report.liveness ? (report.liveness.ok ? 'OK' : 'FAILED') : 'not probed'} (registration max ${c.livenessRegistrationMaxMs} ms, transfer max ${c.livenessTransferMaxMs} ms)\n`,
  );
  for (const violation of report.violations.slice(0, 30)) process.stderr.write(`[chaos] violation: ${violation}\n`);
  process.exit(report.ok ? 0 : 1);
}

main().catch((err: unknown) => {
  process.stderr.write(`[chaos] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(2);
});
