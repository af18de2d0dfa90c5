/**
 * The wire-level hostile generator: record batches no well-behaved client writes (docs/RELIABILITY.md
 * "Hostile headers and oversized records"), sent as raw Produce requests to a partition's leader,
 * so that what reaches a consumer is exactly what the broker took: many headers, large headers,
 * duplicated and binary headers, a huge key, a value at the broker's limit, invalid UTF-8, a gzip
 * bomb, a codec the consumers lack, and lengths that lie (which the broker may refuse: what it
 * refuses is reported, never assumed). Used by the long tier's `test/e2e/hostile-wire.test.ts`
 * against the real services and by the whole-ledger simulation's Kafka mode.
 *
 * Plain TCP only (a development or test broker): a deployment's SASL or TLS listener is out of its
 * reach, as it should be.
 */
import { Socket } from 'node:net';
import type { Admin } from 'kafkajs';
import { gzipSync, zstdCompressSync } from 'node:zlib';
import { rawBatch, rawRecord, type RawRecord } from './raw-records';

/** The broker's largest record batch here (message.max.bytes, its default). */
export const brokerBatchBytesMax = 1_048_588;

export interface WireKind {
  name: string;
  /** The batch, built on demand (some are a megabyte). */
  batch(): Buffer;
}

const emptyHeaders = (count: number, name = ''): Array<[string, string]> => Array.from({ length: count }, () => [name, '']);
const one = (record: Partial<RawRecord>) => rawBatch({ records: [{ key: 'hostile', value: '{}', headers: [], ...record }] });
/** Filler that fills a record to about `bytes` with the rest of the batch's framing. */
const fill = (bytes: number) => 'f'.repeat(bytes);

/** Every kind the generator sends, in the order it sends them. */
export const wireKinds: readonly WireKind[] = [
  { name: '12,000 empty headers (70 KB)', batch: () => one({ headers: emptyHeaders(12_000) }) },
  { name: '100,000 empty headers', batch: () => one({ headers: emptyHeaders(100_000) }) },
  {
    name: '40,000 distinct headers',
    batch: () => one({ headers: Array.from({ length: 40_000 }, (_, i) => [`h${i}`, 'v'] as [string, string]) }),
  },
  { name: 'one header of 900 KB', batch: () => one({ headers: [['x-large', fill(900_000)]] }) },
  {
    name: 'duplicated correlation-id and reply-to',
    batch: () =>
      one({
        headers: [
          ['correlation-id', '5d0f6a1e-0000-4000-8000-000000000001'],
          ['correlation-id', '5d0f6a1e-0000-4000-8000-000000000002'],
          ['reply-to', 'nowhere'],
          ['reply-to', 'elsewhere'],
        ],
      }),
  },
  {
    name: 'binary header names and values',
    batch: () =>
      one({
        headers: [
          [Buffer.from([0xff, 0xfe, 0x00]), Buffer.from([0xc3, 0x28])],
          ['type', Buffer.from([0xe2, 0x82])],
        ],
      }),
  },
  { name: 'a key of 1,000,000 bytes', batch: () => one({ key: fill(1_000_000), value: null }) },
  { name: 'a value at the broker’s limit', batch: () => one({ value: fill(brokerBatchBytesMax - 61 - 30) }) },
  {
    name: 'a value and key that are no UTF-8',
    batch: () => one({ key: Buffer.from([0xc3, 0x28]), value: Buffer.from([0x7b, 0xff, 0x7d]) }),
  },
  {
    name: 'a gzip bomb (64 MiB in about 64 KB)',
    batch: () =>
      rawBatch({
        compressed: { codec: 1, bytes: gzipSync(rawRecord({ key: 'bomb', value: Buffer.alloc(64 * 1024 * 1024), headers: [] })) },
        recordCount: 1,
      }),
  },
  {
    name: 'gzip of 200,000 empty headers',
    batch: () =>
      rawBatch({
        compressed: { codec: 1, bytes: gzipSync(rawRecord({ key: 'k', value: '{}', headers: emptyHeaders(200_000) })) },
        recordCount: 1,
      }),
  },
  {
    // The broker takes zstd; kafkajs has no codec for it (nor snappy, nor lz4).
    name: 'a batch compressed with zstd',
    batch: () =>
      rawBatch({ compressed: { codec: 4, bytes: zstdCompressSync(rawRecord({ key: 'k', value: '{}', headers: [] })) }, recordCount: 1 }),
  },
  {
    name: 'a header count that lies',
    batch: () => rawBatch({ rawRecords: [rawRecord({ key: 'k', value: '{}', headers: [] }, { headerCount: 1_000_000 })] }),
  },
  {
    name: 'a key length that lies',
    batch: () => rawBatch({ rawRecords: [rawRecord({ key: 'k', value: '{}', headers: [] }, { keyLength: 100_000 })] }),
  },
  {
    name: 'a record count that lies',
    batch: () =>
      rawBatch({ rawRecords: [rawRecord({ key: 'k', value: '{}', headers: [] })], recordCount: 2_000_000_000, lastOffsetDelta: 0 }),
  },
];

