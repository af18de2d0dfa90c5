import { headerNames } from '@coin/contracts';
import type { BatchingProducer } from './batching-producer';
import { replyAddressOf, replyPartitionOf, replyPartitions, sendReply } from './replies';

const replyTopic = 'run.gateway.replies';
const correlationId = '2c4e6a8b-1d3f-4a5b-9c7d-0e1f2a3b4c5d';
const headersWith = (replyPartition?: string) => ({
  [headerNames.replyTo]: replyTopic,
  [headerNames.correlationId]: correlationId,
  ...(replyPartition === undefined ? {} : { [headerNames.replyPartition]: replyPartition }),
});

describe('reply addresses', () => {
  it('a command naming a partition of the reply topic is answered on that partition', async () => {
    const address = replyAddressOf(headersWith('7'), replyTopic);
    expect(address).toEqual({ replyTo: replyTopic, correlationId, partition: 7 });
    const sent: unknown[] = [];
    const producer = { send: async (topic: string, message: unknown) => void sent.push({ topic, message }) } as unknown as BatchingProducer;
    await sendReply(producer, address!, { commandId: '00000000-0000-4000-8000-000000000000', ok: true, result: {} });
    expect(sent).toEqual([{ topic: replyTopic, message: expect.objectContaining({ partition: 7, key: correlationId }) }]);
  });

  it('a command naming no partition is answered by key, as before the header existed', () => {
    expect(replyAddressOf(headersWith(), replyTopic)).toEqual({ replyTo: replyTopic, correlationId });
  });

  it.each([
    ['past the last partition', String(replyPartitions)],
    ['negative', '-1'],
    ['not a number', 'two'],
    ['a fraction', '1.5'],
    ['padded', ' 1'],
    ['leading zero', '01'],
    ['huge', '99999999999999999999'],
    ['empty', ''],
  ])('a reply-partition header that is %s is ignored, not obeyed (a send there would fail every time)', (_, value) => {
    expect(replyPartitionOf(headersWith(value))).toBeUndefined();
    expect(replyAddressOf(headersWith(value), replyTopic)).toEqual({ replyTo: replyTopic, correlationId });
  });

  it('every partition of the reply topic can be named', () => {
    expect(replyPartitionOf(headersWith('0'))).toBe(0);
    expect(replyPartitionOf(headersWith(String(replyPartitions - 1)))).toBe(replyPartitions - 1);
  });

  it.each([
    ['announces it reads packs (reply-pack: 1)', '1', { ahead: true, pack: true, droppable: true }],
    ['says nothing of packs (an older gateway)', undefined, { ahead: true, droppable: true }],
    ['names a version of packs it does not read', '2', { ahead: true, droppable: true }],
  ])('when the caller %s, then its reply may be packed only if it said 1', async (_, pack, options) => {
    const headers = { ...headersWith('3'), ...(pack === undefined ? {} : { [headerNames.replyPack]: pack }) };
    const calls: unknown[][] = [];
    const producer = { send: async (...args: unknown[]) => void calls.push(args) } as unknown as BatchingProducer;
    await sendReply(producer, replyAddressOf(headers, replyTopic)!, {
      commandId: '00000000-0000-4000-8000-000000000000',
      ok: true,
      result: {},
    });
    expect(calls).toEqual([[replyTopic, expect.objectContaining({ partition: 3 }), options]]);
  });
});
