import { randomUUID } from 'node:crypto';
import type { KafkaMessage, Message, Producer, ProducerBatch } from 'kafkajs';
import type { z } from 'zod';
import { dlqOf, headerNames } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { BatchingProducer } from './batching-producer';
import { type ConsumerOptions, unpackBatch } from './consumer';
import { readHeaders } from './headers';
import { encodePack, isPack, packEntriesMax, packHeader, type PackEntry, unpack } from './pack';
import { RequestReplyClient } from './request-reply';

const logger = createLogger('pack-unit', 'silent');

/** A record as kafkajs delivers it. */
function record(value: string | null, headers: Record<string, string> = {}, offset = '7', key: string | null = null): KafkaMessage {
  return {
    key: key === null ? null : Buffer.from(key),
    value: value === null ? null : Buffer.from(value),
    headers: Object.fromEntries(Object.entries(headers).map(([n, v]) => [n, Buffer.from(v)])),
    offset,
    timestamp: '1700000000000',
    attributes: 0,
    size: 0,
  } as unknown as KafkaMessage;
}

const packRecord = (entries: unknown, version = '1') => record(JSON.stringify(entries), { [packHeader]: version });

const entry = (n: number, headers: Record<string, string> = {}): PackEntry => ({
  key: `k${n}`,
  headers: { [headerNames.commandId]: `c${n}`, ...headers },
  value: JSON.stringify({ n, text: 'quotes " and \\ and ünïcode' }),
});

describe('pack envelope', () => {
  it('when entries are packed and unpacked, then each comes back as its own record with its key, headers and value byte for byte, at the pack offset', () => {
    const entries = [entry(1), { ...entry(2), key: null }, entry(3, { traceparent: '00-abc-def-01' })];
    const unpacked = unpack(record(encodePack(entries), { [packHeader]: '1' }, '42'));
    if (!unpacked.ok) throw new Error(unpacked.error);
    expect(unpacked.entries.map((e) => e.ok)).toEqual([true, true, true]);
    expect(
      unpacked.entries.map(({ message }) => ({
        key: message.key?.toString() ?? null,
        headers: readHeaders(message.headers),
        value: message.value?.toString(),
        offset: message.offset,
      })),
    ).toEqual(entries.map((e) => ({ ...e, offset: '42' })));
  });

  it.each([
    ['a value that is not JSON', record('[{"key":', { [packHeader]: '1' }), /not JSON/],
    ['a version it does not know', packRecord([entry(1), entry(2)], '2'), /version "2"/],
    ['a value that is not an array', packRecord({ key: 'k', headers: {}, value: '{}' }), /not an array/],
    ['no entries', packRecord([]), /no messages/],
    ['an empty value', record(null, { [packHeader]: '1' }), /empty value/],
    [
      `more entries than the maximum (${packEntriesMax})`,
      packRecord(Array.from({ length: packEntriesMax + 1 }, (_, n) => entry(n))),
      /257 messages, more than 256/,
    ],
  ])('when a pack has %s, then it is refused whole', (_what, hostile, error) => {
    const unpacked = unpack(hostile);
    expect(unpacked.ok).toBe(false);
    expect(!unpacked.ok && unpacked.error).toMatch(error);
  });

  it('when one entry has the wrong shape, then it alone is refused, with the entry as it came and the headers it could read', () => {
    const bad = [
      { key: 'k', headers: { 'correlation-id': 'c' }, value: { not: 'a string' } },
      { key: 5, headers: {}, value: '{}' },
      { key: 'k', headers: { n: 5 }, value: '{}' },
      'just text',
    ];
    const unpacked = unpack(packRecord([entry(1), ...bad, entry(2)]));
    if (!unpacked.ok) throw new Error(unpacked.error);
    expect(unpacked.entries.map((e) => (e.ok ? 'ok' : e.error))).toEqual([
      'ok',
      'pack entry 1: value is not a string',
      'pack entry 2: key is neither a string nor null',
      'pack entry 3: headers are not an object of strings',
      'pack entry 4: not an object',
      'ok',
    ]);
    const first = unpacked.entries[1]!;
    expect(JSON.parse(first.message.value!.toString())).toEqual(bad[0]);
    expect(readHeaders(first.message.headers)).toEqual({ 'correlation-id': 'c' });
  });

  it('when an entry is nested deeper than the stack can re-encode, then it alone is refused and nothing throws', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const hostile = record(`[${JSON.stringify(entry(1))},${deep},${JSON.stringify(entry(2))}]`, { [packHeader]: '1' });
    const unpacked = unpack(hostile);
    if (!unpacked.ok) throw new Error(unpacked.error);
    expect(unpacked.entries.map((e) => (e.ok ? 'ok' : e.error))).toEqual(['ok', 'pack entry 1: not an object', 'ok']);
  });

  it('isPack looks at the header only', () => {
    expect(isPack(record('[]', { [packHeader]: 'anything' }))).toBe(true);
    expect(isPack(record('[]'))).toBe(false);
  });
});

