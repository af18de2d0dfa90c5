/**
 * Step 3 of docs/operations/procedures.md "Restoring from a backup", once the ledger's database is restored
 * to the point T and the ledger is stopped: puts the ledger's consumer groups where the restored
 * database needs them and sends the credit legs it owes.
 *
 *   npm run restore:rewind -- --restore-point <ISO 8601 time of T> [--margin-s 300] [--id-gap 1000] [--prefix <schema prefix>]
 *
 * - `ledger-service` on ledger.commands and `ledger-user-events` on user.events.v2 (and the retired user.events): to the first
 *   offset at T − margin (what `kafka-consumer-groups.sh --reset-offsets --to-datetime` does).
 *   What was applied after T was lost with the restore and is applied again; a command the
 *   restore kept gets its stored outcome back; opening or closing a wallet again changes nothing.
 * - `ledger-service` on ledger.internal: to the end. Everything there was derived from a state of
 *   the database: credit legs, expiries (the sweep sends again what is due) and the wallet opens
 *   and closes of user events (derived again from user.events.v2 above). Replayed, the legs of
 *   transactions the restore lost would credit ids the restored sequence hands out again, to
 *   other transactions.
 * - The transaction id sequence of every shard: past the highest transaction id the ledger published
 *   since T − margin (coin.transactions, ledger.internal, gateway.replies, read to their ends), plus
 *   `--id-gap` (docs/design/ledger.md "Ids across a restore"): no id a consumer has seen is handed out
 *   again, to another transaction. Printed as the new floor and the ids that are void, then the
   published ids no shard holds: the transactions the restore lost, which consumers drop.
 * - Then the credit legs the restored ledger owes (a debit kept, its credit applied after T and
 *   lost) go to ledger.internal, after that end, each under the command id of the leg its debit
 *   sent: a copy that arrives too (the outbox sweep republishing an unpublished batch) credits once.
 *
 * Refuses, changing nothing, while either group has a member (a ledger still running would
 * consume from where it is). Kafka: the environment's KAFKA_* settings and TOPIC_PREFIX, the
 * ledger's own principal suffices (its groups, its topic); database: every shard of
 * LEDGER_SHARDS_DATABASE_URL, else LEDGER_DATABASE_URL, else DATABASE_URL, else the local
 * development cluster, as `npm run audit`. Over shards, a leg one shard owes and another has
 * credited is not sent.
 */
import { commonEnv, kafkaSecurityOf, parseConfig, z } from '@coin/config';
import { ledgerCommandMessage, topicNames } from '@coin/contracts';
import { createPool, type PoolClient } from '@coin/db';
import { createKafka } from '@coin/kafka';
import { ledgerGroupIds, ledgerRestoreScanGroupId, owedCreditLegCommands } from '@coin/ledger';
import { createCommandLineLogger } from '@coin/logger';
import type { Admin, Kafka } from 'kafkajs';
import { argsOrExit, integerArg, parseCliArgs, UsageError } from './cli-args';
import { ledgerDatabaseUrls } from './audit';
import {
  type IdFloor,
  idCarryingTopics,
  idFloor,
  idRuns,
  lostTransactionIds,
  type PublishedScan,
  scanPublishedTransactionIds,
} from './restore-ids';

export interface RestoreRewindOptions {
  kafka: Kafka;
  topicPrefix: string;
  /** T: the moment the database was restored to. */
  restorePoint: Date;
  /** How far before T the command topics are read again: at least the consumers' lag at T. */
  marginMs: number;
  /**
   * The restored ledger's database, its schema on the search path; with shards (docs/design/ledger.md
   * "Shards") every shard, the home shard first, all restored to the same point.
   */
  ledgerDb: Pick<PoolClient, 'query'> | readonly Pick<PoolClient, 'query'>[];
  /** Ids skipped above the highest one published (docs/design/ledger.md "Ids across a restore"); default 1000. */
  idGap?: number;
  /** How long the read of the published ids may take; default 5 minutes. */
  scanTimeoutMs?: number;
  now?: () => Date;
  log: (line: string) => void;
}

/** The transaction id sequence of one shard, before and after the advance. */
export interface ShardIdFloor extends IdFloor {
  shard: number;
}

export interface GroupPosition {
  groupId: string;
  topic: string;
  to: 'restore point - margin' | 'end';
  offsets: Array<{ partition: number; offset: string }>;
}

export interface RestoreRewindReport {
  positions: GroupPosition[];
  /** Command ids of the credit legs sent, one per leg the restored ledger owes. */
  legsSent: string[];
  /** What was read of the published ids, and each shard's sequence moved past them. */
  published: PublishedScan;
  idFloors: ShardIdFloor[];
  /** The published transaction ids no shard holds after the restore: what downstream consumers drop. */
  lostIds: number[];
}

/** The default of `--id-gap`: ids left unused above the highest published one. */
export const defaultIdGap = 1000;

