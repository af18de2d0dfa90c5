import { KafkaJSConnectionError, KafkaJSProtocolError, KafkaJSRequestTimeoutError } from 'kafkajs';
import { z } from 'zod';
import { AppError, InvariantViolation } from './app-error';
import { callFailureOf, classifyFailure, isDataError, isRecordRefusal, isRetriable } from './failures';

/**
 * kafkajs's error classes as its own code builds them (src/errors.js): its type declarations leave
 * out some classes and the `cause` its retrier passes.
 */
const {
  KafkaJSAggregateError,
  KafkaJSConnectionClosedError,
  KafkaJSError,
  KafkaJSGroupCoordinatorNotFound,
  KafkaJSNonRetriableError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSTimeout,
} = require('kafkajs/src/errors') as Record<
  | 'KafkaJSAggregateError'
  | 'KafkaJSConnectionClosedError'
  | 'KafkaJSError'
  | 'KafkaJSGroupCoordinatorNotFound'
  | 'KafkaJSNonRetriableError'
  | 'KafkaJSNumberOfRetriesExceeded'
  | 'KafkaJSTimeout',
  new (
    ...args: unknown[]
  ) => Error
>;

/** What node-postgres throws: an Error carrying the SQLSTATE in `code`. */
const pgError = (code: string, message = `pg error ${code}`) => Object.assign(new Error(message), { code });

