import fc from 'fast-check';
import type { Actor } from './common';
import {
  eligibleSinceFor,
  roleSinceClaimOf,
  roleSinceOfClaim,
  secondFactorFresh,
  secondPersonChecks,
  secondPersonRefusal,
  type SecondPersonCase,
} from './second-person';

const asker: Actor = { kind: 'user', id: '7', role: 'ADMIN' };
const second: Actor = { kind: 'user', id: '9', role: 'ADMIN' };
const requestedAt = new Date('2026-03-01T10:00:00Z');
const now = new Date('2026-03-01T11:00:00Z');
const minutes = (n: number) => n * 60_000;

/** A decision that passes every part: each test breaks one. */
const fine: SecondPersonCase = {
  decider: second,
  now,
  requester: asker,
  expiresAt: new Date(now.getTime() + minutes(60)),
  paid: [42],
  peopleBehind: [3, 4],
  eligibleSince: new Date(requestedAt.getTime() - minutes(1)),
  requestedAt,
  secondFactorAt: new Date(now.getTime() - minutes(1)),
  secondFactorMaxAgeMs: minutes(5),
};

describe('the second person of a four-eyes act', () => {
  it('when another eligible person, paid by nothing, decides a live request with a fresh second factor, then nothing refuses it', () => {
    expect(secondPersonRefusal(fine)).toBeNull();
  });

  it('when the requester decides, then APPROVAL_BY_REQUESTER', () => {
    expect(secondPersonRefusal({ ...fine, decider: asker })).toMatchObject({ check: 'requester', code: 'APPROVAL_BY_REQUESTER' });
  });

  it('when the same id decides as another kind of actor (a client named like the requester), then it is another actor', () => {
    expect(secondPersonRefusal({ ...fine, decider: { kind: 'operator', id: '7' } })).toBeNull();
  });

  it('when the decider is paid by the act, then SELF_DEALING, whether the id is a number or a string', () => {
    expect(secondPersonRefusal({ ...fine, paid: [9] })).toMatchObject({ check: 'self-dealing', code: 'SELF_DEALING' });
    expect(secondPersonRefusal({ ...fine, paid: ['9'] })).toMatchObject({ check: 'self-dealing' });
    expect(secondPersonRefusal({ ...fine, paid: [null, 42] })).toBeNull();
  });

  it('when a person behind the key or client is paid, then SELF_DEALING (people-behind)', () => {
    expect(secondPersonRefusal({ ...fine, paid: [4] })).toMatchObject({ check: 'people-behind', code: 'SELF_DEALING' });
  });

  it('when the decider took the role at or after the request, or holds none, then APPROVER_NOT_ELIGIBLE', () => {
    expect(secondPersonRefusal({ ...fine, eligibleSince: requestedAt })).toMatchObject({
      check: 'not-eligible',
      code: 'APPROVER_NOT_ELIGIBLE',
    });
    expect(secondPersonRefusal({ ...fine, eligibleSince: new Date(requestedAt.getTime() + 1) })).toMatchObject({ check: 'not-eligible' });
    expect(secondPersonRefusal({ ...fine, eligibleSince: null })).toMatchObject({ check: 'not-eligible' });
  });

  it('when the request expired (at its expiry or after), then it is refused before anything else', () => {
    const expired = { ...fine, decider: asker, expiresAt: now };
    expect(secondPersonRefusal(expired)).toMatchObject({ check: 'expired', code: 'APPROVAL_NOT_PENDING' });
  });

  it('when the second factor is older than allowed, or never given, then STEP_UP_REQUIRED', () => {
    expect(secondPersonRefusal({ ...fine, secondFactorAt: new Date(now.getTime() - minutes(5) - 1) })).toMatchObject({
      check: 'stale-second-factor',
      code: 'STEP_UP_REQUIRED',
    });
    expect(secondPersonRefusal({ ...fine, secondFactorAt: null })).toMatchObject({ check: 'stale-second-factor' });
    expect(secondFactorFresh(new Date(now.getTime() - minutes(5)), now, minutes(5))).toBe(true);
  });

  it('when an act names its own code and words for a part, then that part answers with them and the others keep the rule’s', () => {
    const wording = { requester: { code: 'UNFREEZE_BY_REQUESTER' as const, detail: 'Another ADMIN+ must' } };
    expect(secondPersonRefusal({ ...fine, decider: asker }, wording)).toEqual({
      check: 'requester',
      code: 'UNFREEZE_BY_REQUESTER',
      detail: 'Another ADMIN+ must',
    });
    expect(secondPersonRefusal({ ...fine, paid: [9] }, wording)).toMatchObject({ code: 'SELF_DEALING' });
  });

  it('when a fact other than the requester is not given, then its part is not judged; the requester is always', () => {
    expect(secondPersonRefusal({ decider: second, requester: asker, now })).toBeNull();
    expect(secondPersonRefusal({ decider: second, requester: asker, now, paid: [9] })).toMatchObject({ check: 'self-dealing' });
    expect(secondPersonRefusal({ decider: asker, requester: asker, now })).toMatchObject({ check: 'requester' });
  });

  it('when several parts break at once, then the first in the rule’s order answers, whatever the case', () => {
    const breakers: Record<(typeof secondPersonChecks)[number], Partial<SecondPersonCase>> = {
      expired: { expiresAt: now },
      requester: { requester: second },
      'self-dealing': { paid: [9] },
      'people-behind': { peopleBehind: [42] },
      'not-eligible': { eligibleSince: null },
      'stale-second-factor': { secondFactorAt: null },
    };
    fc.assert(
      fc.property(fc.subarray([...secondPersonChecks], { minLength: 1 }), (broken) => {
        const c: SecondPersonCase = Object.assign({}, fine, ...broken.map((check) => breakers[check]));
        const first = secondPersonChecks.find((check) => broken.includes(check));
        expect(secondPersonRefusal(c)?.check).toBe(first);
      }),
    );
  });
});

