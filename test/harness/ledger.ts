import { randomUUID } from 'node:crypto';
import {
  ledgerOnlyCommandTypes,
  topicNames,
  walletKeyOf,
  type LedgerCommand,
  type Party,
  type Reply,
  type TopicNames,
} from '@coin/contracts';
import { createPool, type Pool } from '@coin/db';
import { BatchingProducer, createKafka, RequestReplyClient } from '@coin/kafka';
import { createLogger, type Logger } from '@coin/logger';
import { ServiceTokenSigner } from '@coin/http';
import type { Kafka } from 'kafkajs';
import { loadLedgerConfig, startLedgerService, type LedgerConfig, type LedgerServiceOptions, type RunningService } from '@coin/ledger';
import { serviceEnvs } from '../../scripts/stack/env';
import { generateJwtKey, generateServiceKeys } from '../../scripts/stack/keys';
import { provision } from '../../scripts/stack/provision';
import { testInfra, uniquePrefix } from './env';

/**
 * The ledger service alone against real Kafka and PostgreSQL, with its own topics and schema,
 * plus a command client: what the ledger's integration tests drive.
 */
export interface LedgerHarness {
  prefix: string;
  topics: TopicNames;
  config: Readonly<LedgerConfig>;
  env: Record<string, string>;
  kafka: Kafka;
  producer: BatchingProducer;
  client: RequestReplyClient;
  /** The ledger's own pool (service role, its schema on the search path). */
  pool: Pool;
  logger: Logger;
  /** The `authorization` header of a call to the ledger's internal API, as the gateway. */
  asGateway: () => Promise<string>;
  ledger: RunningService | undefined;
  startLedger(options?: LedgerServiceOptions): Promise<RunningService>;
  send(command: { type: LedgerCommand['type']; data: unknown; commandId?: string; key: string }, timeoutMs?: number): Promise<Reply>;
  close(): Promise<void>;
}

export function keyOf(party: Party): string {
  return walletKeyOf(party);
}

export async function startLedgerHarness(
  options: { ledgerPartitions?: number; extraEnv?: Record<string, string> } = {},
): Promise<LedgerHarness> {
  const infra = testInfra();
  const prefix = uniquePrefix();
  await provision({
    kafkaBrokers: infra.kafkaBrokers,
    databaseUrl: infra.databaseUrl,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    ...(options.ledgerPartitions ? { ledgerPartitions: options.ledgerPartitions } : {}),
  });
  const serviceKeys = generateServiceKeys();
  const env = serviceEnvs({
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey: generateJwtKey(`ledger-${prefix}`),
    serviceKeys,
    logLevel: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
    ports: { gateway: 0, user: 0, ledger: 0, history: 0 },
    ...(options.extraEnv ? { extra: options.extraEnv } : {}),
  }).ledger;
  const config = loadLedgerConfig(env);
  const logger = createLogger('ledger-test', (process.env.COIN_TEST_LOG_LEVEL ?? 'warn') as 'warn');
  const topics = topicNames(prefix);
  const kafka = createKafka({ brokers: infra.kafkaBrokers, clientId: 'ledger-test', logger });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const client = new RequestReplyClient(kafka, producer, topics.gatewayReplies, logger);
  await client.start();
  const pool = createPool({
    url: config.LEDGER_DATABASE_URL,
    schema: `${prefix}ledger`,
    applicationName: 'ledger-test',
    connectionsMax: 3,
  });

  const harness: LedgerHarness = {
    prefix,
    topics,
    config,
    env,
    kafka,
    producer,
    client,
    pool,
    logger,
    asGateway: new ServiceTokenSigner('gateway', serviceKeys.gateway.privateKeyPem).authorizationFor('ledger'),
    ledger: undefined,
    startLedger: async (serviceOptions) => {
      harness.ledger = await startLedgerService(config, logger, serviceOptions);
      return harness.ledger;
    },
    send: (command, timeoutMs = 20_000) =>
      client.request({
        // As its sender would: the ledger's own commands on the topic only the ledger writes.
        topic: (ledgerOnlyCommandTypes as readonly string[]).includes(command.type) ? topics.ledgerInternal : topics.ledgerCommands,
        key: command.key,
        timeoutMs,
        command: {
          commandId: command.commandId ?? randomUUID(),
          type: command.type,
          issuedAt: new Date().toISOString(),
          actor: { kind: 'operator', id: 'test' },
          data: command.data,
        },
      }),
    close: async () => {
      await harness.ledger?.close();
      await client.stop();
      await producer.close();
      await pool.end();
    },
  };
  return harness;
}

export { eventually } from './eventually';
