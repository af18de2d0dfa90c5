import type { FastifyInstance } from 'fastify';

export interface AccessLogOptions {
  /** The share of ordinary answers (below 400, not slow) that get a line: 0 none, 1 all. */
  sampleRate: number;
  /** An answer that took at least this long always gets a line. */
  slowMs: number;
}

/** The gateway's shipped defaults (GATEWAY_ACCESS_LOG_SAMPLE, GATEWAY_ACCESS_LOG_SLOW_MS). */
export const accessLogDefaults: AccessLogOptions = { sampleRate: 0.01, slowMs: 1000 };

/** Whether an answer gets an access line: every error and every slow one, and a sample of the rest. */
export function accessLogged(statusCode: number, elapsedMs: number, options: AccessLogOptions, draw: number): boolean {
  return statusCode >= 400 || elapsedMs >= options.slowMs || draw < options.sampleRate;
}

/**
 * Query parameters that may carry a person's e-mail address (the transaction search's `email`, the
 * user list's `q`): their values never reach a log line (docs/design/data.md "Erasure").
 */
const personalParams: ReadonlySet<string> = new Set(['email', 'q']);

/** The request's URL as a log line shows it: the values of personal parameters replaced. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const name = part.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape is logged as written: it names no parameter of ours.
      }
      return personalParams.has(decoded) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

/**
 * One access line per answer that matters, instead of fastify's two info lines per request
 * ("incoming request" and "request completed": a serialised request and response each, the
 * gateway's largest log cost under load). Every 4xx and 5xx and every slow answer is logged; of
 * the others a sample (`sampled: true`), enough to see traffic's shape. The line carries the
 * request id (the logger's binding), so on-call can follow one request through the services'
 * logs (docs/operations/observability.md "Access log").
 */
export function registerAccessLog(app: FastifyInstance, options: AccessLogOptions, draw: () => number = Math.random): void {
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const elapsedMs = reply.elapsedTime;
    if (accessLogged(statusCode, elapsedMs, options, draw())) {
      const sampled = statusCode < 400 && elapsedMs < options.slowMs;
      request.log.info(
        {
          method: request.method,
          url: loggedUrl(request.url),
          route: request.routeOptions.url ?? 'unmatched',
          statusCode,
          responseTimeMs: Math.round(elapsedMs * 10) / 10,
          ...(sampled ? { sampled: true } : {}),
        },
        'request completed',
      );
    }
    done();
  });
}
