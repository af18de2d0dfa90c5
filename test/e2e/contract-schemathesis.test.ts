import { createContractIdentities } from '../../scripts/contract/identities';
import { runSchemathesis } from '../../scripts/contract/schemathesis';
import { ensureSchemathesis } from '../../scripts/contract/schemathesis-venv';
import { operatorSuperadmin } from '../../scripts/stack/bootstrap-admin';
import { scaledBound } from '../harness/machine-speed';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * Bounded to 100 s of requests: the run is CPU-bound, so what it covers is what 100 s reaches
 * (it starts beside files that mostly wait: test/harness/sequencer.cjs); `npm run fuzz:contract` runs many more.
 */
const maxExamples = Number(process.env.CONTRACT_MAX_EXAMPLES ?? 15);
const maxTimeS = Number(process.env.CONTRACT_MAX_TIME_S ?? 100);
const seed = Number(process.env.CONTRACT_SEED ?? 20_2026);

describe('the OpenAPI contract, checked by Schemathesis against the running gateway', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // The pinned Schemathesis in .tools/schemathesis-venv, installed from PyPI the first time.
    await ensureSchemathesis((line) => process.stderr.write(`[schemathesis] ${line}\n`));
    stack = await startTestStack();
  }, 600_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when every check runs in every phase (examples, coverage, fuzzing, stateful) as a user, a SUPERADMIN and with an API key, then nothing fails', async () => {
    const identities = await createContractIdentities(stack.gatewayUrl, async (email, password) => {
      await operatorSuperadmin({ databaseUrl: stack.databaseUrl, schemaPrefix: stack.prefix, topicPrefix: stack.prefix, email, password });
    });
    // A 503 stays a failure outside the money commands (whose 503 and 504 the configuration allows):
    // every operation documents one, yet a 503 is also what a misconfigured stack answers (a
    // gateway without CASHOUT_CALLBACK_ENCRYPTION_SECRET, found here). On a slower machine a healthy
    // user service answered a login after the gateway's 3 s wait (503): the stack's wait is scaled
    // by the machine's speed (harness/stack.ts), and Schemathesis's own wait with it, so that it
    // stays the longer of the two.
    const requestTimeoutS = scaledBound(10_000) / 1000;
    const result = await runSchemathesis({ gatewayUrl: stack.gatewayUrl, identities, maxExamples, maxTimeS, seed, requestTimeoutS });
    // The summary on success (phases, test cases, warnings); the whole report on failure.
    const summary = result.output.slice(Math.max(0, result.output.indexOf('=== SUMMARY')));
    process.stderr.write(`schemathesis: exit ${result.exitCode} after ${result.seconds} s\n${result.exitCode === 0 ? summary : ''}\n`);
    // The whole report on failure: each failure with its check, the request and a curl line that replays it.
    if (result.exitCode !== 0) process.stderr.write(`${result.command}\n${result.output}\n`);
    expect({ exitCode: result.exitCode, tail: result.exitCode === 0 ? '' : result.output.slice(-4000) }).toEqual({ exitCode: 0, tail: '' });
  }, 400_000);
});