export interface ProduceOutcome {
  /** Kafka's error code: 0 when the broker took the batch. */
  errorCode: number;
  /** The offset the batch's first record got (when taken). */
  baseOffset: bigint;
}

const produceApiKey = 0;
// v7: the first that may carry zstd; its request is v3's, and its answer begins as v3's does.
const produceApiVersion = 7;

/** A Produce v7 request of one batch to one partition, acks from all replicas. */
export function produceRequest(correlationId: number, topic: string, partition: number, batch: Buffer): Buffer {
  const clientId = Buffer.from('hostile-wire');
  const topicName = Buffer.from(topic);
  const head = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 2 + 2 + 4 + 4 + 2 + topicName.length + 4 + 4 + 4);
  let at = 0;
  at = head.writeInt16BE(produceApiKey, at);
  at = head.writeInt16BE(produceApiVersion, at);
  at = head.writeInt32BE(correlationId, at);
  at = head.writeInt16BE(clientId.length, at);
  at += clientId.copy(head, at);
  at = head.writeInt16BE(-1, at); // transactional id: none
  at = head.writeInt16BE(-1, at); // acks: all
  at = head.writeInt32BE(30_000, at); // timeout
  at = head.writeInt32BE(1, at); // topics
  at = head.writeInt16BE(topicName.length, at);
  at += topicName.copy(head, at);
  at = head.writeInt32BE(1, at); // partitions
  at = head.writeInt32BE(partition, at);
  head.writeInt32BE(batch.length, at);
  const size = Buffer.alloc(4);
  size.writeInt32BE(head.length + batch.length);
  return Buffer.concat([size, head, batch]);
}

/** The error code and base offset of a Produce v7 response of one partition. */
export function produceOutcome(response: Buffer): ProduceOutcome {
  let at = 4; // correlation id
  at += 4; // topics
  at += 2 + response.readInt16BE(at); // topic name
  at += 4; // partitions
  at += 4; // partition index
  const errorCode = response.readInt16BE(at);
  return { errorCode, baseOffset: response.readBigInt64BE(at + 2) };
}

/** Sends one batch to `topic`'s `partition` at its leader and reads the broker's answer. */
export async function produceRaw(
  leader: { host: string; port: number },
  topic: string,
  partition: number,
  batch: Buffer,
): Promise<ProduceOutcome> {
  const socket = new Socket();
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(leader.port, leader.host, resolve);
    });
    const answer = new Promise<Buffer>((resolve, reject) => {
      let received = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        if (received.length >= 4 && received.length >= 4 + received.readInt32BE(0))
          resolve(received.subarray(4, 4 + received.readInt32BE(0)));
      });
      socket.once('error', reject);
      socket.once('close', () => reject(new Error(`the broker closed the connection before answering (${topic}[${partition}])`)));
    });
    socket.write(produceRequest(1, topic, partition, batch));
    return produceOutcome(await answer);
  } finally {
    socket.destroy();
  }
}

/** The broker leading `topic`'s `partition`, as the generator reaches it. */
export async function leaderOf(admin: Admin, topic: string, partition: number): Promise<{ host: string; port: number }> {
  const [metadata] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
  const leader = metadata?.partitions.find((p) => p.partitionId === partition)?.leader;
  const broker = (await admin.describeCluster()).brokers.find((b) => b.nodeId === leader);
  if (!broker) throw new Error(`no leader for ${topic}[${partition}]`);
  return { host: broker.host, port: broker.port };
}
