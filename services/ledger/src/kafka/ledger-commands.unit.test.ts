import { defaultPartitions, headerNames, topicNames, type LedgerCommand } from '@coin/contracts';
import type { OutboxRelay } from '@coin/db';
import { type BatchingProducer, type Delivered, GroupCommit } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { InMemorySpanExporter, startTracing, useSpanExporterForTests, type Tracing } from '@coin/telemetry';
import { emptyWallet } from '../domain/ledger';
import type { BatchWrite, LedgerStore, OutboxBatch } from '../apply/store';
import { ledgerConfigSchema } from '../config';
import { commandBatchSlots, defaultApplyLimits, handleLedgerCommands, publishWindowMax, type LedgerCommandDeps } from './ledger-commands';
import { PublishWindow } from './publish-window';

const logger = createLogger('ledger-commands-test', 'fatal');
const topics = topicNames('t_');
const now = new Date('2026-01-01T00:00:00.000Z');
const callerTraceId = '0af7651916cd43dd8448eb211c80319c';
const callerSpanId = 'b7ad6b7169203331';

/** An admin's burn from the OPERATIONS treasury: a transaction, a balance change and an audit record. */
const burn = {
  commandId: '3f1c9f5e-0b7a-4f43-9a55-2f6d3c1e8a10',
  type: 'ledger.burn',
  issuedAt: now.toISOString(),
  actor: { kind: 'user', id: '1', role: 'ADMIN' },
  data: { from: { kind: 'treasury', code: 'OPERATIONS' }, amount: 400, reason: 'r' },
} as LedgerCommand;

const delivered = (headers: Record<string, string>): Delivered<LedgerCommand> => ({
  value: burn,
  key: 'treasury:OPERATIONS',
  headers: {
    [headerNames.replyTo]: topics.gatewayReplies,
    [headerNames.correlationId]: '3b5d7f91-2a4c-4e6f-8a0b-1c2d3e4f5a6b',
    [headerNames.requestId]: 'req-1',
    ...headers,
  },
  topic: topics.ledgerCommands,
  partition: 3,
  offset: '41',
});

/** A store holding the treasury's wallet, recording what each step of the adapter did, in order. */
function recordingStore(steps: string[]) {
  const writes: BatchWrite[] = [];
  const store: LedgerStore = {
    read: async () => ({
      kinds: {
        wallets: new Map([
          ['treasury:OPERATIONS', { state: { ...emptyWallet({ kind: 'treasury', code: 'OPERATIONS' }, now), balance: 1_000 }, version: 1 }],
        ]),
      },
      reservedIds: [10],
    }),
    write: async (batch) => {
      writes.push(batch);
      steps.push('commit');
      // The outbox row's id: 17 for the first write, then one up.
      return 16 + writes.length;
    },
  };
  return { store, writes };
}

function handlerWith(extra: Partial<LedgerCommandDeps> = {}, window = new PublishWindow(publishWindowMax)) {
  const steps: string[] = [];
  const { store, writes } = recordingStore(steps);
  const replies: Array<{ topic: string; message: { headers?: Record<string, string> } }> = [];
  const producer = {
    send: async (topic: string, message: { headers?: Record<string, string> }) => {
      steps.push('reply');
      replies.push({ topic, message });
    },
  } as unknown as BatchingProducer;
  const published: OutboxBatch[] = [];
  const outbox = {
    // Kafka acknowledges on a later turn of the event loop.
    publishCommitted: async (rows: OutboxBatch[]) => {
      steps.push('publish');
      await new Promise((resolve) => setImmediate(resolve));
      published.push(...rows);
      steps.push('published');
    },
  } as unknown as OutboxRelay<OutboxBatch>;
  const handle = handleLedgerCommands({ store, producer, outbox, topics, logger, now: () => now, ...extra }, defaultApplyLimits, window);
  return { handle, steps, writes, replies, published, window };
}

/** The stored outbox messages of the one write, by topic. */
const outboxOf = (writes: BatchWrite[]) => new Map(writes[0]!.outbox.map((m) => [m.topic, m]));

