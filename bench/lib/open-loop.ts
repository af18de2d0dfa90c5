/**
 * Open-loop load at a constant offered rate: request i is due at start + i / rate, whatever
 * happened to the ones before, and its latency is measured from when it was due (so time spent
 * waiting for a free connection counts: no coordinated omission).
 *
 * Not autocannon's `overallRate`: that gives each connection a quota per one-second window, and
 * every connection spends it as fast as it can when the window opens, so the "fixed rate" arrives
 * as a burst of all connections at the top of each second. That measured latency under bursts of
 * full concurrency, not at the offered rate.
 */
import { Pool } from 'undici';
import type { GeneratedRequest, StepResult, StepSpec } from './load';
import { percentile } from './percentile';

/** Per-request timeout, as for the closed-loop steps. */
const requestTimeoutMs = 10_000;

export function runOpenLoop(spec: StepSpec & { ratePerSec: number }): Promise<StepResult> {
  // undici rather than node:http: about a third of the client CPU per request, which here is
  // CPU taken from the system under test on the same two cores.
  const pool = new Pool(spec.url, { connections: spec.connections, headersTimeout: requestTimeoutMs, bodyTimeout: requestTimeoutMs });
  const intervalMs = 1000 / spec.ratePerSec;
  const total = Math.round(spec.ratePerSec * spec.durationSec);
  const tally: Tally = { latencies: [], statusCodes: {}, ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
  let sent = 0;
  let finished = 0;
  let okAtLastTick = 0;
  const started = performance.now();

  return new Promise((resolve) => {
    const settle = () => {
      finished += 1;
      if (sent === total && finished === total) {
        clearInterval(ticker);
        void pool.destroy();
        resolve(stepResultOf(spec, tally));
      }
    };
    // Dispatch everything due, then sleep until the next request is due (timers are coarse, so
    // a late wake-up sends the overdue requests at once, each still timed from its due time).
    const dispatch = () => {
      const now = performance.now();
      while (sent < total && started + sent * intervalMs <= now) {
        const dueAt = started + sent * intervalMs;
        sent += 1;
        fire(pool, spec.next(), dueAt, tally, settle);
      }
      if (sent < total) setTimeout(dispatch, Math.max(0, started + sent * intervalMs - performance.now()));
    };
    const ticker = setInterval(() => {
      const { ok, non2xx, errors } = tally;
      spec.onTick?.({ elapsedSec: (performance.now() - started) / 1000, okLastSec: ok - okAtLastTick, ok, failed: non2xx + errors });
      okAtLastTick = ok;
    }, 1000);
    dispatch();
  });
}

/** What the requests of a step came to so far. */
interface Tally {
  latencies: number[];
  statusCodes: Record<string, number>;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * Sends one request and counts its answer in `tally`, its latency from `dueAt`. undici's dispatch()
 * with a handler rather than request(): no promise and no body stream per request (the body is not
 * read, only waited for), so the generator takes less of the CPU the system under test shares with it.
 */
function fire(pool: Pool, generated: GeneratedRequest, dueAt: number, tally: Tally, settle: () => void): void {
  let statusCode = 0;
  pool.dispatch(
    {
      method: 'POST',
      path: generated.path,
      headers: { ...generated.headers, 'content-type': 'application/json' },
      body: generated.body,
    },
    {
      onRequestStart: () => undefined,
      onResponseStart: (_controller, status) => {
        statusCode = status;
      },
      onResponseData: () => undefined,
      onResponseEnd: () => {
        tally.statusCodes[statusCode] = (tally.statusCodes[statusCode] ?? 0) + 1;
        if (statusCode >= 200 && statusCode < 300) tally.ok += 1;
        else tally.non2xx += 1;
        tally.latencies.push(performance.now() - dueAt);
        settle();
      },
      onResponseError: (_controller, err: Error & { code?: string }) => {
        if (err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT') tally.timeouts += 1;
        else tally.errors += 1;
        settle();
      },
    },
  );
}

/** The step's result: throughput over its duration, latency percentiles, and its counts. */
function stepResultOf(spec: StepSpec & { ratePerSec: number }, tally: Tally): StepResult {
  const { ok, non2xx, errors, timeouts, statusCodes } = tally;
  const sorted = tally.latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    label: spec.label,
    kind: 'open',
    connections: spec.connections,
    offeredPerSec: spec.ratePerSec,
    durationSec: spec.durationSec,
    transfersPerSec: round(ok / spec.durationSec),
    requestsPerSec: round((ok + non2xx) / spec.durationSec),
    p50Ms: Math.round(percentile(sorted, 50)),
    p90Ms: Math.round(percentile(sorted, 90)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
    ok,
    non2xx,
    errors,
    timeouts,
    statusCodes,
  };
}