/** A kafkajs producer that keeps each request's records. */
function recordingProducer() {
  const requests: Array<Array<{ topic: string; messages: Message[] }>> = [];
  const producer = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    sendBatch: async (batch: ProducerBatch) => {
      requests.push((batch.topicMessages ?? []).map(({ topic, messages }) => ({ topic, messages })));
      return [];
    },
  } as unknown as Producer;
  return { producer, requests };
}

/** What a record carries: its own value, or a pack's values in order. */
const carried = (message: Message): string[] =>
  message.headers?.[packHeader] === '1' ? (JSON.parse(String(message.value)) as PackEntry[]).map((e) => e.value) : [String(message.value)];

describe('BatchingProducer packs', () => {
  const partitionOf = (key: string) => Number(key.split(':')[0]);

  it('when messages of a packed topic are sent together, then each partition gets one pack, in send order, and other topics and unmarked messages are left alone', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger);
    p.packOn('cmd', partitionOf);
    await Promise.all([
      p.send('cmd', { key: '0:a', value: 'a1', headers: { h: '1' } }, { pack: true }),
      p.send('cmd', { key: '1:b', value: 'b1' }, { pack: true }),
      p.send('events', { key: '0:a', value: 'e1' }, { pack: true }),
      p.send('cmd', { key: '0:c', value: 'a2' }, { pack: true }),
      p.send('cmd', { key: '1:b', value: 'b2' }, { pack: true }),
      p.send('cmd', { key: '2:z', value: 'alone' }, { pack: true }),
      p.send('events', { key: '0:a', value: 'e2' }),
    ]);
    expect(requests).toHaveLength(1);
    const byTopic = Object.fromEntries(requests[0]!.map(({ topic, messages }) => [topic, messages]));
    expect(byTopic.events).toEqual([
      { key: '0:a', value: 'e1' },
      { key: '0:a', value: 'e2' },
    ]);
    const cmd = byTopic.cmd!;
    expect(cmd.map((m) => [m.partition, m.key, m.headers?.[packHeader]])).toEqual([
      [0, null, '1'],
      [1, null, '1'],
      // A pack of one is the message itself.
      [undefined, '2:z', undefined],
    ]);
    expect(cmd.map(carried)).toEqual([['a1', 'a2'], ['b1', 'b2'], ['alone']]);
    expect(JSON.parse(String(cmd[0]!.value))[0]).toEqual({ key: '0:a', headers: { h: '1' }, value: 'a1' });
  });

  it('when a message that cannot be packed comes between packable ones of its partition, then it closes the pack and order per partition holds', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger);
    p.packOn('cmd', partitionOf);
    await Promise.all([
      p.send('cmd', { key: '0:a', value: 'a1' }, { pack: true }),
      p.send('cmd', { key: '0:a', value: 'a2' }, { pack: true }),
      p.send('cmd', { key: '0:a', value: Buffer.from('binary') }, { pack: true }),
      p.send('cmd', { key: '0:a', value: 'a3' }, { pack: true }),
      p.send('cmd', { key: '0:a', value: 'a4' }, { pack: true }),
    ]);
    expect(requests[0]![0]!.messages.map(carried)).toEqual([['a1', 'a2'], ['binary'], ['a3', 'a4']]);
  });

  it('when more messages go to one partition than a pack may hold, then they fill several packs, none above the maximum', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger);
    p.packOn('cmd', partitionOf);
    const count = packEntriesMax * 2 + 3;
    await Promise.all(Array.from({ length: count }, (_, n) => p.send('cmd', { key: '0:a', value: `v${n}` }, { pack: true })));
    const records = requests.flatMap((r) => r.flatMap((t) => t.messages));
    expect(records.map((m) => carried(m).length)).toEqual([packEntriesMax, packEntriesMax, 3]);
    expect(records.flatMap(carried)).toEqual(Array.from({ length: count }, (_, n) => `v${n}`));
  });

  it('when a topic packs explicit partitions only, then a keyed message without a partition is sent alone', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger);
    p.packOn('replies');
    await Promise.all([
      p.send('replies', { partition: 3, key: 'x', value: 'r1' }, { pack: true, ahead: true }),
      p.send('replies', { key: 'y', value: 'r2' }, { pack: true, ahead: true }),
      p.send('replies', { partition: 3, key: 'z', value: 'r3' }, { pack: true, ahead: true }),
    ]);
    // The unpartitioned one could land anywhere: the pack before it is closed, so order holds.
    expect(requests[0]![0]!.messages.map(carried)).toEqual([['r1'], ['r2'], ['r3']]);
  });
});

