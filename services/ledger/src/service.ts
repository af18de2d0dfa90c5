import {
  consumedUserEvent,
  ledgerCommand,
  ledgerTopicRefusal,
  partitionKeyOf,
  type LedgerCommand,
  type TopicNames,
  topicNames,
} from '@coin/contracts';
import { type RunningService, ServiceTokenSigner } from '@coin/http';
import {
  assertAppendTime,
  CpuHeadroom,
  defaultHeadroom,
  keyCheck,
  keyPartitioner,
  type MessageCheck,
  offPathFetch,
  partitionCount,
  requestPathGroupSettings,
  type RunningConsumer,
} from '@coin/kafka';
import { AuditRecordSigner } from '@coin/security';
import { defineService, type FrameParts, type ServiceContext, type ServiceOptions } from '@coin/service-kit';
import { startSupplyCheck } from './checks/supply-check';
import { type LedgerConfig, ledgerPolicyOf } from './config';
import { dueApprovals } from './db/approval-reads';
import { storeSetAsideOutcome } from './db/batch-store';
import { dueHolds, dueHoldsByTestClock, dueTestCashouts } from './db/hold-reads';
import { dueMandates, dueMandatesByTestClock } from './db/mandate-reads';
import { revokedClients } from './db/revocation-floors';
import { gathered } from './db/shard-reads';
import { requestHashOf } from './domain/batch';
import { registerInternalRoutes } from './http/internal-routes';
import { registerCashoutRateRoutes } from './http/cashout-rate-routes';
import { registerCashoutReadRoutes } from './http/cashout-routes';
import { registerTestClockRoutes } from './http/test-clock-routes';
import { registerMandateInternalRoutes } from './http/mandate-routes';
import { registerFreezeReadRoutes } from './http/freeze-routes';
import { registerCommissionReadRoutes } from './http/commission-routes';
import { ledgerRouteCallers } from './http/route-callers';
import { commandJudge } from './kafka/command-judge';
import { ledgerGroupIds } from './kafka/groups';
import { startHoldExpiry } from './kafka/hold-expiry';
import { startMandateScheduler } from './kafka/mandate-scheduler';
import { startTestProvider } from './kafka/test-provider';
import {
  applyAheadLimits,
  commandBatchSlots,
  defaultApplyLimits,
  handleLedgerCommands,
  publishWindowMax,
  type LedgerCommandDeps,
} from './kafka/ledger-commands';
import { PublishWindow } from './kafka/publish-window';
import { userDeletionReader } from './kafka/user-deletions';
import { handleUserEvents } from './kafka/user-events';
import { registerLedgerMetrics, registerSupplyCheckMetrics } from './metrics';
import { openShards, type RunningShard, shardDatabases } from './shard-runtime';
import { ShardMap, type ShardSpec } from './shards';

export type { RunningService };

export interface LedgerServiceOptions extends ServiceOptions {
  /** Test hook: runs after each batch's database commit, before publish, replies and offsets. */
  afterCommit?: LedgerCommandDeps['afterCommit'];
  /** Observer of every applied batch: what the apply benchmark counts. */
  onBatch?: LedgerCommandDeps['onBatch'];
  now?: () => Date;
}

export const startLedgerService = defineService({
  prepare: (config: Readonly<LedgerConfig>) => new AuditRecordSigner('ledger', config.SERVICE_TOKEN_PRIVATE_KEY),
  frame: (config, auditSigner) => ({
    name: 'ledger',
    // One shard unless LEDGER_SHARDS_DATABASE_URL names several (docs/design/ledger.md "Shards"): a pool
    // each; shard 0 is the home shard, whose pool serves what is not split by partition yet.
    databases: shardDatabases(shardSpecsOf(config), `${config.DB_SCHEMA_PREFIX}ledger`),
    internalApi: { port: config.LEDGER_HTTP_PORT, routes: ledgerRouteCallers },
    // Its admin audit records are signed with its own key (docs/DESIGN.md "Admin audit log").
    producer: { auditSigning: { topics: [topicNames(config.TOPIC_PREFIX).adminAudit], signer: auditSigner } },
  }),
  open: (parts, context: ServiceContext<LedgerConfig, LedgerServiceOptions, AuditRecordSigner>) =>
    openLedgerParts(parts, {
      config: context.config,
      options: context.options,
      auditSigner: context.prepared,
      now: context.options.now ?? (() => new Date()),
    }),
});