describe('the ledger adapter: outbox headers and audit request ids', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;

  beforeAll(() => {
    useSpanExporterForTests(exporter);
    tracing = startTracing({
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_SERVICE_NAME: 'coin-ledger',
    });
  });
  afterAll(async () => {
    await tracing.shutdown();
    useSpanExporterForTests(undefined);
  });
  beforeEach(() => exporter.reset());

  it("when a traced command is applied, then its events are stored with its span's traceparent, its audit record is not, and its reply names the same span", async () => {
    const { handle, writes, replies, window } = handlerWith({ tracing });
    await handle([delivered({ traceparent: `00-${callerTraceId}-${callerSpanId}-01` })]);
    // The apply's span ends once its publish settled, which the handler does not wait for.
    await window.drain();

    const spans = exporter.getFinishedSpans();
    const command = spans.find((s) => s.name === 'process ledger.burn')!;
    const apply = spans.find((s) => s.name === 'ledger apply')!;
    const publish = spans.find((s) => s.name === 'publish outbox')!;
    expect(command.parentSpanContext?.spanId).toBe(callerSpanId);
    expect(command.attributes['coin.command.ok']).toBe(true);
    expect(apply.links.map((l) => l.context.spanId)).toEqual([command.spanContext().spanId]);
    expect(apply.attributes['coin.ledger.applied']).toBe(1);
    expect(publish.parentSpanContext?.spanId).toBe(apply.spanContext().spanId);
    expect(publish.attributes['messaging.batch.message_count']).toBe(3);

    const traceparent = `00-${callerTraceId}-${command.spanContext().spanId}-01`;
    const outbox = outboxOf(writes);
    expect(outbox.get(topics.coinTransactions)!.headers).toEqual({ traceparent, type: 'coin.transaction.recorded' });
    expect(outbox.get(topics.coinBalances)!.headers).toEqual({ traceparent, type: 'coin.balance.changed' });
    expect(outbox.get(topics.adminAudit)!.headers.traceparent).toBeUndefined();
    expect(JSON.parse(outbox.get(topics.adminAudit)!.payload).record.requestId).toBe('req-1');
    expect(replies.map((r) => r.message.headers?.traceparent)).toEqual([traceparent]);
  });

  it('when tracing is off, then no span is made, the events carry only their type and the audit record still names the request', async () => {
    const { handle, writes, replies, window } = handlerWith();
    await handle([delivered({ traceparent: `00-${callerTraceId}-${callerSpanId}-01` })]);
    await window.drain();

    expect(exporter.getFinishedSpans()).toHaveLength(0);
    const outbox = outboxOf(writes);
    expect(outbox.get(topics.coinTransactions)!.headers).toEqual({ type: 'coin.transaction.recorded' });
    expect(outbox.get(topics.coinBalances)!.headers).toEqual({ type: 'coin.balance.changed' });
    expect(JSON.parse(outbox.get(topics.adminAudit)!.payload).record.requestId).toBe('req-1');
    expect(replies[0]!.message.headers?.traceparent).toBeUndefined();
  });

  it('when the crash hook and the metrics are given, then the hook runs between the commit and the publish, the reply does not wait for the publish, and the apply is reported once the publish settled', async () => {
    const reports: unknown[] = [];
    const { handle, steps, published, window } = handlerWith({
      tracing,
      afterCommit: ({ commands }) => void steps.push(`hook ${commands}`),
      onBatch: (report) => {
        steps.push('report');
        reports.push(report);
      },
    });
    await handle([delivered({})]);
    await window.drain();

    expect(steps).toEqual(['commit', 'hook 1', 'publish', 'reply', 'published', 'report']);
    expect(published.map((row) => row.id)).toEqual([17]);
    expect(reports).toEqual([
      {
        commands: 1,
        applied: 1,
        creditedInPlace: 0,
        durationMs: expect.any(Number),
        commitMs: expect.any(Number),
        publishMs: expect.any(Number),
      },
    ]);
  });

  it('when the crash hook throws after the commit, then nothing is published or answered, the apply span ends failed and the batch fails', async () => {
    const { handle, steps } = handlerWith({
      tracing,
      afterCommit: () => {
        throw new Error('crash here');
      },
    });
    await expect(handle([delivered({})])).rejects.toThrow('crash here');
    expect(steps).toEqual(['commit']);
    expect(exporter.getFinishedSpans().find((s) => s.name === 'ledger apply')?.status.message).toBe('Error');
  });
});

/** A publish that settles only when the test says so, recording the rows in the order their publishes started. */
function heldOutbox(steps: string[]) {
  const started: number[] = [];
  const releases: Array<(failure?: Error) => void> = [];
  const outbox = {
    publishCommitted: (rows: OutboxBatch[]) =>
      new Promise<void>((resolve, reject) => {
        started.push(...rows.map((row) => row.id));
        steps.push('publish');
        releases.push((failure) => (failure ? reject(failure) : resolve()));
      }),
  } as unknown as OutboxRelay<OutboxBatch>;
  return { outbox, started, releases };
}

