import { ledgerCommand, topicNames, userEvent } from '@coin/contracts';
import { createPool } from '@coin/db';
import { buildInternalApp, createMetricsRegistry } from '@coin/http';
import { BatchingProducer, createKafka, startConsumer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import type { LedgerConfig } from './config';
import { registerInternalRoutes } from './http/internal-routes';
import { handleLedgerCommands } from './kafka/ledger-commands';
import { handleUserEvents } from './kafka/user-events';

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

export async function startLedgerService(config: Readonly<LedgerConfig>, logger: Logger): Promise<RunningService> {
  const schema = `${config.DB_SCHEMA_PREFIX}ledger`;
  const pool = createPool({ url: config.LEDGER_DATABASE_URL, schema, applicationName: 'ledger-service', connectionsMax: 12 });
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, clientId: 'ledger-service', logger });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const admin = kafka.admin();
  await admin.connect();

  const metrics = createMetricsRegistry('ledger');
  const app = buildInternalApp({
    logger,
    metrics,
    readiness: {
      postgres: async () => void (await pool.query('SELECT 1')),
      kafka: async () => void (await admin.describeCluster()),
    },
  });
  registerInternalRoutes(app, { pool, xafRate: config.COIN_XAF_RATE });

  const topics = topicNames(config.TOPIC_PREFIX);
  const commands = await startConsumer({
    kafka,
    groupId: `${config.TOPIC_PREFIX}ledger-service`,
    topics: [topics.ledgerCommands],
    schema: ledgerCommand,
    logger,
    producer,
    // One partition = one serial stream of a set of wallets; partitions run side by side.
    partitionsConsumedConcurrently: 6,
    // Batch size and apply time of the ledger: kafka_consumer_batch_* with group=<prefix>ledger-service.
    metrics,
    handleBatch: handleLedgerCommands({ pool, producer, logger, xafRate: config.COIN_XAF_RATE }),
  });
  const userEvents = await startConsumer({
    kafka,
    groupId: `${config.TOPIC_PREFIX}ledger-user-events`,
    topics: [topics.userEvents],
    schema: userEvent,
    logger,
    producer,
    metrics,
    handleBatch: handleUserEvents({ pool }),
  });
  await Promise.all([commands.ready, userEvents.ready]);
  const address = await app.listen({ host: config.HOST, port: config.LEDGER_HTTP_PORT });

  return {
    url: address,
    close: async () => {
      await app.close();
      await Promise.all([commands.stop(), userEvents.stop()]);
      await producer.close();
      await admin.disconnect();
      await pool.end();
    },
  };
}
