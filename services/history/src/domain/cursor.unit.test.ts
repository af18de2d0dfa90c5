import { decodeCursor, decodeStatementCursor, encodeCursor, encodeStatementCursor } from './cursor';

const cursorOf = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

describe('the history cursor', () => {
  it('when a cursor this API wrote comes back, then it decodes to the same position', () => {
    const position = { createdAt: '2026-11-23T04:01:34.573123Z', transactionId: 42 };
    expect(decodeCursor('user-transactions', encodeCursor('user-transactions', position))).toEqual(position);
  });

  it.each([
    ['the year 0000 (PostgreSQL: out of range)', '0000-01-01T00:00:00.000000Z'],
    ['an offset of +23:59 (PostgreSQL: displacement out of range)', '2024-01-01T00:00:00.000000+23:59'],
    ['an offset of -16:00', '2024-01-01T00:00:00.000000-16:00'],
    ['an offset at all (the API writes UTC)', '2024-01-01T00:00:00.000000+01:00'],
    ['no fraction (the API writes microseconds)', '2024-01-01T00:00:00Z'],
    ['nanoseconds', '2024-01-01T00:00:00.000000001Z'],
    ['the 30th of February', '2024-02-30T00:00:00.000000Z'],
  ])('when a cursor decodes to a time with %s, then it is refused as a 400 before any query', (_name, t) => {
    expect(() => decodeCursor('transactions', cursorOf({ v: 2, k: 'transactions', t, i: 1 }))).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });

  it.each([
    ['an id past 2^53−1', Number.MAX_SAFE_INTEGER + 2],
    ['a negative id', -1],
    ['a zero id', 0],
    ['a fractional id', 1.5],
  ])('when a cursor decodes to %s, then it is refused', (_name, i) => {
    expect(() => decodeCursor('transactions', cursorOf({ v: 2, k: 'transactions', t: '2024-01-01T00:00:00.000000Z', i }))).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });

  it('when a cursor of another list is given, then it is a 400 CURSOR_MISMATCH, told apart from a malformed one', () => {
    const position = { createdAt: '2026-11-23T04:01:34.573123Z', transactionId: 42 };
    const scope = { kind: 'user', id: '7', from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    const mine = encodeCursor('user-transactions', position);
    const statement = encodeStatementCursor(scope, position);
    expect(() => decodeCursor('transactions', mine)).toThrow(expect.objectContaining({ code: 'CURSOR_MISMATCH' }));
    expect(() => decodeStatementCursor(scope, mine)).toThrow(expect.objectContaining({ code: 'CURSOR_MISMATCH' }));
    expect(() => decodeCursor('user-transactions', statement)).toThrow(expect.objectContaining({ code: 'CURSOR_MISMATCH' }));
    expect(decodeStatementCursor(scope, statement)).toEqual(position);
  });

  it("when a statement's cursor is given to another wallet's or period's statement, then 400 CURSOR_MISMATCH", () => {
    const position = { createdAt: '2026-11-23T04:01:34.573123Z', transactionId: 42 };
    const scope = { kind: 'user', id: '7', from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    const cursor = encodeStatementCursor(scope, position);
    for (const other of [
      { ...scope, id: '8' },
      { ...scope, kind: 'treasury' },
      { ...scope, from: '2026-10-01T00:00:00.000Z' },
      { ...scope, to: '2026-11-30T00:00:00.000Z' },
    ]) {
      expect(() => decodeStatementCursor(other, cursor)).toThrow(expect.objectContaining({ code: 'CURSOR_MISMATCH' }));
    }
  });
});
