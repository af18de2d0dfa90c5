import fc from 'fast-check';
import { clawbackOf, commissionFits, commissionOf } from './commission';

describe('commissionOf', () => {
  it('takes a share in basis points, rounded down, or the fixed amount', () => {
    expect(commissionOf({ kind: 'bps', bps: 1000 }, 10_000)).toBe(1_000);
    expect(commissionOf({ kind: 'bps', bps: 1000 }, 10_009)).toBe(1_000);
    expect(commissionOf({ kind: 'bps', bps: 250 }, 399)).toBe(9);
    expect(commissionOf({ kind: 'fixed', amount: 150 }, 10_000)).toBe(150);
  });

  it('rounds a tiny purchase to 0, which does not fit', () => {
    expect(commissionOf({ kind: 'bps', bps: 100 }, 99)).toBe(0);
    expect(commissionFits(0, 99)).toBe(false);
  });

  it('refuses a commission that would take the whole purchase or more', () => {
    expect(commissionFits(commissionOf({ kind: 'fixed', amount: 500 }, 500), 500)).toBe(false);
    expect(commissionFits(commissionOf({ kind: 'fixed', amount: 500 }, 400), 400)).toBe(false);
    expect(commissionFits(499, 500)).toBe(true);
  });

  it('never takes more than half a purchase at the largest share, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (amount) => {
        const c = commissionOf({ kind: 'bps', bps: 5000 }, amount);
        return c >= 0 && c * 2 <= amount && Number.isSafeInteger(c);
      }),
    );
  });
});

describe('clawbackOf (a refund reverses the split in proportion)', () => {
  it('claws back the commission in proportion to the refund of the treasury part', () => {
    // A purchase of 100.00 with 10%: the treasury got 90.00, the affiliate 10.00.
    expect(clawbackOf({ treasuryPart: 9_000, commission: 1_000, refundedBefore: 0, refund: 9_000 })).toBe(1_000);
    expect(clawbackOf({ treasuryPart: 9_000, commission: 1_000, refundedBefore: 0, refund: 4_500 })).toBe(500);
  });

  it('rounds each partial refund down and still claws back the exact commission over a full refund', () => {
    // 3 refunds of 1 minor unit of a 3-unit treasury part with a 1-unit commission: 0, 0, 1.
    const parts = [0, 1, 2].map((before) => clawbackOf({ treasuryPart: 3, commission: 1, refundedBefore: before, refund: 1 }));
    expect(parts).toEqual([0, 0, 1]);
  });

  it('sums to the commission over any sequence of partial refunds, each part within its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100_000_000_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 20 }),
        (amount, bps, weights) => {
          const commission = Math.max(1, Math.floor((amount * bps) / 10_000));
          fc.pre(commission < amount);
          const treasuryPart = amount - commission;
          const total = weights.reduce((a, b) => a + b, 0);
          let refunded = 0;
          let clawed = 0;
          weights.forEach((w, i) => {
            const refund = i === weights.length - 1 ? treasuryPart - refunded : Math.floor((treasuryPart * w) / total);
            if (refund <= 0) return;
            const part = clawbackOf({ treasuryPart, commission, refundedBefore: refunded, refund });
            // Within its share: never more than the refund's exact proportion, rounded up.
            expect(part).toBeLessThanOrEqual(Math.ceil((refund * commission) / treasuryPart) + 1);
            expect(part).toBeGreaterThanOrEqual(0);
            refunded += refund;
            clawed += part;
          });
          expect(refunded).toBe(treasuryPart);
          expect(clawed).toBe(commission);
        },
      ),
    );
  });

  it('is exact where a float would not be (refund × commission above 2^53)', () => {
    const treasuryPart = 99_999_999_999;
    const commission = 50_000_000_000;
    expect(clawbackOf({ treasuryPart, commission, refundedBefore: 0, refund: treasuryPart })).toBe(commission);
    expect(clawbackOf({ treasuryPart, commission, refundedBefore: 0, refund: 33_333_333_333 })).toBe(16_666_666_666);
  });
});