describe('the partition goes on once its batch is committed and answered', () => {
  it('when the outbox publish is slow, then the handler resolves after the commit and the reply, the next batch is applied, and the publishes start in commit order', async () => {
    const steps: string[] = [];
    const held = heldOutbox(steps);
    const { handle, window } = handlerWith({ outbox: held.outbox });
    await handle([delivered({})]);
    await handle([{ ...delivered({}), offset: '42' }]);
    // Neither publish has settled, yet both batches were committed and answered.
    expect(window.size).toBe(2);
    expect(held.started).toEqual([17, 18]);
    for (const release of held.releases) release();
    await window.drain();
    expect(window.size).toBe(0);
  });

  it('when the outbox publish fails, then the handler still resolves (the sweeper publishes the row), the failure is logged, and the partition goes on', async () => {
    const steps: string[] = [];
    const held = heldOutbox(steps);
    const warnings: unknown[] = [];
    const watchingLogger = { ...logger, warn: (...args: unknown[]) => void warnings.push(args) } as unknown as typeof logger;
    const { handle, window, replies } = handlerWith({ outbox: held.outbox, logger: watchingLogger });
    await handle([delivered({})]);
    held.releases[0]!(new Error('broker away'));
    await window.drain();
    await handle([{ ...delivered({}), offset: '42' }]);
    expect(replies).toHaveLength(2);
    expect(held.started).toEqual([17, 18]);
    expect(warnings).toHaveLength(1);
    held.releases[1]!();
    await window.drain();
  });

  it('when the publish window is full, then the next batch is answered but the handler waits until an earlier publish settles', async () => {
    const steps: string[] = [];
    const held = heldOutbox(steps);
    const { handle, window, replies } = handlerWith({ outbox: held.outbox }, new PublishWindow(1));
    await handle([delivered({})]);
    let secondDone = false;
    const second = handle([{ ...delivered({}), offset: '42' }]).then(() => {
      secondDone = true;
    });
    // Its answer is sent while its publish waits for the window: wait for that answer, not for a
    // span of time (20 ms was too short on a busy machine); the handler stays held until a release.
    for (const deadline = Date.now() + 5_000; replies.length < 2 && Date.now() < deadline; ) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(replies).toHaveLength(2);
    expect(secondDone).toBe(false);
    held.releases[0]!();
    await second;
    expect(secondDone).toBe(true);
    held.releases[1]!();
    await window.drain();
  });
});

describe('the command consumer: a slot for every batch of a fetch', () => {
  it('when one ledger owns every partition of ledger.commands and ledger.internal, then each of their batches gets a slot of its own, so none waits for another apply to commit', () => {
    const partitionsConcurrent = ledgerConfigSchema.shape.LEDGER_PARTITIONS_CONCURRENT.parse(undefined);
    // The default is sized for one ledger owning every partition number.
    expect(partitionsConcurrent).toBeGreaterThanOrEqual(defaultPartitions['ledger.commands']);
    const topicPartitions = defaultPartitions['ledger.commands'] + defaultPartitions['ledger.internal'];
    expect(commandBatchSlots(partitionsConcurrent)).toBe(topicPartitions);
    // Two replicas sharing the partitions: each owns half of each topic's, and has slots for them.
    expect(commandBatchSlots(Math.ceil(defaultPartitions['ledger.commands'] / 2))).toBe(topicPartitions / 2);
  });

  it("when a fetch brings a batch of every partition of both topics, then kafkajs's workers hand them all to one apply, where one slot per partition made two applies one after the other", async () => {
    // kafkajs's own worker queue (what partitionsConsumedConcurrently sizes): push resolves once
    // every batch is handled, and only then does its fetcher fetch again.
    const createWorker = require('kafkajs/src/consumer/worker.js');
    const createWorkerQueue = require('kafkajs/src/consumer/workerQueue.js');
    const partitions = defaultPartitions['ledger.commands'];
    const batches = [topics.ledgerCommands, topics.ledgerInternal].flatMap((topic) =>
      Array.from({ length: partitions }, (_, partition) => ({ topic, partition })),
    );
    const appliesOfOneFetch = async (slots: number): Promise<number[]> => {
      const applies: number[] = [];
      const groupCommit = new GroupCommit<{ topic: string; partition: number }, void>(async (groups) => {
        applies.push(groups.length);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return groups.map(() => undefined);
      }, defaultApplyLimits);
      const handler = (batch: { topic: string; partition: number }) => groupCommit.submit([batch], batch.partition);
      const workers = Array.from({ length: slots }, (_, workerId) => createWorker({ handler, workerId }));
      await createWorkerQueue({ workers }).push(...batches);
      return applies;
    };
    const slots = commandBatchSlots(ledgerConfigSchema.shape.LEDGER_PARTITIONS_CONCURRENT.parse(undefined));
    expect(await appliesOfOneFetch(slots)).toEqual([batches.length]);
    // The old sizing, one slot per partition number: half the fetch waited for the first apply.
    expect(await appliesOfOneFetch(partitions)).toEqual([partitions, partitions]);
  });
});
