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
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  let finished = 0;
  let okAtLastTick = 0;
  const started = performance.now();

  return new Promise((resolve) => {
    const done = () => {
      clearInterval(ticker);
      void pool.destroy();
      const sorted = latencies.sort((a, b) => a - b);
      const round = (v: number) => Math.round(v * 10) / 10;
      resolve({
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
      });
    };
    const settle = () => {
      finished += 1;
      if (sent === total && finished === total) done();
    };
    // undici's dispatch() with a handler rather than request(): no promise and no body stream per
    // request (the body is not read, only waited for), so the generator takes less of the CPU the
    // system under test shares with it.
    const fire = (generated: GeneratedRequest, dueAt: number) => {
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
            statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
            if (statusCode >= 200 && statusCode < 300) ok += 1;
            else non2xx += 1;
            latencies.push(performance.now() - dueAt);
            settle();
          },
          onResponseError: (_controller, err: Error & { code?: string }) => {
            if (err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT') timeouts += 1;
            else errors += 1;
            settle();
          },
        },
      );
    };
    // Dispatch everything due, then sleep until the next request is due (timers are coarse, so
    // a late wake-up sends the overdue requests at once, each still timed from its due time).
    const dispatch = () => {
      const now = performance.now();
      while (sent < total && started + sent * intervalMs <= now) {
        const dueAt = started + sent * intervalMs;
        sent += 1;
        fire(spec.next(), dueAt);
      }
      if (sent < total) setTimeout(dispatch, Math.max(0, started + sent * intervalMs - performance.now()));
    };
    const ticker = setInterval(() => {
      spec.onTick?.({ elapsedSec: (performance.now() - started) / 1000, okLastSec: ok - okAtLastTick, ok, failed: non2xx + errors });
      okAtLastTick = ok;
    }, 1000);
    dispatch();
  });
}
