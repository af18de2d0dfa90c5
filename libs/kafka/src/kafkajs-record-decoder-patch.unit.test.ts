import { createHash } from 'node:crypto';
import type { KafkaMessage } from 'kafkajs';
import { gzipSync } from 'node:zlib';
import { wholeOverPieces } from '../../../test/harness/growth';
import { decodeLimits, decodeRefusalOf } from './decode-refusals';
import { rawBatch, rawRecord, rawRecordBody, type RawRecord } from '../../../scripts/fuzz/wire/raw-records';

/**
 * patches/kafkajs+2.2.4.patch (applied by patch-package in postinstall): records are decoded in
 * linear time and within bounds, before any of the kit's checks see them. The original copied the
 * whole header object once per header (12,000 empty headers, a 70 KB record, held the ledger's
 * event loop past its group session on every fetch), spread a batch's records into one call (past
 * ~120,000 records V8's argument limit threw, so a 1 MB batch of tiny records failed every fetch),
 * inflated a gzip batch without a bound, and threw on a codec it lacks or a length that lies: each
 * failed the fetch on the same batch for ever.
 */
type Decoded = { records: Array<{ offset: string; key: Buffer | null; headers: Record<string, unknown> }> };
type Decoder = { new (buffer: Buffer): unknown };
const DecoderClass = require('kafkajs/src/protocol/decoder') as Decoder;
const decodeBatch = require('kafkajs/src/protocol/recordBatch/v0/decoder') as (decoder: unknown) => Promise<Decoded>;
const decodeMessages = require('kafkajs/src/protocol/requests/fetch/v4/decodeMessages') as (decoder: unknown) => Promise<unknown[]>;
const mutableLimits = decodeLimits as { -readonly [K in keyof typeof decodeLimits]: number };

const decoded = (batch: Buffer) => decodeBatch(new DecoderClass(batch));
const emptyHeaders = (count: number): Array<[string, string]> => Array.from({ length: count }, (_, i) => [`h${i}`, '']);
const recordWith = (headers: Array<[string, string]>, extra: Partial<RawRecord> = {}): RawRecord => ({
  key: 'k',
  value: 'v',
  headers,
  ...extra,
});

/** The decoder with its count bounds lifted for the time of `run` (to time the loops themselves). */
async function withoutHeaderBounds<T>(run: () => Promise<T>): Promise<T> {
  const before = { ...mutableLimits };
  mutableLimits.maxHeaders = Number.MAX_SAFE_INTEGER;
  mutableLimits.maxHeaderBytes = Number.MAX_SAFE_INTEGER;
  mutableLimits.maxRecordsPerBatch = Number.MAX_SAFE_INTEGER;
  try {
    return await run();
  } finally {
    Object.assign(mutableLimits, before);
  }
}

