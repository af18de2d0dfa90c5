/**
 * `npm run bench:ledger`: throughput of the ledger's apply stage alone.
 *
 * Creates its own topic and schema prefix, funds W wallets directly in the database (as MINTs,
 * so the audit holds), produces N transfer commands to ledger.commands in advance (keyed by
 * the sender, so spread over the partitions), then starts the ledger's command consumer (the
 * same handler and wiring as the service) and measures until every transfer and every credit
 * leg it produced has been applied. Prints commands/s, batch sizes and the commit count.
 *
 *   npm run bench:ledger -- [--commands 100000] [--wallets 10000] [--partitions 6]
 *
 * Its topics and schemas are removed at the end; BENCH_KEEP=1 keeps them.
 */
import { randomUUID } from 'node:crypto';
import { topicNames, walletKeyOfUser } from '@coin/contracts';
import { createPool } from '@coin/db';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { loadLedgerConfig } from '../services/ledger/src/config';
import { startLedgerService } from '../services/ledger/src/service';
import { runAudit } from '../scripts/audit';
import { ensureInfra, type InfraEndpoints } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { serviceEnvs } from '../scripts/stack/env';
import { generateJwtKey } from '../scripts/stack/keys';
import { provision } from '../scripts/stack/provision';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const commandCount = arg('commands', 100_000);
const walletCount = arg('wallets', 10_000);
const partitions = arg('partitions', 6);
/** Every wallet starts with far more than it can send, so no transfer is refused. */
const fundingMinor = 10_000_000;
/** Messages per produce request: one partition's share must stay under the broker's 1 MB message limit. */
const produceChunk = 2_000;
const keep = process.env.BENCH_KEEP === '1';
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);

async function main(): Promise<void> {
  const infra = await ensureInfra(log);
  const prefix = `bench_${Date.now().toString(36)}_`;
  let auditOk = false;
  try {
    auditOk = await measure(infra, prefix);
  } finally {
    if (!keep) {
      await removeTopicsAndSchemas(infra, [prefix]).then(
        (removed) => log(`removed ${removed.topics} topics and ${removed.schemas} schemas of ${prefix}`),
        (err: Error) => log(`clean-up failed: ${err.message}`),
      );
    }
  }
  process.exit(auditOk ? 0 : 1);
}

