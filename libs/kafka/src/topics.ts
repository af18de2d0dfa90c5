import { ConfigResourceTypes, ConfigSource, Partitioners, type Admin, type Kafka } from 'kafkajs';
import {
  appendTimeConfig,
  appendTimeTopics,
  coPartitionedWith,
  defaultPartitions,
  dlqOf,
  topicName,
  type TopicBase,
} from '@coin/contracts';

export interface TopicSpec {
  topic: string;
  numPartitions: number;
  /**
   * An existing topic with fewer partitions is grown to numPartitions. Only for a topic whose
   * records carry no key order (the reply topic: each reply names its partition); a keyed topic
   * keeps its count, which only the drain procedure changes.
   */
  grow?: boolean;
  /**
   * Co-partitioned with this topic (full name): created with the count that topic has when it
   * exists already (ledger.internal added beside an older ledger.commands), else numPartitions.
   */
  partitionsLike?: string;
  /**
   * Topic configs the topic must have (`message.timestamp.type`: LogAppendTime on the command
   * topics): set at creation, and set on an existing topic that has another value.
   */
  config?: Readonly<Record<string, string>>;
}

/** The topics whose partitions may grow at set-up (see TopicSpec.grow). */
const growable: ReadonlySet<TopicBase> = new Set(['gateway.replies']);

/**
 * Every topic of the system with its dead-letter topic, under the run's prefix. A co-partitioned
 * topic takes the count of its partner (ledger.internal that of ledger.commands).
 */
export function topicSpecs(prefix: string, partitions: Partial<Record<TopicBase, number>> = {}): TopicSpec[] {
  const specs: TopicSpec[] = [];
  const countOf = (base: TopicBase): number => {
    const partner = coPartitionedWith[base];
    return partner ? countOf(partner) : (partitions[base] ?? defaultPartitions[base]);
  };
  for (const base of Object.keys(defaultPartitions) as TopicBase[]) {
    const name = topicName(prefix, base);
    const partner = coPartitionedWith[base];
    specs.push({
      topic: name,
      numPartitions: countOf(base),
      ...(growable.has(base) ? { grow: true } : {}),
      ...(partner ? { partitionsLike: topicName(prefix, partner) } : {}),
      ...(appendTimeTopics.includes(base) ? { config: { [appendTimeConfig.name]: appendTimeConfig.value } } : {}),
    });
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
    const existing = new Set<string>(await admin.listTopics());
    const missing = await withPartnerCounts(
      admin,
      specs.filter((s) => !existing.has(s.topic)),
      existing,
    );
    if (missing.length > 0) {
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((s) => ({
            topic: s.topic,
            numPartitions: s.numPartitions,
            replicationFactor: -1,
            ...(s.config ? { configEntries: Object.entries(s.config).map(([name, value]) => ({ name, value })) } : {}),
          })),
        });
      } catch (err) {
        const message = String((err as Error).message);
        // Another process may have created the same topics between our list and create (or the
        // list did not show a topic created a moment before): their configs are still aligned below.
        if (message.includes('already exists')) {
          for (const topic of await admin.listTopics()) existing.add(topic);
        } else {
          // Kafka 4 can answer the metadata request of kafkajs's waitForLeaders before the new
          // partitions are hosted (UNKNOWN_TOPIC_OR_PARTITION), which kafkajs does not retry there.
          if (!message.includes('does not host this topic-partition')) throw err;
        }
      }
      await awaitLeaders(
        admin,
        missing.map((s) => s.topic),
      );
    }
    await growTopics(
      admin,
      specs.filter((s) => s.grow && existing.has(s.topic)),
    );
    await alignTopicConfigs(
      admin,
      specs.filter((s) => s.config && existing.has(s.topic)),
    );
    return missing.map((s) => s.topic);
  } finally {
    await admin.disconnect();
  }
}

/** A missing co-partitioned topic takes the partition count its existing partner has. */
async function withPartnerCounts(admin: Admin, missing: TopicSpec[], existing: ReadonlySet<string>): Promise<TopicSpec[]> {
  return Promise.all(
    missing.map(async (spec) =>
      spec.partitionsLike && existing.has(spec.partitionsLike)
        ? { ...spec, numPartitions: await partitionCount(admin, spec.partitionsLike) }
        : spec,
    ),
  );
}

/** Each topic's configs set on the topic itself (not inherited from the broker), by name. */
async function topicConfigsOf(admin: Admin, topics: string[]): Promise<Map<string, Map<string, string>>> {
  const { resources } = await admin.describeConfigs({
    includeSynonyms: false,
    resources: topics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name })),
  });
  return new Map(
    resources.map((r) => [
      r.resourceName,
      new Map(r.configEntries.filter((e) => e.configSource === ConfigSource.TOPIC_CONFIG).map((e) => [e.configName, e.configValue])),
    ]),
  );
}

