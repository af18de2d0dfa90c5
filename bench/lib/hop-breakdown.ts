/**
 * Where a transfer's time goes, hop by hop (docs/PERFORMANCE.md "Reading the hop breakdown"):
 * from the spans the services export when tracing is on, per transfer the time between the marks
 * its spans and its records carry, then per hop the median and p99 over the step's transfers.
 * Pure: the spans come in, the table goes out (the sink that collects them is ./span-sink.ts).
 */
import { percentile } from './percentile';

/** One exported span, as the breakdown reads it (times in ms since the epoch). */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 'server' | 'client' | 'producer' | 'consumer' | 'internal';
  service: string;
  startMs: number;
  endMs: number;
  attributes: Record<string, string | number | boolean>;
  /** The span ids it links to. */
  links: string[];
}

/** The hops, in the order a transfer crosses them. */
export const hops = [
  'gateway before send',
  'produce',
  'broker + fetch',
  'unpack + judge',
  'apply queue',
  'apply read',
  'decide',
  'apply write + commit',
  'reply produce',
  'reply fetch',
  'gateway after reply',
  'total',
] as const;
export type Hop = (typeof hops)[number];

export interface HopRow {
  hop: Hop;
  /** Transfers whose spans gave this hop. */
  transfers: number;
  p50Ms: number;
  p99Ms: number;
}

/** The attributes the services set for this: the command record's broker append time, the reply record's time. */
export const commandRecordTimeAttribute = 'coin.kafka.record_timestamp_ms';
export const replyRecordTimeAttribute = 'coin.reply.record_timestamp_ms';
/** When the command's batch reached the consumer's handler slot (libs/kafka consumer, before its checks). */
export const batchReceivedAttribute = 'coin.kafka.batch_received_ms';

