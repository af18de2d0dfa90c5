import type { Hit } from './evaluate';
import { boundedFreeze } from './freeze-bound';

const hit = (ruleId: string, score: number, subject = 'user:42', mode: Hit['mode'] = 'ACTIVE'): Hit => ({
  ruleId,
  kind: 'velocity',
  mode,
  score,
  subject,
  detail: 'test',
});
const bound = { perHourMax: 2, freezeAt: 90 };
const none = new Set<string>();

describe('automatic freezes bounded per rule and hour', () => {
  it('when every rule is within its bound, then the freeze counts against each ACTIVE rule that hit', () => {
    const decision = boundedFreeze(
      [hit('catch-all', 100), hit('fan-out', 50), hit('trial', 50, 'user:42', 'TEST')],
      'user:42',
      new Map([['catch-all', 1]]),
      none,
      bound,
    );
    expect(decision).toEqual({ freezes: true, rules: ['catch-all', 'fan-out'], pause: [] });
  });

  it('when the rule that freezes alone is at its bound, then it pauses and the others, below the freeze score, freeze nothing', () => {
    const decision = boundedFreeze([hit('catch-all', 100), hit('fan-out', 50)], 'user:42', new Map([['catch-all', 2]]), none, bound);
    expect(decision).toEqual({ freezes: false, rules: [], pause: ['catch-all'] });
  });

  it('when a rule at its bound took part but the others still reach the freeze score about the subject, then it pauses and they freeze', () => {
    const decision = boundedFreeze(
      [hit('circular', 70), hit('fan-out', 50), hit('loose', 40)],
      'user:42',
      new Map([['loose', 5]]),
      none,
      bound,
    );
    expect(decision).toEqual({ freezes: true, rules: ['circular', 'fan-out'], pause: ['loose'] });
  });

  it('when a rule paused earlier in the batch hits again, then it is left out and not paused twice', () => {
    const decision = boundedFreeze([hit('catch-all', 100)], 'user:42', new Map(), new Set(['catch-all']), bound);
    expect(decision).toEqual({ freezes: false, rules: [], pause: [] });
  });

  it('when the rules left would make the case about someone else, then the subject is not frozen', () => {
    const decision = boundedFreeze(
      [hit('catch-all', 100), hit('fan-in', 95, 'user:7')],
      'user:42',
      new Map([['catch-all', 2]]),
      none,
      bound,
    );
    expect(decision).toEqual({ freezes: false, rules: [], pause: ['catch-all'] });
  });
});
