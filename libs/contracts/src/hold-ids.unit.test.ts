import fc from 'fast-check';
import { holdIdNamingPayer, holdIdParam, payerOfHoldId } from './holds';

const seed = '0123456789abcdef0123456789abcdef';

describe('hold ids naming their payer', () => {
  it('when an id is made for a payer, then it is a UUIDv8 naming that payer, for every user id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.stringMatching(/^[0-9a-f]{32}$/), (payer, random) => {
        const id = holdIdNamingPayer(payer, random);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(payerOfHoldId(id)).toBe(payer);
        expect(payerOfHoldId(id.toUpperCase())).toBe(payer);
        expect(holdIdParam.safeParse({ id }).success).toBe(true);
      }),
    );
  });

  it('when two seeds differ in the 16 digits the id keeps, then the ids differ: the payer alone does not make the id', () => {
    expect(holdIdNamingPayer(7, seed)).not.toBe(holdIdNamingPayer(7, `f${seed.slice(1)}`));
    expect(holdIdNamingPayer(7, seed)).toBe('01234567-89ab-8cde-8f00-000000000007');
  });

  it('when an id names no payer (an earlier UUIDv5 or v4) or a malformed one, then payerOfHoldId is null; a malformed version 8 is refused at the edge', () => {
    expect(payerOfHoldId('6f1c1d5e-4b8a-5c2d-9e3f-0a1b2c3d4e5f')).toBeNull();
    expect(holdIdParam.safeParse({ id: '6f1c1d5e-4b8a-5c2d-9e3f-0a1b2c3d4e5f' }).success).toBe(true);
    // Payer 0, another variant layout, a payer past 2^53 - 1.
    for (const id of [
      '01234567-89ab-8cde-8f00-000000000000',
      '01234567-89ab-8cde-9f00-000000000007',
      '01234567-89ab-8cde-8fff-ffffffffffff',
    ]) {
      expect(payerOfHoldId(id)).toBeNull();
      expect(holdIdParam.safeParse({ id }).success).toBe(false);
    }
    expect(() => holdIdNamingPayer(0, seed)).toThrow(RangeError);
    expect(() => holdIdNamingPayer(1, 'not hex')).toThrow(RangeError);
  });
});
