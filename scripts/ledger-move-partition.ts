/**
 * Step 3 of docs/operations/deployment.md "Changing the shard map": moves one partition's rows from the shard
 * that owns it to another, with every ledger stopped, and proves it.
 *
 *   npm run ledger:move-partition -- --partition P --from A --to B [--prefix <schema prefix>]
 *
 * A and B are positions in the shard map (0 is the home shard). The map is
 * LEDGER_SHARDS_DATABASE_URL, each shard given by its **admin** URL (the role `npm run migrate`
 * uses, which may SET ROLE to coin_ledger_owner): the move deletes append-only rows, which only
 * the owner may, and never as the runtime role. No URL is printed.
 *
 * Refuses, changing nothing, while the ledger's consumer groups have a member (Kafka: the
 * environment's KAFKA_* settings and TOPIC_PREFIX, as `npm run restore:rewind`), while the map does not give
 * P to A, while the audit over every shard is not exact, while A has unpublished outbox rows, or
 * when B already holds rows of P (other than a complete copy an earlier run committed: then it
 * only deletes from A). After the move the counts and sums over every shard equal those before
 * and the audit over every shard is exact again with the same figures; it prints the new map's
 * partitions per shard. Exit 0 when moved, 1 when refused or not proven, 2 on wrong arguments.
 */
import { commonEnv, kafkaSecurityOf, parseConfig, z } from '@coin/config';
import type { SupplyReport } from '@coin/contracts';
import { createPool, type Pool, type PoolClient } from '@coin/db';
import { createKafka } from '@coin/kafka';
import { auditShards, copyLeftOnTarget, ledgerGroupIds, MoveRefused, movePartition, shardMapText, type ShardSpec } from '@coin/ledger';
import { createCommandLineLogger } from '@coin/logger';
import type { Kafka } from 'kafkajs';
import { argsOrExit, integerArg, parseCliArgs, UsageError } from './cli-args';

const usage = 'usage: npm run ledger:move-partition -- --partition P --from A --to B [--prefix <schema prefix>]';

/** The ledger's migration role: owns the tables, may disable the append-only triggers in a transaction. */
const ledgerOwner = 'coin_ledger_owner';

export interface MovePartitionOptions {
  shards: readonly ShardSpec[];
  partition: number;
  from: number;
  to: number;
  schemaPrefix: string;
  /** The ledger's Kafka and topic prefix: its consumer groups must have no member (every ledger stopped). */
  kafka: Kafka;
  topicPrefix: string;
  log: (line: string) => void;
}

/** A ledger still consuming would apply commands to the rows being moved (or to the old shard). */
async function refuseRunningLedger(kafka: Kafka, topicPrefix: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups(Object.values(ledgerGroupIds(topicPrefix)));
    const running = groups.filter((g) => g.members.length > 0);
    if (running.length > 0) {
      throw new MoveRefused(
        `consumer group(s) ${running.map((g) => g.groupId).join(', ')} have members: stop every ledger first; nothing was changed`,
      );
    }
  } finally {
    await admin.disconnect();
  }
}

/** Counts and sums over every shard: what a move must leave as it found. */
interface Totals {
  wallets: number;
  balances: number;
  entries: number;
  entriesSum: number;
  transactions: number;
  transactionsSum: number;
  holds: number;
  approvals: number;
}

async function totalsOf(pools: readonly Pool[]): Promise<Totals> {
  const totals: Totals = {
    wallets: 0,
    balances: 0,
    entries: 0,
    entriesSum: 0,
    transactions: 0,
    transactionsSum: 0,
    holds: 0,
    approvals: 0,
  };
  for (const pool of pools) {
    const { rows } = await pool.query<Record<keyof Totals, string>>(
      `SELECT (SELECT count(*) FROM wallets) AS wallets, (SELECT coalesce(sum(balance), 0) FROM wallets) AS balances,
              (SELECT count(*) FROM entries) AS entries, (SELECT coalesce(sum(amount), 0) FROM entries) AS "entriesSum",
              (SELECT count(*) FROM transactions) AS transactions, (SELECT coalesce(sum(amount), 0) FROM transactions) AS "transactionsSum",
              (SELECT count(*) FROM holds) AS holds, (SELECT count(*) FROM approval_requests) AS approvals`,
    );
    for (const key of Object.keys(totals) as Array<keyof Totals>) totals[key] += Number(rows[0]![key]);
  }
  return totals;
}

const auditFigures = (r: SupplyReport) => ({
  minted: r.minted,
  burned: r.burned,
  balances: r.balances,
  inFlight: r.inFlight,
  consistent: r.consistent,
});

/** The partitions each shard owns once `partition` moved, by position: what LEDGER_SHARDS_DATABASE_URL must say next. */
export function movedMap(shards: readonly ShardSpec[], partition: number, to: number): string {
  return shards
    .map((s) => {
      const partitions = s.partitions.filter((p) => p !== partition);
      if (s.index === to) partitions.push(partition);
      return `shard ${s.index}: ${partitions.sort((a, b) => a - b).join(',') || '(none)'}`;
    })
    .join('; ');
}

