import { randomBytes } from 'node:crypto';

/**
 * patches/kafkajs+2.2.4.patch (applied by patch-package in postinstall): a record of strings,
 * Buffers or nulls with one string or Buffer per header is written into one buffer of its exact
 * size; the record batch's CRC32C is computed by @node-rs/crc32 when it loads. Both must give the
 * bytes kafkajs's own code gives: the broker checks the CRC, and a consumer reads the records.
 */
type RecordInput = {
  offsetDelta?: number;
  timestampDelta?: number;
  key?: string | Buffer | null;
  value?: string | Buffer | null;
  headers?: Record<string, string | Buffer | Array<string | Buffer>>;
};
const Record = require('kafkajs/src/protocol/recordBatch/record/v0') as ((record: RecordInput) => { buffer: Buffer }) & {
  encodeRecord: (record: RecordInput) => { buffer: Buffer };
};
const crc32C = require('kafkajs/src/protocol/recordBatch/crc32C') as ((buffer: Buffer) => number) & {
  javascript: (buffer: Buffer) => number;
  isNative: boolean;
};

const sameBytes = (record: RecordInput) => expect(Record(record).buffer.equals(Record.encodeRecord(record).buffer)).toBe(true);

describe('kafkajs record fast path and native CRC32C', () => {
  it('when records like the services send are encoded, then the bytes are the original encoder’s', () => {
    sameBytes({
      offsetDelta: 3,
      timestampDelta: 12,
      key: 'user:123456',
      value: JSON.stringify({ type: 'coin.balance.changed', balance: 40.5, reason: 'é 😀 "quoted" \\ \u2028' }),
      headers: {
        type: 'coin.balance.changed',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        'correlation-id': '3b5d7f91-2a4c-4e6f-8a0b-1c2d3e4f5a6b',
        'reply-to': 'gateway.replies',
      },
    });
    sameBytes({ key: null, value: null });
    sameBytes({ key: undefined, value: '', headers: {} });
    sameBytes({ key: randomBytes(40), value: randomBytes(70_000), headers: { bin: randomBytes(300), é: 'ü' }, timestampDelta: -5 });
    // Lengths and deltas across varint byte boundaries (63/64, 8191/8192 zig-zagged).
    for (const n of [0, 1, 63, 64, 65, 127, 128, 8191, 8192, 8193, 1_048_575, 1_048_576])
      sameBytes({
        key: 'k'.repeat(n % 300),
        value: 'v'.repeat(n),
        offsetDelta: n % 100_000,
        timestampDelta: n,
        headers: { h: 'x'.repeat(n % 500) },
      });
  });

  it('when a record is off the fast path (a header of several values, a large delta, a number), then the original encoder writes it', () => {
    sameBytes({ key: 'k', value: 'v', headers: { many: ['a', 'b'] } });
    sameBytes({ key: 'k', value: 'v', timestampDelta: 2 ** 33 });
    sameBytes({ key: 'k', value: 'v', timestampDelta: -(2 ** 31) });
    expect(Record({ key: 'k', value: 'v', headers: { many: ['a', Buffer.from('b')] } }).buffer.length).toBeGreaterThan(0);
  });

  it('when a batch body is checksummed, then the native CRC32C equals the JS table’s, and it is the native one here', () => {
    expect(crc32C.isNative).toBe(true);
    expect(crc32C(Buffer.from('123456789'))).toBe(0xe3069283);
    for (const size of [0, 1, 7, 8, 9, 4096, 65_537]) {
      const buffer = randomBytes(size);
      expect(crc32C(buffer)).toBe(crc32C.javascript(buffer));
    }
  });
});
