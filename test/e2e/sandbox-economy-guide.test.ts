import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, login } from '../harness/http';

const repoRoot = join(__dirname, '..', '..');
const guidePath = join(repoRoot, 'docs', 'guides', 'sandbox-economy.md');

/** Every fenced ```sh block of the guide, in order, as a reader copies them into one shell. */
function shellBlocks(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  if (blocks.length === 0) throw new Error('docs/guides/sandbox-economy.md has no ```sh block');
  return blocks;
}

/**
 * Runs shell text in one `bash -e -o pipefail` with the stack's coordinates, as `npm start` would
 * have left them (what dev-seed reads), and nothing of this process's COIN_* variables.
 */
function runShell(script: string, stack: TestStack): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !name.startsWith('COIN_')) env[name] = value;
  Object.assign(env, {
    GATEWAY_URL: stack.gatewayUrl,
    USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL!,
    DB_SCHEMA_PREFIX: stack.prefix,
    TOPIC_PREFIX: stack.prefix,
    REDIS_URL: stack.redisUrl,
  });
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('docs/guides/sandbox-economy.md, run block by block in one shell against a stack with a sandbox', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      ownStack: 'runs the sandbox guide, whose fixed users and keys no other file may have made first',
      sandbox: true,
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when its blocks run in order, then every step succeeds and prints what the guide says: the split and its refunds, the settled cash-outs, the mandate charged, failed and PAST_DUE with its events; no live wallet moved', async () => {
    const ran = await runShell(shellBlocks(readFileSync(guidePath, 'utf8')).join('\n'), stack);
    if (ran.status !== 0) throw new Error(`the guide failed (exit ${ran.status}):\n${ran.stdout}\n${ran.stderr}`);
    const printed = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(printed).toEqual([
      { ownTestClient: expect.stringMatching(/^test_/), treasuries: ['REWARDS'] },
      { ownFunded: 500 },
      // The own test client's test user: an id in the test users' range, rewarded in the sandbox.
      { ownTestUser: expect.any(Number) },
      { ownRewarded: 25 },
      { ownRevoked: true },
      { testClient: expect.stringMatching(/^test_/) },
      { funded: 1000 },
      { rewarded: 200 },
      { rule: { kind: 'bps', bps: 1000 } },
      { purchase: 45, commission: 5 },
      { refund: 22.5, commissionPart: 2.5 },
      { refund: 22.5, commissionPart: 2.5 },
      { clockAheadSeconds: 60 },
      // Newest first; 650 XAF a coin, the sandbox's rate with none configured.
      { cashout: 10, status: 'FAILED', xafAmount: 6500 },
      { cashout: 20, status: 'CONFIRMED', xafAmount: 13000 },
      { mandate: 'ACTIVE', nextPeriod: 1, failedAttempts: 0 },
      { mandate: 'ACTIVE', nextPeriod: 1, failedAttempts: 1 },
      { mandate: 'PAST_DUE', nextPeriod: 1, failedAttempts: 2 },
      { events: ['coin.mandate.charge-failed', 'coin.mandate.charged', 'coin.mandate.granted', 'coin.mandate.past-due'] },
    ]);
    // Ada and Bob's live wallets never moved: all of it was test coins.
    for (const email of ['ada.sandbox@example.com', 'bob.sandbox@example.com']) {
      const { accessToken } = await login(stack.gatewayUrl, email, 'a good password');
      expect(await apiClient(stack.gatewayUrl, { accessToken }).getMyWallet()).toMatchObject({ balance: 0 });
    }
  }, 240_000);
});
