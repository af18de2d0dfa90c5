import { randomUUID } from 'node:crypto';
import type { Batch, KafkaMessage, Message } from 'kafkajs';
import { z } from 'zod';
import { commandMessage, dlqOf, headerNames } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { type ConsumerOptions, parseMessage, sortBatch } from './consumer';
import { textRefusal } from './headers';
import { packHeader, unpack } from './pack';

const logger = createLogger('utf8-unit', 'silent');
const topic = 'cmd';
const replyTopic = 'replies';

/** Bytes that are no UTF-8 (a lone continuation byte, a cut sequence, bytes UTF-8 never uses) inside ASCII. */
const notUtf8 = (ascii: string) =>
  Buffer.concat([Buffer.from(ascii.slice(0, 8)), Buffer.from([0x80, 0xc3, 0x28, 0xff, 0xfe]), Buffer.from(ascii.slice(8))]);

const schema = z.object({ commandId: z.uuid(), type: z.string(), text: z.string() });

/** A command as the gateway sends it (commandMessage and RequestReplyClient's headers), its bytes as kafkajs writes strings. */
function gatewayRecord(text: string, offset = '7'): { record: KafkaMessage; correlationId: string } {
  const command = { commandId: randomUUID(), type: 'test.command', text };
  const message = commandMessage(command, `key-${command.commandId}`);
  const correlationId = randomUUID();
  const headers = {
    ...message.headers,
    [headerNames.correlationId]: correlationId,
    [headerNames.replyTo]: replyTopic,
    [headerNames.requestId]: 'req-4k2m9x_Z',
  };
  const record = {
    key: Buffer.from(message.key),
    value: Buffer.from(message.value),
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Buffer.from(value)])),
    offset,
    timestamp: '1700000000000',
    attributes: 0,
    size: 0,
  } as unknown as KafkaMessage;
  return { record, correlationId };
}

/** The record with its key, value or one header replaced by bytes that are no UTF-8. */
function withBytes(record: KafkaMessage, where: 'key' | 'value' | string): KafkaMessage {
  if (where === 'key') return { ...record, key: notUtf8(record.key!.toString()) };
  if (where === 'value') {
    // Inside the command's text, so that read lossily it would still be a valid command.
    const value = record.value!;
    const at = value.indexOf('hostile');
    return { ...record, value: Buffer.concat([value.subarray(0, at), notUtf8('hostile'), value.subarray(at + 'hostile'.length)]) };
  }
  const headers = { ...record.headers, [where]: notUtf8(String(record.headers?.[where] ?? 'a-value-of-ascii')) };
  return { ...record, headers } as unknown as KafkaMessage;
}

type Sent = { topic: string; message: Message };

function fakeProducer() {
  const sent: Sent[] = [];
  const producer = { send: async (to: string, message: Message) => void sent.push({ topic: to, message }) } as unknown as BatchingProducer;
  return { producer, sent };
}

async function sorted(records: KafkaMessage[]) {
  const { producer, sent } = fakeProducer();
  const options = { schema, producer, replyTopic, logger } as unknown as ConsumerOptions<typeof schema>;
  const batch = { topic, partition: 0, messages: records } as unknown as Batch;
  const { valid } = await sortBatch(batch, options, logger);
  const deadLetters = sent.filter((s) => s.topic === dlqOf(topic)).map((s) => String(s.message.headers?.['dlq-error']));
  const answers = sent
    .filter((s) => s.topic === replyTopic)
    .map((s) => JSON.parse(String(s.message.value)) as { correlationId: string; error?: { code: string } });
  return { valid: valid.map((v) => v.value.text), deadLetters, answers };
}

