import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedVariables } from '../../scripts/admin/dev-seed';
import { startTestStack, type TestStack } from '../harness/stack';
import { adminSession } from '../harness/admin';
import { apiClient } from '../harness/http';
import { npmStartSettings, repoRoot, runShell as runInBash, stackCoordinates } from '../harness/shell';

/** Shell text against `stack`, with its coordinates (and `extraEnv` over them) where `npm start` leaves the defaults. */
function runShell(script: string, stack: TestStack, extraEnv: Record<string, string> = {}, shell: 'strict' | 'as pasted' = 'strict') {
  return runInBash(script, { ...stackCoordinates(stack), ...extraEnv }, shell);
}

/** The fenced block between the README's tour markers, exactly as a reader copies it. */
function tourBlock(readme: string): string {
  const match = /<!-- tour:begin[^>]*-->\s*```sh\n([\s\S]*?)```\s*<!-- tour:end -->/.exec(readme);
  if (!match) throw new Error('README.md has no ```sh block between <!-- tour:begin --> and <!-- tour:end -->');
  return match[1]!;
}

/** The `export NAME='value'` lines of dev-seed as a map (values without quotes: the seed's are base64url and e-mails). */
function exportsOf(stdout: string): Record<string, string> {
  return Object.fromEntries([...stdout.matchAll(/^export (COIN_[A-Z_]+)='([^']*)'$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** Why the tour's files get stacks of their own: it pastes the README, whose users, admins and Idempotency-Keys are fixed. */
const readmeIdentities = "runs the README's tour, whose fixed users and keys no other file may have made first";

describe('README "A five-minute tour", pasted against a stack with the rate limits and local defaults of npm start', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ ownStack: readmeIdentities, extraEnv: npmStartSettings });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when its block is pasted into a shell, then every step succeeds and Ada ends with 20 coins; pasted again in that shell, the seed reuses what it exported and every payment replays', async () => {
    const block = tourBlock(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
    const marker = '{"pastedAgain":true}';
    const ran = await runShell(`${block}\necho '${marker}' && echo '${marker}' >&2\n${block}`, stack);
    if (ran.status !== 0) throw new Error(`the tour failed (exit ${ran.status}):\n${ran.stdout}\n${ran.stderr}`);

    const lines = ran.stdout.trim().split('\n');
    const first = lines.slice(0, lines.indexOf(marker));
    const second = lines.slice(lines.indexOf(marker) + 1);
    expect(JSON.parse(first.at(-1)!)).toEqual({ balance: 20, activeCoins: 20 });
    // The history lists the three movements, newest first.
    const history = first
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((row) => Object.keys(row).join() === 'id,type,amount')
      .map(({ type, amount }) => ({ type, amount }));
    expect(history).toEqual([
      { type: 'PURCHASE', amount: 30 },
      { type: 'REWARD', amount: 50 },
    ]);
    // What dev-seed said it made went to stderr, for the reader; stdout had only the exports eval ran.
    const [firstNotes, secondNotes] = ran.stderr.split(marker) as [string, string];
    expect(firstNotes).toContain('REWARDS: 100000 coins minted');
    expect(firstNotes).toContain('approved by the ADMIN');

    // The same keys again: the reward and the purchase answer as before and pay nothing more.
    expect(JSON.parse(second.at(-1)!)).toEqual({ balance: 20, activeCoins: 20 });
    expect(second.filter((line) => line.startsWith('{"id":')).map((line) => JSON.parse(line).id)).toEqual(
      first.filter((line) => line.startsWith('{"id":')).map((line) => JSON.parse(line).id),
    );
    expect(secondNotes).toContain('API key of the ADMIN: reused from COIN_ADMIN_API_KEY');
    expect(secondNotes).toContain('nothing minted');
    expect(secondNotes).toMatch(/platform client \S+: reused from COIN_CLIENT_ID/);
  }, 180_000);
});

