/**
 * patches/kafkajs+2.2.4.patch (applied by patch-package in postinstall): kafkajs groups a send's
 * messages by partition in one pass. The original copied a partition's list for every message
 * (`[...current, message]`), so a request of n messages to one partition cost n²/2 copies: the
 * ledger's publish of an apply (thousands of events, coin.balances keyed by a few hot wallets) paid it.
 */
describe('kafkajs groupMessagesPerPartition patch', () => {
  const groupMessagesPerPartition = require('kafkajs/src/producer/groupMessagesPerPartition') as (args: {
    topic: string;
    partitionMetadata: unknown[];
    messages: Array<{ key: string }>;
    partitioner: (args: { message: { key: string } }) => number;
  }) => Record<string, Array<{ key: string }>>;
  const partitionMetadata = [{ partitionId: 0 }, { partitionId: 1 }, { partitionId: 2 }];
  const partitioner = ({ message }: { message: { key: string } }) => Number(message.key) % 3;

  it('when messages are grouped, then each partition holds its messages in the order sent', () => {
    const messages = Array.from({ length: 10 }, (_, i) => ({ key: String(i) }));
    expect(groupMessagesPerPartition({ topic: 't', partitionMetadata, messages, partitioner })).toEqual({
      0: [messages[0], messages[3], messages[6], messages[9]],
      1: [messages[1], messages[4], messages[7]],
      2: [messages[2], messages[5], messages[8]],
    });
    expect(groupMessagesPerPartition({ topic: 't', partitionMetadata: [], messages, partitioner })).toEqual({});
  });

  it('when many messages go to one partition, then no partition list is copied per message (one pass)', () => {
    const messages = Array.from({ length: 1000 }, () => ({ key: '3' }));
    // Spreading an array runs its iterator: the original ran it once per message.
    const iterator = Array.prototype[Symbol.iterator];
    let iterations = 0;
    Array.prototype[Symbol.iterator] = function (this: unknown[]) {
      iterations += 1;
      return iterator.call(this);
    };
    let grouped: Record<string, unknown[]>;
    try {
      grouped = groupMessagesPerPartition({ topic: 't', partitionMetadata, messages, partitioner });
    } finally {
      Array.prototype[Symbol.iterator] = iterator;
    }
    expect(grouped[0]).toHaveLength(1000);
    expect(iterations).toBeLessThanOrEqual(1);
  });
});
