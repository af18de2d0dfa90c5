import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { propagation } from '@opentelemetry/api';
import {
  context,
  InMemorySpanExporter,
  type ReadableSpan,
  ROOT_CONTEXT,
  SpanKind,
  startTracing,
  trace,
  traceableModule,
  useSpanExporterForTests,
  type Tracing,
} from './index';

/** node-postgres' exports as far as its instrumentation reaches: a `Client` whose `query` it wraps. */
class FakeClient {
  connectionParameters = { database: 'coin', host: '127.0.0.1', port: 5432 };
  async connect(): Promise<void> {}
  async query(_text: string): Promise<{ rows: unknown[]; rowCount: number; command: string }> {
    return { rows: [], rowCount: 0, command: 'SELECT' };
  }
}
const originalQuery = FakeClient.prototype.query;
const fakePg = { Client: FakeClient };

const on = (service: string) => startTracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: service });
const valid = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('the maintained instrumentations (pg, ioredis, node:http, undici), on only with tracing', () => {
  const exporter = new InMemorySpanExporter();
  const started: Tracing[] = [];
  beforeAll(() => useSpanExporterForTests(exporter));
  afterAll(async () => {
    for (const tracing of started) await tracing.shutdown();
    useSpanExporterForTests(undefined);
  });

  it('when tracing is off, then nothing is patched; when a service turns it on, then the module a library handed over is', () => {
    traceableModule('pg', fakePg);
    startTracing({ OTEL_TRACES_EXPORTER: 'none', OTEL_SERVICE_NAME: 'off' });
    expect(FakeClient.prototype.query).toBe(originalQuery);

    started.push(on('svc-a'));
    expect(FakeClient.prototype.query).not.toBe(originalQuery);
  });

  it("when a query runs under a service's span, then its span is that service's child; with no parent it makes no span", async () => {
    const b = on('svc-b');
    started.push(b);
    const [a] = started as [Tracing];
    const client = new FakeClient();
    for (const tracing of [a, b]) {
      const parent = tracing.tracer.startSpan(`work of ${tracing.serviceName}`);
      await context.with(trace.setSpan(ROOT_CONTEXT, parent), () => client.query('SELECT 1'));
      parent.end();
    }
    await context.with(ROOT_CONTEXT, () => client.query('SELECT 2'));

    const queries = exporter.getFinishedSpans().filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(queries.map((s) => s.resource.attributes['service.name'])).toEqual(['svc-a', 'svc-b']);
    for (const query of queries) {
      const parent = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === query.parentSpanContext?.spanId);
      expect(parent?.name).toBe(`work of ${query.resource.attributes['service.name']}`);
    }
  });

  it("when fetch runs under a service's span, then its CLIENT span is that span's child, carries no query and sends its traceparent; with no parent it makes no span", async () => {
    const received: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      received.push(request.headers.traceparent as string | undefined);
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?token=s3cret`;
    try {
      const [a] = started as [Tracing];
      const parent = a.tracer.startSpan('work with an outbound call');
      await context.with(trace.setSpan(ROOT_CONTEXT, parent), async () => (await fetch(url)).text());
      parent.end();
      await context.with(ROOT_CONTEXT, async () => (await fetch(url)).text());
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }

    const clients = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT && s.attributes['url.full'] !== undefined);
    expect(clients).toHaveLength(1);
    const [client] = clients as [ReadableSpan];
    const parent = exporter.getFinishedSpans().find((s) => s.name === 'work with an outbound call');
    expect(client.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(client.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200 });
    expect(String(client.attributes['url.full'])).not.toContain('s3cret');
    expect(String(client.attributes['url.query'])).not.toContain('s3cret');
    // The callee joins the trace through the propagated traceparent; the unparented call sends none.
    expect(received[0]).toContain(client.spanContext().spanId);
    expect(received[1]).toBeUndefined();
  });

  it("when the instrumentations make spans, then each keeps the instrumentation scope it names (package and version), and a service's own spans the project's", () => {
    const scopeOf = (span: ReadableSpan) => `${span.instrumentationScope.name}@${span.instrumentationScope.version ?? ''}`;
    const spans = exporter.getFinishedSpans();
    const query = spans.find((s) => s.attributes['db.system.name'] === 'postgresql');
    const client = spans.find((s) => s.kind === SpanKind.CLIENT && s.attributes['url.full'] !== undefined);
    const server = spans.find((s) => s.kind === SpanKind.SERVER);
    const byHand = spans.find((s) => s.name === 'work with an outbound call');
    // The versions pinned in this library's package.json.
    const pinned = (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies;
    const versionOf = (pkg: string) => pinned[pkg];
    expect(query && scopeOf(query)).toBe(`@opentelemetry/instrumentation-pg@${versionOf('@opentelemetry/instrumentation-pg')}`);
    expect(client && scopeOf(client)).toBe(`@opentelemetry/instrumentation-undici@${versionOf('@opentelemetry/instrumentation-undici')}`);
    expect(server && scopeOf(server)).toBe(`@opentelemetry/instrumentation-http@${versionOf('@opentelemetry/instrumentation-http')}`);
    expect(byHand?.instrumentationScope.name).toBe('coin-ledger');
  });

  it('when an HTTP request carries a hostile traceparent, then the propagator the HTTP instrumentation uses starts a new trace; a valid one is joined', () => {
    const extract = (traceparent: string) => trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
    expect(extract(valid)?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(extract('00-zzzz-not-a-trace-01')).toBeUndefined();
    expect(extract(`${valid}${' '.repeat(2000)}`)).toBeUndefined();
    expect(extract('00-00000000000000000000000000000000-b7ad6b7169203331-01')).toBeUndefined();
  });
});