export async function runMovePartition(options: MovePartitionOptions): Promise<{ ok: boolean }> {
  const { shards, partition, from, to, log } = options;
  const partitionCount = shards.reduce((n, s) => n + s.partitions.length, 0);
  const owner = shards.find((s) => s.partitions.includes(partition));
  if (!owner || from === to || !shards[from] || !shards[to]) {
    throw new UsageError(`partition ${partition} must be in the map and --from, --to two shards of it (${shards.length})\n${usage}`);
  }
  if (owner.index !== from) throw new MoveRefused(`the map gives partition ${partition} to shard ${owner.index}, not ${from}`);
  await refuseRunningLedger(options.kafka, options.topicPrefix);
  const pools = shards.map((s) =>
    createPool({ url: s.url, schema: `${options.schemaPrefix}ledger`, applicationName: 'ledger-move-partition', connectionsMax: 2 }),
  );
  const clients: PoolClient[] = [];
  try {
    for (const [index, pool] of pools.entries()) {
      const client = await pool.connect();
      clients.push(client);
      try {
        await client.query(`SET ROLE ${ledgerOwner}`);
      } catch {
        throw new MoveRefused(`shard ${index}: cannot act as ${ledgerOwner}; give each shard's admin URL in LEDGER_SHARDS_DATABASE_URL`);
      }
    }
    const audit = () => auditShards(pools, { now: new Date(), creditLegMaxAgeS: 300 });
    const source = { index: from, client: clients[from]! };
    const target = { index: to, client: clients[to]! };
    // An earlier run that copied but did not delete left the rows on both shards: the audit
    // cannot be exact before, only after finishing the delete.
    const finishing = await copyLeftOnTarget({ source, target, partition, partitionCount });
    const before = finishing ? null : { totals: await totalsOf(pools), audit: await audit() };
    if (before && (!before.audit.consistent || before.audit.creditLegs.inFlight.count > 0)) {
      throw new MoveRefused(
        `the audit over every shard is not exact and settled (${JSON.stringify(auditFigures(before.audit))}, legs in flight ${before.audit.creditLegs.inFlight.count}): drain first`,
      );
    }
    const result = await movePartition({ source, target, partition, partitionCount, log });
    const after = { totals: await totalsOf(pools), audit: await audit() };
    const settled = after.audit.consistent && after.audit.creditLegs.inFlight.count === 0;
    log(`over every shard after ${JSON.stringify(after.totals)}`);
    log(`audit after: ${JSON.stringify(auditFigures(after.audit))}`);
    if (before) {
      const totalsSame = JSON.stringify(after.totals) === JSON.stringify(before.totals);
      const auditSame = JSON.stringify(auditFigures(after.audit)) === JSON.stringify(auditFigures(before.audit));
      log(
        `over every shard before ${JSON.stringify(before.totals)}: ${totalsSame ? 'equal' : 'DIFFERENT'}; audit ${auditSame ? 'as before' : 'DIFFERENT from before'}`,
      );
      if (!totalsSame || !auditSame) return { ok: false };
    }
    if (!settled) {
      log('the audit over every shard is NOT exact after the move');
      return { ok: false };
    }
    log(
      `moved${result.resumed ? ' (finished an earlier run)' : ''}. Now set LEDGER_SHARDS_DATABASE_URL to: ${movedMap(shards, partition, to)}`,
    );
    return { ok: true };
  } finally {
    for (const client of clients) client.release();
    for (const pool of pools) await pool.end();
  }
}

async function main(): Promise<void> {
  const { values } = argsOrExit(() =>
    parseCliArgs(
      {
        args: process.argv.slice(2),
        options: { partition: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, prefix: { type: 'string' } },
      },
      usage,
    ),
  );
  const log = (line: string) => process.stdout.write(`[move-partition] ${line}\n`);
  const parsed = shardMapText.safeParse(process.env.LEDGER_SHARDS_DATABASE_URL ?? '');
  if (!parsed.success) {
    process.stderr.write(`LEDGER_SHARDS_DATABASE_URL: ${parsed.error.issues.map((i) => i.message).join('; ')}\n${usage}\n`);
    process.exit(2);
  }
  const config = parseConfig(z.object({ ...commonEnv }), process.env);
  const kafka = createKafka({
    brokers: config.KAFKA_BROKERS,
    security: kafkaSecurityOf(config),
    clientId: 'ledger-move-partition',
    logger: createCommandLineLogger('ledger-move-partition', config.LOG_LEVEL),
  });
  const { ok } = await runMovePartition({
    kafka,
    topicPrefix: config.TOPIC_PREFIX,
    shards: parsed.data,
    partition: integerArg(values.partition, '--partition', -1, usage, 0),
    from: integerArg(values.from, '--from', -1, usage, 0),
    to: integerArg(values.to, '--to', -1, usage, 0),
    schemaPrefix: values.prefix ?? process.env.DB_SCHEMA_PREFIX ?? '',
    log,
  });
  process.exit(ok ? 0 : 1);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`[move-partition] ${err instanceof MoveRefused ? 'refused' : 'failed'}: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