/** Moves each shard's transaction id sequence past `highestPublished` + gap (forward only). */
async function advanceTransactionIds(
  dbs: readonly Pick<PoolClient, 'query'>[],
  highestPublished: number,
  gap: number,
): Promise<ShardIdFloor[]> {
  const floors: ShardIdFloor[] = [];
  for (const [shard, db] of dbs.entries()) {
    const state =
      // pg_sequence_last_value: what USAGE (the runtime role's) may read; null before the first nextval.
      (
        await db.query<{ last_value: string | null; highest_row: string }>(
          `SELECT pg_sequence_last_value('transactions_id_seq')::text AS last_value,
                (SELECT coalesce(max(id), 0) FROM transactions)::text AS highest_row`,
        )
      ).rows[0]!;
    const floor = idFloor(
      {
        lastValue: state.last_value === null ? 1 : Number(state.last_value),
        isCalled: state.last_value !== null,
        highestRow: Number(state.highest_row),
      },
      highestPublished,
      gap,
    );
    const next = (await db.query<{ next: string }>('SELECT advance_transaction_ids($1::bigint)::text AS next', [floor.next])).rows[0]!;
    floors.push({ shard, ...floor, next: Number(next.next) });
  }
  return floors;
}

/** Ids per lookup of which published ids the restored shards hold. */
const idsPerLookup = 10_000;

/** Which of `ids` any shard's `transactions` holds. */
async function heldTransactionIds(dbs: readonly Pick<PoolClient, 'query'>[], ids: ReadonlySet<number>): Promise<Set<number>> {
  const held = new Set<number>();
  const all = [...ids];
  for (const db of dbs) {
    for (let i = 0; i < all.length; i += idsPerLookup) {
      const rows = await db.query<{ id: string }>('SELECT id::text FROM transactions WHERE id = ANY($1::bigint[])', [
        all.slice(i, i + idsPerLookup),
      ]);
      for (const r of rows.rows) held.add(Number(r.id));
    }
  }
  return held;
}

/** Legs per produce request: well under the broker's 1 MiB request limit. */
const legsPerRequest = 500;

async function refuseRunningGroups(admin: Admin, groupIds: string[]): Promise<void> {
  const { groups } = await admin.describeGroups(groupIds);
  const running = groups.filter((g) => g.members.length > 0);
  if (running.length > 0) {
    throw new Error(
      `consumer group(s) ${running.map((g) => `${g.groupId} (${g.members.length} member(s))`).join(', ')} still running: stop the ledger first (step 1); nothing was changed`,
    );
  }
}

export async function rewindAfterRestore(options: RestoreRewindOptions): Promise<RestoreRewindReport> {
  const topics = topicNames(options.topicPrefix);
  const groups = ledgerGroupIds(options.topicPrefix);
  const from = options.restorePoint.getTime() - options.marginMs;
  const admin = options.kafka.admin();
  await admin.connect();
  const positions: GroupPosition[] = [];
  const dbs = Array.isArray(options.ledgerDb) ? options.ledgerDb : [options.ledgerDb as Pick<PoolClient, 'query'>];
  let published: PublishedScan;
  try {
    await refuseRunningGroups(admin, [groups.commands, groups.userEvents]);
    // Read-only, before anything is set: a failure leaves the groups and the sequences as they were.
    published = await scanPublishedTransactionIds({
      kafka: options.kafka,
      topics: idCarryingTopics(topics),
      fromMs: from,
      groupId: ledgerRestoreScanGroupId(options.topicPrefix),
      ...(options.scanTimeoutMs === undefined ? {} : { timeoutMs: options.scanTimeoutMs }),
    });
    options.log(
      `transaction ids published since the restore point - margin: highest ${published.highest || 'none'} (${published.byTopic
        .map((t) => `${t.topic}: ${t.records} record(s), highest ${t.highest || 'none'}`)
        .join('; ')})`,
    );
    // Read every position before setting any: a failure here leaves the groups as they were.
    const planned = await plannedPositions(admin, options.topicPrefix, from);
    for (const position of planned) {
      await admin.setOffsets({ groupId: position.groupId, topic: position.topic, partitions: position.offsets });
      positions.push(position);
      options.log(
        `${position.groupId} on ${position.topic}: ${position.to} (${position.offsets.map((o) => `${o.partition}@${o.offset}`).join(' ')})`,
      );
    }
  } finally {
    await admin.disconnect();
  }

  const idFloors = await advanceTransactionIds(dbs, published.highest, options.idGap ?? defaultIdGap);
  for (const f of idFloors) {
    options.log(
      `shard ${f.shard}: transaction ids start at ${f.next} (the restored sequence would have handed out ${f.restoredNext}; ` +
        (f.next > f.restoredNext ? `ids ${f.restoredNext}..${f.next - 1} are never handed out again, ` : '') +
        `highest published ${f.highestPublished || 'none'}, gap ${options.idGap ?? defaultIdGap})`,
    );
  }
  const lostIds = lostTransactionIds(published.ids, await heldTransactionIds(dbs, published.ids));
  options.log(
    `transaction ids published since the restore point - margin that no shard holds (lost with the restore; consumers drop them): ${lostIds.length}` +
      (lostIds.length > 0 ? ` (ids ${idRuns(lostIds)})` : ''),
  );

  const legs = await owedCreditLegCommands(options.ledgerDb, (options.now ?? (() => new Date()))());
  await sendCreditLegs(options.kafka, topics.ledgerInternal, legs);
  options.log(
    `credit legs owed by the restored ledger sent to ${topics.ledgerInternal}: ${legs.length}` +
      (legs.length > 0 ? ` (transactions ${legs.map((l) => l.data.transactionId).join(', ')})` : ''),
  );
  return { positions, legsSent: legs.map((l) => l.commandId), published, idFloors, lostIds };
}

