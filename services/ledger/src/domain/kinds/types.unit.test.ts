import { integerOf } from './types';

describe('integerOf: a whole number of a loaded row', () => {
  it('when a row holds a JSON number or the decimal text of a BIGINT, then it reads as that integer', () => {
    expect(integerOf(42, 'balance')).toBe(42);
    expect(integerOf(-7, 'amount')).toBe(-7);
    expect(integerOf('9007199254740991', 'balance')).toBe(Number.MAX_SAFE_INTEGER);
    expect(integerOf('-120', 'amount')).toBe(-120);
  });

  it('when a value is null, empty, boolean, fractional, not decimal or beyond the safe range, then it is refused, never read as 0 or 1', () => {
    for (const value of [
      null,
      undefined,
      '',
      ' ',
      true,
      false,
      1.5,
      '1.5',
      '1e3',
      '0x10',
      ' 12',
      'NaN',
      Number.NaN,
      '9007199254740993',
      2 ** 53,
      {},
      [],
    ])
      expect(() => integerOf(value, 'balance')).toThrow(/^balance .* is not an integer within the safe range$/);
  });
});
