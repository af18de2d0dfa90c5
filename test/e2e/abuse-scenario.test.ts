import { startTestStack, type TestStack } from '../harness/stack';
import { runAbuseScenario, scenarioStackEnv, typologies } from '../scenario/abuse';

/** `npm run scenario:abuse` as a test: each typology through the gateway caught by its rule, ordinary traffic opening no case. */
describe('the abuse scenario (gateway, ledger, monitoring service)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ extraEnv: scenarioStackEnv });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('ordinary traffic opens no case, and each typology opens a case with its rule', async () => {
    const report = await runAbuseScenario(stack);
    expect(report.normalCases).toBe(0);
    expect(report.caught.map((c) => ({ typology: c.typology, ok: c.ok, rules: c.rules }))).toEqual(
      typologies.map((t) => ({ typology: t.name, ok: true, rules: expect.arrayContaining([t.expects]) })),
    );
  }, 240_000);
});
