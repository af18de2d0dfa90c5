import { randomUUID } from 'node:crypto';
import {
  ledgerOnlyCommandTypes,
  partitionKeyOf,
  topicNames,
  walletKeyOf,
  withOwnTreasuries,
  type LedgerCommand,
  type LedgerDraft,
  type Party,
  type Reply,
  type TopicNames,
} from '@coin/contracts';
import { createPool, type Pool } from '@coin/db';
import { BatchingProducer, createKafka, keyPartitioner, partitionCount, RequestReplyClient } from '@coin/kafka';
import { createLogger, type Logger } from '@coin/logger';
import { ServiceTokenSigner } from '@coin/http';
import type { Kafka } from 'kafkajs';
import { loadLedgerConfig, startLedgerService, type LedgerConfig, type LedgerServiceOptions, type RunningService } from '@coin/ledger';
import { serviceEnvs } from '../../scripts/stack/env';
import { generateJwtKey, generateServiceKeys, type JwtKey, type ServiceKeys } from '../../scripts/stack/keys';
import { needsKeyProof, ProofCache, signTestKeyProof, signTestUsers, type ProofActor } from '../../scripts/stack/proofs';
import { provision } from '../../scripts/stack/provision';
import { ledgerShardMap, migrateLedgerShards } from '../../scripts/stack/ledger-shards';
import { devServiceDatabaseUrl } from '../../scripts/stack/services';
import { testInfra, testKafkaEnv, uniquePrefix } from './env';
import { scaledBound } from './machine-speed';
import { removePrefixOnClose } from './prefix-removal';

/**
 * The ledger service alone against real Kafka and PostgreSQL, with its own topics and schema,
 * plus a command client: what the ledger's integration tests drive.
 */
export interface LedgerHarness {
  prefix: string;
  topics: TopicNames;
  config: Readonly<LedgerConfig>;
  env: Record<string, string>;
  /**
   * Every service's environment on this harness's prefix and keys (`env` is the ledger's): a test
   * that starts another service beside the ledger (history, webhooks) or runs an operator script
   * as one of them takes its environment from here.
   */
  serviceEnvs: ReturnType<typeof serviceEnvs>;
  kafka: Kafka;
  producer: BatchingProducer;
  client: RequestReplyClient;
  /** The ledger's own pool (its runtime role, its schema on the search path); the home shard's with shards. */
  pool: Pool;
  /** One pool per shard (the home shard's is `pool`); one element without `shards`. */
  shardPools: Pool[];
  /**
   * The cluster's superuser with triggers off (session_replication_role = replica): someone past
   * every grant and the append-only triggers, for the tests that corrupt the record on purpose.
   */
  tamperPool: Pool;
  logger: Logger;
  /** The `authorization` header of a call to the ledger's internal API, as the gateway. */
  asGateway: () => Promise<string>;
  /** The history service's service token for the ledger (it alone reads the whole record). */
  asHistory: () => Promise<string>;
  ledger: RunningService | undefined;
  startLedger(options?: LedgerServiceOptions): Promise<RunningService>;
  /**
   * Sends a command as the gateway would (the ledger's own commands as the ledger would), with a
   * proof of authority signed by the stack's key for `actor` (default: a SUPERADMIN who is no
   * test's user); `proof: null` sends none, a string sends that one.
   */
  send(
    command: {
      type: LedgerCommand['type'];
      data: unknown;
      commandId?: string;
      key: string;
      actor?: ProofActor;
      proof?: string | null;
      /** The proof of an API key a person's admin money command carries (default: of the actor's own key); null sends none, a string that one. */
      keyProof?: string | null;
      /**
       * A test-mode client's proof of the users the command names (default: of every user it
       * names, for the actor, as the gateway carries it); null sends none, a string that one.
       */
      usersProof?: string | null;
      /**
       * Whether a test-mode client's command names its own sandbox treasuries, under their keys, as
       * the gateway sends it (withOwnTreasuries; default true): false sends the data and key as given.
       */
      ownTreasuries?: boolean;
      issuedAt?: Date;
    },
    timeoutMs?: number,
  ): Promise<Reply>;
  /** The stack's signing key: tokens a test signs with it are trusted by the ledger. */
  jwtKey: JwtKey;
  /** The run's service keys; `monitoring`'s signs the monitoring service's freezes, which the ledger trusts. */
  serviceKeys: ServiceKeys;
  close(): Promise<void>;
}

const fourEyesOffEnv = { FOUR_EYES_ACTOR_DAILY_COINS: '0', FOUR_EYES_RECIPIENT_DAILY_COINS: '0', FOUR_EYES_TREASURY_MINT: 'false' };

/** Who the harness's commands come from unless a test says: a SUPERADMIN no test user is. */
export const harnessActor: ProofActor = { kind: 'user', id: '999999999', role: 'SUPERADMIN' };

/** The actor a command would come from: the payer for their own transfers and holds, else the harness's SUPERADMIN. */
function defaultActorOf(command: { type: string; data: unknown }): ProofActor {
  const payer = (command.data as { fromUserId?: unknown } | null)?.fromUserId;
  if ((command.type === 'ledger.transfer' || command.type === 'ledger.hold') && typeof payer === 'number') {
    return { kind: 'user', id: String(payer), role: 'USER' };
  }
  return harnessActor;
}

