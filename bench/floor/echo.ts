/**
 * The transport floor's command consumer (bench/lib/transport-floor.ts): the ledger's command
 * path with the ledger taken out. The same consumer library and settings as the ledger's command
 * consumer (one consumer, six partitions side by side, 1 MiB fetches, offsets committed every 500 ms), and each
 * command answered on its reply-to through a BatchingProducer, as the ledger answers after an
 * apply. Prints "ready" on stdout once its consumer has joined.
 */
import { anyCommand } from '@coin/contracts';
import { BatchingProducer, createKafka, replyAddressOf, sendReply, startConsumer } from '@coin/kafka';
import { createLogger } from '@coin/logger';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

async function main(): Promise<void> {
  const logger = createLogger('floor-echo', 'warn');
  const kafka = createKafka({ brokers: env('KAFKA_BROKERS').split(','), clientId: 'floor-echo', logger });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const consumer = await startConsumer({
    kafka,
    groupId: env('FLOOR_GROUP'),
    topics: [env('FLOOR_COMMAND_TOPIC')],
    schema: anyCommand,
    logger,
    producer,
    partitionsConsumedConcurrently: 6,
    commitIntervalMs: 500,
    tuning: { maxBytesPerPartition: 1024 * 1024 },
    handleBatch: async (items) => {
      await Promise.all(
        items.map((item) => {
          const address = replyAddressOf(item.headers, env('FLOOR_REPLY_TOPIC'));
          return address ? sendReply(producer, address, { commandId: item.value.commandId, ok: true, result: item.value.data }) : undefined;
        }),
      );
    },
  });
  await consumer.ready;
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void (async () => {
      await consumer.stop();
      await producer.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
