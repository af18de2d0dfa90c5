import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { goCommand, run, tail } from '../../scripts/infra/common';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { startTestStack, type TestStack } from '../harness/stack';

const goClientDir = join(__dirname, '..', '..', 'clients', 'go');

/**
 * The Go client (clients/go) against the real services, as an integrator's Go program uses it:
 * clients/go/e2e/stack_test.go signs a SYSTEM client in with its client credentials, registers a
 * user, rewards them (and replays the reward by its key), purchases as the user (and is refused a
 * purchase past the balance with a *Problem), reads the history, walks the transactions a page at
 * a time through the iterator (two pages), and verifies the reward's webhook delivery with the
 * official Standard Webhooks Go library. This file gives it a stack, a funded REWARDS treasury and
 * a platform client, in its environment.
 */
describe('the Go client against the stack (clients/go/e2e)', () => {
  let stack: TestStack;
  let env: Record<string, string>;

  beforeAll(async () => {
    stack = await startTestStack();
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 100);
    const run = randomUUID().slice(0, 8);
    const { clientId, clientSecret } = await createPlatformClientWithCli(stack, `go-client-${run}`, { treasuries: ['REWARDS'] });
    env = { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: clientId, COIN_CLIENT_SECRET: clientSecret, COIN_RUN: run };
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a Go program rewards, purchases, reads and pages, then every step answers as documented and the webhook verifies', async () => {
    const result = await run(goCommand("the Go client's test"), ['test', '-count=1', '-v', '-run', '^TestAgainstTheStack$', './e2e'], {
      cwd: goClientDir,
      env: { ...process.env, ...env, GOTOOLCHAIN: 'local', GOFLAGS: '' },
    });
    const output = result.stdout + result.stderr;
    // A pass, not a skip: the program ran against this stack.
    if (result.code !== 0 || !/^--- PASS: TestAgainstTheStack /m.test(output)) {
      throw new Error(`go test of clients/go/e2e failed (${result.code}):\n${tail(output, 60)}`);
    }
    expect(output).toMatch(/reward \d+, purchase \d+, 2 pages, delivery \S+ verified/);
  }, 600_000);
});
