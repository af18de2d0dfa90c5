/**
 * What one delivery attempt came to (docs/OPERATIONS.md "Webhook delivery health"): the label of
 * `coin_webhooks_delivery_attempts_total` and the row of `webhook_delivery_attempts` the success
 * rate of an endpoint's view is counted from. A 2xx is the only success; every other outcome is
 * retried on the schedule.
 */
export const deliveryOutcomes = [
  'success',
  // The receiver answered 4xx: usually its own configuration (a wrong path, a signature it refuses).
  'client_error',
  // The receiver answered 5xx: it is down or failing.
  'server_error',
  // A 1xx or 3xx: not a success, and a redirect is never followed.
  'unexpected_status',
  // No answer within WEBHOOKS_DELIVERY_TIMEOUT_MS (connect, TLS, request and response headers).
  'timeout',
  // No answer for another reason: refused connection, reset, DNS failure, TLS error.
  'network_error',
  // Never sent: the URL or an address its name resolves to is one the outbound policy refuses.
  'refused',
] as const;
export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

/** The HTTP status class of an attempt's answer; `none` when there was no answer. */
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'none';

/**
 * The outcome and status pairs an endpoint's counter series are exported with at zero (the rest
 * appear at their first attempt): the alert on an endpoint's failure rate sees the first failure
 * as an increase.
 */
export const usualOutcomes: ReadonlyArray<{ outcome: DeliveryOutcome; statusClass: StatusClass }> = [
  { outcome: 'success', statusClass: '2xx' },
  { outcome: 'client_error', statusClass: '4xx' },
  { outcome: 'server_error', statusClass: '5xx' },
  { outcome: 'timeout', statusClass: 'none' },
  { outcome: 'network_error', statusClass: 'none' },
  { outcome: 'refused', statusClass: 'none' },
];

/** The class of an answer's status (a status outside 100-599 is no HTTP status: `none`). */
export function statusClassOf(statusCode: number | null): StatusClass {
  if (statusCode === null || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) return 'none';
  return `${Math.floor(statusCode / 100)}xx` as StatusClass;
}

/** What an answer with this status means for the delivery. */
export function outcomeOfStatus(statusCode: number): DeliveryOutcome {
  const statusClass = statusClassOf(statusCode);
  if (statusClass === '2xx') return 'success';
  if (statusClass === '4xx') return 'client_error';
  if (statusClass === '5xx') return 'server_error';
  return 'unexpected_status';
}

/** undici's own codes of an attempt that ran out of time (connect, response headers, body). */
const timeoutCodes: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

/**
 * What an attempt that got no answer means: `refused` when the outbound policy refused an address
 * (`refusedCode`, the code the sender's lookup gives that refusal), `timeout` when the attempt's
 * budget ran out, `network_error` otherwise.
 */
export function outcomeOfError(error: { name?: string | undefined; code?: string | undefined }, refusedCode: string): DeliveryOutcome {
  if (error.code === refusedCode) return 'refused';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
  if (error.code !== undefined && timeoutCodes.has(error.code)) return 'timeout';
  return 'network_error';
}

/** The hours an endpoint's view counts attempts over. */
export const deliveryHealthWindowHours = 24;

/** An endpoint's delivery health, as its view shows it (webhookDeliveryHealth in @coin/contracts). */
export interface DeliveryHealth {
  attempts24h: number;
  succeeded24h: number;
  /** succeeded24h / attempts24h, rounded down to 4 decimals (never 1 while an attempt failed); null without attempts. */
  successRate: number | null;
  /** Whole seconds since the oldest pending delivery was queued; null when none is pending. */
  oldestPendingAgeSeconds: number | null;
}

/** An endpoint that has had no attempt in the window and has nothing pending (a new one). */
export const noDeliveries: DeliveryHealth = { attempts24h: 0, succeeded24h: 0, successRate: null, oldestPendingAgeSeconds: null };

/** The view of what the database counted: the rate, and the age in whole seconds. */
export function deliveryHealthFrom(counted: {
  attempts: number;
  succeeded: number;
  oldestPendingAgeSeconds: number | null;
}): DeliveryHealth {
  const { attempts, succeeded, oldestPendingAgeSeconds } = counted;
  return {
    attempts24h: attempts,
    succeeded24h: succeeded,
    // Integer arithmetic first: (29 / 100) * 10000 is 2899.9999… in floating point.
    successRate: attempts === 0 ? null : Math.floor((succeeded * 10_000) / attempts) / 10_000,
    oldestPendingAgeSeconds: oldestPendingAgeSeconds === null ? null : Math.max(0, Math.floor(oldestPendingAgeSeconds)),
  };
}
