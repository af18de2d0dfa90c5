import {
  context,
  InMemorySpanExporter,
  SpanKind,
  SpanStatusCode,
  startTracing,
  trace,
  useSpanExporterForTests,
  type Tracing,
} from '@coin/telemetry';
import type { Delivered } from './consumer';
import { messageSpans } from './message-spans';

const callerTraceId = '0af7651916cd43dd8448eb211c80319c';
const callerSpanId = 'b7ad6b7169203331';

const delivered = (offset: number, headers: Record<string, string> = {}): Delivered<{ id: string }> => ({
  value: { id: `m-${offset}` },
  key: null,
  headers,
  topic: 'some.topic',
  partition: 3,
  offset: String(offset),
});

const describeMessage = (item: Delivered<{ id: string }>) => ({
  name: `handle ${item.value.id}`,
  attributes: { 'coin.message.id': item.value.id },
});

describe('messageSpans (the traced batch handler of every batch adapter)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    useSpanExporterForTests(exporter);
    tracing = startTracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'svc' });
  });
  afterAll(async () => {
    await tracing.shutdown();
    useSpanExporterForTests(undefined);
  });
  beforeEach(() => exporter.reset());

  it('when a batch is handled, then each message has a CONSUMER span, the child of its traceparent, open during the handler and ended after it', async () => {
    const spans = messageSpans(tracing, describeMessage);
    const items = [
      { ...delivered(41, { traceparent: `00-${callerTraceId}-${callerSpanId}-01` }), receivedAtMs: 1_700_000_000_123 },
      delivered(42),
    ];
    let openDuringHandler = 0;
    await spans.wrap(async (batch: typeof items) => {
      for (const item of batch) if (spans.spanOf(item)?.isRecording()) openDuringHandler += 1;
    })(items);

    expect(openDuringHandler).toBe(2);
    const finished = exporter.getFinishedSpans();
    expect(finished.map((s) => s.name)).toEqual(['handle m-41', 'handle m-42']);
    expect(finished[0]!.kind).toBe(SpanKind.CONSUMER);
    expect(finished[0]!.spanContext().traceId).toBe(callerTraceId);
    expect(finished[0]!.parentSpanContext?.spanId).toBe(callerSpanId);
    expect(finished[1]!.parentSpanContext).toBeUndefined();
    expect(finished[0]!.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.destination.name': 'some.topic',
      'messaging.operation.type': 'process',
      'messaging.destination.partition.id': '3',
      'messaging.kafka.offset': 41,
      'coin.message.id': 'm-41',
      // When its batch reached the handler's slot: the hop breakdown's mark between the fetch and the checks.
      'coin.kafka.batch_received_ms': 1_700_000_000_123,
    });
    expect(finished[1]!.attributes['coin.kafka.batch_received_ms']).toBeUndefined();
    expect(finished.every((s) => s.status.code === SpanStatusCode.UNSET)).toBe(true);
  });

  it('when the handler throws, then every span of the batch ends failed with the error name and the error goes on', async () => {
    const spans = messageSpans(tracing, describeMessage);
    const failing = spans.wrap(async () => {
      throw new TypeError('secret detail');
    });
    await expect(failing([delivered(1), delivered(2)])).rejects.toThrow('secret detail');
    const finished = exporter.getFinishedSpans();
    expect(finished).toHaveLength(2);
    for (const span of finished) expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
  });

  it('when work serves messages of many batches, then its span is a root linked to each message span, and each links back', async () => {
    const spans = messageSpans(tracing, describeMessage);
    const items = [delivered(1, { traceparent: `00-${callerTraceId}-${callerSpanId}-01` }), delivered(2)];
    await spans.wrap(async (batch: typeof items) => {
      spans.startSpanOver('apply', batch, { 'messaging.batch.message_count': batch.length })!.end();
    })(items);

    const finished = exporter.getFinishedSpans();
    const apply = finished.find((s) => s.name === 'apply')!;
    const messages = finished.filter((s) => s.name !== 'apply');
    expect(apply.parentSpanContext).toBeUndefined();
    expect(apply.attributes['messaging.batch.message_count']).toBe(2);
    expect(apply.links.map((l) => l.context.spanId).sort()).toEqual(messages.map((s) => s.spanContext().spanId).sort());
    for (const span of messages) expect(span.links.map((l) => l.context.spanId)).toEqual([apply.spanContext().spanId]);
  });

  it("when a batch is of one trace, then the handler runs under its first span and work over it is that span's child; a batch of several traces runs under none", async () => {
    const spans = messageSpans(tracing, describeMessage);
    const caller = { traceparent: `00-${callerTraceId}-${callerSpanId}-01` };
    const activeDuring = async (items: Delivered<{ id: string }>[]) => {
      let active: string | undefined;
      await spans.wrap(async (batch: typeof items) => {
        active = trace.getSpan(context.active())?.spanContext().spanId;
        spans.startSpanOver('apply', batch, {})!.end();
      })(items);
      return active;
    };

    const one = [delivered(1, caller), delivered(2, caller)];
    const activeInOne = await activeDuring(one);
    const first = exporter.getFinishedSpans().find((s) => s.name === 'handle m-1')!;
    expect(activeInOne).toBe(first.spanContext().spanId);
    const applyOfOne = exporter.getFinishedSpans().find((s) => s.name === 'apply')!;
    expect(applyOfOne.parentSpanContext?.spanId).toBe(first.spanContext().spanId);
    expect(applyOfOne.spanContext().traceId).toBe(callerTraceId);

    exporter.reset();
    expect(await activeDuring([delivered(3, caller), delivered(4)])).toBeUndefined();
    expect(exporter.getFinishedSpans().find((s) => s.name === 'apply')!.parentSpanContext).toBeUndefined();
  });

  it('when tracing is off, then the handler runs as it is and no message has a span', async () => {
    const spans = messageSpans(undefined, describeMessage);
    const handle = async () => undefined;
    expect(spans.wrap(handle)).toBe(handle);
    expect(spans.spanOf(delivered(1))).toBeUndefined();
    expect(spans.startSpanOver('apply', [delivered(1)], {})).toBeUndefined();
    expect(exporter.getFinishedSpans()).toHaveLength(0);
  });
});
