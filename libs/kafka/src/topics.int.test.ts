import { createLogger } from '@coin/logger';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { createKafka } from './client';
import { ensureTopics } from './topics';

const logger = createLogger('kafka-topics-int', 'fatal');

describe('ensureTopics against a real broker', () => {
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'kafka-topics-int', logger });

  it('when it returns for new topics, then every partition is led by a broker that answers as its leader', async () => {
    // The metadata can name a leader a moment before that broker leads the partition; a produce
    // then is refused for that partition and kafkajs resends the whole request, duplicating the
    // partitions that were written. Asked once, without retries, each leader must already answer.
    const prefix = uniquePrefix();
    const topics = Array.from({ length: 16 }, (_, i) => `${prefix}led-${i}`);
    await ensureTopics(
      kafka,
      topics.map((topic) => ({ topic, numPartitions: 8 })),
    );
    const admin = kafka.admin({ retry: { retries: 0 } });
    await admin.connect();
    try {
      for (const topic of topics) {
        const offsets = await admin.fetchTopicOffsets(topic);
        expect(offsets.map((p) => p.partition).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      }
    } finally {
      await admin.disconnect();
    }
  }, 60_000);
});
