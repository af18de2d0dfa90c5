import fc from 'fast-check';
import { amountCoinsMax, coinAmount, coinsToMinorUnits, minorUnitsToCoins, xafValueOf } from './money';

describe('coin amounts (docs/CONTRACT.md "Amounts")', () => {
  it.each([
    [12.5, 1250],
    [0.01, 1],
    [1, 100],
    [999.99, 99999],
    [1_000_000_000, 100_000_000_000],
  ])('when %p coins are given, then they are %p minor units', (coins, minor) => {
    expect(coinsToMinorUnits(coins)).toBe(minor);
  });

  it.each([
    ['zero', 0],
    ['negative zero', -0],
    ['negative', -5],
    ['three decimals', 0.001],
    ['three decimals above one', 12.345],
    ['above the maximum', 1_000_000_000.01],
    ['infinity (1e400 in JSON)', Number.POSITIVE_INFINITY],
    ['NaN', Number.NaN],
    ['tiny exponent form', 1e-7],
    ['string', '10'],
    ['null', null],
  ])('when the amount is %s, then it is rejected', (_label, value) => {
    expect(coinsToMinorUnits(value)).toBeNull();
    expect(coinAmount.safeParse(value).success).toBe(false);
  });

  it('when any valid minor-unit count is shown as coins and read back, then it is unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: amountCoinsMax * 100 }), (minor) => {
        expect(coinsToMinorUnits(minorUnitsToCoins(minor))).toBe(minor);
      }),
    );
  });

  it('when the XAF value lands on a half, then it rounds half to even', () => {
    expect(xafValueOf(150, 1)).toBe(2); // 1.5 -> 2
    expect(xafValueOf(250, 1)).toBe(2); // 2.5 -> 2
    expect(xafValueOf(1250, 655.957)).toBe(Math.round(12.5 * 655.957));
  });
});
