import { AppError, InvariantViolation } from './app-error';
import { ZodError } from 'zod';

/**
 * What a consumer does with a handler failure (docs/RELIABILITY.md "Failure classes"):
 * - `transient`: the world, not the message — a connection lost, a failover, a serialization
 *   failure, a timeout. The same batch is retried (redelivered) until it goes through.
 * - `permanent`: the message — PostgreSQL refuses its data (SQLSTATE class 22) or an integrity
 *   rule the code does not handle (class 23), a schema refuses it, the domain's invariant throws.
 *   Retrying cannot cure it: the message is set aside (answered, stored, dead-lettered).
 * - `unknown`: anything else. Retried a few times on its own; if it keeps failing it is treated
 *   as permanent, because a failure that repeats on one message while its neighbours pass is that
 *   message's, and a partition must never stop on it.
 */
export type FailureClass = 'transient' | 'permanent' | 'unknown';

/** SQLSTATE classes that blame the connection or the server's state, not the statement's data. */
const transientSqlStateClasses = new Set([
  '08', // connection exception
  '40', // transaction rollback: serialization failure, deadlock
  '53', // insufficient resources: disk full, out of memory, too many connections
  '55', // object not in prerequisite state: lock not available
  '57', // operator intervention: admin shutdown, crash shutdown, query canceled (statement timeout)
  '58', // system error: I/O error
]);
/** A SQLSTATE: five digits or capitals; its first two name its class. */
const sqlStatePattern = /^[0-9A-Z]{5}$/;
/** SQLSTATE classes that blame the statement's data: 22 data exception, 23 integrity constraint violation. */
const dataSqlStateClasses = new Set(['22', '23']);
/** Single SQLSTATEs of other classes that pass: a read-only transaction (connected to a standby during a failover). */
const transientSqlStates = new Set(['25006']);

const transientSystemCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** node-postgres and ioredis report a lost connection without a code. */
const transientMessages = [
  /connection terminated/i,
  /connection is closed/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /server closed the connection unexpectedly/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /stream isn't writeable/i,
  /max retries per request/i,
  // Redis server states that pass: a replica loading its dataset, a read-only replica during a
  // failover, a script running too long, a cluster re-sharding.
  /^(LOADING|READONLY|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|OOM) /,
];

/**
 * Whether PostgreSQL refused a statement for its data (SQLSTATE class 22 or 23), not for the
 * state of the connection or the server: the same data is refused again, so the message that
 * carries it is set aside. The one home of this class for every consumer (classifyFailure, and
 * the consumers that store a refused batch one message at a time: @coin/kafka storeIsolatingDataErrors).
 */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && sqlStatePattern.test(code) && dataSqlStateClasses.has(code.slice(0, 2));
}

export function classifyFailure(err: unknown): FailureClass {
  if (err instanceof ZodError || err instanceof InvariantViolation) return 'permanent';
  if (err instanceof AppError) {
    if (err.code === 'UNAVAILABLE' || err.code === 'TIMEOUT') return 'transient';
    return 'permanent';
  }
  if (typeof err !== 'object' || err === null) return 'unknown';
  const { code, retriable, name, message } = err as { code?: unknown; retriable?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (sqlStatePattern.test(code)) {
      if (transientSqlStates.has(code)) return 'transient';
      if (transientSqlStateClasses.has(code.slice(0, 2))) return 'transient';
      if (isDataError(err)) return 'permanent';
    }
    if (transientSystemCodes.has(code)) return 'transient';
  }
  // kafkajs marks its own errors; a producer that cannot reach the broker is the world's fault.
  if (retriable === true || (typeof name === 'string' && name.startsWith('Kafka'))) return 'transient';
  if (typeof message === 'string' && transientMessages.some((pattern) => pattern.test(message))) return 'transient';
  return 'unknown';
}