function shardSpecsOf(config: Readonly<LedgerConfig>): readonly ShardSpec[] {
  return config.LEDGER_SHARDS_DATABASE_URL ?? [{ index: 0, partitions: [], url: config.LEDGER_DATABASE_URL }];
}

/** What the ledger's parts share: its configuration, the service's options, its audit signer and clock. */
interface LedgerContext {
  config: Readonly<LedgerConfig>;
  options: Partial<LedgerServiceOptions>;
  auditSigner: AuditRecordSigner;
  now: () => Date;
}

/**
 * What is the ledger's own: the shards' outbox relays and stores, its routes, the apply consumer
 * (packed records, one group commit per shard), the user events consumer, the hold expiry and the
 * supply check.
 */
async function openLedgerParts(parts: FrameParts, context: LedgerContext): Promise<Record<string, never>> {
  const { runtime, admin, producer } = parts;
  const { config } = context;
  // Known once the partition count is read (below); applies and reads only start after that.
  let shardOfWallet: (walletKey: string) => number = () => 0;
  const shards = openShards(
    shardSpecsOf(config),
    parts,
    {
      logger: parts.logger,
      producer,
      metrics: parts.metrics,
      sweepIntervalMs: config.OUTBOX_SWEEP_INTERVAL_MS,
      sweepGraceMs: config.OUTBOX_SWEEP_GRACE_MS,
    },
    (walletKey) => shardOfWallet(walletKey),
  );
  // Started once the consumers are; stopped after them, so the last batches' marks are flushed
  // before the pools close.
  runtime.onClose('outbox relays', async () => {
    for (const shard of shards) await shard.outbox.stop();
  });
  registerInternalRoutes(parts.app, {
    pools: parts.pools,
    shardOfWallet: (walletKey) => shardOfWallet(walletKey),
    xafRate: config.COIN_XAF_RATE,
    policy: ledgerPolicyOf(config),
    now: context.now,
    creditLegMaxAgeS: config.CREDIT_LEG_MAX_AGE_S,
  });
  registerCashoutReadRoutes(parts.app, { pools: parts.pools });
  registerTestClockRoutes(parts.app, { pools: parts.pools, space: config.LEDGER_SPACE, now: context.now });
  registerCashoutRateRoutes(parts.app, { pools: parts.pools, configured: config.CASHOUT_RATES, now: context.now });
  registerMandateInternalRoutes(parts.app, { pools: parts.pools });
  registerFreezeReadRoutes(parts.app, { pools: parts.pools, now: context.now });
  registerCommissionReadRoutes(parts.app, { pools: parts.pools, shardOfWallet: (walletKey) => shardOfWallet(walletKey) });
  const placement = await partitionPlacement(admin, config);
  shardOfWallet = (walletKey) => placement.shardMap.shardOfPartition(placement.partitionOfWallet(walletKey));
  // Replies to a gateway that reads packs share a record per reply partition and request
  // (docs/DESIGN.md "Packed records").
  producer.packOn(placement.topics.gatewayReplies);
  const ledgerMetrics = registerLedgerMetrics(parts.metrics);
  const commandConsumer = await startCommandConsumer(parts, context, { ...placement, shards, ledgerMetrics }, () => {
    // A member that left (a crash, a stop mid-batch) may have left batches it never published:
    // each shard's relay sweeps them once past the grace period.
    for (const shard of shards) shard.outbox.wake();
  });
  const userEvents = await startUserEventsConsumer(parts, context, placement.topics);
  await Promise.all([commandConsumer.ready, userEvents.ready]);
  for (const shard of shards) shard.outbox.start();
  startLedgerWorkers(parts, context, placement.topics, ledgerMetrics);
  return {};
}

