import { randomBytes } from 'node:crypto';
import { wholeOverPieces } from '../../../test/harness/growth';
import { keyPartitioner } from './topics';

/**
 * patches/kafkajs+2.2.4.patch (applied by patch-package in postinstall): kafkajs's default
 * partitioner hashes a key with murmur2 in 32-bit arithmetic. The original multiplied BigInt-backed
 * Longs that were never cut to 64 bits, so its time grew with the square of the key's length: the
 * answer to a command whose `correlation-id` was 400,000 characters (its key) held the ledger's
 * event loop for 17 s per attempt, every group session of the process lapsed and /readyz went
 * unanswered.
 */
describe('kafkajs murmur2 patch', () => {
  const murmur2 = require('kafkajs/src/producer/partitioners/default/murmur2') as (key: string | Buffer) => number;

  /** The Java client's murmur2 (Utils.murmur2), word for word, each step cut to a 32-bit int. */
  function javaMurmur2(data: Buffer): number {
    const int = (value: bigint) => BigInt.asIntN(32, value);
    const ushr = (value: bigint, bits: bigint) => BigInt.asUintN(32, value) >> bits;
    const m = 0x5bd1e995n;
    let h = int(0x9747b28cn ^ BigInt(data.length));
    const length4 = Math.floor(data.length / 4);
    for (let i = 0; i < length4; i++) {
      const i4 = i * 4;
      let k = int(BigInt(data[i4]! + (data[i4 + 1]! << 8) + (data[i4 + 2]! << 16)) + (BigInt(data[i4 + 3]!) << 24n));
      k = int(k * m);
      k = int(k ^ ushr(k, 24n));
      k = int(k * m);
      h = int(h * m);
      h = int(h ^ k);
    }
    const tail = data.length & ~3;
    const rest = data.length % 4;
    if (rest === 3) h = int(h ^ (BigInt(data[tail + 2]!) << 16n));
    if (rest >= 2) h = int(h ^ (BigInt(data[tail + 1]!) << 8n));
    if (rest >= 1) h = int(int(h ^ BigInt(data[tail]!)) * m);
    h = int(h ^ ushr(h, 13n));
    h = int(h * m);
    return Number(int(h ^ ushr(h, 15n)));
  }

  it('when keys are hashed, then each hash is the Java client’s (its published test values, and random keys of every tail length)', () => {
    // Values from the Java client's murmur2 test, which kafkajs's own tests used.
    expect(['0', '1', '128', '2187', '78125', '279936', '100:48069'].map((key) => murmur2(key))).toEqual([
      971027396, -1993445489, -326012175, -1508407203, -1654490814, 1462227128, 1009543857,
    ]);
    for (let length = 0; length < 64; length++) {
      const key = randomBytes(length);
      expect([length, murmur2(key)]).toEqual([length, javaMurmur2(key)]);
    }
  });

  it('when a key grows, then its hash costs time linear in its length, not its square', () => {
    // One 128,000-character key against 32 keys of 4,000: the original took about 19 times as long
    // for the one (its time grew with the square), the patched hash about as long.
    const partitionOf = keyPartitioner(6);
    expect(wholeOverPieces((length) => 'c'.repeat(length), partitionOf, { length: 128_000, pieces: 32 })).toBeLessThan(4);
  });

  it('when a key is 1,000,000 characters, then the partition it gives is the same on every call', () => {
    const hugeKey = 'c'.repeat(1_000_000);
    const partitionOf = keyPartitioner(6);
    expect(partitionOf(hugeKey)).toBe(partitionOf(hugeKey));
    expect(murmur2(hugeKey)).toBe(javaMurmur2(Buffer.from(hugeKey)));
  });
});
