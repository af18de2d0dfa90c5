import type { Message, Producer, TopicMessages } from 'kafkajs';
import { classifyFailure } from '@coin/errors';
import type { Logger } from '@coin/logger';
import type { Counter, Registry } from 'prom-client';
import { droppedRecordsCounter } from './metrics';
import { encodePack, packBytesMax, packEntriesMax, type PackEntry, packHeader, packVersion } from './pack';

interface Pending {
  topic: string;
  message: Message;
  pack: boolean;
  droppable: boolean;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface BatchingProducerOptions {
  /**
   * Messages of one topic per sendBatch; above it that topic's rest waits for the next flush
   * (other topics still go). A request holds at most `requestTopicsMax` times as many in all.
   */
  batchMessagesMax?: number;
  /**
   * Approximate bytes of one topic per sendBatch (keys, values, headers). The broker refuses a
   * partition's record batch above message.max.bytes (1 MiB by default) and fails the whole
   * request; a partition's batch is at most its topic's share of the request, so keeping each
   * topic below that keeps every partition below it, where a bound over all topics split an
   * apply's events (three topics) into several requests one after the other. A single larger
   * message still goes alone (and fails alone). A request holds at most `requestTopicsMax` times
   * as many bytes in all.
   */
  batchBytesMax?: number;
  /**
   * The shortest time between two requests, so the one after a request waits for company (an
   * adaptive linger.ms). A message sent when the last request left at least this long ago goes
   * at once: an idle producer never delays anything. One sent sooner waits out the rest of the
   * window and leaves with whatever came meanwhile. Under heavy load requests are back to back
   * and slower than this anyway, so it only changes moderate loads: fewer, larger requests (less
   * CPU in the client and the broker) for at most this much latency. 0: as soon as the previous
   * request is done.
   */
  lingerMs?: number;
  /**
   * Signs every message sent to these topics (the audit log's: admin.audit, admin.refusals) with
   * the service's own key, in headers (libs/security AuditRecordSigner): a set lookup per send,
   * a signature only for the audit records themselves.
   */
  auditSigning?: { topics: readonly string[]; signer: { headersFor(value: Buffer | string): Record<string, string> } };
  /** Counts the messages sent `droppable` that the broker refused (coin_kafka_records_dropped_total). */
  metrics?: Registry;
}

/** How many topics' worth of messages and bytes one request may hold (an apply's events go to three or four). */
const requestTopicsMax = 4;

function approximateBytes(message: Message): number {
  const size = (v: unknown) => (v == null ? 0 : typeof v === 'string' ? Buffer.byteLength(v) : Buffer.isBuffer(v) ? v.length : 0);
  let bytes = size(message.key) + size(message.value) + 64;
  for (const [name, value] of Object.entries(message.headers ?? {})) bytes += name.length + size(value);
  return bytes;
}

export interface SendOptions {
  /**
   * The message goes ahead of the ordinary ones still waiting (in the order such messages were
   * sent): a reply, whose caller waits on it, does not queue behind the events of the batch that
   * decided it, which nobody waits on. Order per key holds as long as a topic is written either
   * always ahead or never (replies go to the reply topics alone).
   */
  ahead?: boolean;
  /**
   * The message may share a record with the other such messages of its topic-partition in the
   * same request (a pack, see pack.ts), when its topic is one `packOn` named and its partition is
   * known (explicit, or from its key). Only for messages whose reader unpacks.
   */
  pack?: boolean;
  /**
   * The sender can do without the message: when the broker refuses it as the record's own failure
   * (too large, invalid: classifyFailure's `permanent`), the send resolves instead of failing, the
   * message is dropped, logged once (its topic and size, never its content) and counted. For
   * answers: a command's caller that gets none times out and retries with its Idempotency-Key,
   * while an answer that fails its batch every time would stop the partition for good.
   */
  droppable?: boolean;
}

/** The messages of one pack in the making: one topic-partition, in the order they were sent. */
class PackInMaking {
  readonly entries: PackEntry[] = [];
  readonly messages: Message[] = [];
  bytes = 0;
  constructor(readonly partition: number) {}