/**
 * The topics of this ledger space: all under TOPIC_PREFIX; a sandbox (LEDGER_SPACE=test) takes
 * the live deployment's user events (its wallets exist as live ones do) and writes no live topic:
 * it answers on its own gateway.replies, which the gateway reads apart from the live one, the
 * gateway having sent a test-mode client's command to the sandbox's own ledger.commands
 * (docs/decisions/0018-sandbox.md).
 */
export function spaceTopics(config: Pick<LedgerConfig, 'TOPIC_PREFIX' | 'LEDGER_SPACE' | 'LIVE_TOPIC_PREFIX'>): TopicNames {
  const own = topicNames(config.TOPIC_PREFIX);
  if (config.LEDGER_SPACE === 'live') return own;
  const live = topicNames(config.LIVE_TOPIC_PREFIX);
  return { ...own, userEventsV2: live.userEventsV2, userEvents: live.userEvents };
}

/** Where a wallet's commands go: the partition its key lands on, and the shard that partition belongs to. */
async function partitionPlacement(
  admin: FrameParts['admin'],
  config: Readonly<LedgerConfig>,
): Promise<{ topics: TopicNames; partitionOfWallet: (walletKey: string) => number; shardMap: ShardMap }> {
  const topics = spaceTopics(config);
  // Read once: partition counts change only by the drain procedure (OPERATIONS.md), which
  // restarts the ledger.
  const partitions = await partitionCount(admin, topics.ledgerCommands);
  // Co-partitioned: a wallet's key must land on the same partition number in both topics, or one
  // process would apply its credit legs while another applies its debits.
  const internalPartitions = await partitionCount(admin, topics.ledgerInternal);
  if (internalPartitions !== partitions) {
    throw new Error(
      `${topics.ledgerInternal} has ${internalPartitions} partitions and ${topics.ledgerCommands} ${partitions}: they must be equal (docs/OPERATIONS.md, drain procedure)`,
    );
  }
  // Commands are judged at the time the broker appended them: a topic of CreateTime would let the
  // sender choose that time, so the ledger does not start on one.
  await assertAppendTime(admin, [topics.ledgerCommands, topics.ledgerInternal]);
  const shardMap = config.LEDGER_SHARDS_DATABASE_URL
    ? ShardMap.of(config.LEDGER_SHARDS_DATABASE_URL, partitions)
    : ShardMap.single(config.LEDGER_DATABASE_URL, partitions);
  return { topics, partitionOfWallet: keyPartitioner(partitions), shardMap };
}

interface ApplyPlacement extends Awaited<ReturnType<typeof partitionPlacement>> {
  shards: readonly RunningShard[];
  ledgerMetrics: ReturnType<typeof registerLedgerMetrics>;
}

/**
 * The apply consumer: one per process, on ledger.commands and ledger.internal. A fetch brings the
 * batches of all its partitions at once and GroupCommit applies them together. (kafkajs waits for
 * every batch of a fetch before fetching again; several consumers per process each had their own
 * loop but split the same load into more, smaller applies, which cost more CPU per command:
 * docs/PERFORMANCE.md.)
 */