const numberAttribute = (span: SpanRecord | undefined, key: string): number | undefined => {
  const value = span?.attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The spans of one transfer's path, found from its gateway request span. */
interface TransferSpans {
  server: SpanRecord;
  send?: SpanRecord;
  command?: SpanRecord;
  apply?: SpanRecord;
  queries: SpanRecord[];
}

function transferSpans(
  server: SpanRecord,
  byTrace: Map<string, SpanRecord[]>,
  byId: Map<string, SpanRecord>,
  children: Map<string, SpanRecord[]>,
): TransferSpans {
  const trace = byTrace.get(server.traceId) ?? [];
  const send = trace.find((s) => s.kind === 'producer' && s.parentSpanId === server.spanId);
  const command = send && trace.find((s) => s.kind === 'consumer' && s.parentSpanId === send.spanId);
  // The apply is the command's child when it held this trace only, else a root it links to.
  const applyId = command?.links.find((id) => byId.get(id)?.name === 'ledger apply');
  const apply = applyId ? byId.get(applyId) : undefined;
  const queries = apply ? (children.get(apply.spanId) ?? []).filter((s) => s.attributes['db.system.name'] === 'postgresql') : [];
  queries.sort((a, b) => a.startMs - b.startMs);
  return { server, send, command, apply, queries };
}

/** The hops of one transfer that its spans give (a hop whose marks are missing is left out). */
export function transferHops({ server, send, command, apply, queries }: TransferSpans): Partial<Record<Hop, number>> {
  const out: Partial<Record<Hop, number>> = { total: server.endMs - server.startMs };
  const appended = numberAttribute(command, commandRecordTimeAttribute);
  const replied = numberAttribute(send, replyRecordTimeAttribute);
  // Without the mark (an older build), the checks stay in broker + fetch.
  const received = numberAttribute(command, batchReceivedAttribute);
  // The apply's last query is its write: one statement, its own transaction (write and commit).
  const write = queries.at(-1);
  const lastRead = queries.length > 1 ? queries.at(-2) : undefined;
  const put = (hop: Hop, from: number | undefined, to: number | undefined) => {
    if (from !== undefined && to !== undefined) out[hop] = Math.max(0, to - from);
  };
  put('gateway before send', server.startMs, send?.startMs);
  put('produce', send?.startMs, appended);
  put('broker + fetch', appended, received ?? command?.startMs);
  if (received !== undefined) put('unpack + judge', received, command?.startMs);
  put('apply queue', command?.startMs, apply?.startMs);
  put('apply read', apply?.startMs, lastRead?.endMs);
  put('decide', lastRead?.endMs, write?.startMs);
  put('apply write + commit', write?.startMs, write?.endMs);
  put('reply produce', write?.endMs, replied);
  put('reply fetch', replied, send?.endMs);
  put('gateway after reply', send?.endMs, server.endMs);
  return out;
}

/**
 * The breakdown of the transfers whose gateway request started in [fromMs, toMs): per hop, how
 * many transfers gave it, and its median and p99 in ms.
 */
export function hopBreakdown(spans: readonly SpanRecord[], fromMs: number, toMs: number, route = 'POST /api/coins/transfer'): HopRow[] {
  const byTrace = new Map<string, SpanRecord[]>();
  const byId = new Map<string, SpanRecord>();
  const children = new Map<string, SpanRecord[]>();
  const add = (map: Map<string, SpanRecord[]>, key: string, span: SpanRecord) => {
    const list = map.get(key);
    if (list) list.push(span);
    else map.set(key, [span]);
  };
  for (const span of spans) {
    byId.set(span.spanId, span);
    add(byTrace, span.traceId, span);
    if (span.parentSpanId) add(children, span.parentSpanId, span);
  }
  const servers = spans.filter((s) => s.kind === 'server' && s.name === route && s.startMs >= fromMs && s.startMs < toMs);
  const perHop = new Map<Hop, number[]>(hops.map((hop) => [hop, []]));
  for (const server of servers) {
    const timings = transferHops(transferSpans(server, byTrace, byId, children));
    for (const hop of hops) if (timings[hop] !== undefined) perHop.get(hop)!.push(timings[hop]);
  }
  return hops.map((hop) => {
    const values = perHop.get(hop)!.sort((a, b) => a - b);
    const round = (x: number) => Number(x.toFixed(1));
    return { hop, transfers: values.length, p50Ms: round(percentile(values, 50)), p99Ms: round(percentile(values, 99)) };
  });
}

/** One line: each hop's median / p99. */
export function describeBreakdown(rows: readonly HopRow[]): string {
  const shown = rows.filter((r) => r.transfers > 0);
  if (shown.length === 0) return 'hop breakdown: no traced transfer';
  return `hops p50/p99 ms (${rows.find((r) => r.hop === 'total')?.transfers ?? 0} traced transfers): ${shown.map((r) => `${r.hop} ${r.p50Ms}/${r.p99Ms}`).join(', ')}`;
}

/** The report's section: one table per step that has a breakdown, hops as rows. */
export function breakdownMarkdown(steps: readonly { label: string; breakdown?: HopRow[] | null }[]): string[] {
  const traced = steps.filter((s) => s.breakdown?.some((r) => r.transfers > 0));
  if (traced.length === 0) return [];
  const lines = ['', "## Where a transfer's time goes (BENCH_BREAKDOWN=1: traced run, hop by hop)", ''];
  lines.push(`| hop | ${traced.map((s) => s.label).join(' | ')} |`, `|---|${traced.map(() => '---').join('|')}|`);
  for (const hop of hops) {
    const cells = traced.map((s) => {
      const row = s.breakdown!.find((r) => r.hop === hop);
      return row && row.transfers > 0 ? `${row.p50Ms} / ${row.p99Ms}` : '—';
    });
    lines.push(`| ${hop} | ${cells.join(' | ')} |`);
  }
  lines.push('', 'Each cell: median / p99 ms per transfer; a traced run is slower than an untraced one.');
  return lines;
}

// ---------------------------------------------------------------- OTLP/JSON, as the services export it

const kinds: Record<number, SpanRecord['kind']> = { 1: 'internal', 2: 'server', 3: 'client', 4: 'producer', 5: 'consumer' };

type OtlpValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: { key: string; value: OtlpValue }[];
  links?: { spanId: string }[];
};
export type OtlpBody = {
  resourceSpans?: { resource?: { attributes?: { key: string; value: OtlpValue }[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
};

const hex = (id: string | undefined) => (id && !/^[0-9a-f]*$/.test(id) ? Buffer.from(id, 'base64').toString('hex') : id || undefined);
const otlpValue = (v: OtlpValue): string | number | boolean =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue ?? ''));
const attributesOf = (list: { key: string; value: OtlpValue }[] = []) => Object.fromEntries(list.map((a) => [a.key, otlpValue(a.value)]));

/** The spans of one OTLP/JSON export request. */
export function spansFromOtlp(body: OtlpBody): SpanRecord[] {
  const out: SpanRecord[] = [];
  for (const resource of body.resourceSpans ?? []) {
    const service = String(attributesOf(resource.resource?.attributes)['service.name'] ?? '');
    for (const scope of resource.scopeSpans ?? [])
      for (const span of scope.spans ?? [])
        out.push({
          traceId: hex(span.traceId) ?? '',
          spanId: hex(span.spanId) ?? '',
          parentSpanId: hex(span.parentSpanId),
          name: span.name,
          kind: kinds[span.kind ?? 1] ?? 'internal',
          service,
          startMs: Number(span.startTimeUnixNano) / 1e6,
          endMs: Number(span.endTimeUnixNano) / 1e6,
          attributes: attributesOf(span.attributes),
          links: (span.links ?? []).map((l) => hex(l.spanId) ?? ''),
        });
  }
  return out;
}
