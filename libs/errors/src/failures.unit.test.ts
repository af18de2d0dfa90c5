import { KafkaJSConnectionError, KafkaJSRequestTimeoutError } from 'kafkajs';
import { z } from 'zod';
import { AppError, InvariantViolation } from './app-error';
import { classifyFailure, isDataError } from './failures';

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
    ['08006 connection failure', '08006'],
    ['40001 serialization failure', '40001'],
    ['40P01 deadlock detected', '40P01'],
    ['57P01 admin shutdown', '57P01'],
    ['57014 query canceled (statement timeout)', '57014'],
    ['53300 too many connections', '53300'],
  ])('when PostgreSQL fails for its own state (%s), then the failure is transient', (_, code) => {
    expect(classifyFailure(pgError(code))).toBe('transient');
    expect(classifyFailure({ code })).toBe('transient');
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])('when a socket fails with %s, then the failure is transient', (code) => {
    expect(classifyFailure(Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code }))).toBe('transient');
    expect(classifyFailure({ code })).toBe('transient');
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection is closed.',
    'timeout exceeded when trying to connect',
    'the database system is shutting down',
  ])('when a client reports a lost connection without a code ("%s"), then the failure is transient', (message) => {
    expect(classifyFailure(new Error(message))).toBe('transient');
  });

  it('when kafkajs cannot reach the broker, then the failure is transient', () => {
    expect(classifyFailure(new KafkaJSConnectionError('Connection error: connect ECONNREFUSED', { broker: 'localhost:9092' }))).toBe(
      'transient',
    );
    expect(classifyFailure(new KafkaJSRequestTimeoutError('Request produce(key: 0, version: 7) timed out'))).toBe('transient');
  });

  it('when a schema refuses the data, then the failure is permanent', () => {
    const parsed = z.object({ n: z.number().int() }).safeParse({ n: 'seven' });
    expect(parsed.success).toBe(false);
    expect(classifyFailure(parsed.error)).toBe('permanent');
  });

  it('when the domain throws an invariant violation, then the failure is permanent', () => {
    expect(classifyFailure(new InvariantViolation('balance would pass 2^53-1'))).toBe('permanent');
  });

  it('when an AppError says the world is away (UNAVAILABLE, TIMEOUT), then it is transient; any other AppError is permanent', () => {
    expect(classifyFailure(new AppError('UNAVAILABLE'))).toBe('transient');
    expect(classifyFailure(new AppError('TIMEOUT'))).toBe('transient');
    expect(classifyFailure(new AppError('VALIDATION_FAILED'))).toBe('permanent');
  });

  it('when the failure is of no known kind, then it is unknown', () => {
    expect(classifyFailure(new TypeError('x'))).toBe('unknown');
    expect(classifyFailure(new Error('something else'))).toBe('unknown');
    expect(classifyFailure({ code: 'XX000' })).toBe('unknown'); // internal error: not the data's class nor the world's
    expect(classifyFailure({ code: 'NOT_A_KNOWN_CODE' })).toBe('unknown');
    expect(classifyFailure('a string')).toBe('unknown');
    expect(classifyFailure(undefined)).toBe('unknown');
    expect(classifyFailure(null)).toBe('unknown');
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