async function startCommandConsumer(
  parts: FrameParts,
  context: LedgerContext,
  placement: ApplyPlacement,
  onJoined: () => void,
): Promise<RunningConsumer> {
  const { producer } = parts;
  const { config, now } = context;
  const { topics, partitionOfWallet, shardMap, shards } = placement;
  const poolOfPartition = (partition: number) => shards[shardMap.shardOfPartition(partition)]!.pool;
  const assignment = new OwnedPartitions();
  const { proofCheck, ...judgeHooks } = await commandJudge({
    config,
    pool: parts.pool,
    producer,
    topics,
    auditSigner: context.auditSigner,
    now,
  });
  return parts.consume('ledger commands consumer', {
    groupId: ledgerGroupIds(config.TOPIC_PREFIX).commands,
    // The gateway's commands and the ledger's own (credit legs, expiries, wallet opens and
    // closes from user events), co-partitioned: this process owns the same partition numbers of
    // both, so each wallet's commands are applied by one process.
    topics: [topics.ledgerCommands, topics.ledgerInternal],
    coPartitioned: true,
    schema: ledgerCommand,
    // The gateway packs its commands per partition (docs/DESIGN.md "Packed records"): each is
    // read out of its pack and judged as if it had come alone; one whose key belongs in another
    // partition is refused.
    packs: { topics: [topics.ledgerCommands], partitionOf: partitionOfWallet },
    checks: commandChecks(topics, proofCheck),
    // Revocation records, refusals and commands set aside audited (kafka/command-judge.ts).
    ...judgeHooks,
    // One partition = one serial stream of a set of wallets; partitions run side by side, each
    // with a slot for its batch of either topic, so a fetch's batches share one apply.
    // Generic consumer metrics too (the frame's): kafka_consumer_batch_*, lag, messages with group=<prefix>ledger-service.
    partitionsConsumedConcurrently: commandBatchSlots(config.LEDGER_PARTITIONS_CONCURRENT),
    // A redelivered command is answered from its stored outcome, so offsets need not be
    // committed after every batch.
    commitIntervalMs: 500,
    // The next fetch leaves once a batch waits behind its partition's apply (while the CPU has
    // room, LEDGER_APPLY_AHEAD), and the offsets committed follow the applies.
    ...applyAhead(config),
    tuning: {
      ...requestPathGroupSettings(config.KAFKA_REQUEST_PATH_FETCH_WAIT_MS),
      maxBytesPerPartition: config.LEDGER_FETCH_BYTES_PER_PARTITION_MAX,
      sessionTimeout: config.LEDGER_SESSION_TIMEOUT_MS,
    },
    handleBatch: shardedApply(parts, context, placement, assignment),
    onJoined,
    onAssignment: (owned) => assignment.set(owned, topics.ledgerCommands),
    replyTopic: topics.gatewayReplies,
    // A command no apply can take is answered like a rejected one, and a retry gets the same
    // answer. A credit leg stores nothing: its debit is committed, so an operator fixes the cause
    // and redrives it from the dead-letter topic (docs/RELIABILITY.md); the audit shows it in flight.
    recordSetAside: async ({ value: command, partition }, error) =>
      command.type === 'ledger.credit' || command.type === 'ledger.credits'
        ? null
        : storeSetAsideOutcome(poolOfPartition(partition), {
            commandId: command.commandId,
            type: command.type,
            requestHash: requestHashOf(command),
            reply: error,
          }),
  });
}

/**
 * What a valid command passes before any apply, in order; the first reason refuses it and it is
 * answered (COMMAND_REFUSED), never applied. A command under another key sits in a partition that
 * does not serialise its wallet; a ledger-only command (a credit leg) may not travel on the topic
 * the gateway writes; then who asked: proofs, revocation floors (kafka/command-judge.ts).
 */
function commandChecks(topics: TopicNames, proofCheck: MessageCheck<LedgerCommand>): MessageCheck<LedgerCommand>[] {
  return [
    keyCheck(partitionKeyOf),
    ({ value, topic }) => ledgerTopicRefusal(topic === topics.ledgerInternal ? 'ledger.internal' : 'ledger.commands', value.type),
    proofCheck,
  ];
}

/**
 * The command consumer's apply-ahead (LEDGER_APPLY_AHEAD_BATCHES, LEDGER_APPLY_AHEAD): with
 * `spare-cpu` it asks, batch by batch, whether the CPU has room (CpuHeadroom), and otherwise
 * fetches after each apply as it would without.
 */
function applyAhead(config: LedgerConfig): { applyAheadBatches?: number; runAhead?: () => boolean } {
  if (config.LEDGER_APPLY_AHEAD_BATCHES === 0) return {};
  if (config.LEDGER_APPLY_AHEAD === 'always') return { applyAheadBatches: config.LEDGER_APPLY_AHEAD_BATCHES };
  const headroom = new CpuHeadroom({ ...defaultHeadroom, machineIdleMin: config.LEDGER_APPLY_AHEAD_IDLE_MIN });
  return { applyAheadBatches: config.LEDGER_APPLY_AHEAD_BATCHES, runAhead: () => headroom.spare() };
}

