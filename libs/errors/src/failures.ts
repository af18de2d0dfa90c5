import { AppError, InvariantViolation } from './app-error';
import { ZodError } from 'zod';

/**
 * What a consumer does with a handler failure (docs/RELIABILITY.md "Failure classes"):
 * - `contention`: another writer got in the way: a serialization failure or deadlock (SQLSTATE
 *   40001, 40P01, the ledger's lost races), a lock not available, a statement cancelled by its
 *   timeout. Retried a bounded number of times with back-off; one that outlasts its bound is
 *   treated as the command's defect (permanent), because a conflict that repeats on every attempt
 *   is made by the command itself.
 * - `unavailable`: the world is away: a connection lost, the database shutting down or read-only,
 *   out of resources, a broker unreachable or its group rebalancing. No command is at fault, so
 *   none is set aside: the partition pauses and retries until the world is back (the service's
 *   database watch ends the process if PostgreSQL stays away past its grace, and the stall shows in
 *   the consumer's progress).
 * - `permanent`: anything else: PostgreSQL refuses the data (classes 22, 23), a schema refuses it,
 *   the broker refuses a record itself (too large, invalid: `recordRefusalTypes`), the domain's
 *   invariant throws, a `TypeError`, an error of no known kind. It is the defect of one command: the
 *   batch is bisected down to it, and it alone is set aside.
 */
export type FailureClass = 'contention' | 'unavailable' | 'permanent';

/** SQLSTATEs of contention: a serialization failure, a deadlock, a lock not available, a statement timeout. */
const contentionSqlStates = new Set(['40001', '40P01', '55P03', '57014']);
/** SQLSTATE classes that blame the connection or the server's state, not the statement's data. */
const unavailableSqlStateClasses = new Set([
  '08', // connection exception
  '53', // insufficient resources: disk full, out of memory, too many connections
  '58', // system error: I/O error
]);
/** A SQLSTATE: five digits or capitals; its first two name its class. */
const sqlStatePattern = /^[0-9A-Z]{5}$/;
/** SQLSTATE classes that blame the statement's data: 22 data exception, 23 integrity constraint violation. */
const dataSqlStateClasses = new Set(['22', '23']);
/**
 * Single SQLSTATEs of other classes that pass: a read-only transaction (connected to a standby
 * during a failover); an administrator's or a crash's shutdown, a server that cannot take
 * connections yet (57P01-57P03).
 */
const unavailableSqlStates = new Set(['25006', '57P01', '57P02', '57P03']);

