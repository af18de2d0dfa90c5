import {
  extractContext,
  InMemorySpanExporter,
  linkFromHeaders,
  noTracing,
  ROOT_CONTEXT,
  startMessageSpan,
  startTracing,
  trace,
  traceHeadersOf,
  traceHeadersOfSpan,
  useSpanExporterForTests,
  type HeaderBag,
  type Tracing,
} from './index';

const valid = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('trace context in Kafka and HTTP headers', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    useSpanExporterForTests(exporter);
    tracing = startTracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'unit' });
  });
  afterAll(async () => {
    await tracing.shutdown();
    useSpanExporterForTests(undefined);
  });
  beforeEach(() => exporter.reset());

  it('when a message carries a valid traceparent, then its span is the child of that remote span, in its trace', () => {
    const span = startMessageSpan(tracing, 'process', { traceparent: valid, tracestate: 'vendor=1' }, {})!;
    span.end();
    const [finished] = exporter.getFinishedSpans();
    expect(finished!.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(finished!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(finished!.resource.attributes['service.name']).toBe('unit');
    // What it passes on names itself, in the same trace, with the caller's tracestate.
    const headers = traceHeadersOfSpan(span);
    expect(headers.traceparent).toBe(`00-0af7651916cd43dd8448eb211c80319c-${span.spanContext().spanId}-01`);
    expect(headers.tracestate).toBe('vendor=1');
    expect(linkFromHeaders(headers)?.context.spanId).toBe(span.spanContext().spanId);
  });

  const hostile: Array<[string, HeaderBag]> = [
    ['no header', {}],
    ['garbage', { traceparent: 'garbage' }],
    ['an empty value', { traceparent: '' }],
    ['version ff', { traceparent: 'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }],
    ['an all-zero trace id', { traceparent: '00-00000000000000000000000000000000-b7ad6b7169203331-01' }],
    ['an all-zero span id', { traceparent: '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01' }],
    ['a short trace id', { traceparent: '00-0af7651916cd43dd-b7ad6b7169203331-01' }],
    ['non-hex characters', { traceparent: '00-0af7651916cd43dd8448eb211c80319z-b7ad6b7169203331-01' }],
    ['a huge value', { traceparent: `${valid}${'-x'.repeat(100_000)}` }],
    ['a huge tracestate with no traceparent', { tracestate: 'a=1,'.repeat(50_000) }],
    ['an array of garbage', { traceparent: ['%%%', valid] }],
    ['a value that is not text', { traceparent: 42 as unknown as string }],
    ['control characters', { traceparent: `00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\u0000\n` }],
  ];

  it.each(hostile)('when a message or request carries %s, then nothing throws and its span starts a new trace', (_what, headers) => {
    expect(trace.getSpanContext(extractContext(headers))).toBeUndefined();
    expect(linkFromHeaders(headers)).toBeUndefined();
    const span = startMessageSpan(tracing, 'process', headers, {})!;
    span.end();
    const [finished] = exporter.getFinishedSpans();
    expect(finished!.parentSpanContext).toBeUndefined();
    expect(finished!.spanContext().traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
  });

  it('when a valid traceparent comes with a hostile tracestate, then the parent holds and the tracestate is dropped or kept whole, never thrown on', () => {
    const ctx = extractContext({ traceparent: valid, tracestate: '=,=,===,\u0000' });
    expect(trace.getSpanContext(ctx)?.spanId).toBe('b7ad6b7169203331');
    expect(traceHeadersOf(ctx).traceparent).toBe(valid);
  });

  it('when tracing is off, then no span is made and nothing is injected', () => {
    expect(startTracing({ OTEL_TRACES_EXPORTER: 'none', OTEL_SERVICE_NAME: 'x' })).toBe(noTracing);
    expect(startMessageSpan(noTracing, 'process', { traceparent: valid }, {})).toBeUndefined();
    expect(startMessageSpan(undefined, 'process', { traceparent: valid }, {})).toBeUndefined();
    expect(traceHeadersOf(ROOT_CONTEXT)).toEqual({});
    expect(exporter.getFinishedSpans()).toHaveLength(0);
  });
});
