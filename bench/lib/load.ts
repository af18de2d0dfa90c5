/**
 * One load step: closed loop with autocannon (N connections, each sends its next request when
 * the previous answered), or open loop at a constant offered rate (./open-loop.ts: requests
 * due at fixed intervals, latency from when each was due, so a stalled server shows).
 */
import autocannon from 'autocannon';
import { runOpenLoop } from './open-loop';

export interface GeneratedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface StepSpec {
  label: string;
  url: string;
  kind: 'closed' | 'open';
  connections: number;
  /** Offered requests per second over all connections (open loop only). */
  ratePerSec?: number;
  durationSec: number;
  next: () => GeneratedRequest;
  onTick?: (progress: { elapsedSec: number; okLastSec: number; ok: number; failed: number }) => void;
}

export interface StepResult {
  label: string;
  kind: 'closed' | 'open';
  connections: number;
  offeredPerSec: number | null;
  durationSec: number;
  /** 2xx answers per second: committed transfers. */
  transfersPerSec: number;
  requestsPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** Per-request timeout: above it autocannon counts a timeout and reconnects. */
const requestTimeoutSec = 10;

export function runStep(spec: StepSpec): Promise<StepResult> {
  if (spec.kind === 'open') {
    if (!spec.ratePerSec) throw new Error(`open-loop step ${spec.label} needs ratePerSec`);
    return runOpenLoop({ ...spec, ratePerSec: spec.ratePerSec });
  }
  return new Promise((resolve, reject) => {
    let ok = 0;
    let failed = 0;
    let okAtLastTick = 0;
    const started = Date.now();
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.durationSec,
        timeout: requestTimeoutSec,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const generated = spec.next();
              return {
                ...request,
                path: generated.path,
                headers: { ...generated.headers, 'content-type': 'application/json' },
                body: generated.body,
              };
            },
          },
        ],
      },
      (err, result) => {
        clearInterval(ticker);
        if (err) return reject(err);
        const statusCodes: Record<string, number> = {};
        const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
        for (const [code, value] of Object.entries(stats)) statusCodes[code] = value.count;
        const durationSec = result.duration || spec.durationSec;
        resolve({
          label: spec.label,
          kind: spec.kind,
          connections: spec.connections,
          offeredPerSec: spec.kind === 'open' ? (spec.ratePerSec ?? null) : null,
          durationSec,
          transfersPerSec: round(result['2xx'] / durationSec),
          requestsPerSec: round((result['2xx'] + result.non2xx) / durationSec),
          p50Ms: result.latency.p50,
          p90Ms: result.latency.p90,
          p99Ms: result.latency.p99,
          maxMs: result.latency.max,
          ok: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode >= 200 && statusCode < 300) ok += 1;
      else failed += 1;
    });
    const ticker = setInterval(() => {
      spec.onTick?.({ elapsedSec: (Date.now() - started) / 1000, okLastSec: ok - okAtLastTick, ok, failed });
      okAtLastTick = ok;
    }, 1000);
  });
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