describe('a record whose key, value or a header the kit reads is not UTF-8', () => {
  it('when a record is checked, then its key, its value or each header the kit reads that holds bytes no UTF-8 has is named, and a header no one reads is not', () => {
    const { record } = gatewayRecord('hello');
    expect(textRefusal(record)).toBeNull();
    expect(textRefusal(withBytes(record, 'key'))).toMatch(/^key is not UTF-8 \(\d+ bytes\)$/);
    for (const name of [...Object.values(headerNames), 'tracestate', packHeader])
      expect(textRefusal(withBytes(record, name))).toMatch(new RegExp(`^header ${name} is not UTF-8 \\(\\d+ bytes\\)$`));
    expect(textRefusal(withBytes(record, 'x-note'))).toBeNull();
    // Of a header given twice the kit reads the first.
    expect(
      textRefusal({ ...record, headers: { ...record.headers, [headerNames.type]: [notUtf8('test.command'), Buffer.from('t')] } }),
    ).toMatch(/^header type is not UTF-8/);
    expect(parseMessage(schema, withBytes(gatewayRecord('hostile').record, 'value'))).toEqual({ ok: false, error: 'value is not UTF-8' });
  });

  it.each([
    ['its value', 'value', /^value is not UTF-8$/],
    ['its key', 'key', /^key is not UTF-8 \(\d+ bytes\)$/],
    ['its request-id', headerNames.requestId, /^header request-id is not UTF-8 \(\d+ bytes\)$/],
    ['its traceparent', headerNames.traceparent, /^header traceparent is not UTF-8 \(\d+ bytes\)$/],
  ])(
    'when a command carries %s not UTF-8 with a valid address, then it is refused before any apply, dead-lettered and answered COMMAND_REFUSED',
    async (_what, where, reason) => {
      const before = gatewayRecord('before', '6');
      const hostile = gatewayRecord('hostile', '7');
      const after = gatewayRecord('after', '8');
      const out = await sorted([before.record, withBytes(hostile.record, where), after.record]);
      expect(out.valid).toEqual(['before', 'after']);
      expect(out.deadLetters).toEqual([expect.stringMatching(reason)]);
      expect(out.answers).toEqual([
        expect.objectContaining({
          correlationId: hostile.correlationId,
          ok: false,
          error: expect.objectContaining({ code: 'COMMAND_REFUSED' }),
        }),
      ]);
    },
  );

  it.each([
    ['correlation-id', headerNames.correlationId],
    ['reply-to', headerNames.replyTo],
  ])('when a command carries a %s not UTF-8, then it is refused, dead-lettered and answered to no one', async (_what, where) => {
    const hostile = gatewayRecord('hostile');
    const out = await sorted([withBytes(hostile.record, where)]);
    expect(out.valid).toEqual([]);
    expect(out.deadLetters).toEqual([expect.stringMatching(new RegExp(`^header ${where} is not UTF-8`))]);
    expect(out.answers).toEqual([]);
  });

  it('when a command carries a header no consumer reads, not UTF-8, then it is read like any other', async () => {
    const out = await sorted([withBytes(gatewayRecord('noted').record, 'x-note')]);
    expect(out).toEqual({ valid: ['noted'], deadLetters: [], answers: [] });
  });

  it('when the gateway sends text with lone surrogates, control characters and every plane, then its record is UTF-8 and read as sent', async () => {
    // JSON.stringify writes a lone surrogate as an escape, and Buffer.from (as kafkajs writes strings) never writes bytes that are no UTF-8.
    const text = 'a\ud800b\udfffc\u0000\u001f\u2028😀ünïcode\uffff';
    const { record } = gatewayRecord(text);
    expect(textRefusal(record)).toBeNull();
    const out = await sorted([record]);
    expect(out).toEqual({ valid: [text], deadLetters: [], answers: [] });
  });

  it('when a pack record holds bytes that are no UTF-8, then the pack is refused whole', () => {
    const value = notUtf8(JSON.stringify([{ key: 'k', headers: {}, value: 'v' }]));
    const record = {
      key: null,
      value,
      headers: { [packHeader]: Buffer.from('1') },
      offset: '1',
      timestamp: '0',
    } as unknown as KafkaMessage;
    expect(unpack(record)).toEqual({ ok: false, error: 'pack: value is not UTF-8' });
  });
});
