/**
 * BENCH_BREAKDOWN=1: the pipeline's services trace (OTLP/HTTP, JSON) to a receiver in the bench
 * process, and each pipeline step gets its hop breakdown (./hop-breakdown.ts). Off by default:
 * tracing costs CPU and latency, so a traced run's figures are not comparable with an untraced one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { hopBreakdown, spansFromOtlp, type HopRow, type OtlpBody, type SpanRecord } from './hop-breakdown';
import { benchServiceEnv } from './service-env';

export const breakdownOn = process.env.BENCH_BREAKDOWN === '1';
/** The services' batch span processor exports every 5 s: a step's last spans arrive that much later. */
const exportDelayMs = 6_000;
/** Spans kept at most (a 10 s step at c=16 makes a few tens of thousands; funding 10,000 users a few hundred thousand). */
const spansMax = 1_000_000;
/** A request body larger than this is refused (an export batch is 512 spans). */
const bodyBytesMax = 64 * 1024 * 1024;

let sink: { server: Server; url: string; received: { spans: SpanRecord[] } } | undefined;

async function startSink(): Promise<NonNullable<typeof sink>> {
  if (sink) return sink;
  const received: { spans: SpanRecord[] } = { spans: [] };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= bodyBytesMax) chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        if (size > bodyBytesMax) throw new Error('too large');
        const raw = Buffer.concat(chunks);
        const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        // Full: the older half goes (funding's spans, before any step), never the newest.
        if (received.spans.length >= spansMax) received.spans = received.spans.slice(spansMax / 2);
        received.spans.push(...spansFromOtlp(JSON.parse(text) as OtlpBody));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  sink = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
  return sink;
}

/** The pipeline's service environment: the bench's, plus tracing to the sink when BENCH_BREAKDOWN=1. */
export async function tracedEnv(): Promise<Record<string, string>> {
  if (!breakdownOn) return benchServiceEnv();
  const { url } = await startSink();
  // The sink reads OTLP/JSON; the Node SDK exports protobuf unless told otherwise (ADR 0019).
  return benchServiceEnv({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
}

/**
 * The hop breakdown of the transfers whose request started in [fromMs, toMs) (wall clock), once
 * their spans are exported; null when the breakdown is off or the step is not the pipeline's.
 */
export async function stepBreakdown(traced: boolean, fromMs: number, toMs: number): Promise<HopRow[] | null> {
  if (!breakdownOn || !traced || !sink) return null;
  await new Promise((resolve) => setTimeout(resolve, exportDelayMs));
  const rows = hopBreakdown(sink.received.spans, fromMs, toMs);
  // The spans of earlier steps are not needed again.
  sink.received.spans = sink.received.spans.filter((s) => s.endMs >= toMs);
  return rows;
}
