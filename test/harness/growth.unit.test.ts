import { wholeOverPieces } from './growth';

describe('wholeOverPieces', () => {
  const array = (length: number) => Array.from({ length }, (_, i) => i);
  const linear = (input: number[]) => input.reduce((sum, value) => sum + value, 0);
  const quadratic = (input: number[]) => {
    let pairs = 0;
    for (const a of input) for (const b of input) pairs += a < b ? 1 : 0;
    return pairs;
  };

  it('when the work is linear in its input, then one whole costs about what its pieces cost', () => {
    expect(wholeOverPieces(array, linear, { length: 400_000, pieces: 32 })).toBeLessThan(4);
  });

  it('when the work is quadratic, then one whole costs many times its pieces', () => {
    expect(wholeOverPieces(array, quadratic, { length: 8_000, pieces: 32 })).toBeGreaterThan(8);
  });
});
