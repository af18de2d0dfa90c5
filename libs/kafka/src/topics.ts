import { Partitioners, type Admin, type Kafka } from 'kafkajs';
import { defaultPartitions, dlqOf, topicName, type TopicBase } from '@coin/contracts';

export interface TopicSpec {
  topic: string;
  numPartitions: number;
}

/** Every topic of the system with its dead-letter topic, under the run's prefix. */
export function topicSpecs(prefix: string, partitions: Partial<Record<TopicBase, number>> = {}): TopicSpec[] {
  const specs: TopicSpec[] = [];
  for (const [base, fallback] of Object.entries(defaultPartitions) as Array<[TopicBase, number]>) {
    const name = topicName(prefix, base);
    specs.push({ topic: name, numPartitions: partitions[base] ?? fallback });
    specs.push({ topic: dlqOf(name), numPartitions: 1 });
  }
  return specs;
}

/**
 * Creates the missing topics explicitly (auto-creation is off: a typo must not create a topic).
 * Existing topics are left as they are: partition counts change only by the drain procedure.
 */
export async function ensureTopics(kafka: Kafka, specs: TopicSpec[]): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((s) => !existing.has(s.topic));
    if (missing.length > 0) {
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((s) => ({ topic: s.topic, numPartitions: s.numPartitions, replicationFactor: -1 })),
        });
      } catch (err) {
        // Another process may have created the same topics between our list and create.
        if (!String((err as Error).message).includes('already exists')) throw err;
      }
    }
    return missing.map((s) => s.topic);
  } finally {
    await admin.disconnect();
  }
}

/**
 * The partition a keyed message goes to: kafkajs's default partitioner (murmur2 of the key modulo
 * the partition count, as the Java client), the one every producer here uses. The ledger uses
 * it to know which of its partitions a wallet belongs to.
 */
export function keyPartitioner(partitions: number): (key: string) => number {
  if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`a topic has at least one partition, not ${partitions}`);
  const partitioner = Partitioners.DefaultPartitioner();
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    partitionErrorCode: 0,
    replicas: [0],
    isr: [0],
  }));
  return (key) => partitioner({ topic: '', partitionMetadata, message: { key, value: null } });
}

export async function partitionCount(admin: Admin, topic: string): Promise<number> {
  const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
  const count = topics[0]?.partitions.length ?? 0;
  if (count < 1) throw new Error(`topic ${topic} has no partitions`);
  return count;
}
