import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  context,
  InMemorySpanExporter,
  noTracing,
  type ReadableSpan,
  ROOT_CONTEXT,
  startMessageSpan,
  startTracing,
  trace,
  type TracingConfig,
  type Tracing,
  useSpanExporterForTests,
} from './index';

/**
 * The OpenTelemetry Node SDK under each service's tracing: what the standard `OTEL_*` variables of
 * the process environment say is what the service's spans get (docs/operations/observability.md "Traces").
 */
const sampledParent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const unsampledParent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';
const otelKeys = [
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_SERVICE_NAME',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_SDK_DISABLED',
] as const;

/** A service's tracing keys as its configuration would parse them from the environment. */
const configFrom = (env: NodeJS.ProcessEnv, service = 'coin-test'): TracingConfig => ({
  OTEL_TRACES_EXPORTER: 'otlp',
  OTEL_SERVICE_NAME: service,
  OTEL_TRACES_SAMPLER: env.OTEL_TRACES_SAMPLER || undefined,
});

describe('each service on the OpenTelemetry Node SDK, configured by the OTEL_* environment', () => {
  const saved = Object.fromEntries(otelKeys.map((key) => [key, process.env[key]]));
  let exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;

  /** Tracing started under these variables (the others unset), exporting to the in-memory exporter. */
  const startWith = (env: Partial<Record<(typeof otelKeys)[number], string>>, service?: string): Tracing => {
    for (const key of otelKeys) delete process.env[key];
    Object.assign(process.env, env);
    tracing = startTracing(configFrom(process.env, service));
    return tracing;
  };
  /** One message span per parent header (none: a root), ended; the names of those exported. */
  const spansUnder = (on: Tracing, parents: Record<string, string | undefined>): string[] => {
    for (const [name, traceparent] of Object.entries(parents)) {
      startMessageSpan(on, name, traceparent ? { traceparent } : {}, {})?.end();
    }
    return exporter.getFinishedSpans().map((s) => s.name);
  };

  beforeEach(() => {
    // A service's shutdown shuts its exporter down: one each.
    exporter = new InMemorySpanExporter();
    useSpanExporterForTests(exporter);
  });
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = undefined;
    useSpanExporterForTests(undefined);
  });
  afterAll(() => {
    for (const key of otelKeys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('when no sampler is set, then every span is recorded, even under a caller whose traceparent says not sampled', () => {
    const on = startWith({});
    expect(
      spansUnder(on, { root: undefined, 'under a sampled caller': sampledParent, 'under an unsampled caller': unsampledParent }),
    ).toEqual(['root', 'under a sampled caller', 'under an unsampled caller']);
  });

  it.each([
    ['always_off', undefined],
    ['traceidratio', '0'],
    ['parentbased_traceidratio', '0'],
  ])('when OTEL_TRACES_SAMPLER is %s (argument %s), then a new trace is not recorded', (sampler, arg) => {
    const on = startWith(
      arg === undefined ? { OTEL_TRACES_SAMPLER: sampler } : { OTEL_TRACES_SAMPLER: sampler, OTEL_TRACES_SAMPLER_ARG: arg },
    );
    expect(spansUnder(on, { root: undefined })).toEqual([]);
  });

  it('when OTEL_TRACES_SAMPLER is traceidratio with 1, then every trace is recorded', () => {
    const on = startWith({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' });
    expect(spansUnder(on, { a: undefined, b: undefined, c: undefined })).toEqual(['a', 'b', 'c']);
  });

  it("when OTEL_TRACES_SAMPLER is parentbased_always_off, then a caller's sampled flag decides and a new trace is not recorded", () => {
    const on = startWith({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' });
    expect(
      spansUnder(on, { root: undefined, 'under a sampled caller': sampledParent, 'under an unsampled caller': unsampledParent }),
    ).toEqual(['under a sampled caller']);
  });

  it("when OTEL_RESOURCE_ATTRIBUTES is set, then the spans' resource carries them, and the configured service name wins over one there", () => {
    const on = startWith(
      { OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,service.namespace=coin,service.name=not-this,team=ledger%20ops' },
      'coin-ledger',
    );
    spansUnder(on, { span: undefined });
    const [span] = exporter.getFinishedSpans() as [ReadableSpan];
    expect(span.resource.attributes).toMatchObject({
      'service.name': 'coin-ledger',
      'service.namespace': 'coin',
      'deployment.environment.name': 'staging',
      team: 'ledger ops',
    });
    // The SDK's default resource detectors, as OTEL_NODE_RESOURCE_DETECTORS leaves them.
    expect(span.resource.attributes).toMatchObject({ 'process.pid': process.pid, 'telemetry.sdk.language': 'nodejs' });
  });

  it("when spans are made by hand, then their instrumentation scope is the project's own", () => {
    const on = startWith({});
    const span = on.tracer.startSpan('by hand');
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => undefined);
    span.end();
    expect(exporter.getFinishedSpans().map((s) => s.instrumentationScope.name)).toEqual(['coin-ledger']);
  });

  it('when OTEL_SDK_DISABLED is true, then the service does not trace', () => {
    expect(startWith({ OTEL_SDK_DISABLED: 'true' })).toBe(noTracing);
  });

  it('when the exporter is configured by OTEL_EXPORTER_OTLP_ENDPOINT, then spans are POSTed there, to /v1/traces, as OTLP protobuf', async () => {
    const received: Array<{ method?: string; url?: string; type?: string; bytes: number }> = [];
    const collector = createServer((request: IncomingMessage, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      request.on('end', () => {
        received.push({ method: request.method, url: request.url, type: request.headers['content-type'], bytes });
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    // The OTLP exporter loads its HTTP agent with a dynamic import, which Jest's module registry
    // refuses: a service process of its own, as deployed, exports one span and shuts down.
    const script = [
      "const { startMessageSpan, startTracing } = require('./libs/telemetry/src/index.ts');",
      "const tracing = startTracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'coin-exported' });",
      "startMessageSpan(tracing, 'exported', {}, {}).end();",
      'tracing.shutdown().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });',
    ].join('\n');
    try {
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const key of otelKeys) delete env[key];
      env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: join(__dirname, '..', '..', '..'),
        env,
        stdio: 'inherit',
      });
      expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
    expect(received).toEqual([{ method: 'POST', url: '/v1/traces', type: 'application/x-protobuf', bytes: expect.any(Number) }]);
    expect(received[0]!.bytes).toBeGreaterThan(0);
  }, 30_000);
});