/**
 * Sets the wanted configs on existing topics that have other values (a command topic created
 * before its records carried the append time). AlterConfigs replaces a topic's whole set, so the
 * topic's other own configs (retention, min.insync.replicas) are sent again with it.
 */
async function alignTopicConfigs(admin: Admin, specs: TopicSpec[]): Promise<void> {
  if (specs.length === 0) return;
  const current = await topicConfigsOf(
    admin,
    specs.map((s) => s.topic),
  );
  const resources = specs
    .map((spec) => {
      const own = current.get(spec.topic) ?? new Map<string, string>();
      const wanted = Object.entries(spec.config ?? {});
      if (wanted.every(([name, value]) => own.get(name) === value)) return null;
      const merged = new Map([...own, ...wanted]);
      return {
        type: ConfigResourceTypes.TOPIC,
        name: spec.topic,
        configEntries: [...merged].map(([name, value]) => ({ name, value })),
      };
    })
    .filter((r) => r !== null);
  if (resources.length === 0) return;
  await admin.alterConfigs({ validateOnly: false, resources });
  // The controller has the change; the brokers apply it a moment later. The services that start
  // next check it, so wait (bounded) until a describe shows it.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = await topicConfigsOf(
      admin,
      resources.map((r) => r.name),
    );
    const pending = resources.filter((r) => r.configEntries.some((e) => now.get(r.name)?.get(e.name) !== e.value));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`topic configs not applied after 15 s: ${pending.map((r) => r.name).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Refuses to go on unless every one of these topics stamps its records with the broker's append
 * time: the service judges commands at their record's timestamp, which a producer would choose
 * on a topic of CreateTime. Asked once at start (DescribeConfigs on the topics).
 */
export async function assertAppendTime(admin: Admin, topics: string[]): Promise<void> {
  const { resources } = await admin.describeConfigs({
    includeSynonyms: false,
    resources: topics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configNames: [appendTimeConfig.name] })),
  });
  const wrong = topics.filter((topic) => {
    const resource = resources.find((r) => r.resourceName === topic);
    return resource?.configEntries.find((e) => e.configName === appendTimeConfig.name)?.configValue !== appendTimeConfig.value;
  });
  if (wrong.length > 0) {
    throw new Error(
      `topic ${wrong.join(', ')}: ${appendTimeConfig.name} must be ${appendTimeConfig.value}, so that a command is judged at the time the broker appended it and never at a time its sender wrote; run the migrate step, which sets it (docs/operations/deployment.md "Command topics and append time")`,
    );
  }
}

/** Adds partitions to the growable topics that have fewer than their spec (a set-up from before the count rose). */
async function growTopics(admin: Admin, specs: TopicSpec[]): Promise<void> {
  if (specs.length === 0) return;
  const { topics } = await admin.fetchTopicMetadata({ topics: specs.map((s) => s.topic) });
  const short = specs.filter((s) => (topics.find((t) => t.name === s.topic)?.partitions.length ?? s.numPartitions) < s.numPartitions);
  if (short.length === 0) return;
  try {
    await admin.createPartitions({ topicPartitions: short.map((s) => ({ topic: s.topic, count: s.numPartitions })) });
  } catch (err) {
    // Another process grew it between our read and our request.
    if (!String((err as Error).message).includes('already has')) throw err;
  }
  await awaitLeaders(
    admin,
    short.map((s) => s.topic),
  );
}

/**
 * Waits (bounded) until every partition of these topics has a leader that answers as one. The
 * metadata can name a leader before that broker leads the partition; a produce in that moment is
 * refused (NOT_LEADER) for that partition alone, and kafkajs resends the broker's whole request,
 * so the partitions that were written get their records twice. Reading each partition's offsets
 * goes to its leader and is refused the same way, so once it answers, produces are accepted.
 */
async function awaitLeaders(admin: Admin, topics: string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
      const led = metadata.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0));
      if (led && (await answerAsLeaders(admin, topics))) return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline) throw new Error(`topics without leaders after ${timeoutMs} ms: ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether every partition's leader answers an offsets request for it (see awaitLeaders). */
async function answerAsLeaders(admin: Admin, topics: string[]): Promise<boolean> {
  for (const topic of topics) {
    const offsets = await admin.fetchTopicOffsets(topic);
    if (offsets.length === 0) return false;
  }
  return true;
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
