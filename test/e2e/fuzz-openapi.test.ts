import { fuzzGateway } from '../../scripts/fuzz/openapi-fuzz';
import { stateSnapshotter, type StateSnapshotter } from '../../scripts/fuzz/state-snapshot';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/** Bounded here; `npm run fuzz -- <count>` runs longer against a process stack. */
const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 300);

describe('API fuzzing from the OpenAPI document (property-based, fast-check)', () => {
  let stack: TestStack;
  let snapshots: StateSnapshotter;
  beforeAll(async () => {
    stack = await startTestStack();
    snapshots = stateSnapshotter(stack.databaseUrl, [`${stack.prefix}users`, `${stack.prefix}ledger`]);
  }, 90_000);
  afterAll(async () => {
    await snapshots?.close();
    await stack?.close();
  });

  it(
    `when ${fuzzRuns} generated valid and invalid requests hit every documented operation, then no 5xx, every error is problem+json and no rejected request changes state`,
    async () => {
      const doc = await http(stack.gatewayUrl, 'GET', '/openapi.json');
      expect(doc.status).toBe(200);
      const { accessToken } = await registerUser(stack.gatewayUrl);
      const stats = await fuzzGateway({ gatewayUrl: stack.gatewayUrl, userToken: accessToken, snapshot: () => snapshots.snapshot() }, doc.body, fuzzRuns);
      expect(stats.requests).toBe(fuzzRuns);
      // Every documented operation was exercised at least once.
      expect(Object.keys(stats.byOperation).length).toBeGreaterThan(0);
    },
    300_000,
  );

  it('when the OpenAPI document has no operations, then the fuzzer refuses to pass vacuously', async () => {
    await expect(fuzzGateway({ gatewayUrl: stack.gatewayUrl, userToken: 'x' }, { paths: {} }, 1)).rejects.toThrow('no operations');
  });
});
