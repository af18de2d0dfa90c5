/**
 * The transport floor's command consumer (bench/lib/transport-floor.ts): the ledger's command
 * path with the ledger taken out. The same consumer library and settings as the ledger's command
 * consumer (one consumer, six partitions side by side, 1 MiB fetches, offsets committed every 500 ms), and each
 * command answered on its reply-to through a BatchingProducer, as the ledger answers after an
 * apply. Prints "ready" on stdout once its consumer has joined.
 *
 * With FLOOR_DATABASE_URL and FLOOR_TABLE it is the durable floor: before answering a batch it
 * makes one committed INSERT (synchronous_commit on) on the same PostgreSQL as the ledger — the
 * least any design that answers only what is durable pays per batch.
 */
import { anyCommand } from '@coin/contracts';
import { BatchingProducer, createKafka, replyAddressOf, sendReply, startConsumer } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import pg from 'pg';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** One committed INSERT per batch when the echo is the durable floor; nothing otherwise. */
async function durableWrite(): Promise<{ write: (rows: number) => Promise<void>; close: () => Promise<void> }> {
  const url = process.env.FLOOR_DATABASE_URL;
  if (!url) return { write: async () => undefined, close: async () => undefined };
  // One connection per partition handled at once: a batch never queues behind another's commit.
  const pool = new pg.Pool({ connectionString: url, max: 6, options: '-c synchronous_commit=on' });
  const table = env('FLOOR_TABLE');
  return {
    write: async (rows) => {
      await pool.query(`INSERT INTO ${table} (rows) VALUES ($1)`, [rows]);
    },
    close: () => pool.end(),
  };
}

async function main(): Promise<void> {
  const durable = await durableWrite();
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
      await durable.write(items.length);
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
      await durable.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
