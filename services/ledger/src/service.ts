import { kafkaSecurityOf } from '@coin/config';
import {
  commandNeedsStepUp,
  consumedUserEvent,
  ledgerCommand,
  ledgerCommandNeedsProof,
  ledgerTopicRefusal,
  partitionKeyOf,
  topicNames,
} from '@coin/contracts';
import {
  buildInternalApp,
  buildOperationalApp,
  createMetricsRegistry,
  type RunningService,
  type ServiceRuntime,
  ServiceTokenSigner,
  startService,
} from '@coin/http';
import {
  assertAppendTime,
  commandRefusalRecord,
  consumersReadiness,
  keyPartitioner,
  partitionCount,
  refusalIdName,
  sendRefusalRecord,
  startConsumer,
  type RunningConsumer,
  openServiceKafka,
} from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { AuditRecordSigner, CommandAuthority, KeyProofVerifier, RevocationVerifier, revocationRecordKey, uuidV5 } from '@coin/security';
import { startTracing } from '@coin/telemetry';
import { ledgerPolicyOf, type LedgerConfig } from './config';
import { registerInternalRoutes } from './http/internal-routes';
import { ledgerRouteCallers } from './http/route-callers';
import { registerLedgerMetrics, registerSupplyCheckMetrics } from './metrics';
import { startSupplyCheck } from './checks/supply-check';
import { storeSetAsideOutcome } from './db/batch-store';
import { gathered } from './db/shard-reads';
import { dueApprovals } from './db/approval-reads';
import { dueHolds } from './db/hold-reads';
import { authorRefusal } from './domain/authority';
import { RevocationFloors } from './domain/revocation-floors';
import { loadRevocationFloors, recordRevocationFloor } from './db/revocation-floors';
import { requestHashOf } from './domain/batch';
import { startHoldExpiry } from './kafka/hold-expiry';
import { adminMoneyRefusal } from './kafka/admin-money-proof';
import { handleLedgerCommands, type LedgerCommandDeps } from './kafka/ledger-commands';
import { openShards } from './shard-runtime';
import { ShardMap } from './shards';
import { ledgerGroupIds } from './kafka/groups';
import { handleUserEvents } from './kafka/user-events';
import { userDeletionReader } from './kafka/user-deletions';

export type { RunningService };

export interface LedgerServiceOptions {
  /** Test hook: runs after each batch's database commit, before publish, replies and offsets. */
  afterCommit?: LedgerCommandDeps['afterCommit'];
  /** Observer of every applied batch: what the apply benchmark counts. */
  onBatch?: LedgerCommandDeps['onBatch'];
  now?: () => Date;
  /** Called when PostgreSQL stays away longer than DB_OUTAGE_GRACE_MS (main.ts: exit). */
  onDatabaseLost?: () => void;
}

export async function startLedgerService(
  config: Readonly<LedgerConfig>,
  logger: Logger,
  options: LedgerServiceOptions = {},
): Promise<RunningService> {
  // Components open in order and close in the reverse order (ServiceRuntime).
  return startService(logger, (runtime) => openLedgerService(runtime, config, logger, options));
}