export function keyOf(party: Party): string {
  return walletKeyOf(party);
}

/** What a test asks of the ledger harness. */
export interface LedgerHarnessOptions {
  ledgerPartitions?: number;
  extraEnv?: Record<string, string>;
  /**
   * Two ledger shards (docs/design/ledger.md "Shards"): the second is the test infrastructure's second
   * PostgreSQL cluster (no transaction spans the two), partitions split in halves.
   */
  shards?: 2;
  /**
   * The sandbox ledger (LEDGER_SPACE=test, docs/decisions/0018-sandbox.md), the harness being its
   * live deployment too: its user events and gateway replies are the harness's own topics.
   */
  space?: 'test';
}

export async function startLedgerHarness(options: LedgerHarnessOptions = {}): Promise<LedgerHarness> {
  const infra = testInfra();
  const prefix = uniquePrefix();
  const jwtKey = generateJwtKey(`ledger-${prefix}`);
  const proofs = new ProofCache(jwtKey);
  const { shardUrls, shardMap } = await provisionLedgerHarness(infra, prefix, options);
  const serviceKeys = generateServiceKeys();
  const envs = serviceEnvs({
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey,
    serviceKeys,
    logLevel: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
    ports: { gateway: 0, user: 0, ledger: 0, history: 0, webhooks: 0, monitoring: 0 },
    // The apply stage's tests mint freely as one SUPERADMIN: four-eyes windows are off unless a test turns them on.
    extra: harnessExtraEnv(options, prefix, shardMap),
  });
  const env = envs.ledger;
  const config = loadLedgerConfig(env);
  const logger = createLogger('ledger-test', (process.env.COIN_TEST_LOG_LEVEL ?? 'warn') as 'warn');
  const topics = topicNames(prefix);
  const kafka = createKafka({ brokers: infra.kafkaBrokers, clientId: 'ledger-test', logger });
  const producer = await packingProducer(kafka, topics, logger);
  const client = new RequestReplyClient(kafka, producer, topics.gatewayReplies, logger);
  await client.start();
  const { pool, shardPools, tamperPool } = ledgerPools(config, infra.databaseUrl, prefix, shardUrls);

  const harness: LedgerHarness = {
    prefix,
    topics,
    config,
    env,
    serviceEnvs: envs,
    kafka,
    producer,
    client,
    pool,
    shardPools,
    tamperPool,
    logger,
    asGateway: new ServiceTokenSigner('gateway', serviceKeys.gateway.privateKeyPem).authorizationFor('ledger'),
    asHistory: new ServiceTokenSigner('history', serviceKeys.history.privateKeyPem).authorizationFor('ledger'),
    ledger: undefined,
    startLedger: async (serviceOptions) => {
      harness.ledger = await startLedgerService(config, logger, serviceOptions);
      return harness.ledger;
    },
    jwtKey,
    serviceKeys,
    send: commandSender(client, proofs, jwtKey, topics),
    close: async () => {
      await harness.ledger?.close();
      await client.stop();
      await producer.close();
      for (const shardPool of shardPools) await shardPool.end();
      await tamperPool.end();
      await removePrefixOnClose(prefix);
    },
  };
  return harness;
}

/** The ledger's variables beyond serviceEnvs': four-eyes off, the shard map, the sandbox's space, the test's own. */
function harnessExtraEnv(options: LedgerHarnessOptions, prefix: string, shardMap: string | undefined): Record<string, string> {
  return {
    ...testKafkaEnv,
    ...fourEyesOffEnv,
    ...(shardMap ? { LEDGER_SHARDS_DATABASE_URL: shardMap } : {}),
    // The harness is the sandbox's live deployment too: its user events are the harness's topics (and, one prefix for both, its own replies too).
    ...(options.space ? { LEDGER_SPACE: options.space, LIVE_TOPIC_PREFIX: prefix } : {}),
    ...(options.extraEnv ?? {}),
  };
}

/** Topics and schemas under the harness's prefix, and with `shards` the second shard's schema and the shard map. */
async function provisionLedgerHarness(
  infra: ReturnType<typeof testInfra>,
  prefix: string,
  options: { ledgerPartitions?: number; shards?: 2 },
): Promise<{ shardUrls: string[]; shardMap: string | undefined }> {
  await provision({
    kafkaBrokers: infra.kafkaBrokers,
    databaseUrl: infra.databaseUrl,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    ...(options.ledgerPartitions ? { ledgerPartitions: options.ledgerPartitions } : {}),
  });
  // Shard 1 is the test infrastructure's second cluster (test/harness/infra.ts): its own server.
  const shardUrls = options.shards ? [infra.databaseUrl, infra.shardDatabaseUrl] : [];
  await migrateLedgerShards({ shardAdminUrls: shardUrls.slice(1), schemaPrefix: prefix });
  const shardMap = shardUrls.length > 1 ? ledgerShardMap(shardUrls, options.ledgerPartitions ?? 6) : undefined;
  return { shardUrls, shardMap };
}

