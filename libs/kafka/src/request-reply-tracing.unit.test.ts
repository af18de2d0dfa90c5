import { randomUUID } from 'node:crypto';
import type { KafkaMessage } from 'kafkajs';
import { createLogger } from '@coin/logger';
import { context, InMemorySpanExporter, ROOT_CONTEXT, startTracing, trace, useSpanExporterForTests, type Tracing } from '@coin/telemetry';
import type { BatchingProducer } from './batching-producer';
import { RequestReplyClient } from './request-reply';

type Sent = { topic: string; message: { headers: Record<string, string> } };

describe('request/reply spans and the traceparent of commands and replies', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    useSpanExporterForTests(exporter);
    tracing = startTracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'gw' });
  });
  afterAll(async () => {
    await tracing.shutdown();
    useSpanExporterForTests(undefined);
  });
  beforeEach(() => exporter.reset());

  /** A client whose sends are recorded, and a way to hand it the reply a consumer would read. */
  function setUp(withTracing: Tracing | undefined) {
    const sent: Sent[] = [];
    const producer = {
      send: async (topic: string, message: Sent['message']) => void sent.push({ topic, message }),
    } as unknown as BatchingProducer;
    const client = new RequestReplyClient(
      {} as never,
      producer,
      'replies',
      createLogger('rr', 'silent'),
      'i',
      undefined,
      undefined,
      withTracing,
    );
    const reply = (commandId: string, headers: Record<string, string>) => {
      const correlationId = sent[0]!.message.headers['correlation-id']!;
      const message = {
        key: Buffer.from(correlationId),
        value: Buffer.from(JSON.stringify({ correlationId, commandId, ok: true, result: {} })),
        headers: { 'correlation-id': correlationId, ...headers },
        offset: '0',
        timestamp: '0',
        attributes: 0,
      } as unknown as KafkaMessage;
      (client as unknown as { deliver(m: KafkaMessage): void }).deliver(message);
    };
    return { sent, client, reply };
  }
  const command = () => ({
    commandId: randomUUID(),
    type: 'ledger.transfer',
    issuedAt: new Date().toISOString(),
    actor: { kind: 'user' as const, id: '7' },
    data: {},
  });
  const flush = () => new Promise((r) => setImmediate(r));

  it("when a traced request is sent inside a span, then the command's traceparent names a PRODUCER span, child of that span, linked to the reply's span", async () => {
    const { sent, client, reply } = setUp(tracing);
    const parent = tracing.tracer.startSpan('POST /api/coins/transfer');
    const c = command();
    const answered = context.with(trace.setSpan(ROOT_CONTEXT, parent), () =>
      client.request({ topic: 'ledger.commands', key: 'user:7', command: c, timeoutMs: 5_000 }),
    );
    await flush();
    const traceparent = sent[0]!.message.headers.traceparent!;
    expect(traceparent).toMatch(new RegExp(`^00-${parent.spanContext().traceId}-[0-9a-f]{16}-01$`));
    const answering = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    reply(c.commandId, { traceparent: answering });
    await expect(answered).resolves.toMatchObject({ ok: true });
    const [send] = exporter.getFinishedSpans();
    expect(send!.name).toBe('send ledger.transfer');
    expect(traceparent.split('-')[2]).toBe(send!.spanContext().spanId);
    expect(send!.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(send!.links.map((l) => l.context.spanId)).toEqual(['b7ad6b7169203331']);
    expect(send!.attributes).toMatchObject({ 'messaging.destination.name': 'ledger.commands', 'coin.reply.ok': true });
  });

  it('when the reply carries a malformed traceparent, then the request is answered as usual and the span has no link', async () => {
    const { client, reply } = setUp(tracing);
    const c = command();
    const answered = client.request({ topic: 'ledger.commands', key: 'user:7', command: c, timeoutMs: 5_000 });
    await flush();
    reply(c.commandId, { traceparent: '00-nonsense-ff', tracestate: '\u0000'.repeat(5000) });
    await expect(answered).resolves.toMatchObject({ ok: true });
    expect(exporter.getFinishedSpans()[0]!.links).toEqual([]);
  });

  it('when tracing is off, then the command carries no traceparent and no span is made', async () => {
    const { sent, client, reply } = setUp(undefined);
    const c = command();
    const answered = client.request({ topic: 'ledger.commands', key: 'user:7', command: c, timeoutMs: 5_000 });
    await flush();
    expect(sent[0]!.message.headers.traceparent).toBeUndefined();
    reply(c.commandId, {});
    await expect(answered).resolves.toMatchObject({ ok: true });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