describe('classifyFailure', () => {
  it.each([
    ['22021 invalid byte sequence (a NUL in a text)', '22021'],
    ['22003 numeric value out of range', '22003'],
    ['23503 foreign key violation', '23503'],
    ['23514 check violation', '23514'],
  ])("when PostgreSQL refuses the data (%s), then the failure is the message's: permanent", (_, code) => {
    expect(classifyFailure(pgError(code))).toBe('permanent');
    // A plain object with the code (not an Error) is judged the same way.
    expect(classifyFailure({ code })).toBe('permanent');
  });

  it.each([
    ['40001 serialization failure', '40001'],
    ['40P01 deadlock detected', '40P01'],
    ['55P03 lock not available', '55P03'],
    ['57014 query canceled (statement timeout)', '57014'],
  ])('when another writer got in the way (%s), then the failure is contention: retried, within a bound', (_, code) => {
    expect(classifyFailure(pgError(code))).toBe('contention');
    expect(classifyFailure({ code })).toBe('contention');
    expect(isRetriable({ code })).toBe(true);
  });

  it.each([
    ['08006 connection failure', '08006'],
    ['57P01 admin shutdown', '57P01'],
    ['57P03 cannot connect now', '57P03'],
    ['53300 too many connections', '53300'],
    ['25006 read-only transaction (a standby)', '25006'],
  ])('when PostgreSQL is away or out of resources (%s), then the failure is unavailable', (_, code) => {
    expect(classifyFailure(pgError(code))).toBe('unavailable');
    expect(classifyFailure({ code })).toBe('unavailable');
  });

  it.each([
    ['40000 transaction rollback, not a conflict', '40000'],
    ['55000 object not in prerequisite state', '55000'],
    ['57000 operator intervention of no listed kind', '57000'],
  ])('when a SQLSTATE only shares a class with a retriable one (%s), then it is permanent', (_, code) => {
    expect(classifyFailure({ code })).toBe('permanent');
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])('when a socket fails with %s, then the failure is unavailable', (code) => {
    expect(classifyFailure(Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code }))).toBe('unavailable');
    expect(classifyFailure({ code })).toBe('unavailable');
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection is closed.',
    'timeout exceeded when trying to connect',
    'the database system is shutting down',
  ])('when a client reports a lost connection without a code ("%s"), then the failure is unavailable', (message) => {
    expect(classifyFailure(new Error(message))).toBe('unavailable');
  });

  it('when kafkajs cannot reach the broker, then the failure is unavailable', () => {
    expect(classifyFailure(new KafkaJSConnectionError('Connection error: connect ECONNREFUSED', { broker: 'localhost:9092' }))).toBe(
      'unavailable',
    );
    expect(classifyFailure(new KafkaJSRequestTimeoutError('Request produce(key: 0, version: 7) timed out'))).toBe('unavailable');
  });

  it('when the broker refuses a record kafkajs wrapped (retries exceeded, non-retriable, aggregated), then the wrapped refusal decides; of several, the world wins', () => {
    const tooLarge = protocolError('MESSAGE_TOO_LARGE');
    const leaderMoved = protocolError('NOT_LEADER_FOR_PARTITION');
    const refused = new KafkaJSConnectionError('Connection error: connect ECONNREFUSED', { broker: 'localhost:9092' });
    expect(classifyFailure(new KafkaJSNonRetriableError(tooLarge, { cause: tooLarge }))).toBe('permanent');
    expect(classifyFailure(new KafkaJSNumberOfRetriesExceeded(protocolError('CORRUPT_MESSAGE'), { retryCount: 8, retryTime: 100 }))).toBe(
      'permanent',
    );
    expect(classifyFailure(new KafkaJSNumberOfRetriesExceeded(leaderMoved, { retryCount: 8, retryTime: 100 }))).toBe('unavailable');
    expect(classifyFailure(new KafkaJSNumberOfRetriesExceeded(refused, { retryCount: 8, retryTime: 100 }))).toBe('unavailable');
    expect(classifyFailure(new KafkaJSAggregateError('two partitions failed', [tooLarge, protocolError('INVALID_RECORD')]))).toBe(
      'permanent',
    );
    expect(classifyFailure(new KafkaJSAggregateError('two partitions failed', [tooLarge, refused]))).toBe('unavailable');
    // Two wrappers deep, as a retrier around a retrier does.
    const inner = new KafkaJSNumberOfRetriesExceeded(tooLarge, { retryCount: 1, retryTime: 1 });
    const twice = new KafkaJSNonRetriableError(inner, { cause: inner });
    expect(classifyFailure(twice)).toBe('permanent');
  });

  it('when kafkajs fails with an error of its own that is no protocol error (a closed connection, a timeout, no coordinator), then it is unavailable', () => {
    for (const err of [
      new KafkaJSConnectionClosedError('Connection closed', { host: 'localhost', port: 9092 }),
      new KafkaJSGroupCoordinatorNotFound('Failed to find group coordinator'),
      new KafkaJSTimeout('Timeout'),
      new KafkaJSError('The producer is disconnected'),
      new KafkaJSNonRetriableError("The producer is disconnecting; therefore, it can't safely accept messages anymore"),
    ])
      expect([err.name, classifyFailure(err)]).toEqual([err.name, 'unavailable']);
  });

  it('when a schema refuses the data, then the failure is permanent', () => {
    const parsed = z.object({ n: z.number().int() }).safeParse({ n: 'seven' });
    expect(parsed.success).toBe(false);
    expect(classifyFailure(parsed.error)).toBe('permanent');
  });

  it('when the domain throws an invariant violation, then the failure is permanent', () => {
    expect(classifyFailure(new InvariantViolation('balance would pass 2^53-1'))).toBe('permanent');
  });

  it('when an AppError says the world is away (UNAVAILABLE, TIMEOUT), then it is unavailable; any other AppError is permanent', () => {
    expect(classifyFailure(new AppError('UNAVAILABLE'))).toBe('unavailable');
    expect(classifyFailure(new AppError('TIMEOUT'))).toBe('unavailable');
    expect(classifyFailure(new AppError('VALIDATION_FAILED'))).toBe('permanent');
  });

  it("when the failure is of no known kind (a TypeError, an internal error), then it is the command's: permanent", () => {
    expect(classifyFailure(new TypeError("Cannot read properties of undefined (reading 'kind')"))).toBe('permanent');
    expect(classifyFailure(new Error('something else'))).toBe('permanent');
    expect(classifyFailure({ code: 'XX000' })).toBe('permanent'); // internal error: not the world's
    expect(classifyFailure({ code: '23505' })).toBe('permanent'); // a unique violation the code does not handle
    expect(classifyFailure({ code: 'NOT_A_KNOWN_CODE' })).toBe('permanent');
    expect(classifyFailure('a string')).toBe('permanent');
    expect(classifyFailure(undefined)).toBe('permanent');
    expect(classifyFailure(null)).toBe('permanent');
    expect(isRetriable(new TypeError('x'))).toBe(false);
  });
});

/** kafkajs's own list of the broker's error codes (its `type`, `code` and `retriable`). */
const kafkaErrorCodes = (require('kafkajs/src/protocol/error') as { errorCodes: Array<{ type: string; code: number; retriable: boolean }> })
  .errorCodes;

/** A broker error as kafkajs throws it for a response carrying its code. */
function protocolError(type: string): KafkaJSProtocolError {
  const entry = kafkaErrorCodes.find((e) => e.type === type);
  if (!entry) throw new Error(`kafkajs has no error ${type}`);
  return new KafkaJSProtocolError({ ...entry, message: `broker error ${type}` } as unknown as Error);
}