const unavailableSystemCodes = new Set([
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
const unavailableMessages = [
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

/**
 * The broker's refusals of a record itself (kafkajs `KafkaJSProtocolError.type`, the broker's error
 * code in the comment): the same record is refused however often it is sent, so retrying it in
 * place would stop its partition for good. Every other kafkajs error, whether kafkajs calls it
 * retriable or not, is the world's (`unavailable`): a connection or a request timing out, a leader
 * moving, the group rebalancing (REBALANCE_IN_PROGRESS, ILLEGAL_GENERATION, UNKNOWN_MEMBER_ID reach
 * a handler through its heartbeat, and must never set its commands aside), the deployment's
 * credentials and ACLs (*_AUTHORIZATION_FAILED, SASL), the producer's own sequence state, a broker
 * failing on its side (UNKNOWN) or an error code newer than kafkajs.
 */
export const recordRefusalTypes: ReadonlySet<string> = new Set([
  'CORRUPT_MESSAGE', // 2: fails the broker's checks (kafkajs marks it retriable; the same bytes fail again)
  'MESSAGE_TOO_LARGE', // 10: over the broker's or the topic's largest message
  'OFFSET_METADATA_TOO_LARGE', // 12
  'INVALID_TOPIC_EXCEPTION', // 17: a topic name the broker refuses
  'RECORD_LIST_TOO_LARGE', // 18
  'INVALID_REQUIRED_ACKS', // 21
  'INVALID_TIMESTAMP', // 32
  'UNSUPPORTED_VERSION', // 35
  'INVALID_REQUEST', // 42
  'UNSUPPORTED_FOR_MESSAGE_FORMAT', // 43
  'POLICY_VIOLATION', // 44
  'UNSUPPORTED_COMPRESSION_TYPE', // 76
  'INVALID_RECORD', // 87: the broker's validation of the record (a compacted topic's null key, say)
]);

/** How deep the errors kafkajs wraps are followed (a cycle of causes ends here). */
const wrappedDepthMax = 4;

/**
 * The class of a kafkajs error, or null for an error that is not one. kafkajs wraps the broker's
 * error: KafkaJSNumberOfRetriesExceeded and KafkaJSNonRetriableError carry it in `cause`,
 * KafkaJSAggregateError in `errors`. Of several, the world's wins: retrying may cure it, and the
 * record's own refusal is met again, alone, on the next attempt.
 */
function kafkaFailureClass(err: object, depth: number): FailureClass | null {
  const { name, type, cause, errors } = err as { name?: unknown; type?: unknown; cause?: unknown; errors?: unknown };
  if (typeof name !== 'string' || !name.startsWith('KafkaJS')) return null;
  if (typeof type === 'string') return recordRefusalTypes.has(type) ? 'permanent' : 'unavailable';
  const wrapped = [...(Array.isArray(errors) ? errors : []), ...(cause !== undefined && cause !== err ? [cause] : [])];
  if (wrapped.length === 0 || depth >= wrappedDepthMax) return 'unavailable';
  const classes = wrapped.map((inner) => classifiedAt(inner, depth + 1));
  return classes.includes('unavailable') || classes.includes('contention') ? 'unavailable' : 'permanent';
}

/**
 * Whether the broker refused a record itself (`recordRefusalTypes`, however kafkajs wraps it): the
 * same record is refused however often it is sent. Narrower than `permanent`, which also holds a
 * bug (a `TypeError`) and a producer that is closing: a sender that sets a record aside for its
 * refusal (the outbox relay) must not set aside what a fix or a restart would send.
 */
export function isRecordRefusal(err: unknown): boolean {
  return typeof err === 'object' && err !== null && kafkaFailureClass(err, 0) === 'permanent';
}

export function classifyFailure(err: unknown): FailureClass {
  return classifiedAt(err, 0);
}

function classifiedAt(err: unknown, depth: number): FailureClass {
  if (err instanceof ZodError || err instanceof InvariantViolation) return 'permanent';
  if (err instanceof AppError) return err.code === 'UNAVAILABLE' || err.code === 'TIMEOUT' ? 'unavailable' : 'permanent';
  if (typeof err !== 'object' || err === null) return 'permanent';
  const kafka = kafkaFailureClass(err, depth);
  if (kafka !== null) return kafka;
  const { code, retriable, message } = err as { code?: unknown; retriable?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (sqlStatePattern.test(code)) {
      if (contentionSqlStates.has(code)) return 'contention';
      if (unavailableSqlStates.has(code) || unavailableSqlStateClasses.has(code.slice(0, 2))) return 'unavailable';
    }
    if (unavailableSystemCodes.has(code)) return 'unavailable';
  }
  if (retriable === true) return 'unavailable';
  if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return 'unavailable';
  return 'permanent';
}

/** Whether retrying may cure the failure (contention or the world away): a 503 at the edge, a retry in a consumer. */
export function isRetriable(err: unknown): boolean {
  return classifyFailure(err) !== 'permanent';
}

/**
 * A failed call to another service, named for a log: the error's name and, when the runtime
 * wrapped a socket's error (fetch's `TypeError: fetch failed`), that error's code, so a refused
 * connection, a reset and a timeout read differently ("TypeError (ECONNREFUSED)"). No message or
 * address: it goes into errors that other services log and store.
 */
export function callFailureOf(err: unknown): string {
  const name = err instanceof Error ? err.name : typeof err;
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  const code = cause && typeof cause === 'object' ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? `${name} (${code})` : name;
}
