import { headerNames, type UserCommand } from '@coin/contracts';
import type { OutboxRelay } from '@coin/db';
import type { BatchingProducer, Delivered } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { InMemorySpanExporter, SpanKind, SpanStatusCode, startTracing, useSpanExporterForTests, type Tracing } from '@coin/telemetry';
import type { StoredOutcome, UserCommandStore, UserCommandTransaction } from '../apply/store';
import { handleUserCommands } from './user-commands';

const logger = createLogger('user-commands-test', 'fatal');
const callerTraceId = '0af7651916cd43dd8448eb211c80319c';
const callerSpanId = 'b7ad6b7169203331';
const replyTopic = 'gateway.replies';

const command = {
  commandId: '3f1c9f5e-0b7a-4f43-9a55-2f6d3c1e8a10',
  type: 'user.change-role',
  issuedAt: '2026-01-01T00:00:00.000Z',
  actor: { kind: 'user', id: '1', role: 'SUPERADMIN' },
  data: { userId: 7, role: 'ADMIN' },
} as unknown as UserCommand;

const delivered = (headers: Record<string, string>): Delivered<UserCommand> => ({
  value: command,
  key: '7',
  headers: { [headerNames.replyTo]: replyTopic, [headerNames.correlationId]: '3b5d7f91-2a4c-4e6f-8a0b-1c2d3e4f5a6b', ...headers },
  topic: 'user.commands',
  partition: 2,
  offset: '41',
});

/** A store that has the command's outcome already (a redelivery): the apply only reads it. */
function storeAnswering(outcome: StoredOutcome | Error): UserCommandStore {
  return {
    transaction: async (fn: (tx: UserCommandTransaction) => Promise<unknown>) => {
      if (outcome instanceof Error) throw outcome;
      return fn({ findOutcome: async () => outcome } as unknown as UserCommandTransaction);
    },
  } as unknown as UserCommandStore;
}

function handlerWith(store: UserCommandStore, tracing?: Tracing) {
  const sent: Array<{ topic: string; message: { headers?: Record<string, string> } }> = [];
  const producer = {
    send: async (topic: string, message: { headers?: Record<string, string> }) => void sent.push({ topic, message }),
  } as unknown as BatchingProducer;
  const outbox = { publishCommitted: async () => undefined } as unknown as OutboxRelay;
  const handle = handleUserCommands({
    store,
    producer,
    outbox,
    replyTopic,
    logger,
    clock: { now: () => new Date(), newId: () => 'id' },
    grants: { expirySeconds: 3600, dailyRewardCapMaxMinor: 10_000_000, testClientsPerOwnerMax: 5 },
    ...(tracing ? { tracing } : {}),
  });
  return { handle, sent };
}

describe('user command spans', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;

  beforeAll(() => {
    useSpanExporterForTests(exporter);
    tracing = startTracing({
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_SERVICE_NAME: 'coin-user',
    });
  });
  afterAll(async () => {
    await tracing.shutdown();
    useSpanExporterForTests(undefined);
  });
  beforeEach(() => exporter.reset());

  it('when a command carries a traceparent, then its span `process <type>` is the child of it and the reply names that span', async () => {
    const { handle, sent } = handlerWith(storeAnswering({ ok: true, reply: { userId: 7 } }), tracing);
    await handle([delivered({ traceparent: `00-${callerTraceId}-${callerSpanId}-01` })]);

    const [span] = exporter.getFinishedSpans();
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    expect(span!.name).toBe('process user.change-role');
    expect(span!.kind).toBe(SpanKind.CONSUMER);
    expect(span!.resource.attributes['service.name']).toBe('coin-user');
    expect(span!.spanContext().traceId).toBe(callerTraceId);
    expect(span!.parentSpanContext?.spanId).toBe(callerSpanId);
    expect(span!.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.destination.name': 'user.commands',
      'messaging.operation.type': 'process',
      'messaging.destination.partition.id': '2',
      'messaging.kafka.offset': 41,
      'coin.command.id': command.commandId,
      'coin.command.type': 'user.change-role',
      'coin.command.ok': true,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.topic).toBe(replyTopic);
    expect(sent[0]!.message.headers?.traceparent).toBe(`00-${callerTraceId}-${span!.spanContext().spanId}-01`);
  });

  it('when a command carries no traceparent, then its span starts a trace of its own', async () => {
    const { handle } = handlerWith(storeAnswering({ ok: false, reply: { code: 'FORBIDDEN', detail: 'no' } }), tracing);
    await handle([delivered({})]);
    const [span] = exporter.getFinishedSpans();
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.attributes['coin.command.ok']).toBe(false);
  });

  it('when the apply fails, then the span ends failed (the error name, not its message) and the error goes on to the consumer', async () => {
    const { handle, sent } = handlerWith(storeAnswering(new TypeError('secret detail')), tracing);
    await expect(handle([delivered({ traceparent: `00-${callerTraceId}-${callerSpanId}-01` })])).rejects.toThrow('secret detail');
    const [span] = exporter.getFinishedSpans();
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
    expect(sent).toHaveLength(0);
  });

  it('when tracing is off, then no span is made and the reply carries no trace headers', async () => {
    const { handle, sent } = handlerWith(storeAnswering({ ok: true, reply: {} }));
    await handle([delivered({ traceparent: `00-${callerTraceId}-${callerSpanId}-01` })]);
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    expect(sent[0]!.message.headers?.traceparent).toBeUndefined();
  });
});

describe('a revoking command is answered only once its revocation records are written', () => {
  const handlerRevoking = (flush: () => Promise<void>) => {
    const events: string[] = [];
    const producer = { send: async () => void events.push('reply') } as unknown as BatchingProducer;
    const outbox = { publishCommitted: async () => undefined } as unknown as OutboxRelay;
    const handle = handleUserCommands({
      store: storeAnswering({ ok: true, reply: { userId: 7 } }),
      producer,
      outbox,
      replyTopic,
      logger,
      clock: { now: () => new Date(), newId: () => 'id' },
      grants: { expirySeconds: 3600, dailyRewardCapMaxMinor: 10_000_000, testClientsPerOwnerMax: 5 },
      revocations: {
        flush: async () => {
          await flush();
          events.push('revocations written');
        },
      },
    });
    return { handle, events };
  };

  it('when the records are written, then the reply follows them (a redelivery too)', async () => {
    const { handle, events } = handlerRevoking(async () => undefined);
    await handle([delivered({})]);
    expect(events).toEqual(['revocations written', 'reply']);
  });

  it.each([
    ['an API key revocation', { type: 'user.api-key.revoke', data: { id: '3f2e1d0c-9b8a-4776-8564-a3b2c1d0e9f8' } }],
    ['an approved grant request (it may be a role change)', { type: 'user.approve-grant', data: { requestId: 'r' } }],
  ])('when the command is %s, then its reply waits for the revocation records too', async (_name, revoking) => {
    const { handle, events } = handlerRevoking(async () => undefined);
    await handle([{ ...delivered({}), value: { ...command, ...revoking } as unknown as UserCommand }]);
    expect(events).toEqual(['revocations written', 'reply']);
  });

  it('when Kafka does not take the records, then the batch fails (retried as transient) and nobody is answered', async () => {
    const down = Object.assign(new Error('Connection error: ECONNREFUSED'), { name: 'KafkaJSConnectionError' });
    const { handle, events } = handlerRevoking(async () => {
      throw down;
    });
    await expect(handle([delivered({})])).rejects.toBe(down);
    expect(events).toEqual([]);
  });
});