/**
 * The broker's refusals of the record itself: the same record is refused every time it is sent.
 * Every other error code kafkajs knows is the world's (the table in docs/RELIABILITY.md).
 */
const recordRefusals = new Set([
  'CORRUPT_MESSAGE',
  'MESSAGE_TOO_LARGE',
  'OFFSET_METADATA_TOO_LARGE',
  'INVALID_TOPIC_EXCEPTION',
  'RECORD_LIST_TOO_LARGE',
  'INVALID_REQUIRED_ACKS',
  'INVALID_TIMESTAMP',
  'UNSUPPORTED_VERSION',
  'INVALID_REQUEST',
  'UNSUPPORTED_FOR_MESSAGE_FORMAT',
  'POLICY_VIOLATION',
  'UNSUPPORTED_COMPRESSION_TYPE',
  'INVALID_RECORD',
]);

describe('classifyFailure of each error the broker may return (kafkajs protocol/error.js)', () => {
  it.each(kafkaErrorCodes.map((e) => [e.type, e.code, e.retriable, recordRefusals.has(e.type) ? 'permanent' : 'unavailable'] as const))(
    'when the broker answers %s (code %i, kafkajs retriable: %s), then the failure is %s',
    (type, _code, _retriable, expected) => {
      expect(classifyFailure(protocolError(type))).toBe(expected);
    },
  );

  it('when the broker answers a code kafkajs does not know (a newer broker), then it is unavailable: no record is set aside for it', () => {
    const unknown = new KafkaJSProtocolError({
      type: 'KAFKAJS_UNKNOWN_ERROR_CODE',
      code: -99,
      retriable: false,
      message: 'Unknown error code 120',
    } as unknown as Error);
    expect(classifyFailure(unknown)).toBe('unavailable');
  });

  it('when the table names a refusal, then kafkajs knows that error: no row is a typo', () => {
    const known = new Set(kafkaErrorCodes.map((e) => e.type));
    expect([...recordRefusals].filter((type) => !known.has(type))).toEqual([]);
  });
});

describe('isDataError', () => {
  it('when PostgreSQL refuses a statement for its data (class 22 or 23), then it is a data error; for anything else, or no SQLSTATE, it is not', () => {
    expect(['22021', '22P02', '23505', '23514'].map((code) => isDataError(pgError(code)))).toEqual([true, true, true, true]);
    expect(['40001', '08006', 'P0001', '25006', '2200', 'ECONNRESET'].map((code) => isDataError(pgError(code)))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([new Error('no code'), null, undefined, 'text'].map(isDataError)).toEqual([false, false, false, false]);
  });
});

describe('isRecordRefusal', () => {
  it("when the broker refuses a record itself, however kafkajs wraps it, then it is the record's refusal", () => {
    const tooLarge = protocolError('MESSAGE_TOO_LARGE');
    expect(isRecordRefusal(tooLarge)).toBe(true);
    expect(isRecordRefusal(new KafkaJSNonRetriableError(tooLarge, { cause: tooLarge }))).toBe(true);
    expect(isRecordRefusal(new KafkaJSAggregateError('two partitions failed', [tooLarge, protocolError('INVALID_RECORD')]))).toBe(true);
  });

  it('when the failure is permanent but no refusal of the broker (a bug, a closing producer) or the world away, then it is not', () => {
    const refused = new KafkaJSConnectionError('Connection error: connect ECONNREFUSED', { broker: 'localhost:9092' });
    expect(
      [
        new TypeError("Cannot read properties of undefined (reading 'topic')"),
        new Error('producer is closed'),
        protocolError('NOT_LEADER_FOR_PARTITION'),
        refused,
        new KafkaJSAggregateError('two partitions failed', [protocolError('MESSAGE_TOO_LARGE'), refused]),
        null,
        'text',
      ].map(isRecordRefusal),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('callFailureOf', () => {
  it('when fetch wraps a socket error, then the name carries the socket error code', () => {
    const err = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    expect(callFailureOf(err)).toBe('TypeError (ECONNREFUSED)');
  });

  it('when the error has no socket cause, then only its name is given, never its message or a hostile code', () => {
    expect(callFailureOf(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe('TimeoutError');
    expect(callFailureOf(new TypeError('fetch failed', { cause: { code: 'evil\ncode' } }))).toBe('TypeError');
    expect(callFailureOf('text')).toBe('string');
  });
});
