import { execFile } from 'node:child_process';
import { createPool, type Pool } from '@coin/db';
import { httpLedgerRecord, rebuildHistory } from '@coin/history';
import { startTestStack, type TestStack } from '../harness/stack';
import { adminSession, apiKeyFor } from '../harness/admin';
import { http, registerUser } from '../harness/http';
import { eventually } from '../harness/history';

/**
 * Money operations through the real gateway and ledger, then the history: what each party sees,
 * and the rebuild of the projection from the ledger's record. Needs the ledger's money routes
 * and internal transaction pages (SPEC §3, §6) and the identity routes for API keys (SPEC §5).
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
    apiKey = await apiKeyFor(stack, adminToken, ['mint', 'burn', 'refund']);
    pool = createPool({ url: stack.env.history.HISTORY_DATABASE_URL!, schema: `${stack.prefix}history`, applicationName: 'history-e2e' });
    alice = await registerUser(stack.gatewayUrl);
    bob = await registerUser(stack.gatewayUrl);
  }, 90_000);
  afterAll(async () => {
    await pool?.end();
    await stack?.close();
  });

  async function money(path: string, body: unknown, options: { token: string; apiKey?: boolean }) {
    const r = await http(stack.gatewayUrl, 'POST', path, {
      token: options.token,
      body,
      ...(options.apiKey ? { headers: { 'x-api-key': apiKey } } : {}),
    });
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.transaction as Record<string, unknown> & { id: number; createdAt: string };
  }

  const newestFirst = (list: Array<Record<string, unknown>>) =>
    [...list].sort((a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)) || Number(b.id) - Number(a.id));

  async function fullHistory(token: string) {
    const items: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    do {
      const r: { status: number; body: any } = await http(
        stack.gatewayUrl,
        'GET',
        `/api/coins/history?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      );
      if (r.status !== 200) throw new Error(`history: ${r.status} ${JSON.stringify(r.body)}`);
      items.push(...r.body.transactions);
      cursor = r.body.nextCursor;
    } while (cursor);
    return items;
  }

  it('when a mixed sequence of money operations has run, then both parties hold exactly the expected transactions with the seed fields, in both reads', async () => {
    const mint = await money(
      '/api/admin/mint',
      { userId: alice.userId, amount: 100, reason: 'welcome bonus' },
      { token: adminToken, apiKey: true },
    );
    expected.alice.push(mint);
    await money('/api/admin/mint', { treasury: 'REWARDS', amount: 50, reason: 'fund rewards' }, { token: adminToken, apiKey: true });
    const transfer = await money(
      '/api/coins/transfer',
      { toUserId: bob.userId, amount: 30, reason: 'rent share' },
      { token: alice.accessToken },
    );
    expected.alice.push(transfer);
    expected.bob.push(transfer);
    const purchase = await money(
      '/api/coins/purchase',
      { treasury: 'COURSE_FEES', amount: 10, reason: 'course', reference: 'course-42' },
      { token: bob.accessToken },
    );
    expected.bob.push(purchase);
    const refund = await money(
      '/api/admin/refund',
      { transactionId: purchase.id, amount: 4, reason: 'partial refund' },
      { token: adminToken, apiKey: true },
    );
    expected.bob.push(refund);
    const reward = await money('/api/admin/reward', { userId: bob.userId, amount: 5, reason: 'tournament prize' }, { token: adminToken });
    expected.bob.push(reward);
    const burn = await money(
      '/api/admin/burn',
      { userId: alice.userId, amount: 20, reason: 'correction' },
      { token: adminToken, apiKey: true },
    );
    expected.alice.push(burn);
    const back = await money('/api/coins/transfer', { toUserId: alice.userId, amount: 1.25, reason: 'coffee' }, { token: bob.accessToken });
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
      const page = await http(stack.gatewayUrl, 'GET', '/api/wallets/me/transactions?limit=100', { token: user.accessToken });
      expect(page.body).toEqual({ transactions: want, pagination: { limit: 100, offset: 0, total: want.length } });
    }
  }, 90_000);

  it('when the projection is lost and rebuilt from the ledger (interrupted, then resumed), then it matches the ledger and the histories are back', async () => {
    const ledger = httpLedgerRecord(stack.ledgerUrl, 10_000);
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
      HISTORY_DATABASE_URL: stack.env.history.HISTORY_DATABASE_URL!,
      DB_SCHEMA_PREFIX: stack.prefix,
      LOG_LEVEL: 'warn',
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