describe('kafkajs record decoder patch', () => {
  it('when a record holds 200,000 headers and the bound is lifted, then it is decoded whole', async () => {
    const batch = rawBatch({ records: [recordWith(emptyHeaders(200_000))] });
    // No clock here: beside the gate's other files even the process's CPU time for it read 0.2-2 s.
    // It finishes, whole (the original ran for minutes); linearity is the next test's growth ratio.
    const { records } = await withoutHeaderBounds(() => decoded(batch));
    expect(Object.keys(records[0]!.headers)).toHaveLength(200_000);
  });

  it('when records grow in headers, then decoding costs time linear in their number, not its square', async () => {
    // One record of 1,000 headers against 25 of 40 (the same total): the original's ratio is about 25.
    const decoder = require('kafkajs/src/protocol/recordBatch/record/v0/decoder') as (d: unknown, context: object) => unknown;
    const context = { firstOffset: '0', firstTimestamp: '0' };
    const ratio = wholeOverPieces(
      (count) => rawRecordBody(recordWith(emptyHeaders(count))),
      (bytes) => decoder(new DecoderClass(bytes), context),
      {
        length: 1_000,
        pieces: 25,
      },
    );
    expect(ratio).toBeLessThan(4);
  });

  it('when a record holds 12,000 or 100,000 headers, then it is refused at decode with its first headers kept, the batch beside it whole', async () => {
    for (const count of [12_000, 100_000]) {
      const headers: Array<[string, string]> = [['correlation-id', 'c1'], ...emptyHeaders(count - 1)];
      const batch = rawBatch({ firstOffset: 40n, records: [recordWith([]), recordWith(headers), recordWith([['a', 'b']])] });
      const { records } = await decoded(batch);
      expect(records.map((record) => [record.offset, decodeRefusalOf(record as never)])).toEqual([
        ['40', null],
        ['41', `record has ${count} headers; at most ${decodeLimits.maxHeaders} are read`],
        ['42', null],
      ]);
      expect(Object.keys(records[1]!.headers)).toHaveLength(decodeLimits.maxHeaders);
      expect(String(records[1]!.headers['correlation-id'])).toBe('c1');
    }
  });

  it('when a record’s headers pass the byte bound, then it is refused at decode', async () => {
    const big = 'x'.repeat(200 * 1024);
    const { records } = await decoded(
      rawBatch({
        records: [
          recordWith([
            ['a', big],
            ['b', big],
            ['c', big],
          ]),
        ],
      }),
    );
    expect(decodeRefusalOf(records[0] as never)).toBe(`record headers pass ${decodeLimits.maxHeaderBytes} bytes at header 3 of 3`);
  });

  it('when a header comes twice or is named "__proto__", then it is an own key of an object with no prototype, its values in order', async () => {
    const { records } = await decoded(
      rawBatch({
        records: [
          recordWith([
            ['d', '1'],
            ['__proto__', 'p'],
            ['d', '2'],
            ['d', '3'],
          ]),
        ],
      }),
    );
    const headers = records[0]!.headers;
    expect(Object.getPrototypeOf(headers)).toBeNull();
    expect(Object.keys(headers)).toEqual(['d', '__proto__']);
    expect((headers.d as Buffer[]).map(String)).toEqual(['1', '2', '3']);
    expect(String(Object.getOwnPropertyDescriptor(headers, '__proto__')?.value)).toBe('p');
  });

  describe('a batch whose records cannot be decoded is one refused record at its last offset', () => {
    const refusedOf = async (batch: Buffer) => {
      const { records } = await decoded(batch);
      expect(records).toHaveLength(1);
      return { offset: records[0]!.offset, refusal: decodeRefusalOf(records[0] as never) ?? '' };
    };
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    it('when a header count, a key length or a record length lies, then the batch is refused with its offsets, size and digest', async () => {
      const liars: Array<[string, Buffer]> = [
        ['header count', rawRecord(recordWith([]), { headerCount: 1_000_000 })],
        ['key length', rawRecord(recordWith([]), { keyLength: 5_000 })],
        ['negative key length', rawRecord(recordWith([]), { keyLength: -7 })],
        ['record length', rawRecord(recordWith([]), { recordLength: 90_000 })],
      ];
      for (const [what, record] of liars) {
        const batch = rawBatch({ firstOffset: 7n, lastOffsetDelta: 2, rawRecords: [record], recordCount: 3 });
        const { offset, refusal } = await refusedOf(batch);
        expect([what, offset]).toEqual([what, '9']);
        expect(refusal).toContain(
          `record batch at offsets 7 to 9 (${batch.length - 12} bytes, sha256 ${sha256(batch.subarray(12))}) is not decodable: `,
        );
      }
    });

    it('when a record count claims more than the bytes hold, then the batch is refused without an array of that size', async () => {
      const past = await refusedOf(rawBatch({ rawRecords: [rawRecord(recordWith([]))], recordCount: 2_000_000_000 }));
      expect(past.refusal).toContain(`batch has 2000000000 records; at most ${decodeLimits.maxRecordsPerBatch} are read`);
      const under = await refusedOf(rawBatch({ rawRecords: [rawRecord(recordWith([]))], recordCount: 19_000 }));
      expect(under.refusal).toContain('record count 19000 does not fit');
    });

    it('when a gzip batch inflates past its bound, then the batch is refused and no more than the bound is inflated', async () => {
      // 16 MiB of one record's zeros in about 16 KB of gzip.
      const bomb = gzipSync(Buffer.concat([rawRecord(recordWith([], { value: Buffer.alloc(16 * 1024 * 1024) }))]));
      const before = process.memoryUsage().arrayBuffers;
      const { refusal } = await refusedOf(rawBatch({ compressed: { codec: 1, bytes: bomb }, recordCount: 1 }));
      expect(refusal).toMatch(/is not decodable: .*(larger than|exceeds|maxOutputLength)/i);
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(2 * decodeLimits.maxInflatedBatchBytes);
    });

    it('when a gzip batch inflates within its bound, then its records are decoded', async () => {
      const compressed = gzipSync(Buffer.concat([rawRecord(recordWith([['h', 'v']])), rawRecord(recordWith([], { offsetDelta: 1 }))]));
      const { records } = await decoded(rawBatch({ compressed: { codec: 1, bytes: compressed }, recordCount: 2, lastOffsetDelta: 1 }));
      expect(records.map((record) => [record.offset, decodeRefusalOf(record as never)])).toEqual([
        ['0', null],
        ['1', null],
      ]);
    });

    it('when a batch is compressed with a codec this client lacks (snappy, lz4, zstd), then the batch is refused', async () => {
      for (const codec of [2, 3, 4]) {
        const { refusal } = await refusedOf(
          rawBatch({ compressed: { codec, bytes: Buffer.from('not really compressed') }, recordCount: 1 }),
        );
        expect(refusal).toMatch(/compression not implemented/);
      }
    });
  });

  describe('a batch of 150,000 tiny records (1.3 MB, which the broker takes)', () => {
    const rawRecords = Array.from({ length: 150_000 }, (_, i) => rawRecord({ key: null, value: null, headers: [], offsetDelta: i }));
    const batch = rawBatch({ rawRecords, recordCount: rawRecords.length, lastOffsetDelta: rawRecords.length - 1 });
    const fetchPart = Buffer.alloc(4);
    fetchPart.writeInt32BE(batch.length);
    const fetched = () => decodeMessages(new DecoderClass(Buffer.concat([fetchPart, batch]))) as Promise<KafkaMessage[]>;

    it('when the record bound is lifted, then the fetch decodes them all (the original passed V8’s argument limit)', async () => {
      expect(await withoutHeaderBounds(fetched)).toHaveLength(150_000);
    });

    it('when the record bound holds, then the batch is one refused record at its last offset', async () => {
      const records = await fetched();
      expect(records.map((record) => [record.offset, decodeRefusalOf(record)])).toEqual([
        [
          '149999',
          expect.stringContaining(`is not decodable: batch has 150000 records; at most ${decodeLimits.maxRecordsPerBatch} are read`),
        ],
      ]);
    });
  });
});
