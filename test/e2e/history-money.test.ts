import { execFile } from 'node:child_process';
import { createPool, type Pool } from '@coin/db';
import { httpLedgerRecord, rebuildHistory } from '@coin/history';
import { startTestStack, type TestStack } from '../harness/stack';
import { adminSession, apiKeyFor, fundTreasury } from '../harness/admin';
import { apiClient, applied, registerUser } from '../harness/http';
import { eventually, rebuildDatabaseUrl } from '../harness/history';
import { callerSigner } from '../harness/service-tokens';

/**
 * Money operations through the real gateway and ledger, then the history: what each party sees,
 * and the rebuild of the projection from the ledger's record. Needs the ledger's money routes
 * and internal transaction pages (docs/CONTRACT.md "Transaction types", "Paging") and the identity routes for API keys (docs/CONTRACT.md "Authentication and roles").
 */
describe('history of real money operations, and its rebuild from the ledger', () => {
  let stack: TestStack;
  let adminToken: string;
  let apiKey: string;
  let pool: Pool;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  const expected = { alice: [] as Array<Record<string, unknown>>, bob: [] as Array<Record<string, unknown>> };

  beforeAll(async () => {
    stack = await startTestStack();
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    adminToken = superadmin.accessToken;
    apiKey = await apiKeyFor(stack, adminToken, ['mint', 'burn', 'refund', 'reward']);
    // The rebuild's own role, as `npm run history:rebuild` connects (the service's may only add rows).
    pool = createPool({ url: rebuildDatabaseUrl(stack), schema: `${stack.prefix}history`, applicationName: 'history-e2e' });
    alice = await registerUser(stack.gatewayUrl);
    bob = await registerUser(stack.gatewayUrl);
  }, 90_000);
  afterAll(async () => {
    await pool?.end();
    await stack?.close();
  });

  /** The typed client (@coin/client) of a caller; with the API key for the admin's mint, burn and refund. */
  const as = (token: string, options: { apiKey?: boolean } = {}) =>
    apiClient(stack.gatewayUrl, { accessToken: token, ...(options.apiKey ? { apiKey } : {}) });
  /** The transaction a money call recorded, as a plain record (the expected history rows). */
  const recorded = async (call: Promise<{ transaction: { id: number; createdAt: string } } | { approval: unknown }>) =>
    (await applied(call)).transaction as Record<string, unknown> & { id: number; createdAt: string };

  const newestFirst = (list: Array<Record<string, unknown>>) =>
    [...list].sort((a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)) || Number(b.id) - Number(a.id));

  async function fullHistory(token: string) {
    const items: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    do {
      const page = await as(token).getMyHistory({ query: { limit: '2', ...(cursor ? { cursor } : {}) } });
      items.push(...(page.transactions as Array<Record<string, unknown>>));
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  it('when a mixed sequence of money operations has run, then both parties hold exactly the expected transactions with the Transaction fields, in both reads', async () => {
    const platform = as(adminToken, { apiKey: true });
    const mint = await recorded(platform.mintCoins({ body: { userId: alice.userId, amount: 100, reason: 'welcome bonus' } }));
    expected.alice.push(mint);
    await fundTreasury(stack, { accessToken: adminToken, apiKey }, 'REWARDS', 50);
    const transfer = await recorded(
      as(alice.accessToken).transferCoins({ body: { toUserId: bob.userId, amount: 30, reason: 'rent share' } }),
    );
    expected.alice.push(transfer);
    expected.bob.push(transfer);
    const purchase = await recorded(
      as(bob.accessToken).purchase({ body: { treasury: 'COURSE_FEES', amount: 10, reason: 'course', reference: 'course-42' } }),
    );
    expected.bob.push(purchase);
    const refund = await recorded(
      platform.refundTransaction({ body: { transactionId: purchase.id, amount: 4, reason: 'partial refund' } }),
    );
    expected.bob.push(refund);
    const reward = await recorded(
      as(adminToken, { apiKey: true }).rewardUser({ body: { userId: bob.userId, amount: 5, reason: 'tournament prize' } }),
    );
    expected.bob.push(reward);
    const burn = await recorded(platform.burnCoins({ body: { userId: alice.userId, amount: 20, reason: 'correction' } }));
    expected.alice.push(burn);
    const back = await recorded(as(bob.accessToken).transferCoins({ body: { toUserId: alice.userId, amount: 1.25, reason: 'coffee' } }));
    expected.alice.push(back);
    expected.bob.push(back);

    expect(transfer).toMatchObject({ type: 'TRANSFER', amount: 30, fromUserId: alice.userId, toUserId: bob.userId, reason: 'rent share' });
    expect(purchase).toMatchObject({ type: 'PURCHASE', fromUserId: bob.userId, toTreasury: 'COURSE_FEES', reference: 'course-42' });
    expect(refund).toMatchObject({ type: 'REFUND', toUserId: bob.userId, fromTreasury: 'COURSE_FEES', refundOf: purchase.id });

    for (const [who, user] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const want = newestFirst(expected[who]);
      const got = await eventually(
        async () => {
          const items = await fullHistory(user.accessToken);
          return items.length >= want.length ? items : undefined;
        },
        20_000,
        `${who}'s history`,
      );
      expect(got).toEqual(want);
      for (const t of got) {
        expect(Object.keys(t)).toEqual(expect.arrayContaining(['id', 'type', 'amount', 'fromUserId', 'toUserId', 'reason', 'createdAt']));
      }
      const page = await as(user.accessToken).listMyTransactions({ query: { limit: '100' } });
      expect(page).toEqual({
        transactions: want,
        pagination: { limit: 100, offset: 0, total: want.length },
        hasMore: false,
        nextCursor: null,
      });
    }
  }, 90_000);

  it('when the projection is lost and rebuilt from the ledger (interrupted, then resumed), then it matches the ledger and the histories are back', async () => {
    const ledger = httpLedgerRecord(stack.ledgerUrl, 10_000, callerSigner(stack.env.history, 'history').authorizationFor('ledger'));
    const interrupted = await rebuildHistory({ pool, ledger, pageSize: 2, pagesMax: 1, reset: true });
    expect(interrupted.completed).toBe(false);
    const resumed = await rebuildHistory({ pool, ledger, pageSize: 2 });
    expect(resumed).toMatchObject({ completed: true, resumed: true, countsMatch: true, skipped: [] });
    expect(resumed.ledgerCount).toBeGreaterThanOrEqual(8);
    expect(await fullHistory(alice.accessToken)).toEqual(newestFirst(expected.alice));
    expect(await fullHistory(bob.accessToken)).toEqual(newestFirst(expected.bob));
  }, 60_000);

  it('when npm run history:rebuild runs as a command, then it ends with the count check OK and exit code 0; a bad --page-size exits non-zero', async () => {
    const env = {
      ...process.env,
      LEDGER_SERVICE_URL: stack.ledgerUrl,
      HISTORY_REBUILD_DATABASE_URL: rebuildDatabaseUrl(stack),
      DB_SCHEMA_PREFIX: stack.prefix,
      LOG_LEVEL: 'warn',
      // As in a deployment: the history service's key, from its environment (never an argument).
      SERVICE_TOKEN_PRIVATE_KEY: stack.env.history.SERVICE_TOKEN_PRIVATE_KEY!,
    };
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/history-rebuild.ts', ...args],
          { env },
          (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
        );
      });
    const ok = await run(['--page-size', '3']);
    expect(ok.stdout).toMatch(/count check up to id \d+: ledger (\d+), projection \1 -> OK/);
    expect(ok.code).toBe(0);
    const bad = await run(['--page-size', '0']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--page-size');
  }, 60_000);
});
