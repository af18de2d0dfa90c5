import { createPool, type Pool } from '@coin/db';
import { adminSession, apiKeyFor } from '../harness/admin';
import { eventually, rebuildDatabaseUrl } from '../harness/history';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * A statement that crosses a month, through the gateway (docs/CONTRACT.md
 * "Statements and balances as of a time"). The money moves through the real ledger; the ledger
 * stamps every transaction now, so the first two are moved back into last month in the history
 * projection (their createdAt only): the amounts, and so the balances, stay the ledger's.
 */
describe('statements and balances as of a time through the gateway', () => {
  let stack: TestStack;
  let adminToken: string;
  let apiKey: string;
  let pool: Pool;

  beforeAll(async () => {
    stack = await startTestStack();
    adminToken = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, adminToken, ['mint']);
    // Backdating rows below is a repair only the rebuild's role may make (the service's only adds rows).
    pool = createPool({
      url: rebuildDatabaseUrl(stack),
      schema: `${stack.prefix}history`,
      applicationName: 'statements-e2e',
    });
  }, 90_000);
  afterAll(async () => {
    await pool?.end();
    await stack?.close();
  });

  const get = (token: string, path: string, headers: Record<string, string> = {}) =>
    http(stack.gatewayUrl, 'GET', path, { token, headers });
  const post = async (token: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await http(stack.gatewayUrl, 'POST', path, { token, body, headers });
    expect([path, r.status]).toEqual([path, 201]);
    return r.body.transaction as { id: number };
  };

  it('when a statement crosses a month, then opening + Σ lines = closing = the ledger balance, the audit agrees, and the CSV has the JSON lines', async () => {
    const alice = await registerUser(stack.gatewayUrl);
    const bob = await registerUser(stack.gatewayUrl);
    const mint = await post(
      adminToken,
      '/api/admin/mint',
      { userId: alice.userId, amount: 100, reason: 'opening' },
      { 'x-api-key': apiKey },
    );
    const sent = await post(alice.accessToken, '/api/coins/transfer', { toUserId: bob.userId, amount: 30, reason: '=cmd|calc' });
    const now = new Date();
    const lastMonth = (day: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, day, 12)).toISOString();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    await eventually(
      async () => ((await get(alice.accessToken, '/api/coins/history')).body.transactions?.length === 2 ? true : undefined),
      20_000,
      'two rows',
    );
    for (const [id, at] of [
      [mint.id, lastMonth(10)],
      [sent.id, lastMonth(28)],
    ] as const) {
      await pool.query('UPDATE history_entries SET created_at = $2 WHERE transaction_id = $1', [id, at]);
      await pool.query('UPDATE history_transactions SET created_at = $2 WHERE transaction_id = $1', [id, at]);
    }
    // This month: a mint, money back from bob, a purchase (a treasury's line too).
    await post(adminToken, '/api/admin/mint', { userId: alice.userId, amount: 5, reason: 'this month' }, { 'x-api-key': apiKey });
    await post(bob.accessToken, '/api/coins/transfer', { toUserId: alice.userId, amount: 10, reason: 'back' });
    await post(alice.accessToken, '/api/coins/purchase', { treasury: 'COURSE_FEES', amount: 2.5, reason: 'course', reference: '@ref' });

    const from = lastMonth(20);
    const to = new Date(Date.now() + 60_000).toISOString();
    const query = `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const statement = await eventually(
      async () => {
        const r = await get(alice.accessToken, `/api/wallets/me/statement${query}&limit=2`);
        return r.status === 200 && r.body.closingBalance === 82.5 ? r : undefined;
      },
      20_000,
      'the statement closing at 82.5',
    );
    const lines: Array<{ transaction: { id: number; createdAt: string; type: string }; change: number; runningBalance: number }> = [];
    let page = statement;
    for (;;) {
      expect([page.body.openingBalance, page.body.closingBalance, page.body.hasMore]).toEqual([100, 82.5, page.body.nextCursor !== null]);
      lines.push(...page.body.lines);
      if (!page.body.nextCursor) break;
      page = await get(alice.accessToken, `/api/wallets/me/statement${query}&limit=2&cursor=${page.body.nextCursor}`);
    }
    expect(lines.map((l) => [l.change, l.runningBalance])).toEqual([
      [-30, 70],
      [5, 75],
      [10, 85],
      [-2.5, 82.5],
    ]);
    expect(lines[0]!.transaction.createdAt.slice(0, 7)).not.toBe(lines[1]!.transaction.createdAt.slice(0, 7));
    expect(100 + lines.reduce((sum, l) => sum + Math.round(l.change * 100), 0) / 100).toBe(82.5);

    // The ledger's own numbers: alice's wallet, the treasury, and the audit of the whole supply.
    expect((await get(alice.accessToken, '/api/wallets/me')).body.balance).toBe(82.5);
    expect((await get(alice.accessToken, `/api/wallets/me/balance?at=${encodeURIComponent(thisMonth)}`)).body.balance).toBe(70);
    const supply = await get(adminToken, '/api/admin/supply');
    expect(supply.body.consistent).toBe(true);
    const treasuries = (await get(adminToken, '/api/admin/treasuries')).body.treasuries as Array<{ code: string; balance: number }>;
    const courseFees = treasuries.find((t) => t.code === 'COURSE_FEES')!.balance;
    expect((await get(adminToken, '/api/admin/treasuries/COURSE_FEES/balance')).body.balance).toBe(courseFees);
    expect((await get(adminToken, `/api/admin/users/${alice.userId}/statement${query}`)).body.lines).toEqual(lines);

    // The CSV, by Accept and by format: the same lines, hostile text inert.
    for (const [path, headers] of [
      [`/api/wallets/me/statement${query}`, { accept: 'text/csv' }],
      [`/api/admin/users/${alice.userId}/statement${query}&format=csv`, {}],
    ] as const) {
      const csv = await get(path.startsWith('/api/admin') ? adminToken : alice.accessToken, path, headers);
      expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
      expect(csv.headers.get('statement-closing-balance')).toBe('82.5');
      const rows = String(csv.body).trimEnd().split('\r\n').slice(1);
      expect(rows.map((row) => row.split(',').slice(0, 5))).toEqual(
        lines.map((l) => [
          l.transaction.createdAt,
          String(l.transaction.id),
          l.transaction.type,
          String(l.change),
          String(l.runningBalance),
        ]),
      );
      expect(rows[0]).toContain(",'=cmd|calc,");
    }
  }, 120_000);

  it('when a user asks for a bad period, another user, or a treasury, then it is a 400 or a 403 problem', async () => {
    const carol = await registerUser(stack.gatewayUrl);
    const reversed = await get(carol.accessToken, '/api/wallets/me/statement?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z');
    expect([reversed.status, reversed.headers.get('content-type'), reversed.body.code]).toEqual([
      400,
      'application/problem+json; charset=utf-8',
      'VALIDATION_FAILED',
    ]);
    const tooLong = await get(carol.accessToken, '/api/wallets/me/statement?from=2030-01-01T00:00:00Z&to=2031-06-01T00:00:00Z&format=csv');
    expect(tooLong.status).toBe(400);
    expect((await get(carol.accessToken, '/api/admin/treasuries/REWARDS/balance')).status).toBe(403);
    expect((await get(carol.accessToken, '/api/admin/users/1/statement?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z')).status).toBe(
      403,
    );
    expect((await get(carol.accessToken, '/api/wallets/me/balance?userId=1')).status).toBe(400);
  });
});
