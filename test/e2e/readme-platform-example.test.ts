import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CoinProblemError } from '@coin/client';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, uniqueEmail } from '../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';

const repoRoot = join(__dirname, '..', '..');

/** Where the platform example is: the API reference, "TypeScript: `@coin/client`". */
const exampleDoc = 'docs/reference/api.md';

/** The doc's TypeScript block of a platform's token, reward and read-back, exactly as a reader copies it. */
function platformBlock(markdown: string): string {
  const block = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.includes('clientCredentialsToken('));
  if (!block) throw new Error(`${exampleDoc} has no \`\`\`ts block with clientCredentialsToken(`);
  return block;
}

/** Runs a TypeScript module with tsx from the repository (so `@coin/client` resolves), with these variables. */
function runTs(file: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * The API reference's platform example runs as written against a stack: it rewards user 42 with
 * metadata and lists the client's own REWARDs with that metadata; run twice, the Idempotency-Key
 * pays once and the second run finds the reward.
 */
describe("the API reference's platform example (docs/reference/api.md)", () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  const dir = join(repoRoot, '.run', 'readme-examples');
  const file = join(dir, `platform-${randomUUID()}.mts`);

  beforeAll(async () => {
    stack = await startTestStack({ ownStack: "runs the README's example, whose fixed users and keys no other file may have made first" });
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'reward']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1_000);
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, platformBlock(readFileSync(join(repoRoot, exampleDoc), 'utf8')));
  }, 120_000);
  afterAll(async () => {
    rmSync(file, { force: true });
    await stack?.close();
  });

  it('when it runs twice, then user 42 is rewarded once, with the metadata, and the second run lists the reward', async () => {
    const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken });
    const anonymous = apiClient(stack.gatewayUrl);
    // The example pays user 42: register users until there is one, with an open wallet.
    const user42 = () =>
      admin.getUser({ path: { id: 42 } }).catch((err: unknown) => {
        if (err instanceof CoinProblemError && err.status === 404) return undefined;
        throw err;
      });
    while (!(await user42())) {
      await Promise.all(
        Array.from({ length: 5 }, () =>
          anonymous.registerUser({ body: { email: uniqueEmail('readme42'), password: 'correct horse battery', fullName: 'Reader' } }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const balance = async () => (await admin.getUser({ path: { id: 42 } })).wallet.balance;
    const before = await eventually(() => balance().catch(() => undefined), 30_000, "user 42's wallet open");
    const { clientId, clientSecret } = await createPlatformClientWithCli(stack, `readme-${randomUUID().slice(0, 8)}`, {
      treasuries: ['REWARDS'],
    });
    const env = { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: clientId, COIN_CLIENT_SECRET: clientSecret };

    const first = await runTs(file, env);
    expect([first.status, first.stderr]).toEqual([0, '']);
    const rewarded = await eventually(async () => {
      const page = await admin.searchTransactions({ query: { userId: '42', type: 'REWARD', metadata: { courseId: '42' } } });
      return page.transactions[0];
    });
    expect(rewarded).toMatchObject({ toUserId: 42, amount: 50, reason: 'Finished course 42', metadata: { courseId: '42' }, clientId });

    const second = await runTs(file, env);
    expect([second.status, second.stderr]).toEqual([0, '']);
    expect(second.stdout.trim().split('\n')).toEqual([String(rewarded.id)]);
    expect(await balance()).toBe(before + 50);
  }, 120_000);
});
