import { topicNames } from '@coin/contracts';
import { createMetricsRegistry } from '@coin/http';
import { BatchingProducer, createKafka, RequestReplyClient } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { createRedis } from '@coin/redis';
import { buildApp } from './app';
import { CommandBus } from './clients/commands';
import { InternalHttpClient } from './clients/internal-http';
import type { GatewayConfig } from './config';

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

export async function startGatewayService(config: Readonly<GatewayConfig>, logger: Logger): Promise<RunningService> {
  const topics = topicNames(config.TOPIC_PREFIX);
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, clientId: 'gateway', logger });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const metrics = createMetricsRegistry('gateway');
  const replies = new RequestReplyClient(kafka, producer, topics.gatewayReplies, logger, undefined, metrics);
  await replies.start();
  const redis = createRedis(config.REDIS_URL, `${config.TOPIC_PREFIX}gw:`);
  await redis.connect();
  const admin = kafka.admin();
  await admin.connect();

  const users = new InternalHttpClient(config.USER_SERVICE_URL, config.INTERNAL_HTTP_TIMEOUT_MS);
  const app = await buildApp({
    logger,
    metrics,
    readiness: {
      kafka: async () => void (await admin.describeCluster()),
      redis: async () => void (await redis.ping()),
      postgres: async () => void (await users.get('/readyz')),
    },
    commands: new CommandBus(replies, config.COMMAND_TIMEOUT_MS),
    topics,
    users,
    ledger: new InternalHttpClient(config.LEDGER_SERVICE_URL, config.INTERNAL_HTTP_TIMEOUT_MS),
    history: new InternalHttpClient(config.HISTORY_SERVICE_URL, config.INTERNAL_HTTP_TIMEOUT_MS),
    auth: { jwksUrl: new URL('/.well-known/jwks.json', config.USER_SERVICE_URL).toString(), issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE },
    bodyBytesMax: config.BODY_BYTES_MAX,
  });
  const address = await app.listen({ host: config.HOST, port: config.GATEWAY_PORT });
  return {
    url: address,
    close: async () => {
      await app.close();
      await replies.stop();
      await producer.close();
      await admin.disconnect();
      redis.disconnect();
    },
  };
}
