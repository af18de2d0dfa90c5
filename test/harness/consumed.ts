import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { eventually } from './eventually';

/**
 * Waits until a consumer group has committed past every record written to `topic` so far: what
 * it would do with them is done. A test that asserts something did not happen (no delivery, no
 * event) waits on this, not on a number of seconds that a slow machine may not cover.
 */
export async function consumedSoFar(brokers: string[], groupId: string, topic: string, limitMs = 20_000): Promise<void> {
  const admin = createKafka({ brokers, clientId: 'test-consumed', logger: createLogger('test-consumed', 'error') }).admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(topic);
    await eventually(
      async () => {
        const committed = (await admin.fetchOffsets({ groupId, topics: [topic] }))[0]?.partitions ?? [];
        return ends.every((end) => BigInt(committed.find((p) => p.partition === end.partition)?.offset ?? '-1') >= BigInt(end.high));
      },
      limitMs,
      `${groupId} past the records of ${topic} written so far`,
    );
  } finally {
    await admin.disconnect();
  }
}
