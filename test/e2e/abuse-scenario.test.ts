import { presetRules } from '@coin/monitoring';
import { startTestStack, type TestStack } from '../harness/stack';
import { runAbuseScenario, scenarioStackEnv, scenarioTuning, typologies } from '../scenario/abuse';

/**
 * `npm run scenario:abuse` as a test: with the time-based presets tuned to seconds through the
 * operator's API, ordinary traffic opens no case, each typology through the gateway is caught by its
 * rule, and the presets are put back.
 */
describe('the abuse scenario (gateway, ledger, monitoring service)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ extraEnv: scenarioStackEnv });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('every preset that opens cases has its typology in the scenario: none is left to unit tests alone', () => {
    // A TEST preset scores nothing and opens no case by definition (docs/design/monitoring.md "Rules as data").
    const opening = presetRules.filter((rule) => rule.mode === 'ACTIVE').map((rule) => rule.id);
    expect(typologies.map((t) => t.expects).sort()).toEqual([...opening].sort());
    expect(presetRules.filter((rule) => rule.mode !== 'ACTIVE').map((rule) => rule.id)).toEqual(['velocity-client']);
  });

  it('ordinary traffic opens no case under the tuned presets, each typology opens a case with its rule, and the presets are put back', async () => {
    const report = await runAbuseScenario(stack);
    expect(report.tuned).toEqual([
      `dormant-outflow: dormantMs 7776000000 → ${scenarioTuning['dormant-outflow'].dormantMs}`,
      'client-rewards-baseline: windowMs 3600000 → 3000, baselineWindows 24 → 3, minWindows 6 → 3',
    ]);
    expect(report.normalCases).toBe(0);
    expect(report.caught.map((c) => ({ typology: c.typology, ok: c.ok, rules: c.rules }))).toEqual(
      typologies.map((t) => ({ typology: t.name, ok: true, rules: expect.arrayContaining([t.expects]) })),
    );
    expect(report.restored).toBe(true);
  }, 420_000);
});