describe('dev-seed run again', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ ownStack: readmeIdentities });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("when the tour is pasted into a second terminal (none of the first shell's variables), then that shell gets admins of its own and every step succeeds", async () => {
    const block = tourBlock(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
    const first = await runShell(block, stack, {}, 'as pasted');
    const second = await runShell(block, stack, {}, 'as pasted');
    for (const ran of [first, second]) expect(ran.stderr).not.toMatch(/curl: \(|dev-seed failed|Error/);
    expect(JSON.parse(first.stdout.trim().split('\n').at(-1)!)).toEqual({ balance: 20, activeCoins: 20 });
    // The second shell's platform client is another platform: its reward is its own (an
    // Idempotency-Key is the caller's), Ada's purchase replays: 20 + 50.
    expect(JSON.parse(second.stdout.trim().split('\n').at(-1)!)).toEqual({ balance: 70, activeCoins: 70 });
    expect(second.stderr).toMatch(/this shell gets its own admins, tagged \+[0-9a-f]{6}/);
  }, 180_000);

  it('when dev-seed fails in a pasted tour, then the block stops there with a message instead of carrying on with nothing', async () => {
    const block = tourBlock(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
    const ran = await runShell(block, stack, { GATEWAY_URL: 'http://127.0.0.1:9' }, 'as pasted');
    expect(ran.status).not.toBe(0);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain('does not answer');
    expect(ran.stderr).toContain('dev-seed failed');
  }, 60_000);

  /** Accounts of their own, so each test can run alone after the tour made the default ones. */
  const otherAccounts = { COIN_SUPERADMIN_EMAIL: 'seed.again.super@example.com', COIN_ADMIN_EMAIL: 'seed.again.admin@example.com' };

  /** Read by an admin of the test's own (the seed's admins just used their authenticator's current code). */
  async function approvedRewardsMints(): Promise<number> {
    const { accessToken } = await adminSession(stack, 'ADMIN');
    const { approvals } = await apiClient(stack.gatewayUrl, { accessToken }).listApprovals({ query: { status: 'APPROVED', limit: 100 } });
    return approvals.filter((a) => a.command.type === 'MINT' && a.command.treasury === 'REWARDS').length;
  }

  it('when dev-seed runs again with what it exported, then it reuses all of it, mints nothing and makes no second client', async () => {
    const first = await runShell('npm run -s admin -- dev-seed', stack, otherAccounts);
    if (first.status !== 0) throw new Error(`dev-seed failed (exit ${first.status}):\n${first.stderr}`);
    const exported = exportsOf(first.stdout);
    expect(Object.keys(exported)).toEqual([...seedVariables]);
    expect(first.stdout.trim().split('\n')).toHaveLength(seedVariables.length);
    const mintsBefore = await approvedRewardsMints();
    expect(mintsBefore).toBeGreaterThanOrEqual(1);

    const again = await runShell('npm run -s admin -- dev-seed', stack, exported);
    if (again.status !== 0) throw new Error(`the second dev-seed failed (exit ${again.status}):\n${again.stderr}`);
    expect(exportsOf(again.stdout)).toEqual(exported);
    expect(again.stderr).toContain('nothing minted');
    expect(again.stderr).toContain(`platform client ${exported.COIN_CLIENT_ID}: reused`);
    expect(await approvedRewardsMints()).toBe(mintsBefore);
  }, 120_000);

  it('when an admin account exists and its password is not given, then dev-seed says which variable to set and exports nothing', async () => {
    const seeded = await runShell('npm run -s admin -- dev-seed', stack, {
      COIN_SUPERADMIN_EMAIL: 'seed.twice@example.com',
      COIN_ADMIN_EMAIL: 'seed.twice.admin@example.com',
    });
    if (seeded.status !== 0) throw new Error(`the first dev-seed failed (exit ${seeded.status}):\n${seeded.stderr}`);
    const ran = await runShell('npm run -s admin -- dev-seed', stack, {
      COIN_SUPERADMIN_EMAIL: 'seed.twice@example.com',
      COIN_ADMIN_EMAIL: 'seed.twice.admin@example.com',
    });
    expect(ran.status).not.toBe(0);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain('set COIN_SUPERADMIN_PASSWORD');
  }, 120_000);
});
