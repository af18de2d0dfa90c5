/**
 * Record batches written byte by byte (Kafka's record batch v2, magic 2), able to say what a
 * well-behaved client never would: a header count, a key length or a record length that lies, a
 * record count the bytes cannot hold, a codec the consumer lacks, compressed bytes that inflate
 * past any bound. The hostile wire generator (hostile-wire.ts) sends them as a Produce request, and
 * the decoder's unit test decodes them directly. Valid where nothing is asked to lie: the broker
 * checks the CRC and the record framing of what it takes.
 */
const crc32c = require('kafkajs/src/protocol/recordBatch/crc32C') as (buffer: Buffer) => number;

type Bytes = string | Buffer;

export interface RawRecord {
  key: Bytes | null;
  value: Bytes | null;
  headers: ReadonlyArray<readonly [Bytes, Bytes | null]>;
  offsetDelta?: number;
  timestampDelta?: number;
}

/** What a record may claim against its bytes. */
export interface RecordLies {
  headerCount?: number;
  keyLength?: number;
  /** The record's own length prefix. */
  recordLength?: number;
}

const bufferOf = (bytes: Bytes) => (typeof bytes === 'string' ? Buffer.from(bytes) : bytes);

/** A zigzag varint (Kafka's varint and varlong), of any safe integer. */
export function varint(value: number | bigint): Buffer {
  const n = BigInt(value);
  let zigzag = n >= 0n ? n << 1n : (-n << 1n) - 1n;
  const out: number[] = [];
  while (zigzag >= 0x80n) {
    out.push(Number(zigzag & 0x7fn) | 0x80);
    zigzag >>= 7n;
  }
  out.push(Number(zigzag));
  return Buffer.from(out);
}

const sized = (bytes: Bytes | null, claimed?: number) =>
  bytes === null ? varint(claimed ?? -1) : Buffer.concat([varint(claimed ?? bufferOf(bytes).length), bufferOf(bytes)]);

/** One record, its length prefix first, lying where `lies` says. */
export function rawRecord(record: RawRecord, lies: RecordLies = {}): Buffer {
  const body = rawRecordBody(record, lies);
  return Buffer.concat([varint(lies.recordLength ?? body.length), body]);
}

/** A record without its length prefix: what the record decoder reads. */
export function rawRecordBody(record: RawRecord, lies: RecordLies = {}): Buffer {
  return Buffer.concat([
    Buffer.from([0]), // attributes
    varint(record.timestampDelta ?? 0),
    varint(record.offsetDelta ?? 0),
    sized(record.key, lies.keyLength),
    sized(record.value),
    varint(lies.headerCount ?? record.headers.length),
    ...record.headers.flatMap(([name, value]) => [sized(name), sized(value)]),
  ]);
}

export interface RawBatchOptions {
  firstOffset?: bigint;
  firstTimestamp?: bigint;
  /** Defaults to the records' count less one. */
  lastOffsetDelta?: number;
  records?: RawRecord[];
  /** Records already written (rawRecord), for lies. */
  rawRecords?: Buffer[];
  /** The count written before the records; defaults to how many there are. */
  recordCount?: number;
  /** The records section replaced by these bytes under this codec (1 gzip, 2 snappy, 3 lz4, 4 zstd). */
  compressed?: { codec: number; bytes: Buffer };
}

/** A whole record batch as it stands in a Produce request or a fetch: base offset, length, then the rest. */
export function rawBatch(options: RawBatchOptions): Buffer {
  const records = options.rawRecords ?? (options.records ?? []).map((record, at) => rawRecord({ offsetDelta: at, ...record }));
  const count = options.recordCount ?? records.length;
  const now = options.firstTimestamp ?? BigInt(Date.now());
  const afterCrc = Buffer.alloc(2 + 4 + 8 + 8 + 8 + 2 + 4 + 4);
  let at = 0;
  at = afterCrc.writeInt16BE(options.compressed?.codec ?? 0, at);
  at = afterCrc.writeInt32BE(options.lastOffsetDelta ?? Math.max(0, count - 1), at);
  at = afterCrc.writeBigInt64BE(now, at);
  at = afterCrc.writeBigInt64BE(now, at);
  at = afterCrc.writeBigInt64BE(-1n, at); // producer id: none
  at = afterCrc.writeInt16BE(-1, at); // producer epoch
  at = afterCrc.writeInt32BE(-1, at); // base sequence
  afterCrc.writeInt32BE(count, at);
  const crcd = Buffer.concat([afterCrc, options.compressed ? options.compressed.bytes : Buffer.concat(records)]);
  const head = Buffer.alloc(8 + 4 + 4 + 1 + 4);
  head.writeBigInt64BE(options.firstOffset ?? 0n, 0);
  head.writeInt32BE(4 + 1 + 4 + crcd.length, 8); // batch length: from the leader epoch on
  head.writeInt32BE(0, 12); // partition leader epoch
  head.writeInt8(2, 16); // magic
  head.writeUInt32BE(crc32c(crcd) >>> 0, 17);
  return Buffer.concat([head, crcd]);
}