describe('who may decide, from an act row', () => {
  const before = new Date(requestedAt.getTime() - minutes(1));

  it.each([
    ['ADMIN+', 'ADMIN', before],
    ['ADMIN+', 'SUPERADMIN', before],
    ['SUPERADMIN', 'SUPERADMIN', before],
  ] as const)(
    'when a row of deciders %s meets a %s since before the request, then they are eligible since then',
    (deciders, role, since) => {
      expect(eligibleSinceFor(deciders, { role, since })).toEqual(since);
      expect(secondPersonRefusal({ ...fine, eligibleSince: eligibleSinceFor(deciders, { role, since }) })).toBeNull();
    },
  );

  it.each([
    ['a role the row does not name', 'SUPERADMIN', { role: 'ADMIN', since: before }],
    ['a role the row does not name', 'ADMIN+', { role: 'DEVELOPER', since: before }],
    ['a role start not known', 'ADMIN+', { role: 'ADMIN', since: null }],
    ['promoted at the request', 'ADMIN+', { role: 'ADMIN', since: requestedAt }],
    ['promoted after the request', 'SUPERADMIN', { role: 'SUPERADMIN', since: new Date(requestedAt.getTime() + 1) }],
  ] as const)('when the decider has %s (%s), then the rule refuses them not-eligible', (_why, deciders, held) => {
    expect(secondPersonRefusal({ ...fine, eligibleSince: eligibleSinceFor(deciders, held) })).toMatchObject({
      check: 'not-eligible',
      code: 'APPROVER_NOT_ELIGIBLE',
    });
  });

  it('when a role start is signed as a claim and read back, then it is the same millisecond; a claim that is no positive number is none', () => {
    const since = new Date('2026-02-28T09:15:42.123Z');
    expect(roleSinceOfClaim(roleSinceClaimOf(since))).toEqual(since);
    for (const claim of [undefined, null, 0, -1, '1700000000', Number.NaN, Number.POSITIVE_INFINITY])
      expect(roleSinceOfClaim(claim)).toBeNull();
  });
});
