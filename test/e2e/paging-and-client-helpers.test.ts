import { clientCredentialsToken, createCoinClient, isProblem, pages, paginate } from '@coin/client';
import { eventually } from '../harness/eventually';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { apiClient, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * Every list pages one way (cursor in; hasMore and nextCursor out), the client's
 * paginate() walks any of them, and clientCredentialsToken() keeps a platform client's SYSTEM
 * token, against the real services.
 */
describe('one paging style and the client helpers, against the stack', () => {
  let stack: TestStack;
  let payer: Awaited<ReturnType<typeof registerUser>>;
  let adminToken: string;

  beforeAll(async () => {
    stack = await startTestStack();
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    adminToken = superadmin.accessToken;
    await fundTreasury(stack, { accessToken: adminToken, apiKey: await apiKeyFor(stack, adminToken, ['mint']) }, 'REWARDS', 100);
    payer = await registerUser(stack.gatewayUrl);
    const { clientId, clientSecret } = await createPlatformClientWithCli(stack, 'paging-platform', { treasuries: ['REWARDS'] });
    // The helper under test pays the payer: one token, fetched once, for every reward.
    const token = clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId, clientSecret });
    const platform = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: token });
    for (let i = 1; i <= 5; i += 1) await platform.rewardUser({ body: { userId: payer.userId, amount: i, reason: `reward ${i}` } });
    const coin = apiClient(stack.gatewayUrl, { accessToken: payer.accessToken });
    for (let i = 1; i <= 5; i += 1) await coin.createHold({ body: { toTreasury: 'COURSE_FEES', amount: 1, reason: `hold ${i}` } });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a platform client pays with clientCredentialsToken(), then its rewards went through with its SYSTEM token', async () => {
    const { balance } = await apiClient(stack.gatewayUrl, { accessToken: payer.accessToken }).getMyWallet();
    expect(balance).toBe(15);
  });

  it('when an offset list is walked with paginate(), then every row comes once, the pages say hasMore until the last', async () => {
    const coin = apiClient(stack.gatewayUrl, { accessToken: payer.accessToken });
    const seen: Array<{ count: number; hasMore: boolean; cursor: boolean }> = [];
    for await (const page of pages(coin.listMyHolds, { query: { limit: 2 } })) {
      seen.push({ count: page.holds.length, hasMore: page.hasMore, cursor: page.nextCursor !== null });
    }
    expect(seen).toEqual([
      { count: 2, hasMore: true, cursor: true },
      { count: 2, hasMore: true, cursor: true },
      { count: 1, hasMore: false, cursor: false },
    ]);
    const reasons: string[] = [];
    for await (const hold of paginate(coin.listMyHolds, { query: { limit: 2 } })) reasons.push(hold.reason);
    expect(reasons).toEqual(['hold 5', 'hold 4', 'hold 3', 'hold 2', 'hold 1']);
  });

  it('when the keyset and page lists are walked, then they page the same way (history, wallet transactions, users)', async () => {
    const coin = apiClient(stack.gatewayUrl, { accessToken: payer.accessToken });
    await eventually(async () => {
      const amounts: number[] = [];
      for await (const transaction of paginate(coin.getMyHistory, { query: { limit: 2 } })) amounts.push(transaction.amount);
      expect(amounts).toEqual([5, 4, 3, 2, 1]);
      return true;
    });
    const offsetAmounts: number[] = [];
    for await (const transaction of paginate(coin.listMyTransactions, { query: { limit: 3 } })) offsetAmounts.push(transaction.amount);
    expect(offsetAmounts).toEqual([5, 4, 3, 2, 1]);
    const admin = apiClient(stack.gatewayUrl, { accessToken: adminToken });
    const ids: number[] = [];
    for await (const user of paginate(admin.listUsers, { query: { pageSize: 1 } })) ids.push(user.id);
    const { pagination } = await admin.listUsers({ query: { pageSize: 100 } });
    expect(ids).toHaveLength(pagination.total);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(payer.userId);
  });

  it('when a cursor is forged, or given with offset, then 400 VALIDATION_FAILED naming the cursor', async () => {
    const first = await apiClient(stack.gatewayUrl, { accessToken: payer.accessToken }).listMyHolds({ query: { limit: 2 } });
    const forged = Buffer.from(JSON.stringify({ v: 1, o: -5 })).toString('base64url');
    for (const query of [`cursor=${forged}`, `offset=0&cursor=${first.nextCursor}`, 'cursor=abc']) {
      const answer = await http(stack.gatewayUrl, 'GET', `/api/wallets/me/holds?${query}`, { token: payer.accessToken });
      expect({ query, status: answer.status, code: answer.body.code, path: answer.body.errors?.[0]?.path }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
        path: 'querystring.cursor',
      });
    }
    // A cursor of another list is not one this list returned either: 400 CURSOR_MISMATCH.
    const usersPage = await apiClient(stack.gatewayUrl, { accessToken: adminToken }).listUsers({ query: { pageSize: 1 } });
    const refused = await apiClient(stack.gatewayUrl, { accessToken: adminToken })
      .listHolds({ query: { cursor: usersPage.nextCursor! } })
      .catch((err: unknown) => err);
    expect(isProblem(refused, 'CURSOR_MISMATCH')).toBe(true);
  });
});