/** Provisions `prefix`, runs the measurement and the audit; true when the audit holds. */
async function measure(infra: InfraEndpoints, prefix: string): Promise<boolean> {
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix, ledgerPartitions: partitions });
  const env = serviceEnvs({
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey: generateJwtKey('bench'),
    logLevel: 'warn',
    ports: { gateway: 0, user: 0, ledger: 0, history: 0 },
  }).ledger;
  const config = loadLedgerConfig(env);
  const logger = createLogger('bench', 'warn');
  const topics = topicNames(prefix);
  const pool = createPool({ url: config.LEDGER_DATABASE_URL, schema: `${prefix}ledger`, applicationName: 'ledger-bench', connectionsMax: 12 });

  log(`funding ${walletCount} wallets`);
  const userIds = Array.from({ length: walletCount }, (_, i) => i + 1);
  await pool.query(
    `WITH w AS (
       INSERT INTO wallets (id, wallet_key, user_id, balance, total_received)
       SELECT gen_random_uuid(), 'user:' || u, u, $2, $2 FROM unnest($1::bigint[]) AS u
       RETURNING id, user_id),
     t AS (
       INSERT INTO transactions (type, amount, to_user_id, reason, command_id, created_at)
       SELECT 'MINT', $2, user_id, 'bench funding', gen_random_uuid(), now() FROM w
       RETURNING id, to_user_id)
     INSERT INTO entries (transaction_id, wallet_id, amount, created_at)
     SELECT t.id, w.id, $2, now() FROM t JOIN w ON w.user_id = t.to_user_id`,
    [userIds, fundingMinor],
  );

  const kafka = createKafka({ brokers: infra.kafkaBrokers, clientId: 'ledger-bench', logger });
  const rawProducer = kafka.producer();
  await rawProducer.connect();
  log(`producing ${commandCount} transfer commands to ${partitions} partitions`);
  const producedAt = performance.now();
  const issuedAt = new Date().toISOString();
  for (let start = 0; start < commandCount; start += produceChunk) {
    const messages = [];
    for (let i = start; i < Math.min(start + produceChunk, commandCount); i += 1) {
      const from = 1 + Math.floor(Math.random() * walletCount);
      let to = 1 + Math.floor(Math.random() * walletCount);
      if (to === from) to = (to % walletCount) + 1;
      const command = {
        commandId: randomUUID(),
        type: 'ledger.transfer',
        issuedAt,
        actor: { kind: 'user', id: String(from) },
        data: { kind: 'TRANSFER', fromUserId: from, to: { kind: 'user', userId: to }, amount: 1 + Math.floor(Math.random() * 100), reason: 'bench' },
      };
      messages.push({ key: walletKeyOfUser(from), value: JSON.stringify(command) });
    }
    await rawProducer.send({ topic: topics.ledgerCommands, messages, acks: -1 });
  }
  await rawProducer.disconnect();
  log(`produced in ${((performance.now() - producedAt) / 1000).toFixed(1)} s`);

  const expected = commandCount * 2; // each transfer and its credit leg
  let applied = 0;
  let delivered = 0;
  let batches = 0;
  let firstBatchAt = 0;
  let lastBatchAt = 0;
  let applyMsTotal = 0;
  let commitMsTotal = 0;
  let publishMsTotal = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const startedAt = performance.now();
  // The ledger service itself, as `npm start` runs it (its consumers, producer and outbox), with
  // an observer on every applied batch.
  const ledger = await startLedgerService(config, logger, {
    onBatch: (b) => {
      const now = performance.now();
      if (batches === 0) firstBatchAt = now - b.durationMs;
      batches += 1;
      delivered += b.commands;
      applied += b.applied;
      applyMsTotal += b.durationMs;
      commitMsTotal += b.commitMs;
      publishMsTotal += b.publishMs;
      lastBatchAt = now;
      if (applied >= expected) done();
    },
  });
  const progress = setInterval(() => log(`applied ${applied}/${expected} in ${batches} batches`), 2000);
  await finished;
  clearInterval(progress);
  const seconds = (lastBatchAt - firstBatchAt) / 1000;
  await ledger.close();

  log('---');
  log(`transfers ${commandCount}, credit legs ${expected - commandCount}, wallets ${walletCount}, partitions ${partitions}`);
  log(`applied ${applied} commands in ${seconds.toFixed(2)} s (first batch to last; group join ${((firstBatchAt - startedAt) / 1000).toFixed(1)} s excluded)`);
  log(`throughput ${Math.round(applied / seconds)} commands/s (${Math.round(commandCount / seconds)} transfers/s, each = debit + credit leg)`);
  log(`batches (= database commits) ${batches}, mean batch ${(delivered / batches).toFixed(1)} commands, mean batch time ${(applyMsTotal / batches).toFixed(1)} ms (database ${(commitMsTotal / batches).toFixed(1)}, outbox publish ${(publishMsTotal / batches).toFixed(1)})`);
  // One machine-readable line for bench/run.ts and CI.
  log(
    JSON.stringify({
      commandsPerSec: Math.round(applied / seconds),
      transfersPerSec: Math.round(commandCount / seconds),
      commands: applied,
      seconds: Number(seconds.toFixed(2)),
      batches,
      meanBatchCommands: Number((delivered / batches).toFixed(1)),
      meanBatchMs: Number((applyMsTotal / batches).toFixed(1)),
      partitions,
    }),
  );
  const audit = await runAudit({ databaseUrl: infra.databaseUrl, schemaPrefix: prefix, waitMs: 5_000, log: (l) => log(`audit: ${l}`) });
  await pool.end();
  return audit.ok;
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench] failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(2);
});
