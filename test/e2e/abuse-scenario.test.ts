import { presetRules } from '@coin/monitoring';
import { startTestStack, type TestStack } from '../harness/stack';
import { runAbuseScenario, scenarioStackEnv, scenarioTuning, typologies } from '../scenario/abuse';

/**
 * `npm run scenario:abuse` as a test: with the time-based presets tuned to seconds (and the TEST
 * preset's volume to the scenario's) through the operator's API, ordinary traffic opens no case, each
 * typology through the gateway is caught by its rule while ordinary transfers go on beside it (none
 * of their wallets becomes a case's subject), and the presets are put back.
 */
describe('the abuse scenario (gateway, ledger, monitoring service)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ extraEnv: scenarioStackEnv });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('every preset has its typology in the scenario: none is left to unit tests alone', () => {
    // An ACTIVE preset must open its case; a TEST one (scoring nothing, opening no case) is seen on a case's transactions.
    const active = presetRules.filter((rule) => rule.mode === 'ACTIVE').map((rule) => rule.id);
    const trial = presetRules.filter((rule) => rule.mode === 'TEST').map((rule) => rule.id);
    expect(typologies.map((t) => t.expects).sort()).toEqual([...active].sort());
    expect(typologies.flatMap((t) => (t.records ? [t.records] : [])).sort()).toEqual([...trial].sort());
    expect([...active, ...trial].sort()).toEqual(presetRules.map((rule) => rule.id).sort());
  });

  it('ordinary traffic opens no case under the tuned presets, each typology among it opens a case with its rule, no ordinary wallet is a case subject, and the presets are put back', async () => {
    const report = await runAbuseScenario(stack);
    expect(report.tuned).toEqual([
      `dormant-outflow: dormantMs 7776000000 → ${scenarioTuning['dormant-outflow'].dormantMs}`,
      'client-rewards-baseline: windowMs 3600000 → 3000, baselineWindows 24 → 3, minWindows 6 → 3',
      'velocity-client: maxCount 50000 → 5',
    ]);
    expect(report.normalCases).toBe(0);
    // Ordinary transfers went on beside the typologies, and none of their wallets became a case's subject.
    expect(report.ordinaryTransfers).toBeGreaterThan(150);
    expect(report.ordinarySubjects).toEqual([]);
    expect(report.caught.map((c) => ({ expects: c.expects, ok: c.ok, rules: c.rules }))).toEqual(
      typologies.flatMap((t) => [
        { expects: t.expects, ok: true, rules: expect.arrayContaining([t.expects]) },
        ...(t.records ? [{ expects: t.records, ok: true, rules: [expect.stringMatching(new RegExp(`^${t.records} \\(TEST,`))] }] : []),
      ]),
    );
    expect(report.restored).toBe(true);
  }, 420_000);
});
