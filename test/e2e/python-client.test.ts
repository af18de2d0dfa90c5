import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { apiClient, registerUser } from '../harness/http';
import { ensureClientPython, expectExitZero, runWithClient } from '../harness/python-client';
import { startTestStack, type TestStack } from '../harness/stack';

const repoRoot = join(__dirname, '..', '..');
const tour = join(__dirname, 'python_client_tour.py');
/** Where the Python example is: the API reference, "Python: `coin_client`". */
const exampleDoc = 'docs/reference/api.md';

/** The doc's Python block, exactly as a reader copies it. */
function pythonBlock(markdown: string): string {
  const block = [...markdown.matchAll(/```python\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((code) => code.includes('ClientCredentialsToken('));
  if (!block) throw new Error(`${exampleDoc} has no \`\`\`python block with ClientCredentialsToken(`);
  return block;
}

interface TourResult {
  rewards: Array<{ id: number; status: number; key: string; requestId: string }>;
  replay: { id: number; replayed: boolean };
  refusal: { raised: boolean; status?: number; code?: string; title?: string; detail?: string; requestId?: string; key?: string };
  purchase: { id: number; status: number; key: string };
  pages: number[][];
  history: Array<{ id: number; type: string; amount: number }>;
  webhooks: { verified: Array<{ id: number; type: string }>; tamperedRefused: boolean };
}

/**
 * The Python client (clients/python: the generated coin_api and the coin_client layer) as a
 * platform's back end uses it, against the real services: test/e2e/python_client_tour.py signs a
 * platform client in with its id and secret, rewards a user (each reward keyed, a replay answered
 * from the key), meets a refusal as a CoinProblem, purchases as the user, pages through the user's
 * history and verifies the rewards' webhook deliveries with the official Standard Webhooks library
 * (PyPI). Then the API reference's Python block runs as written. The Python packages are
 * installed in .tools/coin-python-client-venv the first time.
 */
describe('the Python client against the stack', () => {
  let stack: TestStack;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    await ensureClientPython((line) => process.stderr.write(`[python-client] ${line}\n`));
    stack = await startTestStack();
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    await fundTreasury(
      stack,
      { accessToken: superadmin.accessToken, apiKey: await apiKeyFor(stack, superadmin.accessToken, ['mint']) },
      'REWARDS',
      1_000,
    );
    user = await registerUser(stack.gatewayUrl);
    const credentials = await createPlatformClientWithCli(stack, `python-client-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] });
    env = {
      COIN_URL: stack.gatewayUrl,
      COIN_CLIENT_ID: credentials.clientId,
      COIN_CLIENT_SECRET: credentials.clientSecret,
      COIN_USER_ID: String(user.userId),
      COIN_USER_EMAIL: user.email,
      COIN_USER_PASSWORD: user.password,
    };
  }, 600_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a platform rewards, its user buys and the history is paged in Python, then each call did what the API says', async () => {
    const run = await runWithClient([tour], env);
    expectExitZero(run, 'python_client_tour.py');
    const result = JSON.parse(run.stdout) as TourResult;

    // Each reward had a key of its own, made by the client; the replay with the last one moved nothing.
    expect(result.rewards.map((r) => r.status)).toEqual([201, 201, 201]);
    const keys = result.rewards.map((r) => r.key);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const reward of result.rewards) expect(reward.requestId).toEqual(expect.any(String));
    expect(result.replay).toEqual({ id: result.rewards[2]!.id, replayed: true });
    // The refusal as a typed problem, with the key the call was sent with.
    expect(result.refusal).toMatchObject({ raised: true, status: 404, code: 'USER_NOT_FOUND', requestId: expect.any(String) });
    expect(result.refusal.key).toEqual(expect.any(String));
    expect(result.purchase).toMatchObject({ status: 201, key: expect.any(String) });

    // Newest first: the purchase, then the three rewards, two to a page.
    const expected = [
      { id: result.purchase.id, type: 'PURCHASE', amount: 15 },
      ...[...result.rewards].reverse().map((r, i) => ({ id: r.id, type: 'REWARD', amount: [30, 20, 10][i] })),
    ];
    expect(result.history).toEqual(expected);
    expect(result.pages).toEqual([expected.slice(0, 2).map((t) => t.id), expected.slice(2, 4).map((t) => t.id)]);

    expect(result.webhooks).toEqual({
      verified: result.rewards.map((r) => ({ id: r.id, type: 'coin.transaction.recorded' })),
      tamperedRefused: true,
    });
    // What the API holds agrees: 60 rewarded, 15 spent.
    expect((await apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).getMyWallet()).balance).toBe(45);
  }, 180_000);

  it("when the API reference's Python block runs, then it rewards the user and lists the client's rewards", async () => {
    const dir = join(repoRoot, '.run', 'python-examples');
    const file = join(dir, `platform-${randomUUID()}.py`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, pythonBlock(readFileSync(join(repoRoot, exampleDoc), 'utf8')));
    const wallet = () => apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).getMyWallet();
    const before = (await wallet()).balance;
    try {
      const run = await runWithClient([file], env);
      expectExitZero(run, `the Python block of ${exampleDoc}`);
      const [rewarded, ...listed] = run.stdout.trim().split('\n');
      const [id, key] = rewarded!.split(' ');
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(id).toMatch(/^[1-9][0-9]*$/);
      // The client's rewards as the history has them (the tour's three at least; the new one once its event is read).
      expect(listed.length).toBeGreaterThanOrEqual(3);
      for (const line of listed) expect(line).toMatch(/^[1-9][0-9]* [0-9]+(\.[0-9]+)?$/);
      expect((await wallet()).balance).toBe(before + 50);
    } finally {
      rmSync(file, { force: true });
    }
  }, 120_000);
});
