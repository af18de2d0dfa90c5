import { probeLiveness, commandPartitions } from '../../scripts/fuzz/liveness';
import { fuzzGateway } from '../../scripts/fuzz/openapi-fuzz';
import { createFuzzPrincipals, fuzzContextFor, type FuzzPrincipals } from '../../scripts/fuzz/principals';
import { stateSnapshotter, type StateSnapshotter } from '../../scripts/fuzz/state-snapshot';
import { operatorSuperadmin } from '../../scripts/stack/bootstrap-admin';
import { http } from '../harness/http';
import { scaledBound } from '../harness/machine-speed';
import { startTestStack, type TestStack } from '../harness/stack';

/** Bounded here; `npm run fuzz -- <count>` runs longer against a process stack. */
const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 300);
/** A failure's seed (its message prints it) replays the same requests: FUZZ_SEED=<seed>. */
const fuzzSeed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describe('API fuzzing from the OpenAPI document (property-based, fast-check)', () => {
  let stack: TestStack;
  let snapshots: StateSnapshotter;
  let principals: FuzzPrincipals;
  beforeAll(async () => {
    // The run's sessions live through it (up to 400 s): step-up, covered by admin-mfa.test.ts, is
    // not what it tests, so its window is the access tokens' lifetime.
    stack = await startTestStack({ extraEnv: { STEP_UP_MAX_AGE_S: '900' } });
    snapshots = stateSnapshotter(stack.databaseUrl, [`${stack.prefix}users`, `${stack.prefix}ledger`]);
    principals = await createFuzzPrincipals(stack.gatewayUrl, async (email, password) => {
      await operatorSuperadmin({ databaseUrl: stack.databaseUrl, schemaPrefix: stack.prefix, topicPrefix: stack.prefix, email, password });
    });
  }, 90_000);
  afterAll(async () => {
    await snapshots?.close();
    await stack?.close();
  });

  it(`when ${fuzzRuns} generated valid, invalid and hostile requests hit every documented operation as a user, an admin and a superadmin, then no 5xx or timeout, every error is problem+json, no hostile text passes the edge, no rejected request changes state, and afterwards every partition is live`, async () => {
    const doc = await http(stack.gatewayUrl, 'GET', '/openapi.json');
    expect(doc.status).toBe(200);
    const stats = await fuzzGateway(
      fuzzContextFor(stack.gatewayUrl, principals, () => snapshots.snapshot()),
      doc.body,
      fuzzRuns,
      fuzzSeed,
    );
    expect(stats.requests).toBe(fuzzRuns);
    expect(Object.keys(stats.byOperation).length).toBeGreaterThan(0);
    expect(stats.byMode['hostile-text'] ?? 0).toBeGreaterThan(0);
    expect(stats.byAuth.superadmin ?? 0).toBeGreaterThan(0);
    const log = (line: string) => process.stderr.write(`${line}\n`);
    log(`fuzz: ${stats.requests} requests, statuses ${JSON.stringify(stats.byStatus)}, slowest ${stats.slowestMs} ms`);

    // Nothing the run sent may have stopped a partition: every one still moves within 1 s (on the
    // 2-core machine; the machine's own bound here: a stalled partition answers 504 after 5 s, or nothing).
    const liveness = await probeLiveness({
      gatewayUrl: stack.gatewayUrl,
      superadmin: { email: principals.superadmin.email, password: principals.superadmin.password, device: principals.superadmin.device },
      approveGrant: principals.approveGrant,
      partitions: await commandPartitions(stack.kafkaBrokers, stack.prefix),
      withinMs: scaledBound(1000),
      log,
    });
    expect(liveness.failures).toEqual([]);
    expect(liveness.ok).toBe(true);
  }, 400_000);

  it('when the OpenAPI document has no operations, then the fuzzer refuses to pass vacuously', async () => {
    await expect(fuzzGateway({ gatewayUrl: stack.gatewayUrl, userToken: 'x' }, { paths: {} }, 1)).rejects.toThrow('no operations');
  });
});
