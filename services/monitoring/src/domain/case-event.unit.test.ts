import { monitoringCaseOpened } from '@coin/events';
import { caseAudience, caseClientsMax, caseOpenedEvent } from './case-event';

describe('who hears of a case', () => {
  it('a case about a person: the client of the opening transaction and the clients named on the wallet, sorted, once each', () => {
    expect(caseAudience('user:42', null, ['pc_shop', 'pc_quiz', 'pc_shop'])).toEqual(['pc_quiz', 'pc_shop']);
    expect(caseAudience('user:42', 'pc_zeta', ['pc_shop'])).toEqual(['pc_shop', 'pc_zeta']);
    expect(caseAudience('user:42', null, [])).toEqual([]);
  });

  it('a case about a treasury: only the client of the opening transaction; the clients granted the treasury are no link', () => {
    expect(caseAudience('treasury:REWARDS', null, ['pc_shop', 'pc_quiz'])).toEqual([]);
    expect(caseAudience('treasury:REWARDS', 'pc_quiz', ['pc_shop'])).toEqual(['pc_quiz']);
  });

  it('a case about a client: that client (and the opening transaction names it too)', () => {
    expect(caseAudience('client:pc_shop', 'pc_shop', ['pc_other'])).toEqual(['pc_shop']);
    expect(caseAudience('client:pc_shop', null, [])).toEqual(['pc_shop']);
  });

  it('at most the limit, the opening client always among them, and the event it makes is inside its contract', () => {
    const many = Array.from({ length: 80 }, (_, i) => `pc_${String(i).padStart(2, '0')}`);
    const audience = caseAudience('user:42', 'pc_zz', many);
    expect(audience).toHaveLength(caseClientsMax);
    expect(audience).toContain('pc_zz');
    const event = caseOpenedEvent(
      { id: '0c9f4e2a-7b1d-4c3e-9f5a-2b6d8e0a1c3f', subject: 'user:42', score: 70, rules: ['circular'], openedAt: new Date(0) },
      7,
      audience,
    );
    expect(monitoringCaseOpened.safeParse(event).success).toBe(true);
    expect(monitoringCaseOpened.safeParse({ ...event, clients: [...audience, 'pc_extra'] }).success).toBe(false);
  });
});
