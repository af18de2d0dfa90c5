import { randomUUID } from 'node:crypto';
import type { Batch, KafkaMessage, Message } from 'kafkajs';
import { z } from 'zod';
import { commandMessage, dlqOf, headerNames } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { rawBatch, type RawRecord } from '../../../scripts/fuzz/wire/raw-records';
import type { BatchingProducer } from './batching-producer';
import { type ConsumerOptions, sortBatch } from './consumer';
import { decodedWhole, decodeLimits, decodeRefusalOf } from './decode-refusals';
import { packHeader } from './pack';

/**
 * What the patched decoder refuses (decode-refusals.ts), from the bytes a hostile producer writes
 * through kafkajs's own batch decoder into the kit: refused before any check, dead-lettered with
 * the decoder's reason, its caller answered when its address holds, the records beside it applied.
 */
const logger = createLogger('decode-refusals-unit', 'silent');
const topic = 'cmd';
const replyTopic = 'replies';
const schema = z.object({ commandId: z.uuid(), type: z.string(), text: z.string() });
type DecoderClass = new (buffer: Buffer) => unknown;
const Decoder = require('kafkajs/src/protocol/decoder') as DecoderClass;
const decodeBatch = require('kafkajs/src/protocol/recordBatch/v0/decoder') as (decoder: unknown) => Promise<{ records: KafkaMessage[] }>;

/** A command as the gateway writes it, its headers in order, with `extraHeaders` after them. */
function command(text: string, extraHeaders: Array<[string, string]> = []): { record: RawRecord; correlationId: string } {
  const body = { commandId: randomUUID(), type: 'test.command', text };
  const message = commandMessage(body, `key-${body.commandId}`);
  const correlationId = randomUUID();
  const headers: Array<[string, string]> = [
    ...Object.entries(message.headers as Record<string, string>),
    [headerNames.correlationId, correlationId],
    [headerNames.replyTo, replyTopic],
    ...extraHeaders,
  ];
  return { record: { key: message.key as string, value: message.value as string, headers }, correlationId };
}

async function sortedFromWire(records: RawRecord[]) {
  const sent: Array<{ topic: string; message: Message }> = [];
  const producer = { send: async (to: string, message: Message) => void sent.push({ topic: to, message }) } as unknown as BatchingProducer;
  const { records: messages } = await decodeBatch(new Decoder(rawBatch({ firstOffset: 10n, records })));
  const options = { schema, producer, replyTopic, logger, packs: { topics: [topic], partitionOf: () => 0 } } as unknown as ConsumerOptions<
    typeof schema
  >;
  const { valid } = await sortBatch({ topic, partition: 0, messages } as unknown as Batch, options, logger);
  return {
    valid: valid.map((v) => v.value.text),
    deadLetters: sent
      .filter((s) => s.topic === dlqOf(topic))
      .map((s) => [String(s.message.headers?.['dlq-original-offset']), String(s.message.headers?.['dlq-error'])]),
    answers: sent
      .filter((s) => s.topic === replyTopic)
      .map((s) => JSON.parse(String(s.message.value)) as { correlationId: string; error?: { code: string } }),
  };
}

const emptyHeaders = (count: number): Array<[string, string]> => Array.from({ length: count }, () => ['', '']);

describe('records the decoder refuses, in the kit', () => {
  it('when a command carries 12,000 empty headers after its own, then it is dead-lettered with the decoder’s reason and answered COMMAND_REFUSED, the commands beside it applied', async () => {
    const hostile = command('hostile', emptyHeaders(12_000));
    const out = await sortedFromWire([command('before').record, hostile.record, command('after').record]);
    expect(out.valid).toEqual(['before', 'after']);
    expect(out.deadLetters).toEqual([
      ['11', `record has ${hostile.record.headers.length} headers; at most ${decodeLimits.maxHeaders} are read`],
    ]);
    expect(out.answers).toEqual([
      expect.objectContaining({
        correlationId: hostile.correlationId,
        ok: false,
        error: expect.objectContaining({ code: 'COMMAND_REFUSED' }),
      }),
    ]);
  });

  it('when a refused record names itself a pack, then it is refused as it is, never unpacked', async () => {
    const hostile = command('hostile', [[packHeader, '1'], ...emptyHeaders(2_000)]);
    const out = await sortedFromWire([hostile.record]);
    expect(out.valid).toEqual([]);
    expect(out.deadLetters).toEqual([['10', expect.stringMatching(/^record has 2\d{3} headers/)]]);
  });

  it('when a consumer that sets nothing aside reads a batch, then it passes over the refused records only', async () => {
    const { records } = await decodeBatch(
      new Decoder(rawBatch({ records: [command('a').record, command('b', emptyHeaders(5_000)).record, command('c').record] })),
    );
    const kept = decodedWhole(records, { topic, partition: 0 }, logger);
    expect(kept.map((record) => record.offset)).toEqual(['0', '2']);
    expect(kept.every((record) => decodeRefusalOf(record) === null)).toBe(true);
  });
});
