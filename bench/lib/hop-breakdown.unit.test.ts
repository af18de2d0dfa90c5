import { breakdownMarkdown, hopBreakdown, spansFromOtlp, type HopRow, type SpanRecord } from './hop-breakdown';

/**
 * A transfer's spans as the services export them, at chosen times (ms from its request): the
 * gateway's request and send, the ledger's command (the record appended at `appended`), the
 * apply it links to with its queries (the last is the write), the reply record at `replied`.
 */
function transfer(
  n: number,
  t0: number,
  at: {
    appended: number;
    /** When the command's batch reached the ledger's handler slot (absent: a build without the mark). */
    received?: number;
    consumed: number;
    apply: number;
    reads: number[];
    write: [number, number];
    replied: number;
    replyIn: number;
    end: number;
  },
): SpanRecord[] {
  const id = (s: string) => `${s}${n}`;
  const span = (
    spanId: string,
    name: string,
    kind: SpanRecord['kind'],
    service: string,
    from: number,
    to: number,
    more: Partial<SpanRecord> = {},
  ): SpanRecord => ({
    traceId: id('trace'),
    spanId: id(spanId),
    name,
    kind,
    service,
    startMs: t0 + from,
    endMs: t0 + to,
    attributes: {},
    links: [],
    ...more,
  });
  const applyId = id('apply');
  const spans = [
    span('server', 'POST /api/coins/transfer', 'server', 'coin-gateway', 0, at.end),
    span('send', 'send ledger.transfer', 'producer', 'coin-gateway', 2, at.replyIn, {
      parentSpanId: id('server'),
      attributes: { 'coin.reply.record_timestamp_ms': t0 + at.replied },
    }),
    span('command', 'process ledger.transfer', 'consumer', 'coin-ledger', at.consumed, at.write[1] + 1, {
      parentSpanId: id('send'),
      attributes: {
        'coin.kafka.record_timestamp_ms': t0 + at.appended,
        ...(at.received === undefined ? {} : { 'coin.kafka.batch_received_ms': t0 + at.received }),
      },
      links: [applyId],
    }),
    // A root apply (it held other traces too), in a trace of its own.
    { ...span('apply', 'ledger apply', 'internal', 'coin-ledger', at.apply, at.write[1] + 3), traceId: 'apply-trace', spanId: applyId },
    ...at.reads.map((end, i) => ({
      ...span(`read${i}`, 'pg.query:SELECT coin', 'client', 'coin-ledger', at.apply + 0.5, end, { parentSpanId: applyId }),
      traceId: 'apply-trace',
      attributes: { 'db.system.name': 'postgresql' },
    })),
    {
      ...span('write', 'pg.query:ledger-write-batch coin', 'client', 'coin-ledger', at.write[0], at.write[1], { parentSpanId: applyId }),
      traceId: 'apply-trace',
      attributes: { 'db.system.name': 'postgresql' },
    },
  ];
  return spans;
}

const byHop = (rows: HopRow[]) => Object.fromEntries(rows.map((r) => [r.hop, r]));