/** A producer that packs the commands sent together to one ledger.commands partition into one record, as the gateway does. */
async function packingProducer(kafka: Kafka, topics: TopicNames, logger: Logger): Promise<BatchingProducer> {
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const admin = kafka.admin();
  await admin.connect();
  try {
    producer.packOn(topics.ledgerCommands, keyPartitioner(await partitionCount(admin, topics.ledgerCommands)));
  } finally {
    await admin.disconnect();
  }
  return producer;
}

/** The ledger's runtime pool, one per further shard, and the superuser's pool with triggers off. */
function ledgerPools(
  config: Readonly<LedgerConfig>,
  databaseUrl: string,
  prefix: string,
  shardUrls: string[],
): { pool: Pool; shardPools: Pool[]; tamperPool: Pool } {
  const pool = createPool({
    url: config.LEDGER_DATABASE_URL,
    schema: `${prefix}ledger`,
    applicationName: 'ledger-test',
    connectionsMax: 3,
  });
  const shardPools = [
    pool,
    ...shardUrls.slice(1).map((adminUrl, i) =>
      createPool({
        url: devServiceDatabaseUrl(adminUrl, 'ledger'),
        schema: `${prefix}ledger`,
        applicationName: `ledger-test-shard-${i + 1}`,
        connectionsMax: 2,
      }),
    ),
  ];
  const tamperPool = createPool({
    url: databaseUrl,
    schema: `${prefix}ledger`,
    applicationName: 'ledger-test-tamper',
    connectionsMax: 1,
    settings: { session_replication_role: 'replica' },
  });
  return { pool, shardPools, tamperPool };
}

/** Every user id a command's data names (`userId`, `fromUserId`, `toUserId` at any depth): what a test client's proof lists by default. */
function usersNamedIn(data: unknown): number[] {
  if (Array.isArray(data)) return data.flatMap(usersNamedIn);
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([name, value]) =>
    typeof value === 'number' && (name === 'userId' || name === 'fromUserId' || name === 'toUserId') ? [value] : usersNamedIn(value),
  );
}

/**
 * A test-mode client's command naming its own sandbox treasuries, as the gateway sends it
 * (withOwnTreasuries): the key too when it was the command's own, so a test keys a command as
 * the contract does and gets the client's own treasury's.
 */
function asOwnTreasuries<C extends { type: LedgerCommand['type']; data: unknown; key: string }>(command: C, clientId: string): C {
  const draft = { type: command.type, data: command.data } as LedgerDraft;
  const owned = withOwnTreasuries(draft, clientId);
  if (owned === draft) return command;
  const ownKey = (() => {
    try {
      return command.key === partitionKeyOf(draft) ? partitionKeyOf(owned) : command.key;
    } catch {
      return command.key;
    }
  })();
  return { ...command, data: owned.data, key: ownKey };
}

/** The harness's `send`: each command with its proofs, on the topic its sender would use. */
function commandSender(client: RequestReplyClient, proofs: ProofCache, jwtKey: JwtKey, topics: TopicNames): LedgerHarness['send'] {
  // The reply's wait, set on the 2-core machine and scaled to this one (machine-speed.ts): a
  // safety net, not a speed check. Beside two CPU burners a command sent while the ledger's group
  // was still joining after a restart took longer than 20 s.
  return async (given, timeoutMs = scaledBound(20_000)) => {
    const actor = given.actor ?? defaultActorOf(given);
    const command = actor.kind === 'system' && given.ownTreasuries !== false ? asOwnTreasuries(given, actor.id) : given;
    const proof = command.proof === undefined ? await proofs.of(actor) : command.proof;
    // A person's admin money command carries the proof of their own key, signed when the
    // command was issued (a back-dated command's too), unless the test says otherwise.
    const keyProof =
      command.keyProof !== undefined
        ? command.keyProof
        : !needsKeyProof(actor, command)
          ? null
          : command.issuedAt
            ? await signTestKeyProof(jwtKey, actor, { issuedAt: command.issuedAt })
            : await proofs.keyProofOf(actor);
    const usersProof =
      command.usersProof !== undefined
        ? command.usersProof
        : actor.kind === 'system' && actor.mode === 'test'
          ? await signTestUsers(jwtKey, { clientId: actor.id, userIds: usersNamedIn(command.data) })
          : null;
    return client.request({
      // As its sender would: the ledger's own commands on the topic only the ledger writes.
      topic: (ledgerOnlyCommandTypes as readonly string[]).includes(command.type) ? topics.ledgerInternal : topics.ledgerCommands,
      key: command.key,
      timeoutMs,
      command: {
        commandId: command.commandId ?? randomUUID(),
        type: command.type,
        issuedAt: (command.issuedAt ?? new Date()).toISOString(),
        actor: { kind: actor.kind, id: actor.id, ...(actor.role ? { role: actor.role } : {}) },
        ...(proof !== null ? { proof } : {}),
        ...(keyProof !== null ? { keyProof } : {}),
        ...(usersProof !== null ? { usersProof } : {}),
        data: command.data,
      },
    });
  };
}

export { eventually } from './eventually';