  record(): Message {
    // A pack of one is the message itself: nothing to share, and any reader reads it.
    if (this.messages.length === 1) return this.messages[0]!;
    return { partition: this.partition, key: null, value: encodePack(this.entries), headers: { [packHeader]: packVersion } };
  }
}

/** The message as a pack entry, or null when it cannot be one (a key, value or header that is not text). */
function packEntryOf(message: Message): PackEntry | null {
  const { key, value } = message;
  if ((key != null && typeof key !== 'string') || typeof value !== 'string') return null;
  const headers: Record<string, string> = {};
  for (const [name, text] of Object.entries(message.headers ?? {})) {
    if (text === undefined) continue;
    if (typeof text !== 'string') return null;
    // own-key: a string written under "__proto__" is ignored by its setter; readers look up our own header names
    headers[name] = text;
  }
  return { key: key ?? null, headers, value };
}

/**
 * kafkajs has no linger: every send() is its own request. This producer collects the sends made
 * while the previous request is in flight (or in the same tick) and writes them with one
 * sendBatch, so it batches at the system's pace: one message when idle, hundreds under load.
 * One request is in flight at a time, which also keeps per-key order across flushes. With a
 * linger, a request also waits until the last one left lingerMs ago, never longer: an idle
 * producer sends at once, a moderately busy one sends fewer, larger requests.
 */
export class BatchingProducer {
  /** Waiting messages sent `ahead`, then the ordinary ones: a request takes from the first first. */
  private aheadQueue: Pending[] = [];
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  private lingerTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** When the last request left (performance.now()); the linger window runs from there. */
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private readonly batchMessagesMax: number;
  private readonly batchBytesMax: number;
  private readonly requestMessagesMax: number;
  private readonly requestBytesMax: number;
  private readonly lingerMs: number;
  private readonly signedTopics: ReadonlySet<string>;
  private readonly auditSigner: { headersFor(value: Buffer | string): Record<string, string> } | undefined;
  /** Topics whose messages sent with `pack` may be packed, with how a key finds its partition (null: explicit partitions only). */
  private readonly packTopics = new Map<string, ((key: string) => number) | null>();
  private readonly dropped: Counter<'topic'> | undefined;

  constructor(
    private readonly producer: Producer,
    private readonly logger: Logger,
    options: BatchingProducerOptions = {},
  ) {
    this.batchMessagesMax = options.batchMessagesMax ?? 2000;
    this.batchBytesMax = options.batchBytesMax ?? 768 * 1024;
    this.requestMessagesMax = this.batchMessagesMax * requestTopicsMax;
    this.requestBytesMax = this.batchBytesMax * requestTopicsMax;
    this.lingerMs = options.lingerMs ?? 0;
    this.signedTopics = new Set(options.auditSigning?.topics ?? []);
    this.auditSigner = options.auditSigning?.signer;
    this.dropped = options.metrics ? droppedRecordsCounter(options.metrics) : undefined;
  }

  async connect(): Promise<void> {
    await this.producer.connect();
  }

  /**
   * Messages sent to `topic` with `pack` are packed per partition and request (pack.ts): the
   * topic's readers must unpack. `partitionOf` is the partitioner the producer uses for a keyed
   * message (keyPartitioner of the topic's partition count); without it only messages with an
   * explicit partition are packed.
   */
  packOn(topic: string, partitionOf?: (key: string) => number): void {
    this.packTopics.set(topic, partitionOf ?? null);
  }

  send(topic: string, message: Message, options?: SendOptions): Promise<void> {
    if (this.closed) return Promise.reject(new Error('producer is closed'));
    if (this.auditSigner && this.signedTopics.has(topic) && message.value != null)
      message = { ...message, headers: { ...(message.headers ?? {}), ...this.auditSigner.headersFor(message.value) } };
    return new Promise<void>((resolve, reject) => {
      const pending = { topic, message, pack: options?.pack === true, droppable: options?.droppable === true, resolve, reject };
      (options?.ahead ? this.aheadQueue : this.queue).push(pending);
      this.schedule();
    });
  }

  private get waiting(): number {
    return this.aheadQueue.length + this.queue.length;
  }

  sendMany(items: Array<{ topic: string; message: Message }>): Promise<void> {
    return Promise.all(items.map((i) => this.send(i.topic, i.message))).then(() => undefined);
  }

