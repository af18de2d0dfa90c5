import type { Admin, Kafka } from 'kafkajs';
import type { Logger } from '@coin/logger';
import { BatchingProducer, type BatchingProducerOptions } from './batching-producer';
import { createKafka, type KafkaClientSecurity } from './client';

/** Where a service registers what must close when it stops (ServiceRuntime in @coin/http). */
export interface CloseRegistry {
  onClose(name: string, close: () => unknown): void;
}

export interface ServiceKafkaClients {
  kafka: Kafka;
  producer: BatchingProducer;
  admin: Admin;
}

/**
 * The Kafka clients every service opens the same way: the client, a connected batching producer
 * and a connected admin, each registered to close in the reverse order (the admin first, then the
 * producer, after every consumer registered later has stopped and sent its last messages).
 */
export async function openServiceKafka(
  runtime: CloseRegistry,
  options: {
    brokers: string[];
    clientId: string;
    logger: Logger;
    security?: KafkaClientSecurity;
    producer?: BatchingProducerOptions;
  },
): Promise<ServiceKafkaClients> {
  const { logger } = options;
  const kafka = createKafka({
    brokers: options.brokers,
    clientId: options.clientId,
    logger,
    ...(options.security ? { security: options.security } : {}),
  });
  const producer = new BatchingProducer(kafka.producer(), logger, options.producer);
  await producer.connect();
  runtime.onClose('kafka producer', () => producer.close());
  const admin = kafka.admin();
  await admin.connect();
  runtime.onClose('kafka admin', () => admin.disconnect());
  return { kafka, producer, admin };
}