type Sent = { topic: string; message: Message };

function fakeProducer() {
  const sent: Sent[] = [];
  const producer = { send: async (topic: string, message: Message) => void sent.push({ topic, message }) } as unknown as BatchingProducer;
  return { producer, sent };
}

describe('the command consumer reads packs', () => {
  const topic = 'cmd';
  const replyTopic = 'replies';
  const options = (producer: BatchingProducer) =>
    ({
      producer,
      replyTopic,
      packs: { topics: [topic], partitionOf: (key: string) => Number(key.split(':')[0]) },
    }) as unknown as ConsumerOptions<z.ZodType>;
  // A correlation id is a UUID, as the gateway sends it: one of any other form is answered to no one.
  const correlationOfEntry = (n: number) => `6f1e0c2a-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const asked = (n: number) => ({
    [headerNames.replyTo]: replyTopic,
    [headerNames.correlationId]: correlationOfEntry(n),
    [headerNames.commandId]: randomUUID(),
  });

  it('when a pack holds an entry of the wrong shape and one whose key belongs elsewhere, then each alone is dead-lettered and answered, and the rest come out in order among the single records', async () => {
    const { producer, sent } = fakeProducer();
    const entries = [
      { key: '0:a', headers: asked(1), value: 'v1' },
      { key: '1:b', headers: asked(2), value: 'v2' },
      { key: '0:c', headers: asked(3), value: 5 },
      { key: '0:d', headers: asked(4), value: 'v4' },
    ];
    const records = [record('single-before', {}, '1', '0:x'), packRecord(entries), record('single-after', {}, '9', '0:y')];
    const out = await unpackBatch(records, topic, 0, options(producer), logger);
    expect(out.count).toBe(6);
    expect(out.messages.map((m) => m.value?.toString())).toEqual(['single-before', 'v1', 'v4', 'single-after']);
    const dead = sent.filter((s) => s.topic === dlqOf(topic));
    expect(
      dead.map((d) => [d.message.key?.toString(), d.message.headers?.['dlq-original-pack-entry'], d.message.headers?.['dlq-error']]),
    ).toEqual([
      ['1:b', '1', 'pack entry 1: its key belongs in partition 1, not 0'],
      ['0:c', '2', 'pack entry 2: value is not a string'],
    ]);
    expect(dead.every((d) => d.message.headers?.['dlq-original-offset'] === '7')).toBe(true);
    const answers = sent.filter((s) => s.topic === replyTopic).map((s) => JSON.parse(String(s.message.value)));
    expect(answers).toEqual([
      expect.objectContaining({
        correlationId: correlationOfEntry(2),
        ok: false,
        error: expect.objectContaining({ code: 'COMMAND_REFUSED' }),
      }),
      expect.objectContaining({
        correlationId: correlationOfEntry(3),
        ok: false,
        error: expect.objectContaining({ code: 'COMMAND_REFUSED' }),
      }),
    ]);
  });

  it('when a pack cannot be read, then it is dead-lettered whole and nothing else happens', async () => {
    const { producer, sent } = fakeProducer();
    const hostile = record('{"not": "json', { [packHeader]: '1' });
    const out = await unpackBatch([hostile], topic, 0, options(producer), logger);
    expect(out).toEqual({ messages: [], count: 1 });
    expect(sent.map((s) => [s.topic, s.message.headers?.['dlq-error']])).toEqual([[dlqOf(topic), 'pack: value is not JSON']]);
  });

  it('when a topic is not one the consumer unpacks, then a pack is one record like any other', async () => {
    const { producer, sent } = fakeProducer();
    const pack = packRecord([entry(1), entry(2)]);
    const out = await unpackBatch([pack], 'other', 0, options(producer), logger);
    expect(out).toEqual({ messages: [pack], count: 1 });
    expect(sent).toEqual([]);
  });
});

describe('the gateway reads packed replies', () => {
  function client() {
    const { producer, sent } = fakeProducer();
    const rr = new RequestReplyClient({} as never, producer, 'replies', logger);
    const deliver = (r: KafkaMessage): number => (rr as unknown as { deliverPack(r: KafkaMessage): number }).deliverPack(r);
    return { rr, sent, deliver };
  }
  const command = () => ({
    commandId: randomUUID(),
    type: 'test',
    issuedAt: new Date().toISOString(),
    actor: { kind: 'service' as const, id: 't' },
    data: {},
  });
  const correlationOf = (s: Sent) => String(s.message.headers?.[headerNames.correlationId]);
  const replyEntry = (s: Sent, body: Record<string, unknown>): PackEntry => {
    const correlationId = correlationOf(s);
    const commandId = String(s.message.headers?.[headerNames.commandId]);
    return {
      key: correlationId,
      headers: { [headerNames.correlationId]: correlationId, [headerNames.commandId]: commandId },
      value: JSON.stringify({ commandId, correlationId, ...body }),
    };
  };

  it('when one pack answers several requests, one entry garbled, among replies for others, then each caller gets its own answer and the garbled one fails at once', async () => {
    const { rr, sent, deliver } = client();
    const requests = [0, 1, 2].map(() => rr.request({ topic: 'cmd', key: 'k', command: command(), timeoutMs: 10_000 }));
    await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(3);
    const stranger = { key: 'x', headers: { [headerNames.correlationId]: randomUUID() }, value: 'not even JSON' };
    const pack = record(
      encodePack([
        replyEntry(sent[2]!, { ok: true, result: { n: 2 } }),
        stranger,
        { ...replyEntry(sent[1]!, {}), value: JSON.stringify({ correlationId: correlationOf(sent[1]!), ok: 'maybe' }) },
        replyEntry(sent[0]!, { ok: false, error: { code: 'INSUFFICIENT_FUNDS', detail: 'no' } }),
      ]),
      { [packHeader]: '1' },
    );
    expect(deliver(pack)).toBe(4);
    await expect(requests[0]).resolves.toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_FUNDS' } });
    await expect(requests[1]).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringMatching(/could not be read/) });
    await expect(requests[2]).resolves.toMatchObject({ ok: true, result: { n: 2 } });
    expect(rr.pendingCount).toBe(0);
  });

  it.each([
    ['not JSON', record('[[[', { [packHeader]: '1' })],
    ['of another version', record('[]', { [packHeader]: '9' })],
    ['too long', packRecord(Array.from({ length: packEntriesMax + 1 }, (_, n) => entry(n)))],
    ['of entries that are not objects', packRecord([1, null, 'x'])],
  ])('when a reply pack is %s, then nothing throws and the waiting callers still wait', async (_what, hostile) => {
    const { rr, deliver } = client();
    const pending = rr.request({ topic: 'cmd', key: 'k', command: command(), timeoutMs: 50 });
    await new Promise((r) => setImmediate(r));
    expect(() => deliver(hostile)).not.toThrow();
    expect(rr.pendingCount).toBe(1);
    await expect(pending).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringMatching(/not confirmed in time/) });
  });
});
