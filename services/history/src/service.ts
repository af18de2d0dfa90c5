import { topicNames, transactionRecorded } from '@coin/contracts';
import { createPool } from '@coin/db';
import { buildInternalApp, createMetricsRegistry } from '@coin/http';
import { BatchingProducer, createKafka, startConsumer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import type { HistoryConfig } from './config';
import { handleTransactionEvents } from './kafka/transaction-events';

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

export async function startHistoryService(config: Readonly<HistoryConfig>, logger: Logger): Promise<RunningService> {
  const schema = `${config.DB_SCHEMA_PREFIX}history`;
  const pool = createPool({ url: config.HISTORY_DATABASE_URL, schema, applicationName: 'history-service' });
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, clientId: 'history-service', logger });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const admin = kafka.admin();
  await admin.connect();
  const metrics = createMetricsRegistry('history');
  const app = buildInternalApp({
    logger,
    metrics,
    readiness: {
      postgres: async () => void (await pool.query('SELECT 1')),
      kafka: async () => void (await admin.describeCluster()),
    },
  });
  const topics = topicNames(config.TOPIC_PREFIX);
  const consumer = await startConsumer({
    kafka,
    groupId: `${config.TOPIC_PREFIX}history-service`,
    topics: [topics.coinTransactions],
    schema: transactionRecorded,
    logger,
    producer,
    partitionsConsumedConcurrently: 3,
    metrics,
    handleBatch: handleTransactionEvents({ pool }),
  });
  await consumer.ready;
  const address = await app.listen({ host: config.HOST, port: config.HISTORY_HTTP_PORT });
  return {
    url: address,
    close: async () => {
      await app.close();
      await consumer.stop();
      await producer.close();
      await admin.disconnect();
      await pool.end();
    },
  };
}
