import { caseClosureNeedsSecond, diffSummary, freezePowerGains, isSelfDealing, ruleDiff, ruleLoosenings } from './four-eyes';
import { presetRules, type Rule } from './rules';

const preset = (id: string): Rule => presetRules.find((r) => r.id === id)!;

describe('which rule changes take two people', () => {
  it.each([
    ['disabling a rule', { mode: 'DISABLED' }],
    ['moving it from ACTIVE to TEST', { mode: 'TEST' }],
    ['lowering its score', { score: 10 }],
    ['raising a threshold', { minRecipients: 50 }],
    ['raising a minimum amount', { minAmountMinor: 1_000_000 }],
    ['shortening its window', { windowMs: 60_000 }],
  ] as const)('%s loosens it', (_, change) => {
    const before = preset('fan-out');
    expect(ruleLoosenings(before, { ...before, ...change } as Rule)).not.toEqual([]);
  });

  it.each([
    ['enabling a disabled rule', { mode: 'DISABLED' }, { mode: 'ACTIVE' }],
    ['raising its score', {}, { score: 90 }],
    ['lowering a threshold', {}, { minRecipients: 5 }],
    ['lengthening its window', {}, { windowMs: 7_200_000 }],
  ] as const)('%s only tightens it: one ADMIN', (_, base, change) => {
    const before = { ...preset('fan-out'), ...base } as Rule;
    expect(ruleLoosenings(before, { ...before, ...change } as Rule)).toEqual([]);
  });

  it('a velocity limit dropped (a number to null) loosens; one added (null to a number) tightens', () => {
    const client = preset('velocity-client');
    expect(ruleLoosenings(client, { ...client, maxCount: null, maxSumMinor: 5 } as Rule).map((c) => c.field)).toEqual(['maxCount']);
    expect(ruleLoosenings(client, { ...client, maxSumMinor: 1_000 } as Rule)).toEqual([]);
  });

  it('a change this cannot rank (a structuring threshold moved, a velocity scope) counts as loosening', () => {
    const structuring = preset('structuring');
    expect(ruleLoosenings(structuring, { ...structuring, thresholdMinor: 900_000 } as Rule)).not.toEqual([]);
    const velocity = preset('velocity-wallet-out');
    expect(ruleLoosenings(velocity, { ...velocity, scope: 'wallet-in' } as Rule)).not.toEqual([]);
  });

  it('a new rule only adds scrutiny: one ADMIN', () => {
    expect(ruleLoosenings(undefined, { ...preset('fan-out'), id: 'fan-out-strict' })).toEqual([]);
  });

  it('the audited diff names each field moved, before and after', () => {
    const before = preset('circular');
    expect(diffSummary(ruleDiff(before, { ...before, mode: 'DISABLED', score: 60 }))).toEqual([
      'mode: "ACTIVE" -> "DISABLED"',
      'score: 70 -> 60',
    ]);
  });

  it('closing a case that asked for a freeze, or calling one of score 60 or more a false positive, takes a second ADMIN+; any other closing one', () => {
    const frozen = { freezeRequestedAt: new Date(), score: 100 };
    expect(caseClosureNeedsSecond(frozen, 'CONFIRMED', 60)).toMatch(/froze a wallet/);
    expect(caseClosureNeedsSecond({ freezeRequestedAt: null, score: 60 }, 'FALSE_POSITIVE', 60)).toMatch(/scored 60/);
    expect(caseClosureNeedsSecond({ freezeRequestedAt: null, score: 70 }, 'CONFIRMED', 60)).toBeNull();
    expect(caseClosureNeedsSecond({ freezeRequestedAt: null, score: 59 }, 'FALSE_POSITIVE', 60)).toBeNull();
    expect(caseClosureNeedsSecond({ freezeRequestedAt: null, score: 100 }, 'FALSE_POSITIVE', 101)).toBeNull();
  });
});

describe('which rule changes give a rule more power to freeze (two people)', () => {
  const freezeAt = 90;
  const catchAll = {
    id: 'catch-all',
    kind: 'velocity',
    mode: 'ACTIVE',
    score: 100,
    windowMs: 3_600_000,
    scope: 'wallet-out',
    maxCount: 0,
    maxSumMinor: null,
  } as Rule;

  it.each([
    ['a new ACTIVE rule, whatever its score', undefined, catchAll],
    ['a new ACTIVE rule of a low score', undefined, { ...catchAll, score: 10 }],
    ['a TEST rule made ACTIVE', { ...catchAll, mode: 'TEST' }, catchAll],
    ['a DISABLED preset made ACTIVE', { ...preset('circular'), mode: 'DISABLED' }, preset('circular')],
    ['a raised score', preset('fan-out'), { ...preset('fan-out'), score: 60 }],
    ['a lower threshold of a rule that freezes alone', { ...catchAll, maxCount: 5 }, catchAll],
  ] as const)('%s: a second ADMIN+', (_, before, after) => {
    expect(freezePowerGains(before as Rule | undefined, after as Rule, freezeAt)).not.toEqual([]);
  });

  it.each([
    ['a new TEST rule', undefined, { ...catchAll, mode: 'TEST' }],
    ['a TEST rule tuned', { ...catchAll, mode: 'TEST' }, { ...catchAll, mode: 'TEST', maxCount: 1 }],
    ['a lower threshold of an ACTIVE rule below the freeze score', preset('fan-out'), { ...preset('fan-out'), minRecipients: 5 }],
    ['a longer window of an ACTIVE rule below the freeze score', preset('fan-out'), { ...preset('fan-out'), windowMs: 7_200_000 }],
    ['an ACTIVE rule that freezes alone, sent unchanged', catchAll, catchAll],
    ['a rule disabled (a loosening, judged as one)', preset('circular'), { ...preset('circular'), mode: 'DISABLED' }],
  ] as const)('%s: none', (_, before, after) => {
    expect(freezePowerGains(before as Rule | undefined, after as Rule, freezeAt)).toEqual([]);
  });

  it('when the freeze score is never reached (101), then a raised score still counts: it weighs more with the other rules', () => {
    expect(freezePowerGains(preset('fan-out'), { ...preset('fan-out'), score: 100 }, 101)).toEqual([
      'its score rises (50 -> 100) toward the freeze score 101',
    ]);
  });
});

describe('who may decide a case', () => {
  it('when the ADMIN is its subject or a party to one of its transactions, then it is self-dealing; anyone else, not', () => {
    expect(isSelfDealing('7', 'user:7', [])).toBe(true);
    expect(isSelfDealing('7', 'user:42', ['user:42', 'user:7'])).toBe(true);
    expect(isSelfDealing('7', 'user:42', ['user:42', 'user:70', 'treasury:REWARDS', null])).toBe(false);
    expect(isSelfDealing('7', 'client:shop-7', ['user:17'])).toBe(false);
  });
});
