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
    // 64,000 numbers (half a MiB), so the whole is measured against its pieces and not against the
    // memory beyond the caches: at 400,000 (3 MiB) a reduce read 1.4 alone and 4.08 in the gate
    // beside the other worker; at 64,000, 0.92-0.99 alone and 0.88-1.78 beside two CPU burners.
    expect(wholeOverPieces(array, linear, { length: 64_000, pieces: 32 })).toBeLessThan(4);
  });

  it('when the work is quadratic, then one whole costs many times its pieces', () => {
    expect(wholeOverPieces(array, quadratic, { length: 8_000, pieces: 32 })).toBeGreaterThan(8);
  });
});
