import { createHash } from 'node:crypto';
import type { Message } from 'kafkajs';
import { KafkaJSProtocolError } from 'kafkajs';
import { createLogger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { deadLetter, deadLetterBytesMax, deadLetterOf, encodedRecordBytes, recordContentBytes } from './dead-letters';
import { readHeaders } from './headers';

const origin = {
  'dlq-original-topic': 'run.user.commands',
  'dlq-original-partition': '3',
  'dlq-original-offset': '41',
  'dlq-error': 'data.fullName: Too big: expected string to have <=200 characters',
  'dlq-at': '2026-11-27T12:00:00.000Z',
};
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const contentOf = (letter: Message) =>
  recordContentBytes(letter.key as Buffer | null, letter.value as Buffer | null, readHeaders(letter.headers as Record<string, Buffer>));

describe('dead letters the broker can take', () => {
  it('when the original and the dlq-* headers fit the bound, then the dead letter is the original with them, whole', () => {
    const headers = { 'command-id': '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', 'correlation-id': 'c'.repeat(400_000) };
    const letter = deadLetterOf({ key: Buffer.from('wallet:user:7'), value: Buffer.from('{"n":1}'), headers }, origin);
    expect(letter).toEqual({ key: Buffer.from('wallet:user:7'), value: Buffer.from('{"n":1}'), headers: { ...headers, ...origin } });
  });

  it('when the original is exactly as large as the bound leaves room for, then it is whole; a byte more and it is truncated', () => {
    const key = Buffer.from('k');
    // The bound counts the encoded record: key, value and headers with all their framing.
    let length = deadLetterBytesMax - encodedRecordBytes(key, '', origin);
    while (encodedRecordBytes(key, 'v'.repeat(length), origin) > deadLetterBytesMax) length -= 1;
    const fitting = 'v'.repeat(length);
    expect(encodedRecordBytes(key, fitting, origin)).toBe(deadLetterBytesMax);
    expect(deadLetterOf({ key, value: Buffer.from(fitting), headers: {} }, origin).headers).not.toHaveProperty('dlq-truncated');
    expect(deadLetterOf({ key, value: Buffer.from(`${fitting}v`), headers: {} }, origin).headers).toHaveProperty('dlq-truncated', 'true');
  });

  it('when a record of about 1 MB would pass the broker with its dlq-* headers, then the dead letter keeps the start of its value, its short headers, and its size and digest', () => {
    const value = `{"fullName":"${'n'.repeat(1_048_000)}"}`;
    const headers = { 'command-id': '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', type: 'user.register' };
    const key = Buffer.from('ada@example.com');
    const letter = deadLetterOf({ key, value: Buffer.from(value), headers }, origin);
    expect(letter.key).toEqual(key);
    expect((letter.value as Buffer).toString()).toBe(value.slice(0, 64 * 1024));
    expect(letter.headers).toEqual({
      ...headers,
      ...origin,
      'dlq-truncated': 'true',
      'dlq-original-bytes': String(recordContentBytes(key, value, headers)),
      'dlq-original-sha256': sha256(value),
    });
    expect(contentOf(letter)).toBeLessThan(deadLetterBytesMax);
  });

  it('when the original is too large by its headers (a 600,000-character header beside a 500 KB value), then the long header is left out and named, the short ones kept', () => {
    const headers = { 'command-id': '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', 'x-filler': 'f'.repeat(600_000) };
    const letter = deadLetterOf({ key: null, value: Buffer.from('v'.repeat(500_000)), headers }, origin);
    expect(letter.headers).toMatchObject({
      'command-id': headers['command-id'],
      'dlq-truncated': 'true',
      'dlq-dropped-headers': '"x-filler"',
    });
    expect(letter.headers).not.toHaveProperty('x-filler');
    expect(contentOf(letter)).toBeLessThan(100_000);
  });

  it('when a record’s headers are many and empty, then their framing counts: 30,000 of them under the content bound still make a truncated dead letter', () => {
    const headers = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`h${i}`, '']));
    const value = Buffer.from('v'.repeat(deadLetterBytesMax - recordContentBytes(null, null, { ...headers, ...origin }) - 10));
    expect(recordContentBytes(null, value, { ...headers, ...origin })).toBeLessThan(deadLetterBytesMax);
    expect(deadLetterOf({ key: null, value, headers }, origin).headers).toHaveProperty('dlq-truncated', 'true');
  });

  it('when records are encoded by kafkajs, then encodedRecordBytes is never below their batch’s size, and within its delta varints of it', async () => {
    const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0') as { RecordBatch: (o: object) => Promise<{ buffer: Buffer }> };
    const Record = require('kafkajs/src/protocol/recordBatch/record/v0') as (o: object) => unknown;
    const cases: Array<[string | null, string | null, Record<string, string>]> = [
      [null, null, {}],
      ['k', '{}', { a: 'b' }],
      ['wallet:user:7', 'v'.repeat(70_000), Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`h${i}`, 'x'.repeat(i)]))],
    ];
    for (const [key, value, headers] of cases) {
      const batch = await RecordBatch({ records: [Record({ key, value, headers, offsetDelta: 0, timestampDelta: 0 })] });
      const encoded = encodedRecordBytes(key, value, headers);
      expect(encoded).toBeGreaterThanOrEqual(batch.buffer.length);
      expect(encoded - batch.buffer.length).toBeLessThanOrEqual(20);
    }
  });
});