/**
 * Where the ledger's groups start again: its commands and the user events at the restore point
 * minus the margin, its internal topic at the end.
 */
async function plannedPositions(admin: Admin, topicPrefix: string, from: number): Promise<GroupPosition[]> {
  const topics = topicNames(topicPrefix);
  const groups = ledgerGroupIds(topicPrefix);
  const atTime = async (groupId: string, topic: string): Promise<GroupPosition> => ({
    groupId,
    topic,
    to: 'restore point - margin',
    offsets: (await admin.fetchTopicOffsetsByTimestamp(topic, from)).map(({ partition, offset }) => ({ partition, offset })),
  });
  return [
    await atTime(groups.commands, topics.ledgerCommands),
    {
      groupId: groups.commands,
      topic: topics.ledgerInternal,
      to: 'end' as const,
      offsets: (await admin.fetchTopicOffsets(topics.ledgerInternal)).map(({ partition, high }) => ({ partition, offset: high })),
    },
    await atTime(groups.userEvents, topics.userEventsV2),
    // Version 1, retired: what an older user service wrote there before the upgrade.
    await atTime(groups.userEvents, topics.userEvents),
  ];
}

/** Sends the credit legs the restored ledger owes to its internal topic, in requests of at most `legsPerRequest`. */
async function sendCreditLegs(kafka: Kafka, topic: string, legs: Awaited<ReturnType<typeof owedCreditLegCommands>>): Promise<void> {
  if (legs.length === 0) return;
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  try {
    for (let i = 0; i < legs.length; i += legsPerRequest) {
      const messages = legs.slice(i, i + legsPerRequest).map((leg) => ledgerCommandMessage(leg));
      await producer.send({ topic, messages });
    }
  } finally {
    await producer.disconnect();
  }
}

const usage =
  'usage: npm run restore:rewind -- --restore-point <ISO 8601 time, e.g. 2026-11-23T04:00:00Z> [--margin-s 300] [--id-gap 1000] [--prefix <schema prefix>]';

/** An ISO 8601 date and time with its offset (Z or ±hh:mm): a time without one would be read in the machine's zone. */
export function restorePointArg(text: string | undefined, now: Date): Date {
  if (text === undefined) throw new UsageError(`--restore-point is required\n${usage}`);
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) || Number.isNaN(at.getTime())) {
    throw new UsageError(`--restore-point must be an ISO 8601 time with its offset (got '${text}')\n${usage}`);
  }
  if (at.getTime() > now.getTime()) throw new UsageError(`--restore-point is in the future (${text})\n${usage}`);
  return at;
}

const restoreConfig = z.object({ ...commonEnv });

async function main(): Promise<void> {
  const { restorePoint, marginS, idGap, prefix } = argsOrExit(() => {
    const { values } = parseCliArgs(
      {
        args: process.argv.slice(2),
        options: {
          'restore-point': { type: 'string' },
          'margin-s': { type: 'string' },
          'id-gap': { type: 'string' },
          prefix: { type: 'string' },
        },
      },
      usage,
    );
    return {
      restorePoint: restorePointArg(values['restore-point'], new Date()),
      marginS: integerArg(values['margin-s'], '--margin-s', 300, usage, 0),
      idGap: integerArg(values['id-gap'], '--id-gap', defaultIdGap, usage, 0),
      prefix: values.prefix,
    };
  });
  const config = parseConfig(restoreConfig, process.env);
  const logger = createCommandLineLogger('restore-rewind', config.LOG_LEVEL);
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, security: kafkaSecurityOf(config), clientId: 'restore-rewind', logger });
  const pools = (await ledgerDatabaseUrls(process.env)).map((url) =>
    createPool({
      url,
      schema: `${prefix ?? config.DB_SCHEMA_PREFIX}ledger`,
      applicationName: 'restore-rewind',
      connectionsMax: 1,
    }),
  );
  try {
    await rewindAfterRestore({
      kafka,
      topicPrefix: config.TOPIC_PREFIX,
      restorePoint,
      marginMs: marginS * 1000,
      idGap,
      ledgerDb: pools,
      log: (line) => process.stdout.write(`[restore:rewind] ${line}\n`),
    });
  } finally {
    for (const pool of pools) await pool.end();
  }
}

if (require.main === module) {
  main().catch((err: Error) => {
    process.stderr.write(`[restore:rewind] failed: ${err.message}\n`);
    process.exit(1);
  });
}
