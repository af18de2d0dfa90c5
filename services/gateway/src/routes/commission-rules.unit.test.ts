import { commissionRuleBody, purchaseBody, referralClaimsOf, type PlatformClient } from '@coin/contracts';
import { commissionGrantRefusal } from './commission-rules';

const client = (fields: Partial<PlatformClient> = {}): PlatformClient => ({
  id: 'pc_shop',
  name: 'Shop',
  createdAt: '2030-01-01T00:00:00.000Z',
  revokedAt: null,
  treasuries: ['COURSE_FEES'],
  dailyRewardCap: null,
  cashout: false,
  ...fields,
});

describe('a commission rule is set only for a live client granted the treasury', () => {
  it('when the client is granted the treasury, then nothing refuses it', () => {
    expect(commissionGrantRefusal([client()], 'pc_shop', 'COURSE_FEES')).toBeNull();
  });

  it('when the client names a treasury it has no grant for, then 422 TREASURY_NOT_GRANTED', () => {
    expect(commissionGrantRefusal([client()], 'pc_shop', 'SUBSCRIPTIONS')).toMatchObject({ code: 'TREASURY_NOT_GRANTED' });
  });

  it('when the client is unknown or revoked, then 404', () => {
    expect(commissionGrantRefusal([client()], 'pc_other', 'COURSE_FEES')).toMatchObject({ code: 'NOT_FOUND' });
    expect(commissionGrantRefusal([client({ revokedAt: '2030-01-02T00:00:00.000Z' })], 'pc_shop', 'COURSE_FEES')).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('the bodies of affiliate splits are bounded at the edge', () => {
  const rule = (r: unknown) => commissionRuleBody.safeParse({ treasury: 'COURSE_FEES', clientId: 'pc_shop', rule: r }).success;

  it('when a rule is out of bounds, then 400: basis points 1–5000, a fixed amount of at most 10,000 coins, one kind only', () => {
    expect([rule({ bps: 1 }), rule({ bps: 5000 }), rule({ amount: 10_000 }), rule({ amount: 0.01 }), rule(null)]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([rule({ bps: 0 }), rule({ bps: 5001 }), rule({ bps: 1.5 }), rule({ amount: 10_000.01 }), rule({ amount: 0 })]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(rule({ bps: 100, amount: 1 })).toBe(false);
  });

  it("when a purchase names its affiliate by anything but a referral (the buyer's word, a treasury) or by no compact JWS, then 400; a JWS whose claims are not a referral's is the route's to refuse (422)", () => {
    const base = { treasury: 'COURSE_FEES', amount: 10, reason: 'course' };
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: 'pc_shop', buyer: 7, affiliate: 8, treasury: 'COURSE_FEES', createdBy: null, approvedBy: null, iat: 1, exp: 2 };
    const referral = (body: object) => `${part({ alg: 'EdDSA', typ: 'coin-referral+jwt' })}.${part(body)}.c2ln`;
    expect(purchaseBody.safeParse({ ...base, affiliate: { referral: referral(claims) } }).success).toBe(true);
    expect(purchaseBody.safeParse({ ...base, affiliate: { userId: 8, clientId: 'pc_shop' } }).success).toBe(false);
    expect(purchaseBody.safeParse({ ...base, affiliate: { treasury: 'REWARDS', clientId: 'pc_shop' } }).success).toBe(false);
    expect(referralClaimsOf(referral({ ...claims, affiliate: 'REWARDS' }))).toBeNull();
    expect(referralClaimsOf(referral({ ...claims, buyer: undefined }))).toBeNull();
    expect(purchaseBody.safeParse({ ...base, affiliate: { referral: `${referral(claims)}.extra` } }).success).toBe(false);
    expect(purchaseBody.safeParse({ ...base, affiliate: { referral: 'x'.repeat(3000) } }).success).toBe(false);
  });
});