describe('a dead letter the broker refuses never stops its partition', () => {
  const log = createLogger('dead-letters-unit', 'silent');
  const message = { key: Buffer.from('k'), value: Buffer.from('{"n":1}'), headers: { 'command-id': 'c' }, offset: '41' } as never;
  const tooLarge = () =>
    new KafkaJSProtocolError({ type: 'MESSAGE_TOO_LARGE', code: 10, retriable: false, message: 'too large' } as unknown as Error);
  /** A producer that refuses the first `refusals` sends with `error` and records what it took. */
  function producerRefusing(refusals: number, error: () => Error) {
    const taken: Array<{ topic: string; message: Record<string, unknown> }> = [];
    let calls = 0;
    const producer = {
      send: async (topic: string, sent: Record<string, unknown>) => {
        calls += 1;
        if (calls <= refusals) throw error();
        taken.push({ topic, message: sent });
      },
    } as unknown as BatchingProducer;
    return { producer, taken, calls: () => calls };
  }

  it('when the broker refuses it once (beside another record), then it is sent again whole', async () => {
    const { producer, taken } = producerRefusing(1, tooLarge);
    await expect(deadLetter(producer, 'cmd', 3, message, 'why', log)).resolves.toBe('whole');
    expect(taken[0]!.message.value).toEqual(Buffer.from('{"n":1}'));
  });

  it('when the broker refuses it twice, then the minimal one goes: origin, size and digest, no key, value or other header', async () => {
    const { producer, taken } = producerRefusing(2, tooLarge);
    await expect(deadLetter(producer, 'cmd', 3, message, 'why', log)).resolves.toBe('minimal');
    expect(taken).toHaveLength(1);
    const letter = taken[0]!.message as { key: unknown; value: unknown; headers: Record<string, string> };
    expect(letter.key).toBeNull();
    expect(letter.value).toBeNull();
    expect(letter.headers).toMatchObject({
      'dlq-original-topic': 'cmd',
      'dlq-original-partition': '3',
      'dlq-original-offset': '41',
      'dlq-error': 'why',
      'dlq-minimal': 'true',
      'dlq-truncated': 'true',
      'dlq-original-sha256': createHash('sha256').update('{"n":1}').digest('hex'),
    });
    expect(letter.headers).not.toHaveProperty('command-id');
  });

  it('when the broker refuses even the minimal one, then it resolves lost after three tries, and the partition goes on', async () => {
    const { producer, taken, calls } = producerRefusing(3, tooLarge);
    await expect(deadLetter(producer, 'cmd', 3, message, 'why', log)).resolves.toBe('lost');
    expect([taken.length, calls()]).toEqual([0, 3]);
  });

  it('when the broker is away (not a refusal of the record), then it rejects, so the batch is retried in place', async () => {
    const { producer } = producerRefusing(1, () => new Error('connect ECONNREFUSED 127.0.0.1:9092'));
    await expect(deadLetter(producer, 'cmd', 3, message, 'why', log)).rejects.toThrow('ECONNREFUSED');
  });
});