/**
 * Fetching ahead at every load: one apply in flight to start with (applyAheadLimits). On spare
 * CPU only, the limits stay those of a fetch after each apply, which is what it does when busy.
 */
const applyAheadAlways = (config: LedgerConfig) => config.LEDGER_APPLY_AHEAD_BATCHES > 0 && config.LEDGER_APPLY_AHEAD === 'always';

/**
 * One handler for every partition this process owns, so that their batches can share an apply
 * (see handleLedgerCommands), with a group commit per shard: one database transaction cannot span
 * two databases, so the batches of one shard's partitions are applied together and never with
 * another shard's.
 */
function shardedApply(
  parts: FrameParts,
  context: LedgerContext,
  placement: ApplyPlacement,
  assignment: OwnedPartitions,
): ReturnType<typeof handleLedgerCommands> {
  const { config, options, now, auditSigner } = context;
  const { ledgerMetrics, shardMap } = placement;
  const shardHandlers = placement.shards.map((shard) => {
    // The partitions go on past their publishes: on a stop, the consumer (registered after this,
    // so closed before) hands back its partitions, then the publishes it started are awaited,
    // then the relay flushes their marks. One a stop cuts short is left to the sweeper.
    const window = new PublishWindow(publishWindowMax);
    parts.runtime.onClose(`outbox publishes of shard ${shard.index}`, () => window.drain());
    return handleLedgerCommands(
      {
        tracing: parts.tracing,
        store: shard.store,
        producer: parts.producer,
        outbox: shard.outbox,
        topics: placement.topics,
        logger: parts.logger,
        now,
        xafRate: config.COIN_XAF_RATE,
        policy: ledgerPolicyOf(config),
        auditRecordIdOf: (name) => auditSigner.recordId(name),
        partitionOfWallet: placement.partitionOfWallet,
        // A credit leg is credited in place in any partition of this shard the process owns now.
        ...(config.LEDGER_CREDIT_REACHED_PARTITIONS
          ? { ownsPartition: (partition: number) => assignment.has(partition) && shardMap.shardOfPartition(partition) === shard.index }
          : {}),
        ...(options.afterCommit ? { afterCommit: options.afterCommit } : {}),
        onBatch: (batch) => {
          ledgerMetrics.batchSize.observe(batch.commands);
          ledgerMetrics.batchApplyDuration.observe(batch.durationMs / 1000);
          ledgerMetrics.commandsApplied.inc(batch.applied);
          ledgerMetrics.creditsInPlace.inc(batch.creditedInPlace);
          options.onBatch?.(batch);
        },
      },
      applyAheadAlways(config) ? applyAheadLimits : defaultApplyLimits,
      window,
    );
  });
  return (items, control) => shardHandlers[shardMap.shardOfPartition(items[0]?.partition ?? 0)]!(items, control);
}

/** The user events consumer: wallets opened and closed from user events. */
function startUserEventsConsumer(parts: FrameParts, context: LedgerContext, topics: TopicNames): Promise<RunningConsumer> {
  const { config, auditSigner } = context;
  return parts.consume('user events consumer', {
    groupId: ledgerGroupIds(config.TOPIC_PREFIX).userEvents,
    topics: [topics.userEventsV2, topics.userEvents],
    schema: consumedUserEvent,
    tuning: offPathFetch(0, config.KAFKA_OFF_PATH_FETCH_WAIT_MS),
    handleBatch: handleUserEvents({
      producer: parts.producer,
      topics,
      now: context.now,
      logger: parts.logger,
      auditRecordIdOf: (name) => auditSigner.recordId(name),
      // A wallet is closed on a user.deleted event only when the user service confirms the deletion.
      deletionOf: userDeletionReader({
        baseUrl: config.USER_SERVICE_URL,
        timeoutMs: config.USER_READ_TIMEOUT_MS,
        signer: new ServiceTokenSigner('ledger', config.SERVICE_TOKEN_PRIVATE_KEY),
      }),
    }),
  });
}

