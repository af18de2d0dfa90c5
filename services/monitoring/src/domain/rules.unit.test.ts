import { monitoringRule, monitoringWindowMs } from '@coin/contracts';
import { presetRules, ruleLimits } from './rules';

describe('the rule limits the API documents', () => {
  it('when the OpenAPI schema states a rule window, then it is the window the service accepts', () => {
    expect(monitoringWindowMs).toEqual({ min: ruleLimits.windowMsMin, max: ruleLimits.windowMsMax });
  });

  it('when a preset is read through the API schema, then it is valid there (no preset is called backtest)', () => {
    for (const rule of presetRules) expect({ id: rule.id, ok: monitoringRule.safeParse(rule).success }).toEqual({ id: rule.id, ok: true });
    expect(monitoringRule.safeParse({ ...presetRules[0], id: 'backtest' }).success).toBe(false);
  });
});