describe('the hop breakdown of a step (where a transfer’s time goes)', () => {
  it('when transfers are traced end to end, then each hop is the time between its two marks, as a median and a p99 over the transfers', () => {
    const spans: SpanRecord[] = [];
    // 100 transfers: hop times grow with n, so the median is transfer 50's and the p99 transfer 99's.
    for (let n = 1; n <= 100; n += 1)
      spans.push(
        ...transfer(n, 1_000_000 + n * 1000, {
          appended: 2 + n / 10, // produce: n/10
          received: 4 + n / 10, // broker + fetch: 2
          consumed: 5 + n / 10, // unpack + judge: 1
          apply: 6 + n / 10, // apply queue: 1
          reads: [7 + n / 10, 8 + n / 10], // apply read: 2 (to the last read's end)
          write: [9 + n / 10, 11 + n / 10], // decide 1, write + commit 2
          replied: 12 + n / 10, // reply produce 1
          replyIn: 16 + n / 10, // reply fetch 4
          end: 17 + n / 10, // gateway after reply 1
        }),
      );
    const rows = byHop(hopBreakdown(spans, 0, Number.MAX_SAFE_INTEGER));
    expect(rows.produce).toEqual({ hop: 'produce', transfers: 100, p50Ms: 5, p99Ms: 9.9 });
    expect(rows['gateway before send']).toMatchObject({ p50Ms: 2, p99Ms: 2 });
    expect(rows['broker + fetch']).toMatchObject({ transfers: 100, p50Ms: 2, p99Ms: 2 });
    expect(rows['unpack + judge']).toMatchObject({ transfers: 100, p50Ms: 1, p99Ms: 1 });
    expect(rows['apply queue']).toMatchObject({ p50Ms: 1 });
    expect(rows['apply read']).toMatchObject({ p50Ms: 2 });
    expect(rows.decide).toMatchObject({ p50Ms: 1 });
    expect(rows['apply write + commit']).toMatchObject({ p50Ms: 2 });
    expect(rows['reply produce']).toMatchObject({ p50Ms: 1 });
    expect(rows['reply fetch']).toMatchObject({ p50Ms: 4 });
    expect(rows['gateway after reply']).toMatchObject({ p50Ms: 1 });
    expect(rows.total).toMatchObject({ transfers: 100, p50Ms: 22, p99Ms: 26.9 });
  });

  it('when a step window is given, then only the transfers whose request started in it count; a transfer without ledger spans gives only its gateway hops', () => {
    const at = { appended: 3, consumed: 4, apply: 5, reads: [6], write: [7, 8] as [number, number], replied: 9, replyIn: 10, end: 11 };
    const inWindow = transfer(1, 5_000, at);
    const before = transfer(2, 1_000, at);
    const lonely = transfer(3, 6_000, { ...at, end: 12 }).filter((s) => s.service === 'coin-gateway');
    const rows = byHop(hopBreakdown([...inWindow, ...before, ...lonely], 4_000, 7_000));
    expect(rows.total!.transfers).toBe(2);
    expect(rows['reply fetch']!.transfers).toBe(2);
    // No batch-received mark: broker + fetch runs to the command span, and no checks are told apart.
    expect(rows['broker + fetch']).toMatchObject({ transfers: 1, p50Ms: 1 });
    expect(rows['unpack + judge']!.transfers).toBe(0);
    expect(rows['apply read']).toMatchObject({ transfers: 1, p50Ms: 1 });
    expect(rows['apply write + commit']).toMatchObject({ transfers: 1, p50Ms: 1 });
  });

  it('when spans come over OTLP/JSON, then ids, kinds, times, attributes and links are read as the breakdown needs them', () => {
    const [span] = spansFromOtlp({
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'coin-ledger' } }] },
          scopeSpans: [
            {
              spans: [
                {
                  traceId: '0af7651916cd43dd8448eb211c80319c',
                  spanId: 'b7ad6b7169203331',
                  parentSpanId: '',
                  name: 'process ledger.transfer',
                  kind: 5,
                  startTimeUnixNano: '1700000000001000000',
                  endTimeUnixNano: '1700000000003500000',
                  attributes: [{ key: 'coin.kafka.record_timestamp_ms', value: { intValue: '1700000000000' } }],
                  links: [{ spanId: '00f067aa0ba902b7' }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(span).toMatchObject({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      parentSpanId: undefined,
      kind: 'consumer',
      service: 'coin-ledger',
      startMs: 1700000000001,
      attributes: { 'coin.kafka.record_timestamp_ms': 1700000000000 },
      links: ['00f067aa0ba902b7'],
    });
    expect(span!.endMs - span!.startMs).toBeCloseTo(2.5, 1);
  });

  it('when steps have breakdowns, then the report has one column per traced step and a row per hop', () => {
    const spans = transfer(1, 0, { appended: 3, consumed: 4, apply: 5, reads: [6, 6.5], write: [7, 8], replied: 9, replyIn: 10, end: 11 });
    const lines = breakdownMarkdown([
      { label: 'pipeline closed c=16', breakdown: hopBreakdown(spans, 0, 1) },
      { label: 'baseline closed c=16', breakdown: null },
    ]);
    expect(lines).toContain('| hop | pipeline closed c=16 |');
    expect(lines).toContain('| produce | 1 / 1 |');
    expect(lines.filter((l) => l.startsWith('| ') && !l.startsWith('| hop')).length).toBe(12);
    expect(breakdownMarkdown([{ label: 'baseline', breakdown: null }])).toEqual([]);
  });
});