/** The hold and approval expiry sweep, the sandbox's test provider, the mandate scheduler, and the supply check (over several shards it folds every shard as one ledger: checks/supply-shards.ts). */
function startLedgerWorkers(
  parts: FrameParts,
  context: LedgerContext,
  topics: TopicNames,
  ledgerMetrics: ReturnType<typeof registerLedgerMetrics>,
): void {
  const { runtime, pools } = parts;
  const { config, now } = context;
  const holdExpiry = startHoldExpiry({
    // The sandbox judges each hold by its settler's test clock; the live ledger by wall time alone.
    dueHolds: (at, limit) =>
      gathered(pools, (db) => (config.LEDGER_SPACE === 'test' ? dueHoldsByTestClock(db, at, limit) : dueHolds(db, at, limit))),
    dueApprovals: (at, limit) => gathered(pools, (db) => dueApprovals(db, at, limit)),
    producer: parts.producer,
    topics,
    now,
    intervalMs: config.HOLD_EXPIRY_SWEEP_INTERVAL_MS,
    logger: parts.logger,
    onExpirySent: (count) => ledgerMetrics.holdExpiriesSent.inc(count),
  });
  runtime.onClose('hold expiry', () => holdExpiry.stop());
  if (config.LEDGER_SPACE === 'test') {
    // The sandbox's built-in payout provider: it settles test cash-outs by their clients' clocks.
    const testProvider = startTestProvider({
      dueTestCashouts: (at, limit) => gathered(pools, (db) => dueTestCashouts(db, at, limit)),
      producer: parts.producer,
      topics,
      now,
      intervalMs: config.HOLD_EXPIRY_SWEEP_INTERVAL_MS,
      logger: parts.logger,
    });
    runtime.onClose('sandbox test provider', () => testProvider.stop());
  }
  const mandates = startMandateScheduler({
    // A revoked platform client's ACTIVE mandates are sent at once too: their charge cancels them.
    // The sandbox judges each mandate by its client's test clock (it gets no revocations).
    dueMandates: async (at, limit) => {
      if (config.LEDGER_SPACE === 'test') return gathered(pools, (db) => dueMandatesByTestClock(db, at, limit));
      const revoked = await revokedClients(parts.pool);
      return gathered(pools, (db) => dueMandates(db, at, limit, revoked));
    },
    producer: parts.producer,
    topics,
    now,
    intervalMs: config.MANDATE_SWEEP_INTERVAL_MS,
    logger: parts.logger,
  });
  runtime.onClose('mandate scheduler', () => mandates.stop());
  const supplyCheck = startSupplyCheck({
    pool: parts.pool,
    shards: pools,
    now,
    intervalMs: config.SUPPLY_CHECK_INTERVAL_MS,
    rebaseIntervalMs: config.SUPPLY_CHECK_REBASE_INTERVAL_MS,
    creditLegMaxAgeMs: config.CREDIT_LEG_MAX_AGE_S * 1000,
    logger: parts.logger,
    metrics: registerSupplyCheckMetrics(parts.metrics),
  });
  runtime.onClose('supply check', () => supplyCheck.stop());
}

/**
 * The ledger.commands partitions this process owns now: its group's last assignment, none from
 * the moment a rebalance starts until the next join (the consumer's `onAssignment`).
 */
class OwnedPartitions {
  private owned: ReadonlySet<number> = new Set();
  /** The assignment's partitions of `topic` (an object the broker's answer keys by topic: read as entries). */
  set(assignment: Readonly<Record<string, readonly number[]>> | null, topic: string): void {
    const partitions = Object.entries(assignment ?? {}).find(([name]) => name === topic)?.[1] ?? [];
    this.owned = new Set(partitions);
  }
  has(partition: number): boolean {
    return this.owned.has(partition);
  }
}
