import { AppError } from '@coin/errors';
import { createLogger } from '@coin/logger';
import { Histogram, Registry } from 'prom-client';
import { failedAs, loggedRequests, meteredRequests, type Replied, type SendOptions, type SendRequest } from './request-wrappers';

const options: SendOptions = {
  topic: 'ledger.commands',
  key: 'user:1',
  timeoutMs: 100,
  correlationId: 'corr-1',
  requestId: 'req-1',
  command: { commandId: 'c-1', type: 'ledger.transfer', issuedAt: new Date(0).toISOString(), actor: { kind: 'user', id: '1' }, data: {} },
};

const answered = (ok: boolean): Replied =>
  ok
    ? { reply: { correlationId: 'corr-1', commandId: 'c-1', ok: true, result: {} } }
    : { reply: { correlationId: 'corr-1', commandId: 'c-1', ok: false, error: { code: 'INSUFFICIENT_FUNDS', detail: 'no' } } };

/** A plain send that ends as told. */
const sendThat =
  (end: () => Promise<Replied>): SendRequest =>
  () =>
    end();

async function outcomesCounted(histogram: Histogram<'topic' | 'type' | 'outcome'>): Promise<Record<string, number>> {
  const { values } = await histogram.get();
  const counts: Record<string, number> = {};
  for (const v of values) if (v.metricName?.endsWith('_count')) counts[String(v.labels.outcome)] = v.value;
  return counts;
}

describe('the wrappers around the plain request/reply send', () => {
  it('when requests end each way, then the histogram counts each under its outcome, and the timeout series exists from the first request', async () => {
    const registry = new Registry();
    const histogram = new Histogram({ name: 'rr', help: 'rr', labelNames: ['topic', 'type', 'outcome'] as const, registers: [registry] });
    const ends: Array<() => Promise<Replied>> = [
      async () => answered(true),
      async () => answered(false),
      async () => Promise.reject(failedAs(new AppError('TIMEOUT'), 'timeout')),
      async () => Promise.reject(failedAs(new AppError('TIMEOUT'), 'unreadable')),
      async () => Promise.reject(new Error('broker down')),
    ];
    let end = ends[0]!;
    const send = meteredRequests(
      sendThat(() => end()),
      histogram,
    );
    for (const [i, next] of ends.entries()) {
      end = next;
      if (i === 0) {
        await send(options);
        expect(await outcomesCounted(histogram)).toEqual({ ok: 1, timeout: 0 });
        continue;
      }
      await send(options).catch(() => undefined);
    }
    expect(await outcomesCounted(histogram)).toEqual({ ok: 1, rejected: 1, timeout: 1, unreadable: 1, unavailable: 1 });
  });

  it('when a request times out or cannot be produced, then it is logged (the producer error, never in the answer), and an answered one is not', async () => {
    const lines: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
    const logger = createLogger('rr', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const unavailable = new AppError('UNAVAILABLE', 'could not queue');
    Object.defineProperty(unavailable, 'cause', { value: new Error('broker down'), enumerable: false });

    await loggedRequests(
      sendThat(async () => answered(false)),
      logger,
    )(options);
    await loggedRequests(
      sendThat(async () => Promise.reject(failedAs(new AppError('TIMEOUT'), 'timeout'))),
      logger,
    )(options).catch(() => undefined);
    const rejected = await loggedRequests(
      sendThat(async () => Promise.reject(failedAs(unavailable, 'unavailable'))),
      logger,
    )(options).catch((err: unknown) => err);

    expect(lines.map((l) => l.msg)).toEqual(['command reply timed out', 'could not produce command']);
    expect(lines[1]!.err?.message).toBe('broker down');
    // The caller gets the error as the send rejected it: its answer has no producer error in it.
    expect(rejected).toBe(unavailable);
    expect(JSON.stringify(rejected)).not.toContain('broker down');
  });
});