  private schedule(): void {
    if (this.flushing || this.waiting === 0) return;
    const full = this.closed || this.waiting >= this.batchMessagesMax;
    // A full queue does not wait out a linger that is running.
    if (this.lingerTimer && full) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = undefined;
      this.scheduled = false;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.lingerTimer = undefined;
      void this.flush();
    };
    const waitMs = full ? 0 : this.lastSentAt + this.lingerMs - performance.now();
    if (waitMs >= 1) this.lingerTimer = setTimeout(run, waitMs);
    else setImmediate(run);
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.waiting === 0) return;
    this.flushing = true;
    const batch = this.takeBatch();
    this.lastSentAt = performance.now();
    try {
      const byTopic = new Map<string, Pending[]>();
      for (const item of batch) {
        const list = byTopic.get(item.topic) ?? [];
        list.push(item);
        byTopic.set(item.topic, list);
      }
      const topicMessages: TopicMessages[] = [...byTopic].map(([topic, items]) => ({ topic, messages: this.recordsOf(topic, items) }));
      await this.producer.sendBatch({ topicMessages, acks: -1 });
      for (const item of batch) item.resolve();
    } catch (err) {
      const dropped = classifyFailure(err) === 'permanent' ? batch.filter((item) => item.droppable) : [];
      const failed = dropped.length === 0 ? batch : batch.filter((item) => !item.droppable);
      for (const item of dropped) this.drop(item, err);
      if (failed.length > 0) this.logger.warn({ err, messages: failed.length }, 'kafka send failed');
      for (const item of failed) item.reject(err);
    } finally {
      this.flushing = false;
      if (this.waiting > 0) this.schedule();
    }
  }

  /** A `droppable` message the broker refused: resolved, logged by its topic and size, counted. */
  private drop(item: Pending, err: unknown): void {
    this.logger.warn(
      { err, topic: item.topic, bytes: approximateBytes(item.message) },
      'the broker refused a message its sender can do without (an answer); dropped',
    );
    this.dropped?.inc({ topic: item.topic });
    item.resolve();
  }

  /**
   * The records of one topic in a request: its messages, those that may be packed gathered per
   * partition. Order per partition holds: a message that cannot be packed closes its
   * partition's pack (all of them when its partition is unknown), so later ones start another.
   */
  private recordsOf(topic: string, items: Pending[]): Message[] {
    const partitionOf = this.packTopics.get(topic);
    if (partitionOf === undefined || !items.some((item) => item.pack)) return items.map((item) => item.message);
    const slots: Array<Message | PackInMaking> = [];
    const open = new Map<number, PackInMaking>();
    for (const { message, pack } of items) {
      const partition = message.partition ?? (partitionOf && typeof message.key === 'string' ? partitionOf(message.key) : undefined);
      const entry = pack && partition !== undefined ? packEntryOf(message) : null;
      if (entry === null || partition === undefined) {
        if (partition === undefined) open.clear();
        else open.delete(partition);
        slots.push(message);
        continue;
      }
      const bytes = approximateBytes(message);
      let making = open.get(partition);
      if (!making || making.messages.length >= packEntriesMax || making.bytes + bytes > packBytesMax) {
        making = new PackInMaking(partition);
        open.set(partition, making);
        slots.push(making);
      }
      making.entries.push(entry);
      making.messages.push(message);
      making.bytes += bytes;
    }
    return slots.map((slot) => (slot instanceof PackInMaking ? slot.record() : slot));
  }

  /**
   * The messages of the next request, ahead ones first: at least one, each topic within its
   * limits and the request within its own. A topic that reaches its limit leaves its later
   * messages for the next request (so each topic, and each key, stays in order), the other
   * topics go on; what the ahead queue leaves waits behind nothing of the other queue.
   */
  private takeBatch(): Pending[] {
    const taken: Pending[] = [];
    const topics = new Map<string, { messages: number; bytes: number }>();
    const full = new Set<string>();
    let bytes = 0;
    let closed = false;
    for (const name of ['aheadQueue', 'queue'] as const) {
      const queue = this[name];
      const left: Pending[] = [];
      let at = 0;
      for (; at < queue.length; at += 1) {
        const item = queue[at]!;
        if (full.has(item.topic)) {
          left.push(item);
          continue;
        }
        const size = approximateBytes(item.message);
        closed = taken.length > 0 && (taken.length >= this.requestMessagesMax || bytes + size > this.requestBytesMax);
        // A message over a topic's limit goes alone: the broker fails the whole request for it.
        if (!closed && size > this.batchBytesMax) {
          closed = true;
          if (taken.length === 0) {
            taken.push(item);
            at += 1;
          }
        }
        if (closed) break;
        const topic = topics.get(item.topic) ?? { messages: 0, bytes: 0 };
        if (topic.messages >= this.batchMessagesMax || topic.bytes + size > this.batchBytesMax) {
          full.add(item.topic);
          left.push(item);
          continue;
        }
        topic.messages += 1;
        topic.bytes += size;
        topics.set(item.topic, topic);
        bytes += size;
        taken.push(item);
      }
      for (; at < queue.length; at += 1) left.push(queue[at]!);
      this[name] = left;
      if (closed || left.length > 0) break;
    }
    return taken;
  }

  /** Waits for queued messages, then disconnects. */
  async close(): Promise<void> {
    this.closed = true;
    // What is queued goes now; a running linger would only keep the process alive.
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    this.scheduled = false;
    while (this.waiting > 0 || this.flushing) {
      if (!this.flushing) await this.flush();
      else await new Promise((r) => setTimeout(r, 5));
    }
    await this.producer.disconnect();
  }
}
