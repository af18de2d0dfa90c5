import { createHash } from 'node:crypto';
import type { Message } from 'kafkajs';
import { deadLetterBytesMax, deadLetterOf, recordContentBytes } from './dead-letters';
import { readHeaders } from './headers';

const origin = {
  'dlq-original-topic': 'run.user.commands',
  'dlq-original-partition': '3',
  'dlq-original-offset': '41',
  'dlq-error': 'data.fullName: Too big: expected string to have <=200 characters',
  'dlq-at': '2026-11-27T12:00:00.000Z',
};
const originBytes = recordContentBytes(null, null, origin);
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
    const fitting = 'v'.repeat(deadLetterBytesMax - originBytes - key.length);
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
});