async function openLedgerService(
  runtime: ServiceRuntime,
  config: Readonly<LedgerConfig>,
  logger: Logger,
  options: LedgerServiceOptions,
): Promise<Omit<RunningService, 'close'>> {
  // Before anything opens: a SASL protocol without credentials is a configuration error.
  const security = kafkaSecurityOf(config);
  const tracing = startTracing(config);
  runtime.onClose('tracing', () => tracing.shutdown());
  const now = options.now ?? (() => new Date());
  const policy = ledgerPolicyOf(config);
  const schema = `${config.DB_SCHEMA_PREFIX}ledger`;
  const auditSigner = new AuditRecordSigner('ledger', config.SERVICE_TOKEN_PRIVATE_KEY);
  const { kafka, producer, admin } = await openServiceKafka(runtime, {
    brokers: config.KAFKA_BROKERS,
    security,
    clientId: 'ledger-service',
    logger,
    // Its admin audit records are signed with its own key (docs/DESIGN.md "Admin audit log").
    producer: { auditSigning: { topics: [topicNames(config.TOPIC_PREFIX).adminAudit], signer: auditSigner } },
  });
  const metrics = createMetricsRegistry('ledger');
  // One shard unless LEDGER_SHARDS_DATABASE_URL names several (docs/DESIGN.md "Shards"); shard 0 is
  // the home shard, whose pool serves what is not split by partition yet.
  const shardSpecs = config.LEDGER_SHARDS_DATABASE_URL ?? [{ index: 0, partitions: [], url: config.LEDGER_DATABASE_URL }];
  // Known once the partition count is read (below); applies and reads only start after that.
  let shardOfWallet: (walletKey: string) => number = () => 0;
  const shards = openShards(
    shardSpecs,
    {
      schema,
      graceMs: config.DB_OUTAGE_GRACE_MS,
      logger,
      producer,
      metrics,
      sweepIntervalMs: config.OUTBOX_SWEEP_INTERVAL_MS,
      sweepGraceMs: config.OUTBOX_SWEEP_GRACE_MS,
      ...(options.onDatabaseLost ? { onDatabaseLost: options.onDatabaseLost } : {}),
    },
    (walletKey) => shardOfWallet(walletKey),
  );
  const pool = shards[0]!.pool;
  const pools = shards.map((shard) => shard.pool);
  runtime.onClose('postgres', async () => {
    for (const shard of shards) {
      shard.database.stop();
      await shard.pool.end();
    }
  });
  // Started once the consumers are; stopped after them, so the last batches' marks are flushed
  // before the pools close.
  runtime.onClose('outbox relays', async () => {
    for (const shard of shards) await shard.outbox.stop();
  });

  const ledgerMetrics = registerLedgerMetrics(metrics);

  const consumers: RunningConsumer[] = [];
  const operational = buildOperationalApp({
    logger,
    metrics: metrics,
    readiness: {
      postgres: async () => void (await Promise.all(shards.map((shard) => shard.database.readiness()))),
      kafka: async () => void (await admin.describeCluster()),
      consumers: consumersReadiness(consumers),
    },
    started: () => runtime.isReady(),
  });
  const app = buildInternalApp({
    logger,
    metrics,
    serviceAuth: { audience: 'ledger', publicKeys: config.SERVICE_TOKEN_PUBLIC_KEYS, routes: ledgerRouteCallers },
  });
  registerInternalRoutes(app, {
    pools,
    shardOfWallet: (walletKey) => shardOfWallet(walletKey),
    xafRate: config.COIN_XAF_RATE,
    policy,
    now,
    creditLegMaxAgeS: config.CREDIT_LEG_MAX_AGE_S,
  });

  const topics = topicNames(config.TOPIC_PREFIX);
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
  const partitionOfWallet = keyPartitioner(partitions);
  // Replies to a gateway that reads packs share a record per reply partition and request
  // (docs/DESIGN.md "Packed records").
  producer.packOn(topics.gatewayReplies);
  const shardMap = config.LEDGER_SHARDS_DATABASE_URL
    ? ShardMap.of(config.LEDGER_SHARDS_DATABASE_URL, partitions)
    : ShardMap.single(config.LEDGER_DATABASE_URL, partitions);
  shardOfWallet = (walletKey) => shardMap.shardOfPartition(partitionOfWallet(walletKey));
  const poolOfPartition = (partition: number) => shards[shardMap.shardOfPartition(partition)]!.pool;
  // One handler for every partition this process owns, so that their batches can share an apply
  // (see handleLedgerCommands).
  // A group commit per shard: one database transaction cannot span two databases, so the
  // batches of one shard's partitions are applied together and never with another shard's.
  const shardHandlers = shards.map((shard) =>
    handleLedgerCommands({
      tracing,
      store: shard.store,
      producer,
      outbox: shard.outbox,
      topics,
      logger,
      now,
      xafRate: config.COIN_XAF_RATE,
      policy,
      auditRecordIdOf: (name) => auditSigner.recordId(name),
      partitionOfWallet,
      ...(options.afterCommit ? { afterCommit: options.afterCommit } : {}),
      onBatch: (batch) => {
        ledgerMetrics.batchSize.observe(batch.commands);
        ledgerMetrics.batchApplyDuration.observe(batch.durationMs / 1000);
        ledgerMetrics.commandsApplied.inc(batch.applied);
        ledgerMetrics.creditsInPlace.inc(batch.creditedInPlace);
        options.onBatch?.(batch);
      },
    }),
  );
  const handleCommands: (typeof shardHandlers)[number] = (items, control) =>
    shardHandlers[shardMap.shardOfPartition(items[0]?.partition ?? 0)]!(items, control);
  // One consumer per process: a fetch brings the batches of all its partitions at once and
  // GroupCommit applies them together. (kafkajs waits for every batch of a fetch before fetching
  // again; several consumers per process each had their own loop but split the same load into
  // more, smaller applies, which cost more CPU per command: docs/PERFORMANCE.md.)
  const authority = new CommandAuthority({
    keys: config.AUTHORITY_PUBLIC_KEYS,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    maxCommandAgeMs: config.COMMAND_MAX_AGE_S * 1000,
    stepUpMaxAgeMs: config.STEP_UP_MAX_AGE_S * 1000,
  });
  // Revocations met in ledger.commands, by partition and offset (docs/DESIGN.md "Who asks"):
  // loaded before the first command is judged, and kept in the home shard.
  const floors = new RevocationFloors(await loadRevocationFloors(pool));
  const revocations = new RevocationVerifier(config.AUTHORITY_PUBLIC_KEYS, config.JWT_ISSUER);
  const revocationKey = Buffer.from(revocationRecordKey);
  // The proofs of API keys the user service signs with the same keys (docs/DESIGN.md "API keys").
  const keyProofs = new KeyProofVerifier({ keys: config.AUTHORITY_PUBLIC_KEYS, issuer: config.JWT_ISSUER });
  const commandConsumer = await startConsumer({
    kafka,
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
    // A command under another key sits in a partition that does not serialise its wallet: it is
    // refused and answered (COMMAND_FAILED), never applied.
    keyOf: partitionKeyOf,
    // A ledger-only command (a credit leg) on the topic the gateway writes is refused the same way.
    topicRefusal: (command, topic) =>
      ledgerTopicRefusal(topic === topics.ledgerInternal ? 'ledger.internal' : 'ledger.commands', command.type),
    // A command that moves coins, approves, changes limits or closes a wallet must prove who
    // asked (the caller's own signed token, checked here against the actor and the time the
    // broker appended the command): a process with only the gateway's Kafka credentials cannot
    // name an actor, nor choose the time its proof is judged at.
    refuse: async (command, topic, _headers, record) => {
      if (!ledgerCommandNeedsProof(topic === topics.ledgerInternal ? 'ledger.internal' : 'ledger.commands', command.type)) return null;
      // Approving or rejecting a four-eyes request also needs the approver's fresh second factor.
      const check = await authority.check(command, new Date(record.timestampMs), { stepUp: commandNeedsStepUp(command.type) });
      if (!check.ok) return check.reason;
      // Revoked before this command was written (a floor at an earlier offset of its partition):
      // a map lookup, no I/O.
      // A person's admin money command also needs a second factor and the proof of the person's
      // own API key, valid at the same time, of a key not revoked before it (a floor too).
      const offset = Number(record.offset);
      return (
        floors.refusal(record.partition, offset, check.authority) ??
        authorRefusal(command, check.authority) ??
        (await adminMoneyRefusal(keyProofs, command, new Date(record.timestampMs), (keyId) =>
          floors.keyRefusal(record.partition, offset, keyId),
        ))
      );
    },
    // The user service's revocation records: not commands, so neither the schema nor the wallet
    // key check applies (they travel under their own key, written to each partition explicitly).
    // Taken in offset order, before the commands after them are judged; recorded before the
    // batch's offsets can commit. One that does not verify is dead-lettered, audited, and changes nothing.
    records: {
      matches: (message) => message.key !== null && revocationKey.equals(message.key),
      take: async (message, record) => {
        const verified =
          record.topic === topics.ledgerCommands
            ? await revocations.verify(message.value?.toString('utf8') ?? '')
            : { ok: false as const, reason: 'only the user service writes revocations, and only to ledger.commands' };
        if (!verified.ok) {
          const refused = {
            value: { commandId: uuidV5(refusalIdName(record)), type: revocationRecordKey, actor: { kind: 'service' as const, id: 'user' } },
            topic: record.topic,
            partition: record.partition,
            offset: record.offset,
            reason: `Revocation record refused: ${verified.reason}`,
            headers: {},
          };
          await sendRefusalRecord(
            producer,
            topics.adminAudit,
            commandRefusalRecord('ledger', refused, auditSigner.recordId(refusalIdName(refused)), now()),
          );
          return refused.reason;
        }
        const { subject, minTokenVersion, at } = verified.revocation;
        const floor = { partition: record.partition, offset: Number(record.offset), subject, minTokenVersion: minTokenVersion ?? null };
        await recordRevocationFloor(pool, floor, at);
        floors.raise(floor);
        return null;
      },
    },
    // Every refusal is recorded in the admin audit log (rejected, actor unverified), besides the
    // dead letter and the answer: a forged command is an attempt on authority.
    onRefused: (refused) =>
      sendRefusalRecord(
        producer,
        topics.adminAudit,
        commandRefusalRecord('ledger', refused, auditSigner.recordId(refusalIdName(refused)), now()),
      ),
    logger,
    producer,
    // One partition = one serial stream of a set of wallets; partitions run side by side.
    // Generic consumer metrics too: kafka_consumer_batch_*, lag, messages with group=<prefix>ledger-service.
    metrics,
    partitionsConsumedConcurrently: config.LEDGER_PARTITIONS_CONCURRENT,
    // A redelivered command is answered from its stored outcome, so offsets need not be
    // committed after every batch.
    commitIntervalMs: 500,
    tuning: { maxBytesPerPartition: config.LEDGER_FETCH_BYTES_PER_PARTITION_MAX, sessionTimeout: config.LEDGER_SESSION_TIMEOUT_MS },
    handleBatch: handleCommands,
    replyTopic: topics.gatewayReplies,
    // A command no apply can take is answered like a rejected one, and a retry gets the same
    // answer. A credit leg stores nothing: its debit is committed, so an operator fixes the cause
    // and redrives it from the dead-letter topic (docs/RELIABILITY.md); the audit shows it in flight.
    recordSetAside: async ({ value: command, partition }, error) =>
      command.type === 'ledger.credit'
        ? null
        : storeSetAsideOutcome(poolOfPartition(partition), {
            commandId: command.commandId,
            type: command.type,
            requestHash: requestHashOf(command),
            reply: error,
          }),
  });
  runtime.onClose('ledger commands consumer', () => commandConsumer.stop());
  const userEvents = await startConsumer({
    kafka,
    groupId: ledgerGroupIds(config.TOPIC_PREFIX).userEvents,
    topics: [topics.userEventsV2, topics.userEvents],
    schema: consumedUserEvent,
    logger,
    producer,
    metrics,
    handleBatch: handleUserEvents({
      producer,
      topics,
      now,
      logger,
      auditRecordIdOf: (name) => auditSigner.recordId(name),
      // A wallet is closed on a user.deleted event only when the user service confirms the deletion.
      deletionOf: userDeletionReader({
        baseUrl: config.USER_SERVICE_URL,
        timeoutMs: config.USER_READ_TIMEOUT_MS,
        signer: new ServiceTokenSigner('ledger', config.SERVICE_TOKEN_PRIVATE_KEY),
      }),
    }),
  });
  runtime.onClose('user events consumer', () => userEvents.stop());
  consumers.push(commandConsumer, userEvents);
  await Promise.all([commandConsumer.ready, userEvents.ready]);
  for (const shard of shards) shard.outbox.start();
  const holdExpiry = startHoldExpiry({
    dueHolds: (at, limit) => gathered(pools, (db) => dueHolds(db, at, limit)),
    dueApprovals: (at, limit) => gathered(pools, (db) => dueApprovals(db, at, limit)),
    producer,
    topics,
    now,
    intervalMs: config.HOLD_EXPIRY_SWEEP_INTERVAL_MS,
    logger,
    onExpirySent: (count) => ledgerMetrics.holdExpiriesSent.inc(count),
  });
  runtime.onClose('hold expiry', () => holdExpiry.stop());
  // Over several shards the check folds every shard as one ledger (checks/supply-shards.ts).
  const supplyCheck = startSupplyCheck({
    pool,
    shards: pools,
    now,
    intervalMs: config.SUPPLY_CHECK_INTERVAL_MS,
    rebaseIntervalMs: config.SUPPLY_CHECK_REBASE_INTERVAL_MS,
    creditLegMaxAgeMs: config.CREDIT_LEG_MAX_AGE_S * 1000,
    logger,
    metrics: registerSupplyCheckMetrics(metrics),
  });
  runtime.onClose('supply check', () => supplyCheck.stop());
  const metricsUrl = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  runtime.onClose('operational port', () => operational.close());
  const url = await app.listen({ host: config.HOST, port: config.LEDGER_HTTP_PORT });
  runtime.onClose('internal API', () => app.close());
  return { url, metricsUrl };
}
